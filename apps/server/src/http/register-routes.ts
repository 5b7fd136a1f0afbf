import { parseIdentifier } from '@kelola/domain';
import { z } from 'zod';
import { registerAccountRoutes } from '../flows/account.routes.ts';
import { listAuditForMember } from '../flows/list-audit.ts';
import { registerModuleRoutes } from '../composition.ts';
import { listUsersByIds } from '../modules/identity/index.ts';
import type { Platform } from '../platform/platform.ts';
import { registerExportRoutes } from '../platform/exports/exports.routes.ts';
import { listOutbox } from '../platform/outbox/outbox.ts';
import type { Router } from './route.ts';

/** Every route: the flows', the modules' (from the composition root) and the platform's, in one place so the route table can be walked by a test. */
export function registerRoutes(router: Router, platform: Platform): void {
  const { route } = router;
  registerAccountRoutes(router);
  registerModuleRoutes(router, platform);
  registerExportRoutes(router, async (ctx, ids) => {
    const users = await listUsersByIds(ctx, [...ids]);
    return new Map(users.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(' ') || u.id]));
  });

  route(
    {
      method: 'GET',
      url: '/api/health',
      permission: 'public',
      transaction: false,
      tags: ['platform'],
      response: z.object({ status: z.literal('ok') }),
    },
    async () => ({
      status: 'ok' as const,
    }),
  );

  route(
    {
      method: 'GET',
      url: '/api/ready',
      permission: 'public',
      tags: ['platform'],
      response: z.object({ status: z.literal('ready'), database: z.string() }),
    },
    async (ctx) => {
      await ctx.db.execute('select 1');
      return { status: 'ready' as const, database: platform.database.kind };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/audit',
      permission: ['user-management', 'READ'],
      tags: ['platform'],
      summary: 'Audit log of the workspace: who changed what, newest first',
      querystring: z.object({
        entity: z.string().max(64).optional(),
        entity_id: z.string().max(64).optional(),
        before: z.uuid().optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      }),
    },
    async (ctx, { query }) => ({
      items: await listAuditForMember(ctx, {
        entity: query.entity,
        entityId: query.entity_id,
        before: query.before,
        limit: query.limit,
      }),
    }),
  );

  if (platform.config.devOutbox) {
    route(
      {
        method: 'GET',
        url: '/api/dev/outbox',
        permission: 'public',
        tags: ['dev'],
        summary: 'Embedded mode only: the e-mails and SMS sent to one address, newest first',
        // Always for one address: a list of every message would hand anyone every sign-up and reset code.
        querystring: z.object({ to: z.string().trim().min(1).max(200) }),
      },
      async (ctx, { query }) => ({ items: await listOutbox(ctx, parseIdentifier(query.to)?.value ?? query.to) }),
    );
  }
}
