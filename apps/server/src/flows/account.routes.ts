import { Me, MenuResult, SignUpInput, SignUpResult } from '@kelola/contracts';
import { z } from 'zod';
import type { Router } from '../http/route.ts';
import { setSignupCookie } from '../http/refresh-cookie.ts';
import { setDefaultWorkspace } from '../modules/workspaces/index.ts';
import { getMe, getMenu } from './get-me.ts';
import { signUp } from './sign-up.ts';

/** Routes of the flows that span identity, workspaces and businesses. */
export function registerAccountRoutes({ route }: Router): void {
  route(
    {
      method: 'POST',
      url: '/api/auth/sign-up',
      permission: 'public',
      tags: ['auth'],
      body: SignUpInput,
      response: SignUpResult,
      status: 201,
    },
    async (ctx, { body, reply }) => {
      const { result, flowSecret } = await signUp(ctx, body);
      setSignupCookie(ctx.config, reply, flowSecret);
      return result;
    },
  );
  route(
    {
      method: 'GET',
      url: '/api/me',
      permission: 'authenticated',
      // Read on every screen load: three independent reads, each on its own pooled connection, no transaction.
      transaction: false,
      tags: ['me'],
      querystring: z.object({ workspace_id: z.uuid().optional() }),
      response: Me,
    },
    (ctx, { query, request }) => getMe(ctx, query.workspace_id ?? (request.headers['workspace-id'] as string | undefined)),
  );
  route({ method: 'GET', url: '/api/me/menu', permission: 'member', tags: ['me'], response: MenuResult }, (ctx) => getMenu(ctx));
  route(
    {
      method: 'PUT',
      url: '/api/me/default-workspace',
      permission: 'authenticated',
      tags: ['me'],
      body: z.object({ workspace_id: z.uuid() }),
    },
    (ctx, { body }) => setDefaultWorkspace(ctx, body.workspace_id),
  );
}
