import type { ChannelPush, ChannelPushList } from '@kelola/contracts/channel-products';
import type { MarketplaceCode } from '@kelola/contracts/channels';
import type { SQL } from 'drizzle-orm';
import type { Ctx, TenantCtx } from '../../http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { systemCtx, tenantCtxFor } from '../../platform/system-ctx.ts';
import { backoffDelayMs } from './adapters/http-retry.ts';
import { isMarketplaceError, type UpdateOutcome } from './adapters/types.ts';
import { adapterFor } from './channels.adapters.ts';
import * as repo from './channels.repository.ts';
import type { ConnectionRow, ScopedCtx } from './channels.repository.ts';
import { callMarketplace, callRecord, connectionOr404, inWorkspace, shopAuth, takeSlot, usableConnection } from './channels.service.ts';
import * as push from './stock-push.repository.ts';
import type { Claimed, MappedSku, PushKind, PushReason } from './stock-push.repository.ts';

// Stock and price pushes (issue 15, ADR 0030): every stock movement (and channel price change) writes an insert-only
// request; the push job turns requests into per-shop push states, then pushes each wanted SKU once per window with
// the number computed at that moment (the newest number wins), paced per shop, retried until it lands.

export const PUSH_QUEUES = {
  /** `{ workspaceId }`: collect requests; `{ workspaceId, connectionId }`: push one shop's wanted rows. */
  push: 'channels-stock-push',
  /** Every minute: wakes workspaces with requests or wanted rows whose job was lost (crash, a job's own ctx). */
  sweep: 'channels-push-sweep',
  /** Every 15 minutes: compares each shop's stock with what was last pushed, one job per shop. */
  reconcileAll: 'channels-stock-reconcile-all',
  reconcile: 'channels-stock-reconcile',
} as const;

export const PUSH_SWEEP_CRON = '* * * * *';
export const STOCK_RECONCILE_CRON = '*/15 * * * *';

/** At most one push per SKU per shop in this window; movements inside it are coalesced into the next push. */
export const COALESCE_WINDOW_MS = 5_000;
/** A pusher's lease on the rows it claimed; another job may take them over after it (a crashed worker). */
const LEASE_MS = 2 * 60_000;
/** Rows claimed per round. */
const BATCH = 100;
/** A job stops after this long and hands the rest to the next job, so one shop cannot hold a worker for long. */
const JOB_BUDGET_MS = 60_000;
const BACKOFF = { baseDelayMs: 2_000, maxDelayMs: 5 * 60_000 };
/** The backoff stops growing at this attempt (its delay is capped by BACKOFF.maxDelayMs anyway). */
const MAX_BACKOFF_STEP = 12;
const SYSTEM_ACTOR = '00000000-0000-0000-0000-000000000000';

/** A number a shop should be told about a SKU, with its explanation in both languages. */
export type ChannelValue = { value: number; explanation: { id: string; en: string } };
/**
 * The port the push job reads numbers from: stock (inventory: allocation rules) and price (catalog: channel prices).
 * Missing catalog ids are left out of the map (nothing is pushed for them).
 */
export type ChannelValueSource = (ctx: TenantCtx, channelId: string, catalogIds: readonly string[]) => Promise<Map<string, ChannelValue>>;
/**
 * The SKUs whose channel stock is computed from these SKUs' stock (the bundles that contain them): a component's
 * movement asks for their pushes too. A query of one column (their catalog ids), read inside the statement that
 * looks up which SKUs the shops sell: one round trip for both. Provided by the inventory, which owns what a
 * channel's stock is.
 */
export type ChannelStockDependents = (ctx: Pick<ScopedCtx, 'workspaceId'>, catalogIds: readonly string[]) => SQL;

export type PushJob = { workspaceId: string; connectionId?: string; attempt?: number };

// ---------------------------------------------------------------------------------------------------------------
// Requests: written by the transaction that changed stock or a price

const lastWake = new WeakMap<Platform, Map<string, number>>();

/**
 * Sends the workspace's collect job, at most once a second per process: a job sent with a one-second delay starts
 * after every transaction that skipped its own send has committed, so a skipped send loses nothing.
 */
