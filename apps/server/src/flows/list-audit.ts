import type { TenantCtx } from '../http/context.ts';
import { listBusinesses } from '../modules/businesses/index.ts';
import { listWarehouseOptions } from '../modules/warehouses/index.ts';
import { listAudit, type AuditScope } from '../platform/audit/audit.ts';

/**
 * The workspace's audit log as the member may read it. A restricted member sees the entries about the businesses and
 * warehouses their restriction reaches, and their own entries; never the rest of the workspace.
 */
export async function listAuditForMember(ctx: TenantCtx, filter: Parameters<typeof listAudit>[1]) {
  let scope: AuditScope = null;
  if (ctx.restriction.ids.length > 0) {
    const [businesses, warehouses] = [await listBusinesses(ctx), await listWarehouseOptions(ctx)];
    scope = {
      actorId: ctx.actor.userId,
      entities: [
        // A warehouse-restricted member reads their warehouses' businesses but none of their history.
        { entity: 'business', ids: ctx.restriction.base === 'BUSINESS' ? businesses.map((b) => b.id) : [] },
        { entity: 'warehouse', ids: warehouses.map((w) => w.id) },
      ],
    };
  }
  return listAudit(ctx, filter, scope);
}
