import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TenantCtx } from '../../http/context.ts';
import { warehouses } from './warehouses.schema.ts';

export type WarehouseRow = typeof warehouses.$inferSelect;
export type WarehouseValues = Omit<typeof warehouses.$inferInsert, 'id' | 'workspaceId' | 'createdAt' | 'updatedAt' | 'isDefault'>;

/**
 * The workspace, narrowed to the member's restriction when there is one (empty list: all): the listed warehouses
 * (WAREHOUSE), or the warehouses of the listed businesses (BUSINESS).
 */
function scope(ctx: TenantCtx): SQL | undefined {
  const { restriction } = ctx;
  const restricted = restriction.ids.length > 0;
  return and(
    eq(warehouses.workspaceId, ctx.workspaceId),
    restricted && restriction.base === 'WAREHOUSE' ? inArray(warehouses.id, restriction.ids) : undefined,
    restricted && restriction.base === 'BUSINESS' ? inArray(warehouses.businessId, restriction.ids) : undefined,
  );
}

/**
 * The same restriction as a condition on another table's warehouse column (for SQL that cannot wait for the ids, such
 * as a correlated stock sum): undefined when the member is not restricted.
 */
export function visibleWarehouseCondition(ctx: TenantCtx, warehouseId: AnyPgColumn): SQL | undefined {
  const { restriction } = ctx;
  if (restriction.ids.length === 0) return undefined;
  if (restriction.base === 'WAREHOUSE') return inArray(warehouseId, restriction.ids);
  return inArray(warehouseId, ctx.db.select({ id: warehouses.id }).from(warehouses).where(scope(ctx)));
}

/** Ids of the warehouses the member may see, or null when the member is not restricted. */
export async function visibleWarehouseIds(ctx: TenantCtx): Promise<string[] | null> {
  if (ctx.restriction.ids.length === 0) return null;
  if (ctx.restriction.base === 'WAREHOUSE') return ctx.restriction.ids;
  return (await ctx.db.select({ id: warehouses.id }).from(warehouses).where(scope(ctx))).map((r) => r.id);
}

/** Warehouses visible to the context: all of them, or those of a WAREHOUSE restriction list. */
export async function listWarehouseOptions(ctx: TenantCtx) {
  return ctx.db
    .select({ id: warehouses.id, name: warehouses.name, businessId: warehouses.businessId })
    .from(warehouses)
    .where(scope(ctx))
    .orderBy(asc(warehouses.name));
}

export async function insertWarehouse(ctx: TenantCtx, id: string, values: WarehouseValues): Promise<WarehouseRow> {
  const [row] = await ctx.db
    .insert(warehouses)
    .values({ ...values, id, workspaceId: ctx.workspaceId })
    .returning();
  return row!;
}

export async function findWarehouse(ctx: TenantCtx, id: string): Promise<WarehouseRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(warehouses)
    .where(and(scope(ctx), eq(warehouses.id, id)));
  return row;
}

export async function updateWarehouse(ctx: TenantCtx, id: string, values: WarehouseValues): Promise<WarehouseRow | undefined> {
  const [row] = await ctx.db
    .update(warehouses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(scope(ctx), eq(warehouses.id, id)))
    .returning();
  return row;
}

/** Whether another warehouse of the workspace (visible or not) already uses the code. */
export async function isCodeTaken(ctx: TenantCtx, code: string, exceptId?: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.workspaceId, ctx.workspaceId), eq(warehouses.code, code), exceptId ? ne(warehouses.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export type WarehouseSort = 'name' | '-name' | 'code' | '-code' | 'created_at' | '-created_at';
export type WarehouseFilter = { q?: string; businessId?: string; page: number; size: number; sort: WarehouseSort };

const SORT_COLUMNS = { name: warehouses.name, code: warehouses.code, created_at: warehouses.createdAt } as const;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;

export async function listWarehouses(ctx: TenantCtx, filter: WarehouseFilter): Promise<{ rows: WarehouseRow[]; total: number }> {
  const q = filter.q?.trim();
  const where = and(
    scope(ctx),
    filter.businessId ? eq(warehouses.businessId, filter.businessId) : undefined,
    q
      ? or(
          ilike(warehouses.name, likePattern(q)),
          ilike(warehouses.code, likePattern(q)),
          ilike(warehouses.externalCode, likePattern(q)),
          ilike(warehouses.contact, likePattern(q)),
        )
      : undefined,
  );
  const descending = filter.sort.startsWith('-');
  const column = SORT_COLUMNS[filter.sort.replace(/^-/u, '') as keyof typeof SORT_COLUMNS];
  // Warehouses per workspace number in the tens: an exact count is cheap here.
  // One transaction runs one statement at a time: the two queries go in sequence.
  const rows = await ctx.db
    .select()
    .from(warehouses)
    .where(where)
    .orderBy(descending ? desc(column) : asc(column), asc(warehouses.id))
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size);
  // Warehouses per workspace number in the tens: an exact count is cheap here.
  const [counted] = await ctx.db.select({ total: count() }).from(warehouses).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * `listWarehouseOptions` as the top bar's entries (`GET /api/me`), in one JSON array by name, for a caller composing
 * one statement (ADR 0043): the workspace's warehouses narrowed by the restriction (`base` text, `ids` uuid[]
 * expressions; an empty list means all), as `scope` narrows them.
 */
export const warehouseOptionsJsonSql = (workspaceId: SQL, base: SQL, ids: SQL) =>
  sql`(select coalesce(json_agg(json_build_object('business_id', ${warehouses.businessId}, 'business_name', null,
      'warehouse_id', ${warehouses.id}, 'name', ${warehouses.name}) order by ${warehouses.name}), '[]'::json)
    from ${warehouses} where ${warehouses.workspaceId} = ${workspaceId}
      and (cardinality(${ids}) = 0
        or (${base} = 'WAREHOUSE' and ${warehouses.id} = any(${ids}))
        or (${base} = 'BUSINESS' and ${warehouses.businessId} = any(${ids}))))`;