export async function wakePushes(platform: Platform, workspaceId: string): Promise<void> {
  let map = lastWake.get(platform);
  if (!map) {
    map = new Map();
    lastWake.set(platform, map);
  }
  const now = platform.now().getTime();
  const last = map.get(workspaceId);
  if (last !== undefined && now - last < 1_000) return;
  map.set(workspaceId, now);
  await platform.jobs.send(PUSH_QUEUES.push, { workspaceId } satisfies PushJob, { startAfterSeconds: 1 });
}

type RequestCtx = ScopedCtx & { platform: Platform; afterCommit: Ctx['afterCommit'] };

/**
 * After a stock movement: the shops selling these SKUs get their new numbers (coalesced). Cheap when no shop sells
 * them (one indexed read). A context without after-commit work (a job's own) is picked up by the sweep.
 */
export async function noteStockChanged(ctx: RequestCtx, catalogIds: readonly string[], reason: PushReason = 'movement'): Promise<void> {
  if (await push.requestPushes(ctx, 'STOCK', catalogIds, reason, null, dependentsOf(ctx.platform, ctx, catalogIds))) {
    const { platform, workspaceId } = ctx;
    ctx.afterCommit(() => wakePushes(platform, workspaceId));
  }
}

/** The bundles whose channel stock these SKUs make up (ADR 0039), as a query read with the shops' mappings. */
const dependentsOf = (platform: Platform, ctx: ScopedCtx, catalogIds: readonly string[]): SQL | null =>
  catalogIds.length === 0 ? null : platform.ports.channelStockDependents({ workspaceId: ctx.workspaceId }, catalogIds);

/** The shop's warehouse mapping changed: every SKU it sells gets its stock from other warehouses now (ADR 0039). */
export async function noteShopStockChanged(ctx: RequestCtx, connectionId: string): Promise<void> {
  const ids = await push.catalogsSoldBy(ctx, connectionId);
  if (await push.requestPushes(ctx, 'STOCK', ids, 'mapping', connectionId)) {
    const { platform, workspaceId } = ctx;
    ctx.afterCommit(() => wakePushes(platform, workspaceId));
  }
}

/** After a channel price change (one shop, or every shop when `connectionId` is null). */
export async function notePriceChanged(ctx: RequestCtx, catalogIds: readonly string[], connectionId: string | null = null): Promise<void> {
  if (await push.requestPushes(ctx, 'PRICE', catalogIds, 'price', connectionId)) {
    const { platform, workspaceId } = ctx;
    ctx.afterCommit(() => wakePushes(platform, workspaceId));
  }
}

/** Workspaces known to sell nothing on any shop, until when (process clock): the hot path skips them. */
const unmapped = new WeakMap<Platform, Map<string, number>>();
const UNMAPPED_TTL_MS = 5_000;

/** A mapping was confirmed: this process stops skipping the workspace at once (others within UNMAPPED_TTL_MS). */
export function forgetUnmapped(platform: Platform, workspaceId: string): void {
  unmapped.get(platform)?.delete(workspaceId);
}

/**
 * For work outside any transaction (a one-statement stock change): its own small transaction, then the wake. A
 * workspace without any confirmed mapping is remembered for a few seconds, so the reservation hot path of a
 * workspace that sells on no shop pays nothing; a mapping confirmed meanwhile requests its own push.
 */
export async function noteStockChangedAlone(platform: Platform, workspaceId: string, catalogIds: readonly string[]): Promise<void> {
  let map = unmapped.get(platform);
  if (!map) {
    map = new Map();
    unmapped.set(platform, map);
  }
  if ((map.get(workspaceId) ?? 0) > Date.now()) return;
  const none = await inWorkspace(platform, workspaceId, async (ctx) => {
    if (await push.requestPushes(ctx, 'STOCK', catalogIds, 'movement', null, dependentsOf(platform, ctx, catalogIds))) {
      ctx.afterCommit(() => wakePushes(platform, workspaceId));
      return false;
    }
    return !(await push.anyMapping(ctx));
  });
  if (none) map.set(workspaceId, Date.now() + UNMAPPED_TTL_MS);
}

// ---------------------------------------------------------------------------------------------------------------
// The push job

const valueCtx = (platform: Platform, db: ScopedCtx['db'], workspaceId: string): TenantCtx =>
  tenantCtxFor(systemCtx(platform, db, 'channel-push'), workspaceId, SYSTEM_ACTOR);

