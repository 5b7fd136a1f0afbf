import { StockSyncInput, type StockSyncStatus } from '@kelola/contracts';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { inTenant } from '../../platform/db/database.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { systemCtx, tenantCtxFor } from '../../platform/system-ctx.ts';
import { parse, visibleWarehouses, warehouseOrFieldError } from './inventory-checks.ts';
import { noteStockChanged, wakePushes } from '../channels/index.ts';
import { catalogIdsIn, countBalancesIn } from './stock-balances.repository.ts';
import { findSyncRun, finishSyncRun, insertSyncRun, latestRuns, type StockSyncRun } from './stock-sync.repository.ts';

// Warehouse stock sync (spec part 4): one run per warehouse, ONPROGRESS until its job ends

export const STOCK_SYNC_QUEUE = 'inventory.stock-sync';
export type StockSyncJob = { workspaceId: string; runId: string };

const presentRun = (r: StockSyncRun) => ({
  warehouse_id: r.warehouseId,
  run_id: r.id,
  status: r.status,
  sku_count: r.skuCount,
  error: r.error,
  started_at: r.startedAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
});

function summarise(items: ReturnType<typeof presentRun>[]): StockSyncStatus {
  const inProgress = items.some((i) => i.status === 'ONPROGRESS');
  return {
    in_progress: inProgress,
    success: inProgress ? [] : items.filter((i) => i.status === 'SUCCESS').map((i) => i.warehouse_id),
    error: inProgress ? [] : items.filter((i) => i.status !== 'SUCCESS').map((i) => i.warehouse_id),
    items,
  };
}

/** Starts a sync per warehouse; a warehouse already in progress keeps its run. */
export async function startStockSync(ctx: TenantCtx, input: z.input<typeof StockSyncInput>): Promise<StockSyncStatus> {
  const data = parse(StockSyncInput, input);
  const ids = [...new Set(data.warehouse_ids)];
  for (const [i, id] of ids.entries()) await warehouseOrFieldError(ctx, id, `warehouse_ids.${i}`);
  const current = await latestRuns(ctx, ids);
  for (const id of ids) {
    if (current.find((r) => r.warehouseId === id && r.status === 'ONPROGRESS')) continue;
    const runId = uuidv7();
    await insertSyncRun(ctx, runId, id);
    const job: StockSyncJob = { workspaceId: ctx.workspaceId, runId };
    ctx.afterCommit(async () => {
      await ctx.platform.jobs.send(STOCK_SYNC_QUEUE, job, { singletonKey: runId });
    });
  }
  return stockSyncStatus(ctx, { warehouse_ids: ids.join(',') });
}

/** The latest run of each asked warehouse (all warehouses without a list): what the screen polls each second. */
export async function stockSyncStatus(ctx: TenantCtx, query: { warehouse_ids?: string }): Promise<StockSyncStatus> {
  const ids = query.warehouse_ids
    ? query.warehouse_ids
        .split(',')
        .map((s) => s.trim())
        .filter((s) => /^[0-9a-f-]{36}$/iu.test(s))
    : null;
  const visible = await visibleWarehouses(ctx);
  const rows = (await latestRuns(ctx, ids)).filter((r) => !visible || visible.includes(r.warehouseId));
  return summarise(rows.map(presentRun));
}

/**
 * The sync job: computes each connected channel's share of every SKU in the warehouse (the push itself is the
 * channel module's job) and ends the run SUCCESS, or FAILED with the reason.
 */
export async function runStockSync(platform: Platform, job: StockSyncJob): Promise<void> {
  const { workspaceId, runId } = job;
  const inWs = <T>(fn: (ctx: TenantCtx, run: StockSyncRun) => Promise<T>) =>
    inTenant(platform.database.db, workspaceId, async (tx) => {
      const run = await findSyncRun(tx, workspaceId, runId);
      if (!run) return null;
      return fn(tenantCtxFor(systemCtx(platform, tx, `stock-sync:${runId}`), workspaceId, run.requestedBy), run);
    });
  try {
    await inWs(async (ctx, run) => {
      if (run.status !== 'ONPROGRESS') return;
      const skuCount = await countBalancesIn(ctx, run.warehouseId);
      // Every SKU of the warehouse is pushed again to the shops selling it, through the same coalesced pushes as a
      // stock movement (ADR 0030): the run asks for the pushes, the push jobs send them.
      await noteStockChanged(ctx, await catalogIdsIn(ctx, run.warehouseId), 'sync');
      await finishSyncRun(ctx, runId, { status: 'SUCCESS', skuCount });
    });
    // A job's own context runs no after-commit work: wake the pushes here.
    await wakePushes(platform, workspaceId);
  } catch (error) {
    await inWs(async (ctx) => {
      await finishSyncRun(ctx, runId, {
        status: 'FAILED',
        error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      });
    });
  }
}
