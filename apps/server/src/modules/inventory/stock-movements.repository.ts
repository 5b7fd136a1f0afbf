import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { stockMovements } from './inventory.schema.ts';
import type { MovementType } from './stock-ledger.repository.ts';

// The ledger read back: the movement list, one movement, and the sums the rebuild check compares with balances.

export type MovementFilter = {
  warehouseId?: string;
  catalogId?: string;
  type?: MovementType;
  referenceId?: string;
  warehouseIds?: string[] | null;
};

export async function listMovements(ctx: TenantCtx, f: MovementFilter & { page: number; size: number; sort: 'at' | '-at' }) {
  const m = stockMovements;
  const where = and(
    eq(m.workspaceId, ctx.workspaceId),
    f.warehouseId ? eq(m.warehouseId, f.warehouseId) : undefined,
    f.warehouseIds ? (f.warehouseIds.length > 0 ? inArray(m.warehouseId, f.warehouseIds) : sql`false`) : undefined,
    f.catalogId ? eq(m.catalogId, f.catalogId) : undefined,
    f.type ? eq(m.type, f.type) : undefined,
    f.referenceId ? eq(m.referenceId, f.referenceId) : undefined,
  );
  const rows = await ctx.db
    .select()
    .from(m)
    .where(where)
    .orderBy(f.sort === 'at' ? asc(m.id) : desc(m.id))
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  const [total] = await ctx.db.select({ n: count() }).from(m).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findMovement(ctx: TenantCtx, id: string) {
  const [row] = await ctx.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.workspaceId, ctx.workspaceId), eq(stockMovements.id, id)));
  return row ?? null;
}

export type MovementRow = typeof stockMovements.$inferSelect;

/** Ledger sums per balance, for the rebuild check (balances == Σ movements). */
export async function ledgerSums(ctx: TenantCtx) {
  return ctx.db
    .select({
      warehouseId: stockMovements.warehouseId,
      catalogId: stockMovements.catalogId,
      onHand: sql<number>`sum(${stockMovements.onHandDelta})`.mapWith(Number),
      inOrder: sql<number>`sum(${stockMovements.inOrderDelta})`.mapWith(Number),
      allocated: sql<number>`sum(${stockMovements.allocatedDelta})`.mapWith(Number),
    })
    .from(stockMovements)
    .where(eq(stockMovements.workspaceId, ctx.workspaceId))
    .groupBy(stockMovements.warehouseId, stockMovements.catalogId);
}
