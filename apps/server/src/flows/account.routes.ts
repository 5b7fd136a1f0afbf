import { Me, MenuResult, SignUpInput, SignUpResult } from '@kelola/contracts';
import { z } from 'zod';
import type { Router } from '../http/route.ts';
import { setSignupCookie } from '../http/refresh-cookie.ts';
import { setDefaultWorkspace } from '../modules/workspaces/index.ts';
import { getMeJsonCached, getMenu } from './get-me.ts';
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
      // Read on every screen load: one statement outside a transaction (ADR 0043), answered from the process's copy
      // for up to ACCESS_CACHE_TTL_MS (ADR 0049), already as JSON.
      transaction: false,
      tags: ['me'],
      querystring: z.object({ workspace_id: z.uuid().optional() }),
      response: Me,
    },
    async (ctx, { query, request, reply }) => {
      const requested = query.workspace_id ?? (request.headers['workspace-id'] as string | undefined);
      const body = await getMeJsonCached(ctx, requested, ctx.config.accessCacheTtlMs);
      // A string with a JSON content type is sent as it is: the copy was encoded by `Me` when it was read.
      void reply.type('application/json; charset=utf-8');
      return body;
    },
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
