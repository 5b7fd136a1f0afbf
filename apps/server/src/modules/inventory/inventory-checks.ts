import type { ErrorCode } from '@kelola/contracts';
import type { TenantCtx } from '../../http/context.ts';
import { DomainError, fieldError, parseOrFail } from '../../platform/errors.ts';
import { catalogRefs } from '../catalog/index.ts';
import { getChannel } from '../channels/index.ts';
import { getWarehouse, listWarehouseOptions, visibleWarehouseIds } from '../warehouses/index.ts';

// The checks every inventory use case shares: input parsing, the warehouses a member may see and list, and ids a
// request names (warehouse, SKU, channel) answered on the field that named them.

/** Warehouses a restricted member may see (its warehouses, or its businesses' warehouses); null when unrestricted. */
export const visibleWarehouses = visibleWarehouseIds;

/** What the lists show: the visible warehouses, narrowed to the business chosen in the top bar (Business-Id). */
export async function listedWarehouses(ctx: TenantCtx): Promise<string[] | null> {
  const visible = await visibleWarehouses(ctx);
  if (!ctx.businessId) return visible;
  const ofBusiness = (await listWarehouseOptions(ctx)).filter((w) => w.businessId === ctx.businessId).map((w) => w.id);
  return visible ? ofBusiness.filter((id) => visible.includes(id)) : ofBusiness;
}

/**
 * A list's warehouse and SKU filters name rows of this workspace: another workspace's (or an unknown) id answers 404,
 * as every id a request names does, instead of an empty page.
 */
export async function checkListFilters(ctx: TenantCtx, query: { warehouse_id?: string; catalog_id?: string }): Promise<void> {
  if (query.warehouse_id) await getWarehouse(ctx, query.warehouse_id);
  if (query.catalog_id && (await catalogRefs(ctx, [query.catalog_id])).length === 0) throw new DomainError('CATALOG_NOT_FOUND');
}

export const parse = parseOrFail;

export async function checkCatalogs(ctx: TenantCtx, ids: readonly string[], path: string) {
  const refs = new Map((await catalogRefs(ctx, [...new Set(ids)])).map((r) => [r.id, r]));
  // A list's items answer on `<path>.<i>.catalog_id`; a body's one SKU (path 'catalog_id') on that field.
  const field = (i: number) => (path === 'catalog_id' ? path : `${path}.${i}.catalog_id`);
  const fields = ids.flatMap((id, i) => {
    const ref = refs.get(id);
    if (!ref) return [{ path: field(i), code: 'CATALOG_NOT_FOUND', message: 'CATALOG_NOT_FOUND' }];
    if (ref.productType === 'BUNDLING') return [{ path: field(i), code: 'CATALOG_IS_BUNDLE', message: 'CATALOG_IS_BUNDLE' }];
    return [];
  });
  if (fields.length > 0)
    throw new DomainError(fields.some((f) => f.code === 'CATALOG_NOT_FOUND') ? 'CATALOG_NOT_FOUND' : 'CATALOG_IS_BUNDLE', { fields });
  return refs;
}

/** Awaits a look-up whose `code` (a NOT_FOUND) concerns a field of the request: the same error, on `path`. */
async function onField<T>(path: string, code: ErrorCode, lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof DomainError && error.code === code) throw fieldError(code, path, code);
    throw error;
  }
}

export const warehouseOrFieldError = (ctx: TenantCtx, id: string, path = 'warehouse_id') =>
  onField(path, 'WAREHOUSE_NOT_FOUND', getWarehouse(ctx, id));
export const channelOrFieldError = (ctx: TenantCtx, id: string, path = 'channel_id') =>
  onField(path, 'CHANNEL_NOT_FOUND', getChannel(ctx, id));

/** Warehouse names by id for a page of documents (none looked up for an empty page). */
export async function warehouseNames(ctx: TenantCtx, ids: string[]) {
  return ids.length > 0 ? new Map((await listWarehouseOptions(ctx)).map((w) => [w.id, w.name])) : new Map<string, string>();
}
