import type { Ctx, TenantCtx } from '../http/context.ts';
import type { Db } from './db/database.ts';
import type { Platform } from './platform.ts';

/** A context for work no request started (seeding, jobs, tests): system transaction, no actor. */
export function systemCtx(platform: Platform, db: Db, requestId = 'system'): Ctx {
  return {
    requestId,
    locale: 'id',
    ip: null,
    userAgent: null,
    db,
    actor: null,
    workspaceId: null,
    businessId: null,
    warehouseId: null,
    restriction: null,
    permissions: {},
    roleName: null,
    platform,
    config: platform.config,
    afterCommit: () => {},
    afterRollback: () => {},
  };
}

/** The same, acting for a user inside a workspace with no restriction. */
export function tenantCtxFor(ctx: Ctx, workspaceId: string, userId: string): TenantCtx {
  return { ...ctx, actor: { userId, sessionFamilyId: null }, workspaceId, restriction: { base: 'BUSINESS', ids: [] } };
}

/** The actor id of work done by the system itself (marketplace imports, jobs): no user. */
export const SYSTEM_ACTOR_ID = '00000000-0000-0000-0000-000000000000';

/** A job's tenant context acting as the system. */
export function jobCtx(platform: Platform, db: Db, workspaceId: string): TenantCtx {
  return tenantCtxFor(systemCtx(platform, db), workspaceId, SYSTEM_ACTOR_ID);
}
