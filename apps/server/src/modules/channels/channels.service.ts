import { unsupported } from './adapters/unsupported.ts';
import type { Channel, ChannelCall, ChannelCallList, ChannelCallQuery, MarketplaceCode } from '@kelola/contracts/channels';
import type { Ctx, TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { inTenant } from '../../platform/db/database.ts';
import { assertNoRequestTransaction } from '../../platform/db/request-transaction.ts';
import { DomainError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { backoffDelayMs } from './adapters/http-retry.ts';
import type {
  CancelOrderInput,
  MarketplaceOrder,
  MarketplaceAdapter,
  MarketplacePushEvent,
  PriceUpdate,
  PushInput,
  ShipmentInput,
  ShopAuth,
  StockUpdate,
  TokenGrant,
  UpdateOutcome,
} from './adapters/types.ts';
import { isMarketplaceError } from './adapters/types.ts';
import { adapterFor } from './channels.adapters.ts';
import * as repo from './channels.repository.ts';
import type { ConnectionRow, ScopedCtx } from './channels.repository.ts';
import * as shopRepo from './channel-shops.repository.ts';

export const QUEUES = {
  call: 'channels-call',
  reconcile: 'channels-reconcile',
  reconcileAll: 'channels-reconcile-all',
  processEvent: 'channels-process-event',
} as const;

/**
 * Per-shop pace of outbound calls. Only TikTok publishes a number (50 QPS per API and shop) and Blibli per-API
 * quotas (25/min/store for product writes); the others are conservative guesses (research §0, §1.6, §3.6).
 */
export const CALL_INTERVAL_MS: Record<MarketplaceCode, number> = {
  shopee: 100,
  tiktok: 50,
  lazada: 200,
  blibli: 2_400,
  zalora: 1_000,
};

/** Attempts of one outbound call before it is given up (each one recorded). */
export const MAX_CALL_ATTEMPTS = 6;
const BACKOFF = { baseDelayMs: 2_000, maxDelayMs: 10 * 60_000 };
/** A wait for the shop's next slot shorter than this is slept through; a longer one reschedules the job. */
const MAX_INLINE_WAIT_MS = 1_000;
/** Refresh an access token this long before it expires. */
const REFRESH_AHEAD_MS = 5 * 60_000;
/** Reconciliation starts this far back on a new connection, re-reads this much before its last window, and reads at most this much per window. */
const RECONCILE_FIRST_LOOKBACK_MS = 24 * 3_600_000;
const RECONCILE_OVERLAP_MS = 10 * 60_000;
const RECONCILE_MAX_WINDOW_MS = 7 * 24 * 3_600_000;

// ---------------------------------------------------------------------------------------------------------------
// Connections

export const toChannel = (row: ConnectionRow): Channel => ({
  id: row.id,
  marketplace: row.marketplace as MarketplaceCode,
  shop_id: row.shopId,
  name: row.name,
  region: row.region,
  status: row.status as Channel['status'],
  business_id: row.businessId,
  access_token_expires_at: row.accessTokenExpiresAt?.toISOString() ?? null,
  reconciled_until: row.reconciledUntil?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** Without the secrets, for the audit log. */
const auditable = (row: ConnectionRow) => {
  const { accessToken: _a, refreshToken: _r, signatureKey: _s, nextCallAt: _n, ...rest } = row;
  return rest;
};

export type ConnectInput = {
  marketplace: MarketplaceCode;
  shopId: string;
  name: string;
  region?: string | undefined;
  businessId?: string | undefined;
  /** OAuth marketplaces: the grant of `exchangeCode`. Blibli/Zalora: the keys typed in, as a grant without expiry. */
  grant: Pick<TokenGrant, 'accessToken' | 'refreshToken'> &
    Partial<Pick<TokenGrant, 'accessTokenExpiresAt' | 'refreshTokenExpiresAt' | 'mainAccountId'>>;
  shopCipher?: string | undefined;
  username?: string | undefined;
  signatureKey?: string | undefined;
};

/** Saves a connected shop (or reconnects it with new tokens); the OAuth return pages and the demo seed call this. */
export async function connectChannel(ctx: TenantCtx, input: ConnectInput): Promise<Channel> {
  const before = (await repo.listConnections(ctx)).find((row) => row.marketplace === input.marketplace && row.shopId === input.shopId);
  const row = await repo.upsertConnection(ctx, {
    marketplace: input.marketplace,
    shopId: input.shopId,
    name: input.name,
    region: input.region ?? null,
    businessId: input.businessId ?? null,
    status: 'CONNECTED',
    shopCipher: input.shopCipher ?? null,
    mainAccountId: input.grant.mainAccountId ?? null,
    username: input.username ?? null,
    signatureKey: input.signatureKey ?? null,
    accessToken: input.grant.accessToken,
    refreshToken: input.grant.refreshToken || null,
    accessTokenExpiresAt: input.grant.accessTokenExpiresAt ? new Date(input.grant.accessTokenExpiresAt) : null,
    refreshTokenExpiresAt: input.grant.refreshTokenExpiresAt ? new Date(input.grant.refreshTokenExpiresAt) : null,
  });
  await recordAudit(ctx, {
    entity: 'channel',
    entityId: row.id,
    action: before ? 'update' : 'create',
    before: before ? auditable(before) : null,
    after: auditable(row),
  });
  return toChannel(row);
}

export async function listChannels(ctx: TenantCtx): Promise<{ items: Channel[] }> {
  return { items: (await repo.listConnections(ctx)).map(toChannel) };
}

export async function connectionOr404(ctx: ScopedCtx, id: string): Promise<ConnectionRow> {
  const row = await repo.findConnection(ctx, id);
  if (!row) throw new DomainError('CHANNEL_NOT_FOUND');
  return row;
}

export async function getChannel(ctx: TenantCtx, id: string): Promise<Channel> {
  return toChannel(await connectionOr404(ctx, id));
}

const toCall = (row: repo.CallRow): ChannelCall => ({
  id: row.id,
  channel_id: row.connectionId,
  operation: row.operation,
  outcome: row.outcome as ChannelCall['outcome'],
  attempt: row.attempt,
  request_id: row.requestId,
  http_status: row.httpStatus,
  error_kind: row.errorKind as ChannelCall['error_kind'],
  error_code: row.errorCode,
  error_message: row.errorMessage,
  duration_ms: row.durationMs,
  retry_at: row.retryAt?.toISOString() ?? null,
  at: row.at.toISOString(),
});

/** The call log of one channel, newest first, keyset-paged. */
export async function listChannelCalls(ctx: TenantCtx, id: string, query: ChannelCallQuery): Promise<ChannelCallList> {
  await connectionOr404(ctx, id);
  const rows = await repo.listCalls(ctx, id, query);
  return { items: rows.map(toCall), next_before: rows.length === query.limit ? (rows.at(-1)?.id ?? null) : null };
}

export const shopAuth = (row: ConnectionRow): ShopAuth => ({
  shopId: row.shopId,
  accessToken: row.accessToken,
  ...(row.shopCipher ? { shopCipher: row.shopCipher } : {}),
  ...(row.username ? { username: row.username } : {}),
  ...(row.signatureKey ? { signatureKey: row.signatureKey } : {}),
});

// ---------------------------------------------------------------------------------------------------------------
// Inbound: pushes, lost pushes, reconciliation

/**
 * Something the next modules (orders, products) do with an inbox event; must be idempotent. A module provides its
 * handlers as `provides.channelEvents` in its index.ts; they run in the event job, after the event is stored.
 */
export type ChannelEventHandler = (platform: Platform, event: repo.InboxRow) => Promise<void>;

type Source = 'push' | 'lost_push' | 'reconcile';

async function storeEvent(
  ctx: ScopedCtx & { platform: Platform; afterCommit: Ctx['afterCommit'] },
  connection: ConnectionRow,
  event: MarketplacePushEvent,
  source: Source,
  payload: unknown,
): Promise<boolean> {
  const id = await repo.insertInboxEvent(
    ctx,
    {
      connectionId: connection.id,
      marketplace: connection.marketplace,
      eventId: event.eventId,
      source,
      type: event.type,
      orderId: event.orderId ?? null,
      rawStatus: event.rawStatus ?? null,
      status: event.status ?? null,
      payload: payload as object,
      occurredAt: new Date(event.occurredAt),
    },
    ctx.platform.now(),
  );
  if (id === undefined) return false;
  const { platform } = ctx;
  const workspaceId = ctx.workspaceId;
  ctx.afterCommit(async () => {
    await platform.jobs.send(QUEUES.processEvent, { workspaceId, inboxId: id });
  });
  return true;
}

const payloadOf = (rawBody: string): unknown => {
  try {
    return JSON.parse(rawBody);
  } catch {
    return { raw: rawBody };
  }
};

/**
 * A marketplace push: checked with the marketplace's own signature, stored once per workspace that connected the
 * shop, acknowledged at once (Lazada wants an answer within 500 ms; the work happens in the event job).
 * Replays and pushes for shops nobody connected are acknowledged too, so the marketplace stops retrying.
 */
export async function receivePush(ctx: Ctx, marketplace: MarketplaceCode, push: PushInput): Promise<void> {
  const adapter = adapterFor(ctx.platform, marketplace);
  if (!adapter.verifyPush(push)) throw new DomainError('CHANNEL_PUSH_SIGNATURE_INVALID');
  const event = adapter.parsePush(push.rawBody);
  if (!event) return;
  const connections = await repo.connectionsOfShop(ctx.db, marketplace, [event.shopId]);
  for (const connection of connections) {
    await storeEvent({ ...ctx, workspaceId: connection.workspaceId }, connection, event, 'push', payloadOf(push.rawBody));
  }
}

/**
 * A job's own transaction inside one workspace (row-level security applies), with after-commit work. Refused inside
 * a request's transaction (ADR 0050): every job helper of this module that opens one goes through here.
 */
export async function inWorkspace<T>(
  platform: Platform,
  workspaceId: string,
  fn: (ctx: ScopedCtx & { platform: Platform; afterCommit: Ctx['afterCommit'] }) => Promise<T>,
): Promise<T> {
  assertNoRequestTransaction('inWorkspace (a job helper of the channels module)');
  const pending: (() => Promise<void>)[] = [];
  const result = await inTenant(platform.database.db, workspaceId, (db) =>
    fn({ db, workspaceId, platform, afterCommit: (task) => pending.push(task) }),
  );
  for (const task of pending) await task();
  return result;
}

/** Shopee keeps the pushes it could not deliver; each is stored like the push it replaces, then confirmed. */
export async function recoverLostPushes(platform: Platform, marketplace: MarketplaceCode): Promise<number> {
  const adapter = adapterFor(platform, marketplace);
  if (!adapter.fetchLostPushes || !adapter.confirmLostPushes) return 0;
  let stored = 0;
  for (let page = 0; page < 50; page += 1) {
    const lost = await adapter.fetchLostPushes();
    if (lost.events.length === 0) break;
    const shops = [...new Set(lost.events.map((event) => event.shopId))];
    const connections = await repo.connectionsOfShop(platform.database.db, marketplace, shops);
    for (const event of lost.events) {
      for (const connection of connections.filter((row) => row.shopId === event.shopId)) {
        const isNew = await inWorkspace(platform, connection.workspaceId, (ctx) => storeEvent(ctx, connection, event, 'lost_push', event));
        if (isNew) stored += 1;
      }
    }
    // Confirm only after storing: a crash in between re-reads the page, and the inbox drops the duplicates.
    await adapter.confirmLostPushes(lost.lastMessageId);
    if (!lost.hasMore) break;
  }
  return stored;
}

export type ReconcileResult = { windows: { from: Date; to: Date }[]; ordersSeen: number; eventsRecovered: number; error?: string };

/**
 * Compares the marketplace's orders changed in [last window end − overlap, now) with the inbox and stores an event
 * for every order status the inbox has not heard of: what a lost push would have said. Each window is recorded;
 * `reconciled_until` moves only past windows that succeeded.
 */
export async function reconcileConnection(platform: Platform, workspaceId: string, connectionId: string): Promise<ReconcileResult> {
  const result: ReconcileResult = { windows: [], ordersSeen: 0, eventsRecovered: 0 };
  const connection = await inWorkspace(platform, workspaceId, (ctx) => repo.findConnection(ctx, connectionId));
  if (!connection || connection.status !== 'CONNECTED') return result;
  const marketplace = connection.marketplace as MarketplaceCode;
  const adapter = adapterFor(platform, marketplace);
  const end = platform.now().getTime();
  let from = connection.reconciledUntil ? connection.reconciledUntil.getTime() - RECONCILE_OVERLAP_MS : end - RECONCILE_FIRST_LOOKBACK_MS;
  while (from < end) {
    const to = Math.min(end, from + RECONCILE_MAX_WINDOW_MS);
    const startedAt = platform.now();
    let ordersSeen = 0;
    let eventsRecovered = 0;
    let error: string | undefined;
    try {
      let cursor: string | undefined;
      do {
        const current = await usableConnection(platform, workspaceId, connectionId);
        const page = await callMarketplace(platform, current, 'listOrders', 1, undefined, (auth) =>
          adapter.listOrders(auth, { timeField: 'update', from, to, pageSize: 100, ...(cursor ? { cursor } : {}) }),
        );
        ordersSeen += page.items.length;
        eventsRecovered += await inWorkspace(platform, workspaceId, async (ctx) => {
          const known = await repo.knownOrderStatuses(
            ctx,
            connectionId,
            page.items.map((order) => order.orderId),
          );
          let stored = 0;
          for (const order of page.items) {
            if (known.has(`${order.orderId}|${order.rawStatus}`)) continue;
            const event: MarketplacePushEvent = {
              eventId: `reconcile:${connection.shopId}:${order.orderId}:${order.rawStatus}`,
              shopId: connection.shopId,
              type: 'order_status',
              orderId: order.orderId,
              rawStatus: order.rawStatus,
              status: order.status,
              occurredAt: platform.now().getTime(),
            };
            if (await storeEvent(ctx, current, event, 'reconcile', order)) stored += 1;
          }
          return stored;
        });
        cursor = page.nextCursor;
      } while (cursor);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    await inWorkspace(platform, workspaceId, async (ctx) => {
      await repo.insertReconciliation(
        ctx,
        {
          connectionId,
          windowFrom: new Date(from),
          windowTo: new Date(to),
          ordersSeen,
          eventsRecovered,
          outcome: error ? 'error' : 'ok',
          error: error ?? null,
          startedAt,
        },
        platform.now(),
      );
      if (!error) await repo.updateConnection(ctx, connectionId, { reconciledUntil: new Date(to) });
    });
    result.ordersSeen += ordersSeen;
    result.eventsRecovered += eventsRecovered;
    if (error) {
      result.error = error;
      break;
    }
    result.windows.push({ from: new Date(from), to: new Date(to) });
    from = to;
  }
  return result;
}

/** The scheduled sweep: lost pushes first (cheap, exact), then a reconciliation job per connected shop. */
export async function reconcileAll(platform: Platform): Promise<void> {
  for (const marketplace of ['shopee', 'tiktok', 'lazada', 'blibli', 'zalora'] as const) {
    await recoverLostPushes(platform, marketplace).catch(() => 0);
  }
  const connections = await repo.connectedConnections(platform.database.db);
  for (const connection of connections) {
    await platform.jobs.send(
      QUEUES.reconcile,
      { workspaceId: connection.workspaceId, connectionId: connection.id },
      { singletonKey: `reconcile:${connection.id}` },
    );
  }
}

/** Runs the subscribers of one stored event and marks it processed; a second run of a processed event does nothing. */
export async function processEvent(platform: Platform, workspaceId: string, inboxId: string): Promise<void> {
  const event = await inWorkspace(platform, workspaceId, (ctx) => repo.findInboxEvent(ctx, inboxId));
  if (!event || event.processedAt) return;
  for (const handler of platform.ports.channelEvents) await handler(platform, event);
  await inWorkspace(platform, workspaceId, (ctx) => repo.markProcessed(ctx, inboxId, platform.now()));
}

/**
 * For a subscriber that imports a connection's order events in batches (the order import, ADR 0045): the oldest
 * pending ones, read outside any transaction (the subscriber fetches their orders before it opens one).
 */
export const pendingOrderEvents = (platform: Platform, workspaceId: string, connectionId: string, limit: number) =>
  inWorkspace(platform, workspaceId, (ctx) => repo.pendingOrderEvents(ctx, connectionId, limit));

/**
 * In the subscriber's transaction: locks its own event (waiting for another batch holding it) and those of `others`
 * nobody holds; answers the ones still unprocessed. `markEventsProcessed` then marks them in the same transaction,
 * so the events a batch imported are done when it commits and their own jobs find them processed.
 */
export const lockPendingEvents = (ctx: ScopedCtx, own: string, others: readonly string[]) => repo.lockPendingEvents(ctx, own, others);
export const markEventsProcessed = (ctx: ScopedCtx, ids: readonly string[], at: Date) => repo.markManyProcessed(ctx, ids, at);

// ---------------------------------------------------------------------------------------------------------------
// Outbound: calls as jobs, paced per shop, backed off, every attempt recorded

const OPERATIONS = {
  getShopInfo: (adapter: MarketplaceAdapter, auth: ShopAuth, _input: Record<string, never>) => adapter.getShopInfo(auth),
  updateStock: (adapter: MarketplaceAdapter, auth: ShopAuth, input: { updates: StockUpdate[] }) => adapter.updateStock(auth, input.updates),
  updatePrice: (adapter: MarketplaceAdapter, auth: ShopAuth, input: { updates: PriceUpdate[] }) => adapter.updatePrice(auth, input.updates),
  acceptOrder: (adapter: MarketplaceAdapter, auth: ShopAuth, input: { orderId: string }) => adapter.acceptOrder(auth, input.orderId),
  cancelOrder: (adapter: MarketplaceAdapter, auth: ShopAuth, input: CancelOrderInput) => adapter.cancelOrder(auth, input),
  answerCancelRequest: (adapter: MarketplaceAdapter, auth: ShopAuth, input: { orderId: string; accept: boolean }) =>
    adapter.answerCancelRequest
      ? adapter.answerCancelRequest(auth, input)
      : unsupported(adapter.marketplace, "answering a buyer's cancel request")(),
  arrangeShipment: (adapter: MarketplaceAdapter, auth: ShopAuth, input: ShipmentInput) => adapter.arrangeShipment(auth, input),
} as const;

export type ChannelOperation = keyof typeof OPERATIONS;
export type ChannelOperationInput<O extends ChannelOperation> = Parameters<(typeof OPERATIONS)[O]>[2];

export type ChannelCallJob = {
  workspaceId: string;
  connectionId: string;
  operation: ChannelOperation;
  input: unknown;
  attempt: number;
  /** What the call is for (an order's accept or cancel), handed to the `channelCallSettled` port's handlers. */
  ref?: ChannelCallRef;
};

/** The record a call acts for, e.g. `{ kind: 'order', id }`. */
export type ChannelCallRef = { kind: string; id: string };
/** Runs once a referenced call has its final outcome: done, or failed for good (not when it is retried). */
export type ChannelCallSettledHandler = (
  platform: Platform,
  settled: {
    workspaceId: string;
    connectionId: string;
    operation: ChannelOperation;
    ref: ChannelCallRef;
    ok: boolean;
    error: string | null;
    /** What the marketplace answered on success (e.g. arrangeShipment's tracking number). */
    value?: unknown;
  },
) => Promise<void>;
/**
 * Queues a call to the shop's marketplace, sent after the caller's transaction commits (ARCHITECTURE §4).
 * The call log (GET /api/channels/:id/calls) shows each attempt.
 */
export async function enqueueChannelCall<O extends ChannelOperation>(
  ctx: TenantCtx,
  connectionId: string,
  operation: O,
  input: ChannelOperationInput<O>,
  ref?: ChannelCallRef,
): Promise<void> {
  const connection = await connectionOr404(ctx, connectionId);
  if (connection.status !== 'CONNECTED') throw new DomainError('CHANNEL_NOT_CONNECTED');
  const job: ChannelCallJob = { workspaceId: ctx.workspaceId, connectionId, operation, input, attempt: 1, ...(ref ? { ref } : {}) };
  ctx.afterCommit(async () => {
    await ctx.platform.jobs.send(QUEUES.call, job);
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the shop's next slot; false when the wait is long enough to hand the job back to the queue. */
export async function takeSlot(
  platform: Platform,
  connection: ConnectionRow,
  maxWaitMs: number,
): Promise<{ ok: true } | { ok: false; waitMs: number }> {
  const now = platform.now();
  const interval = CALL_INTERVAL_MS[connection.marketplace as MarketplaceCode] ?? 1_000;
  const slot = await inWorkspace(platform, connection.workspaceId, (ctx) => repo.reserveCallSlot(ctx, connection.id, now, interval));
  const waitMs = slot ? slot.getTime() - now.getTime() : 0;
  if (waitMs > maxWaitMs) return { ok: false, waitMs };
  if (waitMs > 0) await sleep(waitMs);
  return { ok: true };
}

/** An access token due for refresh: it expires within five minutes (or the refresh is forced). */
export const tokenDue = (platform: Platform, row: ConnectionRow, force = false): boolean =>
  Boolean(row.refreshToken) &&
  (force || (row.accessTokenExpiresAt !== null && row.accessTokenExpiresAt.getTime() - REFRESH_AHEAD_MS <= platform.now().getTime()));

/** A new access token from the marketplace, as the values to save at once (Shopee refresh tokens are single-use). */
export async function refreshedTokens(platform: Platform, row: ConnectionRow) {
  const grant = await adapterFor(platform, row.marketplace as MarketplaceCode).refreshAccessToken({
    refreshToken: row.refreshToken ?? '',
    ...(row.mainAccountId ? { mainAccountId: row.mainAccountId } : { shopId: row.shopId }),
  });
  return {
    accessToken: grant.accessToken,
    refreshToken: grant.refreshToken || row.refreshToken,
    accessTokenExpiresAt: new Date(grant.accessTokenExpiresAt),
    ...(grant.refreshTokenExpiresAt ? { refreshTokenExpiresAt: new Date(grant.refreshTokenExpiresAt) } : {}),
  };
}

/**
 * The connection with a usable access token: refreshed (and saved at once, Shopee refresh tokens being single-use)
 * when it expires within five minutes. The row lock makes concurrent workers refresh once. Jobs only: it opens
 * transactions of its own (a request uses `callNow`, which refreshes in the request's transaction).
 */
export async function usableConnection(
  platform: Platform,
  workspaceId: string,
  connectionId: string,
  force = false,
): Promise<ConnectionRow> {
  const row = await inWorkspace(platform, workspaceId, (ctx) => repo.findConnection(ctx, connectionId));
  if (!row) throw new DomainError('CHANNEL_NOT_FOUND');
  if (!tokenDue(platform, row, force)) return row;
  // A refused refresh is recorded and committed before it is thrown: the transaction must not roll it back.
  const outcome = await inWorkspace(platform, workspaceId, async (ctx): Promise<{ row: ConnectionRow } | { error: unknown }> => {
    const locked = await repo.findConnectionForUpdate(ctx, connectionId);
    if (!locked || (!tokenDue(platform, locked) && !force) || locked.accessToken !== row.accessToken) return { row: locked ?? row };
    const started = Date.now();
    try {
      const values = await refreshedTokens(platform, locked);
      await repo.updateConnection(ctx, connectionId, values);
      await repo.insertCall(ctx, callRecord(platform, locked, 'refreshAccessToken', 1, started, undefined));
      return { row: { ...locked, ...values } };
    } catch (error) {
      await repo.insertCall(ctx, callRecord(platform, locked, 'refreshAccessToken', 1, started, error));
      // A refused refresh token means the seller must authorize again: the shop is disconnected until then.
      if (isMarketplaceError(error) && (error.kind === 'auth_expired' || error.kind === 'invalid_code')) {
        await repo.updateConnection(ctx, connectionId, { status: 'DISCONNECTED' });
        // The health banner says why; nothing retries a revoked shop until the seller authorizes again.
        await shopRepo.upsertSettings(ctx, connectionId, {
          statusReason: 'REVOKED',
          statusMessage: error.message.slice(0, 1000),
          statusChangedAt: platform.now(),
        });
      }
      return { error };
    }
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.row;
}

export function callRecord(
  platform: Platform,
  connection: ConnectionRow,
  operation: string,
  attempt: number,
  startedMs: number,
  error: unknown,
  extra: { retryAt?: Date; jobId?: string; requestId?: string } = {},
): repo.NewCall {
  const base = {
    connectionId: connection.id,
    operation,
    attempt,
    durationMs: Math.max(0, Date.now() - startedMs),
    at: platform.now(),
    retryAt: extra.retryAt ?? null,
    jobId: extra.jobId ?? null,
  };
  if (error === undefined) return { ...base, outcome: 'ok', requestId: extra.requestId ?? null };
  if (isMarketplaceError(error)) {
    return {
      ...base,
      outcome: 'error',
      requestId: error.requestId || null,
      httpStatus: error.httpStatus ?? null,
      errorKind: error.kind,
      errorCode: error.code,
      errorMessage: error.message.slice(0, 1000),
    };
  }
  return {
    ...base,
    outcome: 'error',
    errorKind: 'upstream',
    errorCode: error instanceof DomainError ? error.code : 'internal',
    errorMessage: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
  };
}

/** One paced, recorded call for work that is itself a job (reconciliation): no rescheduling, errors thrown. */
export async function callMarketplace<T>(
  platform: Platform,
  connection: ConnectionRow,
  operation: string,
  attempt: number,
  jobId: string | undefined,
  fn: (auth: ShopAuth) => Promise<T>,
): Promise<T> {
  await takeSlot(platform, connection, 30_000);
  const started = Date.now();
  try {
    const value = await fn(shopAuth(connection));
    await inWorkspace(platform, connection.workspaceId, (ctx) =>
      repo.insertCall(ctx, callRecord(platform, connection, operation, attempt, started, undefined, jobId ? { jobId } : {})),
    );
    return value;
  } catch (error) {
    await inWorkspace(platform, connection.workspaceId, (ctx) =>
      repo.insertCall(ctx, callRecord(platform, connection, operation, attempt, started, error, jobId ? { jobId } : {})),
    );
    throw error;
  }
}

export type CallOutcome =
  | { status: 'done'; value: unknown }
  | { status: 'deferred'; waitMs: number }
  | { status: 'retry'; delayMs: number }
  | { status: 'failed'; error: string };

const partialFailure = (value: unknown): string | undefined => {
  if (!Array.isArray(value)) return undefined;
  const failed = (value as UpdateOutcome[]).filter((outcome) => outcome && outcome.ok === false);
  return failed.length > 0
    ? failed.map((outcome) => `${outcome.productId}/${outcome.skuId}: ${outcome.error ?? 'failed'}`).join('; ')
    : undefined;
};

/**
 * Runs one attempt of a queued call: waits for the shop's slot (or hands the job back when the wait is long),
 * refreshes the token when due, calls, records the outcome, and queues the next attempt with backoff when the
 * marketplace was rate-limiting or overloaded. An expired token gets one refresh and an immediate retry.
 */
export async function runChannelCall(platform: Platform, job: ChannelCallJob, meta: { id: string }): Promise<CallOutcome> {
  const outcome = await runChannelCallOnce(platform, job, meta);
  if (outcome.status === 'failed' && outcome.error !== 'CHANNEL_NOT_FOUND') {
    // Kept with its input for the retry button of channel health.
    await inWorkspace(platform, job.workspaceId, (ctx) =>
      shopRepo.insertFailedCall(ctx, {
        connectionId: job.connectionId,
        operation: job.operation,
        input: job.input,
        ref: job.ref ?? null,
        attempts: job.attempt,
        errorCode: outcome.error === 'CHANNEL_NOT_CONNECTED' ? 'CHANNEL_NOT_CONNECTED' : null,
        errorMessage: outcome.error.slice(0, 1000),
        failedAt: platform.now(),
      }),
    );
  }
  const { ref } = job;
  if (ref && (outcome.status === 'done' || outcome.status === 'failed')) {
    const settled = {
      workspaceId: job.workspaceId,
      connectionId: job.connectionId,
      operation: job.operation,
      ref,
      ok: outcome.status === 'done',
      error: outcome.status === 'failed' ? outcome.error : null,
      value: outcome.status === 'done' ? outcome.value : undefined,
    };
    for (const handler of platform.ports.channelCallSettled) await handler(platform, settled);
  }
  return outcome;
}

async function runChannelCallOnce(platform: Platform, job: ChannelCallJob, meta: { id: string }): Promise<CallOutcome> {
  const operation = OPERATIONS[job.operation] as (adapter: MarketplaceAdapter, auth: ShopAuth, input: unknown) => Promise<unknown>;
  let connection = await inWorkspace(platform, job.workspaceId, (ctx) => repo.findConnection(ctx, job.connectionId));
  if (!connection || !operation) return { status: 'failed', error: 'CHANNEL_NOT_FOUND' };
  if (connection.status !== 'CONNECTED') {
    const row = connection;
    await inWorkspace(platform, job.workspaceId, (ctx) =>
      repo.insertCall(ctx, {
        ...callRecord(platform, row, job.operation, job.attempt, Date.now(), new DomainError('CHANNEL_NOT_CONNECTED'), { jobId: meta.id }),
        errorKind: null,
      }),
    );
    return { status: 'failed', error: 'CHANNEL_NOT_CONNECTED' };
  }

  const slot = await takeSlot(platform, connection, MAX_INLINE_WAIT_MS);
  if (!slot.ok) {
    await platform.jobs.send(QUEUES.call, job, { startAfterSeconds: Math.ceil(slot.waitMs / 1000) });
    return { status: 'deferred', waitMs: slot.waitMs };
  }

  const adapter = adapterFor(platform, connection.marketplace as MarketplaceCode);
  const started = Date.now();
  let error: unknown;
  let value: unknown;
  try {
    connection = await usableConnection(platform, job.workspaceId, job.connectionId);
    value = await operation(adapter, shopAuth(connection), job.input);
  } catch (caught) {
    error = caught;
  }
  const current = connection;
  const partial = error === undefined ? partialFailure(value) : undefined;

  if (error === undefined) {
    await inWorkspace(platform, job.workspaceId, (ctx) =>
      repo.insertCall(ctx, {
        ...callRecord(platform, current, job.operation, job.attempt, started, undefined, { jobId: meta.id }),
        ...(partial
          ? { outcome: 'error', errorKind: 'bad_request', errorCode: 'partial_failure', errorMessage: partial.slice(0, 1000) }
          : {}),
      }),
    );
    return partial ? { status: 'failed', error: partial } : { status: 'done', value };
  }

  const retryable =
    isMarketplaceError(error) &&
    (error.kind === 'rate_limited' || error.kind === 'auth_expired' || (error.kind === 'upstream' && (error.httpStatus ?? 500) >= 500));
  const canRetry = retryable && job.attempt < MAX_CALL_ATTEMPTS;
  let delayMs = 0;
  if (canRetry && isMarketplaceError(error)) {
    delayMs = error.kind === 'auth_expired' ? 0 : (error.retryAfterMs ?? backoffDelayMs(job.attempt, BACKOFF));
  }
  const retryAt = canRetry ? new Date(platform.now().getTime() + delayMs) : undefined;
  await inWorkspace(platform, job.workspaceId, async (ctx) => {
    await repo.insertCall(
      ctx,
      callRecord(platform, current, job.operation, job.attempt, started, error, { jobId: meta.id, ...(retryAt ? { retryAt } : {}) }),
    );
    if (isMarketplaceError(error) && error.kind === 'rate_limited' && retryAt) await repo.pushBackCalls(ctx, current.id, retryAt);
    // Whatever the token's expiry says, the marketplace refused it: the next attempt refreshes first.
    if (isMarketplaceError(error) && error.kind === 'auth_expired')
      await repo.updateConnection(ctx, current.id, { accessTokenExpiresAt: platform.now() });
  });
  if (!canRetry) return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  await platform.jobs.send(
    QUEUES.call,
    { ...job, attempt: job.attempt + 1 },
    delayMs > 0 ? { startAfterSeconds: Math.ceil(delayMs / 1000) } : {},
  );
  return { status: 'retry', delayMs };
}

/**
 * One paced, recorded call with a usable token, for a job or other work outside any request: it opens transactions
 * of its own (the slot, the refresh, the record), so it throws inside a request's transaction, where `callNow` with the
 * request's ctx is the way (ADR 0050).
 */
export async function callShopFromJob<T>(
  platform: Platform,
  workspaceId: string,
  connectionId: string,
  operation: string,
  fn: (adapter: MarketplaceAdapter, auth: ShopAuth) => Promise<T>,
): Promise<T> {
  assertNoRequestTransaction('callShopFromJob');
  const connection = await usableConnection(platform, workspaceId, connectionId);
  const adapter = adapterFor(platform, connection.marketplace as MarketplaceCode);
  return callMarketplace(platform, connection, operation, 1, undefined, (auth) => fn(adapter, auth));
}

// ---------------------------------------------------------------------------------------------------------------
// Reads for other modules' jobs (the order import): paced and recorded like every call. Reads a user waits for
// (cancellation reasons, pickup slots, a label) are in call-now.ts.

/** The marketplace's orders by id (at most 50 a call), for the order import job. */
export async function fetchMarketplaceOrders(
  platform: Platform,
  workspaceId: string,
  connectionId: string,
  orderIds: string[],
): Promise<{ marketplace: MarketplaceCode; orders: MarketplaceOrder[] }> {
  const connection = await usableConnection(platform, workspaceId, connectionId);
  const marketplace = connection.marketplace as MarketplaceCode;
  const adapter = adapterFor(platform, marketplace);
  const orders: MarketplaceOrder[] = [];
  for (let i = 0; i < orderIds.length; i += 50) {
    const ids = orderIds.slice(i, i + 50);
    orders.push(...(await callMarketplace(platform, connection, 'getOrders', 1, undefined, (auth) => adapter.getOrders(auth, ids))));
  }
  return { marketplace, orders };
}