const labelled = (connection: ConnectionRow, value: ChannelValue): ChannelValue => ({
  value: value.value,
  explanation: { id: `${connection.name} mendapat ${value.explanation.id}`, en: `${connection.name} got ${value.explanation.en}` },
});

export type PushRunResult = { pushed: number; calls: number; failed: number; deferredMs: number | null };

/** Runs one push job: a collect job fans out to its shops; a shop's job pushes what is due and plans the next run. */
export async function runPushJob(platform: Platform, job: PushJob): Promise<PushRunResult | null> {
  if (!job.connectionId) {
    const connections = await inWorkspace(platform, job.workspaceId, (ctx) => push.collectRequests(ctx, platform.now()));
    for (const connectionId of connections) {
      await platform.jobs.send(PUSH_QUEUES.push, { workspaceId: job.workspaceId, connectionId } satisfies PushJob);
    }
    return null;
  }
  return pushConnection(platform, job.workspaceId, job.connectionId, job.attempt ?? 1);
}

/**
 * Pushes the due rows of one shop in rounds: claim (lease), read the numbers, one call per marketplace product (each
 * taking the shop's next slot), mark pushed. A refused call releases the rows until its retry and plans the job again;
 * the retry reads the numbers anew, so the shop only ever gets the newest one and never an older one after it.
 */
export async function pushConnection(platform: Platform, workspaceId: string, connectionId: string, attempt = 1): Promise<PushRunResult> {
  const result: PushRunResult = { pushed: 0, calls: 0, failed: 0, deferredMs: null };
  const started = Date.now();
  const reschedule = async (delayMs: number, nextAttempt: number) => {
    result.deferredMs = delayMs;
    await platform.jobs.send(
      PUSH_QUEUES.push,
      { workspaceId, connectionId, attempt: nextAttempt } satisfies PushJob,
      delayMs > 0 ? { startAfterSeconds: Math.max(1, Math.ceil(delayMs / 1000)) } : {},
    );
  };
  for (;;) {
    const connection = await inWorkspace(platform, workspaceId, (ctx) => repo.findConnection(ctx, connectionId));
    // A disconnected shop keeps its wanted rows; reconnecting it (and the sweep) pushes them.
    if (!connection || connection.status !== 'CONNECTED') return result;
    if (Date.now() - started > JOB_BUDGET_MS) {
      await reschedule(0, 1);
      return result;
    }
    const claimed = await inWorkspace(platform, workspaceId, (ctx) =>
      push.claimDue(ctx, connectionId, platform.now(), COALESCE_WINDOW_MS, LEASE_MS, BATCH),
    );
    if (claimed.length === 0) break;
    const outcome = await pushClaimed(platform, connection, claimed, attempt);
    result.pushed += outcome.pushed;
    result.calls += outcome.calls;
    result.failed += outcome.failed;
    if (outcome.retryInMs !== null) {
      // However long the marketplace refuses, the number is retried (backoff capped at five minutes) until it lands
      // or the shop is disconnected: nothing is dropped.
      await reschedule(outcome.retryInMs, Math.min(attempt + 1, MAX_BACKOFF_STEP));
      return result;
    }
    attempt = 1;
  }
  // Rows still wanted but inside their window (or leased by a retry): come back when the first one is due.
  const next = await inWorkspace(platform, workspaceId, (ctx) => push.nextDueAt(ctx, connectionId, COALESCE_WINDOW_MS));
  // Nothing could be claimed now, so the first due row is at least a moment away: never come back at once.
  if (next) await reschedule(Math.max(1_000, next.getTime() - platform.now().getTime()), 1);
  return result;
}

type ClaimOutcome = { pushed: number; calls: number; failed: number; retryInMs: number | null };

