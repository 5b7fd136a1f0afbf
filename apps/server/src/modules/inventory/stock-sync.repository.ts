import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { stockSyncRuns } from './inventory.schema.ts';

export type StockSyncRun = typeof stockSyncRuns.$inferSelect;

export async function insertSyncRun(ctx: TenantCtx, runId: string, warehouseId: string) {
  await ctx.db.insert(stockSyncRuns).values({ id: runId, workspaceId: ctx.workspaceId, warehouseId, requestedBy: ctx.actor.userId });
}

/** The latest run of each warehouse (of the given ones; of all without a list). */
export async function latestRuns(ctx: TenantCtx, warehouseIds: string[] | null) {
  return ctx.db
    .selectDistinctOn([stockSyncRuns.warehouseId])
    .from(stockSyncRuns)
    .where(
      and(
        eq(stockSyncRuns.workspaceId, ctx.workspaceId),
        warehouseIds
          ? inArray(stockSyncRuns.warehouseId, warehouseIds.length > 0 ? warehouseIds : ['00000000-0000-0000-0000-000000000000'])
          : undefined,
      ),
    )
    .orderBy(stockSyncRuns.warehouseId, desc(stockSyncRuns.startedAt), desc(stockSyncRuns.id));
}

/** A run read by its job inside the job's tenant transaction, before there is a ctx (the run names its actor). */
export async function findSyncRun(tx: Db, workspaceId: string, runId: string): Promise<StockSyncRun | null> {
  const [run] = await tx
    .select()
    .from(stockSyncRuns)
    .where(and(eq(stockSyncRuns.workspaceId, workspaceId), eq(stockSyncRuns.id, runId)));
  return run ?? null;
}

/** Ends a run: SUCCESS with its SKU count, or FAILED with the reason. */
export async function finishSyncRun(
  ctx: TenantCtx,
  runId: string,
  end: { status: 'SUCCESS'; skuCount: number } | { status: 'FAILED'; error: string },
) {
  await ctx.db
    .update(stockSyncRuns)
    .set({ ...end, finishedAt: new Date() })
    .where(eq(stockSyncRuns.id, runId));
}
