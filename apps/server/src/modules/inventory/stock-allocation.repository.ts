import { and, asc, eq } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { channelAllocations, stockSetAsides } from './inventory.schema.ts';

type AllocationRule = Pick<typeof channelAllocations.$inferInsert, 'channelId' | 'mode' | 'value' | 'buffer'>;

/** The stock set aside per channel for a SKU in a warehouse. */
export async function setAsidesOf(ctx: TenantCtx, warehouseId: string, catalogId: string) {
  return ctx.db
    .select({ channelId: stockSetAsides.channelId, quantity: stockSetAsides.quantity })
    .from(stockSetAsides)
    .where(
      and(
        eq(stockSetAsides.workspaceId, ctx.workspaceId),
        eq(stockSetAsides.warehouseId, warehouseId),
        eq(stockSetAsides.catalogId, catalogId),
      ),
    );
}

/** A warehouse's channel rules, by channel. */
export async function allocationRules(ctx: TenantCtx, warehouseId: string) {
  return ctx.db
    .select()
    .from(channelAllocations)
    .where(and(eq(channelAllocations.workspaceId, ctx.workspaceId), eq(channelAllocations.warehouseId, warehouseId)))
    .orderBy(asc(channelAllocations.channelId));
}

/** Replaces a warehouse's channel rules. */
export async function replaceAllocationRules(ctx: TenantCtx, warehouseId: string, rules: readonly AllocationRule[]) {
  await ctx.db
    .delete(channelAllocations)
    .where(and(eq(channelAllocations.workspaceId, ctx.workspaceId), eq(channelAllocations.warehouseId, warehouseId)));
  if (rules.length > 0)
    await ctx.db.insert(channelAllocations).values(rules.map((r) => ({ workspaceId: ctx.workspaceId, warehouseId, ...r })));
}