async function pushClaimed(platform: Platform, connection: ConnectionRow, claimed: Claimed[], attempt: number): Promise<ClaimOutcome> {
  const { workspaceId } = connection;
  const outcome: ClaimOutcome = { pushed: 0, calls: 0, failed: 0, retryInMs: null };
  const byKind = (kind: PushKind) => claimed.filter((c) => c.kind === kind);
  // Numbers and mappings are read now, after the claim: whatever moved until here is in them.
  const { values, skus } = await inWorkspace(platform, workspaceId, async (ctx) => {
    const vctx = valueCtx(platform, ctx.db, workspaceId);
    const ids = (kind: PushKind) => byKind(kind).map((c) => c.catalogId);
    const stock = ids('STOCK').length > 0 ? await platform.ports.channelStock(vctx, connection.id, ids('STOCK')) : new Map();
    const price = ids('PRICE').length > 0 ? await platform.ports.channelPrice(vctx, connection.id, ids('PRICE')) : new Map();
    const mapped = await push.mappedSkus(ctx, connection.id, [...new Set(claimed.map((c) => c.catalogId))]);
    return { values: { STOCK: stock, PRICE: price } as Record<PushKind, Map<string, ChannelValue>>, skus: mapped };
  });
  const adapter = adapterFor(platform, connection.marketplace as MarketplaceCode);
  const done = new Set<Claimed>();
  const finish = async (rows: Claimed[], error: string | null) => {
    await inWorkspace(platform, workspaceId, async (ctx) => {
      for (const row of rows) {
        const value = values[row.kind].get(row.catalogId);
        const shown = value ? labelled(connection, value) : { value: 0, explanation: { id: '', en: '' } };
        await push.markPushed(
          ctx,
          connection.id,
          row,
          shown.value,
          shown.explanation,
          platform.now(),
          value ? error : (error ?? 'NO_VALUE'),
        );
        done.add(row);
      }
    });
  };
  // Rows without a number (a SKU gone from the catalog) or without a mapped SKU left are settled at once.
  await finish(
    claimed.filter((c) => !values[c.kind].has(c.catalogId) || !skus.some((s) => s.catalogId === c.catalogId)),
    null,
  );

  for (const kind of ['STOCK', 'PRICE'] as const) {
    const rows = byKind(kind).filter((c) => !done.has(c));
    if (rows.length === 0) continue;
    const rowOf = new Map(rows.map((r) => [r.catalogId, r]));
    // One call per marketplace product: every marketplace updates a product's variants together.
    const products = new Map<string, MappedSku[]>();
    for (const sku of skus) {
      if (!rowOf.has(sku.catalogId)) continue;
      products.set(sku.productId, [...(products.get(sku.productId) ?? []), sku]);
    }
    const failedOf = new Map<string, string>();
    const pending = new Map<string, number>(rows.map((r) => [r.catalogId, 0]));
    for (const sku of skus) if (pending.has(sku.catalogId)) pending.set(sku.catalogId, (pending.get(sku.catalogId) ?? 0) + 1);
    for (const [productId, productSkus] of products) {
      const slot = await takeSlot(platform, connection, 5_000);
      if (!slot.ok) {
        // The shop's pace is taken (another job, a retry-after): give the rest of the rows back until then.
        const left = rows.filter((r) => !done.has(r));
        await inWorkspace(platform, workspaceId, (ctx) =>
          push.releaseClaim(ctx, connection.id, left, new Date(platform.now().getTime() + slot.waitMs), 'PACED'),
        );
        outcome.retryInMs = slot.waitMs;
        return outcome;
      }
      const startedAt = Date.now();
      let current = connection;
      let answer: UpdateOutcome[] | undefined;
      let error: unknown;
      try {
        current = await usableConnection(platform, workspaceId, connection.id);
        const auth = shopAuth(current);
        answer =
          kind === 'STOCK'
            ? await adapter.updateStock(
                auth,
                productSkus.map((s) => ({ productId, skuId: s.skuId, quantity: values.STOCK.get(s.catalogId)!.value })),
              )
            : await adapter.updatePrice(
                auth,
                productSkus.map((s) => ({ productId, skuId: s.skuId, price: values.PRICE.get(s.catalogId)!.value })),
              );
      } catch (caught) {
        error = caught;
      }
      outcome.calls += 1;
      const operation = kind === 'STOCK' ? 'updateStock' : 'updatePrice';
      const refusedNow =
        error !== undefined &&
        isMarketplaceError(error) &&
        (error.kind === 'rate_limited' || error.kind === 'auth_expired' || (error.kind === 'upstream' && (error.httpStatus ?? 500) >= 500));
      const retryInMs =
        refusedNow && isMarketplaceError(error)
          ? error.kind === 'auth_expired'
            ? 0
            : (error.retryAfterMs ?? backoffDelayMs(attempt, BACKOFF))
          : null;
      const retryAt = retryInMs !== null ? new Date(platform.now().getTime() + retryInMs) : undefined;
      const partial = (answer ?? []).filter((a) => !a.ok);
      await inWorkspace(platform, workspaceId, async (ctx) => {
        await repo.insertCall(ctx, {
          ...callRecord(platform, current, operation, attempt, startedAt, error, retryAt ? { retryAt } : {}),
          ...(error === undefined && partial.length > 0
            ? {
                outcome: 'error',
                errorKind: 'bad_request',
                errorCode: 'partial_failure',
                errorMessage: partial
                  .map((p) => `${p.productId}/${p.skuId}: ${p.error ?? 'failed'}`)
                  .join('; ')
                  .slice(0, 1000),
              }
            : {}),
        });
        if (isMarketplaceError(error) && error.kind === 'rate_limited' && retryAt) await repo.pushBackCalls(ctx, current.id, retryAt);
        if (isMarketplaceError(error) && error.kind === 'auth_expired')
          await repo.updateConnection(ctx, current.id, { accessTokenExpiresAt: platform.now() });
      });
      if (retryInMs !== null) {
        const left = rows.filter((r) => !done.has(r));
        const message = error instanceof Error ? error.message : String(error);
        await inWorkspace(platform, workspaceId, (ctx) => push.releaseClaim(ctx, connection.id, left, retryAt!, message));
        outcome.retryInMs = retryInMs;
        return outcome;
      }
      // Done for these SKUs: refused for good (bad request, unknown product) or accepted, per SKU.
      for (const sku of productSkus) {
        const own = partial.find((p) => p.skuId === sku.skuId);
        const message =
          error !== undefined ? (error instanceof Error ? error.message : String(error)) : own ? (own.error ?? 'failed') : null;
        if (message) failedOf.set(sku.catalogId, message);
        pending.set(sku.catalogId, (pending.get(sku.catalogId) ?? 1) - 1);
      }
      const settled = rows.filter((r) => !done.has(r) && (pending.get(r.catalogId) ?? 0) <= 0);
      const ok = settled.filter((r) => !failedOf.has(r.catalogId));
      const bad = settled.filter((r) => failedOf.has(r.catalogId));
      await finish(ok, null);
      for (const row of bad) await finish([row], failedOf.get(row.catalogId)!);
      outcome.pushed += ok.length;
      outcome.failed += bad.length;
    }
  }
  return outcome;
}

