import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { stockBalances } from './inventory.schema.ts';

// Balances read and set outside the ledger's writes: availability, the inventory list v2, safety stock. SKU and
// warehouse names come from their modules' index (one query per page), so these lists never join another module's
// tables.

const b = stockBalances;
/** allocatable − allocated: what an order may still reserve. */
export const availableSql = sql<number>`(${b.onHand} - ${b.inOrder} - ${b.allocated} - ${b.safetyStock})`;
/** The same for a balance row read into memory. */
export const availableOf = (bal: Pick<typeof b.$inferSelect, 'onHand' | 'inOrder' | 'allocated' | 'safetyStock'>) =>
  bal.onHand - bal.inOrder - bal.allocated - bal.safetyStock;

export async function balancesOf(ctx: TenantCtx, keys: readonly { warehouseId: string; catalogId: string }[]) {
  if (keys.length === 0) return [];
  const warehouseIds = [...new Set(keys.map((k) => k.warehouseId))];
  const catalogIds = [...new Set(keys.map((k) => k.catalogId))];
  return ctx.db
    .select()
    .from(b)
    .where(and(eq(b.workspaceId, ctx.workspaceId), inArray(b.warehouseId, warehouseIds), inArray(b.catalogId, catalogIds)));
}

export async function setSafetyStock(ctx: TenantCtx, warehouseId: string, catalogId: string, safetyStock: number) {
  await ctx.db
    .insert(b)
    .values({ workspaceId: ctx.workspaceId, warehouseId, catalogId, safetyStock })
    .onConflictDoUpdate({ target: [b.workspaceId, b.warehouseId, b.catalogId], set: { safetyStock, updatedAt: sql`now()` } });
}

/** Every balance of the workspace, for the rebuild check (balances == Σ movements). */
export async function allBalances(ctx: TenantCtx) {
  return ctx.db.select().from(b).where(eq(b.workspaceId, ctx.workspaceId));
}

const stateSql = sql<
  'IN_STOCK' | 'OUT_OF_STOCK' | 'MINUS_STOCK'
>`case when ${availableSql} > 0 then 'IN_STOCK' when ${availableSql} = 0 then 'OUT_OF_STOCK' else 'MINUS_STOCK' end`;

export type BalanceFilter = {
  warehouseId?: string;
  catalogId?: string;
  state?: 'IN_STOCK' | 'OUT_OF_STOCK' | 'MINUS_STOCK';
  warehouseIds?: string[] | null;
};

function balanceWhere(ctx: TenantCtx, f: BalanceFilter): SQL[] {
  const where: SQL[] = [eq(b.workspaceId, ctx.workspaceId)];
  if (f.warehouseId) where.push(eq(b.warehouseId, f.warehouseId));
  if (f.warehouseIds) where.push(f.warehouseIds.length > 0 ? inArray(b.warehouseId, f.warehouseIds) : sql`false`);
  if (f.catalogId) where.push(eq(b.catalogId, f.catalogId));
  return where;
}

const tie = [asc(b.catalogId), asc(b.warehouseId)];
const SORTS: Record<string, SQL[]> = {
  available: [sql`${availableSql} asc`, ...tie],
  '-available': [sql`${availableSql} desc`, ...tie],
  on_hand: [asc(b.onHand), ...tie],
  '-on_hand': [desc(b.onHand), ...tie],
  updated_at: [asc(b.updatedAt), ...tie],
  '-updated_at': [desc(b.updatedAt), ...tie],
};

export async function listBalances(ctx: TenantCtx, f: BalanceFilter & { page: number; size: number; sort: string }) {
  const where = balanceWhere(ctx, f);
  const rows = await ctx.db
    .select({ balance: b, available: availableSql.mapWith(Number) })
    .from(b)
    .where(and(...where, f.state ? sql`${stateSql} = ${f.state}` : undefined))
    .orderBy(...(SORTS[f.sort] ?? SORTS['-updated_at']!))
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  const [counts] = await ctx.db
    .select({
      all: count(),
      inStock: sql<number>`count(*) filter (where ${availableSql} > 0)`.mapWith(Number),
      outOfStock: sql<number>`count(*) filter (where ${availableSql} = 0)`.mapWith(Number),
      minusStock: sql<number>`count(*) filter (where ${availableSql} < 0)`.mapWith(Number),
    })
    .from(b)
    .where(and(...where));
  return { rows, counts: counts! };
}

/** How many SKUs have a balance in a warehouse. */
export async function countBalancesIn(ctx: TenantCtx, warehouseId: string): Promise<number> {
  const [skus] = await ctx.db
    .select({ n: count() })
    .from(b)
    .where(and(eq(b.workspaceId, ctx.workspaceId), eq(b.warehouseId, warehouseId)));
  return skus?.n ?? 0;
}

/** The SKUs holding a balance in a warehouse (the stock sync pushes each of them). */
export async function catalogIdsIn(ctx: TenantCtx, warehouseId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: b.catalogId })
    .from(b)
    .where(and(eq(b.workspaceId, ctx.workspaceId), eq(b.warehouseId, warehouseId)));
  return rows.map((r) => r.id);
}
