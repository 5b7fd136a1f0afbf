import type { PrintKind } from '@kelola/contracts';
import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { binLocations, orderPrints } from './documents.schema.ts';

export type PrintRow = typeof orderPrints.$inferSelect;
export type BinRow = typeof binLocations.$inferSelect;

/** Counts one more print of `kind` for each order (the first print sets first_printed_at). */
export async function countPrints(ctx: TenantCtx, orderIds: readonly string[], kind: PrintKind, at: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await ctx.db
    .insert(orderPrints)
    .values(
      orderIds.map((orderId) => ({ workspaceId: ctx.workspaceId, orderId, kind, printCount: 1, firstPrintedAt: at, lastPrintedAt: at })),
    )
    .onConflictDoUpdate({
      target: [orderPrints.workspaceId, orderPrints.orderId, orderPrints.kind],
      set: { printCount: sql`${orderPrints.printCount} + 1`, lastPrintedAt: at },
    });
}

export async function printsOf(ctx: TenantCtx, orderIds: readonly string[]): Promise<PrintRow[]> {
  if (orderIds.length === 0) return [];
  return ctx.db
    .select()
    .from(orderPrints)
    .where(and(eq(orderPrints.workspaceId, ctx.workspaceId), inArray(orderPrints.orderId, [...orderIds])));
}

/** A condition on an order id column: the order's `kind` document was printed (or was not). */
export function printedCondition(orderId: AnyColumn, kind: PrintKind, printed: boolean): SQL {
  const found = sql`exists (select 1 from ${orderPrints} where ${orderPrints.workspaceId} = nullif(current_setting('app.workspace_id', true), '')::uuid and ${orderPrints.orderId} = ${orderId} and ${orderPrints.kind} = ${kind})`;
  return printed ? found : sql`not ${found}`;
}

export async function binsOf(ctx: TenantCtx, warehouseIds: readonly string[], catalogIds?: readonly string[]): Promise<BinRow[]> {
  if (warehouseIds.length === 0 || catalogIds?.length === 0) return [];
  return ctx.db
    .select()
    .from(binLocations)
    .where(
      and(
        eq(binLocations.workspaceId, ctx.workspaceId),
        inArray(binLocations.warehouseId, [...warehouseIds]),
        catalogIds ? inArray(binLocations.catalogId, [...catalogIds]) : undefined,
      ),
    );
}

export async function saveBin(ctx: TenantCtx, warehouseId: string, catalogId: string, location: string, at: Date): Promise<void> {
  const key = and(
    eq(binLocations.workspaceId, ctx.workspaceId),
    eq(binLocations.warehouseId, warehouseId),
    eq(binLocations.catalogId, catalogId),
  );
  if (location === '') {
    await ctx.db.delete(binLocations).where(key);
    return;
  }
  await ctx.db
    .insert(binLocations)
    .values({ workspaceId: ctx.workspaceId, warehouseId, catalogId, location, updatedAt: at })
    .onConflictDoUpdate({
      target: [binLocations.workspaceId, binLocations.warehouseId, binLocations.catalogId],
      set: { location, updatedAt: at },
    });
}