// ---------------------------------------------------------------------------------------------------------------
// Sweep and reconciliation

/** Wakes every workspace with requests, and every shop with wanted rows (a lost job, a crash after commit). */
export async function sweepPushes(platform: Platform): Promise<void> {
  const db = platform.database.db;
  for (const workspaceId of await push.workspacesWithRequests({ db })) {
    await platform.jobs.send(PUSH_QUEUES.push, { workspaceId } satisfies PushJob);
  }
  for (const { workspaceId, connectionId } of await push.connectionsWithPending({ db })) {
    await platform.jobs.send(PUSH_QUEUES.push, { workspaceId, connectionId } satisfies PushJob);
  }
}

export async function reconcileStockAll(platform: Platform): Promise<void> {
  for (const connection of await repo.connectedConnections(platform.database.db)) {
    await platform.jobs.send(PUSH_QUEUES.reconcile, { workspaceId: connection.workspaceId, connectionId: connection.id });
  }
}

export type StockReconcileResult = { compared: number; drifted: number; error?: string };

/**
 * Reads the shop's products and compares each mapped SKU's stock with what was last pushed (and accepted); a SKU
 * whose number differs is wanted again (reason `reconcile`) and pushed by the usual job. Rows with a newer number
 * waiting are skipped: their push is coming anyway.
 */
export async function reconcileStock(platform: Platform, workspaceId: string, connectionId: string): Promise<StockReconcileResult> {
  const result: StockReconcileResult = { compared: 0, drifted: 0 };
  const connection = await inWorkspace(platform, workspaceId, (ctx) => repo.findConnection(ctx, connectionId));
  if (!connection || connection.status !== 'CONNECTED') return result;
  const mapped = await inWorkspace(platform, workspaceId, (ctx) => push.allMappedSkus(ctx, connectionId));
  if (mapped.length === 0) return result;
  const adapter = adapterFor(platform, connection.marketplace as MarketplaceCode);
  const shopStock = new Map<string, number>();
  try {
    let cursor: string | undefined;
    for (let page = 0; page < 200; page += 1) {
      const current = await usableConnection(platform, workspaceId, connectionId);
      const list = await callMarketplace(platform, current, 'listProducts', 1, undefined, (auth) =>
        adapter.listProducts(auth, { pageSize: 50, ...(cursor ? { cursor } : {}) }),
      );
      for (const product of list.items) for (const sku of product.skus) shopStock.set(`${product.productId}|${sku.skuId}`, sku.stock);
      cursor = list.nextCursor;
      if (!cursor) break;
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    return result;
  }
  await inWorkspace(platform, workspaceId, async (ctx) => {
    const states = new Map(
      (await push.statesFor(ctx, connectionId, 'STOCK', [...new Set(mapped.map((m) => m.catalogId))])).map((s) => [s.catalogId, s]),
    );
    const drifted = new Set<string>();
    for (const sku of mapped) {
      const state = states.get(sku.catalogId);
      const seen = shopStock.get(`${sku.productId}|${sku.skuId}`);
      if (!state || seen === undefined || state.lastValue === null || state.wantedVersion > state.pushedVersion) continue;
      result.compared += 1;
      if (seen !== state.lastValue) drifted.add(sku.catalogId);
    }
    result.drifted = drifted.size;
    await push.bumpWanted(ctx, connectionId, 'STOCK', [...drifted], platform.now(), 'reconcile');
  });
  if (result.drifted > 0) await platform.jobs.send(PUSH_QUEUES.push, { workspaceId, connectionId } satisfies PushJob);
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

const present = (ctx: TenantCtx, row: push.PushStateRow, channel: { name: string; marketplace: string }): ChannelPush => ({
  channel_id: row.connectionId,
  channel_name: channel.name,
  marketplace: channel.marketplace,
  catalog_id: row.catalogId,
  kind: row.kind as PushKind,
  value: row.lastValue,
  explanation: row.lastExplanation ? row.lastExplanation[ctx.locale === 'en' ? 'en' : 'id'] : null,
  pushed_at: row.lastPushedAt?.toISOString() ?? null,
  pending: row.wantedVersion > row.pushedVersion,
  push_count: row.pushCount,
  reason: row.reason,
  error: row.lastError,
});

/** What one shop was last told, newest first (the channel-health screen reads this). */
export async function lastPushes(ctx: TenantCtx, channelId: string, limit = 50): Promise<ChannelPushList> {
  const connection = await connectionOr404(ctx, channelId);
  const rows = await push.statesOf(ctx, channelId, Math.min(Math.max(limit, 1), 200));
  return { items: rows.map((row) => present(ctx, row, connection)) };
}

/** What every shop was last told about one SKU (the product's panel). */
export async function pushesOfCatalog(ctx: TenantCtx, catalogId: string): Promise<ChannelPushList> {
  const rows = await push.statesOfCatalogs(ctx, [catalogId]);
  return { items: rows.map((r) => present(ctx, r.state, { name: r.channelName, marketplace: r.marketplace })) };
}

/** The job handlers of the pushes; registered with the channel workers. */
export async function registerPushWorkers(platform: Platform): Promise<void> {
  const { jobs } = platform;
  await jobs.work<PushJob>(PUSH_QUEUES.push, async (job) => void (await runPushJob(platform, job)));
  await jobs.work<Record<string, never>>(PUSH_QUEUES.sweep, async () => sweepPushes(platform));
  await jobs.work<Record<string, never>>(PUSH_QUEUES.reconcileAll, async () => reconcileStockAll(platform));
  await jobs.work<{ workspaceId: string; connectionId: string }>(PUSH_QUEUES.reconcile, async ({ workspaceId, connectionId }) => {
    await reconcileStock(platform, workspaceId, connectionId);
  });
  await jobs.schedule(PUSH_QUEUES.sweep, PUSH_SWEEP_CRON, {});
  await jobs.schedule(PUSH_QUEUES.reconcileAll, STOCK_RECONCILE_CRON, {});
}
