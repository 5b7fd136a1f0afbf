import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TenantCtx } from '../../src/http/context.ts';
import {
  approveConsent,
  startPushCatcher,
  startSandbox,
  type RunningSandbox,
} from '../../src/modules/channels/adapters/sandbox-harness.testing.ts';
import { adapterFor, channelsModule, connectChannel, enqueueChannelCall } from '../../src/modules/channels/index.ts';
import * as repo from '../../src/modules/channels/channels.repository.ts';
import { MAX_CALL_ATTEMPTS, QUEUES } from '../../src/modules/channels/channels.service.ts';
import { inTenant } from '../../src/platform/db/database.ts';
import type { JobHandler, Jobs } from '../../src/platform/jobs/jobs.ts';
import { systemCtx, tenantCtxFor } from '../../src/platform/system-ctx.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError } from '../workspaces/helpers.ts';

const SHOP = '60001001';
let app: TestApp;
let sandbox: RunningSandbox;
let catcher: Awaited<ReturnType<typeof startPushCatcher>>;
let call: ReturnType<typeof caller>;

type Queued = { queue: string; data: object; startAfterSeconds?: number };

/**
 * pg-boss stand-in: records what the code sends and runs it on `drain()`. A job sent to start later moves the
 * sandbox clock (which is also the server's clock here) forward first, as waiting would.
 */
function fakeJobs() {
  const queued: Queued[] = [];
  const handlers = new Map<string, JobHandler<object>>();
  let ids = 0;
  const jobs: Jobs = {
    send: async (queue, data, options = {}) => {
      queued.push({ queue, data, ...(options.startAfterSeconds ? { startAfterSeconds: options.startAfterSeconds } : {}) });
      return String(++ids);
    },
    work: async (queue, handler) => void handlers.set(queue, handler as JobHandler<object>),
    schedule: async () => undefined,
    start: async () => undefined,
    stop: async () => undefined,
  };
  return {
    jobs,
    queued,
    /** Runs queued jobs (and the jobs they queue) until none is left; returns what ran. */
    drain: async (limit = 50): Promise<Queued[]> => {
      const ran: Queued[] = [];
      while (queued.length > 0) {
        if (ran.length >= limit) throw new Error(`more than ${limit} jobs: ${JSON.stringify(queued.slice(0, 3))}`);
        const next = queued.shift()!;
        if (next.startAfterSeconds) await sandbox.advance(next.startAfterSeconds * 1000);
        await handlers.get(next.queue)!(next.data, { id: String(++ids), retryCount: 0 });
        ran.push(next);
      }
      return ran;
    },
  };
}

let fake: ReturnType<typeof fakeJobs>;
const handled: string[] = [];

beforeAll(async () => {
  catcher = await startPushCatcher();
  // The sandbox pushes to the catcher at the path Kelola serves; tests replay what it caught into the app.
  sandbox = await startSandbox('channels', `${catcher.origin}/api/channels/push`);
  app = await buildTestApp({ PUBLIC_URL: catcher.origin, MARKETPLACE_SANDBOX_URL: sandbox.origin });
  app.platform.now = () => new Date(sandbox.clock.now());
  fake = fakeJobs();
  app.platform.jobs = fake.jobs;
  // A module that handles marketplace events provides them as a port; this one records what ran.
  app.platform.ports = { ...app.platform.ports, channelEvents: [async (_platform, event) => void handled.push(event.eventId)] };
  await channelsModule.workers!(app.platform);
  call = caller(app);
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  await catcher?.close();
});
beforeEach(() => {
  fake.queued.length = 0;
  catcher.answerWith(200);
});

/** Runs fn as the workspace owner in a tenant transaction, then the after-commit work (job sends). */
async function asOwner<T>(owner: Actor, fn: (ctx: TenantCtx) => Promise<T>): Promise<T> {
  const pending: (() => Promise<void>)[] = [];
  const result = await inTenant(app.platform.database.db, owner.workspaceId, (db) =>
    fn({ ...tenantCtxFor(systemCtx(app.platform, db), owner.workspaceId, owner.userId), afterCommit: (task) => void pending.push(task) }),
  );
  for (const task of pending) await task();
  return result;
}

/** Authorizes the sandbox's Shopee shop through its consent page and saves the connection. */
async function connectShopee(owner: Actor) {
  const adapter = adapterFor(app.platform, 'shopee');
  const back = await approveConsent(
    adapter.authorizationUrl({ redirectUrl: 'http://kelola.test/integration/shopee', state: 's' }),
    `shop:${SHOP}`,
  );
  const grant = await adapter.exchangeCode({ code: back.searchParams.get('code') ?? '', shopId: SHOP });
  const channel = await asOwner(owner, (ctx) =>
    connectChannel(ctx, { marketplace: 'shopee', shopId: SHOP, name: 'Toko Kelola Sandbox', region: 'ID', grant }),
  );
  return { channel, grant };
}

const inbox = (owner: Actor, channelId: string) => asOwner(owner, (ctx) => repo.listInbox(ctx, channelId));

async function newOrder(status = 'READY_TO_SHIP'): Promise<string> {
  const generated = await sandbox.admin('/orders/generate', { marketplace: 'shopee', shopId: SHOP, status });
  await sandbox.admin('/pushes/flush', {});
  return (generated.orders as { orderId: string }[])[0]?.orderId ?? '';
}

const pushOf = (orderId: string) => {
  const push = catcher.pushes.find((caught) => caught.rawBody.includes(orderId));
  if (!push) throw new Error(`no push caught for ${orderId}`);
  return push;
};

const replay = (
  push: { rawBody: string; headers: Record<string, string | undefined> },
  overrides: { body?: string; authorization?: string; path?: string } = {},
) =>
  app.fastify.inject({
    method: 'POST',
    url: overrides.path ?? '/api/channels/push/shopee',
    headers: { 'content-type': 'application/json', authorization: overrides.authorization ?? push.headers.authorization ?? '' },
    payload: overrides.body ?? push.rawBody,
  });

describe('POST /api/channels/push/:marketplace', () => {
  it('stores a push replayed three times once, acknowledges each with an empty 204, and processes it once', async () => {
    const owner = await newWorkspace(app);
    const { channel } = await connectShopee(owner);
    const orderId = await newOrder();
    const push = pushOf(orderId);

    for (let i = 0; i < 3; i += 1) {
      const res = await replay(push);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    const events = await inbox(owner, channel.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      source: 'push',
      type: 'order_status',
      orderId,
      rawStatus: 'READY_TO_SHIP',
      status: 'new',
      processedAt: null,
    });
    expect(fake.queued.filter((job) => job.queue === QUEUES.processEvent)).toHaveLength(1);

    await fake.drain();
    const [processed] = await inbox(owner, channel.id);
    expect(processed?.processedAt).toBeInstanceOf(Date);
    expect(handled.filter((id) => id === processed?.eventId)).toHaveLength(1);
  });

  it('answers 401 CHANNEL_PUSH_SIGNATURE_INVALID for a tampered body or a missing signature, and stores nothing', async () => {
    const owner = await newWorkspace(app);
    const { channel } = await connectShopee(owner);
    const orderId = await newOrder();
    const push = pushOf(orderId);
    expectError(await replay(push, { body: push.rawBody.replace(orderId, 'XXX') }), 401, 'CHANNEL_PUSH_SIGNATURE_INVALID');
    expectError(await replay(push, { authorization: '' }), 401, 'CHANNEL_PUSH_SIGNATURE_INVALID');
    // Signed for another path: Shopee signs the callback URL too.
    expectError(await replay(push, { path: '/api/channels/push/shopee?x=1' }), 401, 'CHANNEL_PUSH_SIGNATURE_INVALID');
    expect(await inbox(owner, channel.id)).toEqual([]);
  });

  it('acknowledges a valid push for a shop nobody connected without storing it', async () => {
    const body = JSON.stringify({
      data: { ordersn: 'NOPE', status: 'READY_TO_SHIP', update_time: 1 },
      shop_id: 99999,
      code: 3,
      timestamp: 1,
    });
    const signature = createHmac('sha256', app.platform.config.marketplaces.shopee!.partnerKey)
      .update(`${catcher.origin}/api/channels/push/shopee|${body}`)
      .digest('hex');
    const res = await replay({ rawBody: body, headers: { authorization: signature } });
    expect(res.statusCode).toBe(204);
    expect(fake.queued).toEqual([]);
  });

  it('answers 400 (413 when too large), never 500, for an unknown marketplace or a body that is not JSON', async () => {
    const res = await replay({ rawBody: '{}', headers: {} }, { path: '/api/channels/push/amazon' });
    expectFieldError(res, 'params.marketplace');
    const notJson = await app.fastify.inject({
      method: 'POST',
      url: '/api/channels/push/shopee',
      headers: { 'content-type': 'application/json' },
      payload: '{"shop_id": ',
    });
    expectError(notJson, 400, 'VALIDATION_FAILED');
    const huge = await app.fastify.inject({
      method: 'POST',
      url: '/api/channels/push/shopee',
      headers: { 'content-type': 'application/json' },
      payload: `{"x":"${'a'.repeat(3 * 1024 * 1024)}"}`,
    });
    expectError(huge, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('reconciliation', () => {
  it('recovers an order change whose push never arrived, records the window, and finds nothing new the second time', async () => {
    const owner = await newWorkspace(app);
    const { channel } = await connectShopee(owner);
    const orderId = await newOrder(); // pushed to the catcher, never relayed: lost for Kelola
    await sandbox.advance(60_000);

    fake.queued.push({ queue: QUEUES.reconcileAll, data: {} });
    const ran = await fake.drain();
    expect(ran.map((job) => job.queue)).toContain(QUEUES.reconcile);

    const events = await inbox(owner, channel.id);
    const recovered = events.find((event) => event.orderId === orderId);
    expect(recovered).toMatchObject({ source: 'reconcile', rawStatus: 'READY_TO_SHIP', status: 'new' });
    expect(recovered?.processedAt).toBeInstanceOf(Date);

    const windows = await asOwner(owner, (ctx) => repo.listReconciliations(ctx, channel.id));
    expect(windows).toHaveLength(1);
    expect(windows[0]).toMatchObject({ outcome: 'ok', windowTo: new Date(sandbox.clock.now()) });
    expect(windows[0]!.eventsRecovered).toBeGreaterThanOrEqual(1);
    expect(windows[0]!.windowTo.getTime() - windows[0]!.windowFrom.getTime()).toBe(24 * 3_600_000);
    const listed = await call('GET', `/api/channels/${channel.id}`, owner);
    expect(listed.json().reconciled_until).toBe(new Date(sandbox.clock.now()).toISOString());

    // Later, the push arrives after all: same order and status already known from reconciliation → no new work.
    await sandbox.advance(5 * 60_000);
    fake.queued.push({ queue: QUEUES.reconcile, data: { workspaceId: owner.workspaceId, connectionId: channel.id } });
    await fake.drain();
    const again = await asOwner(owner, (ctx) => repo.listReconciliations(ctx, channel.id));
    expect(again).toHaveLength(2);
    expect(again[1]).toMatchObject({ outcome: 'ok', eventsRecovered: 0 });
    // The second window starts ten minutes before the first ended: a little overlap, deduplicated by the inbox.
    expect(again[1]!.windowFrom.getTime()).toBe(windows[0]!.windowTo.getTime() - 10 * 60_000);
    expect((await inbox(owner, channel.id)).filter((event) => event.orderId === orderId)).toHaveLength(1);

    const calls = await call('GET', `/api/channels/${channel.id}/calls?operation=listOrders`, owner);
    expect(calls.json().items.length).toBeGreaterThanOrEqual(2);
  });

  it("stores Shopee's lost pushes under the push's own event id, so the late push is a duplicate", async () => {
    const owner = await newWorkspace(app);
    const { channel } = await connectShopee(owner);
    catcher.answerWith(500);
    const orderId = await newOrder();
    const failedPush = pushOf(orderId);
    catcher.answerWith(200);

    fake.queued.push({ queue: QUEUES.reconcileAll, data: {} });
    await fake.drain();
    const events = (await inbox(owner, channel.id)).filter((event) => event.orderId === orderId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ source: 'lost_push', rawStatus: 'READY_TO_SHIP' });

    const late = await replay(failedPush);
    expect(late.statusCode).toBe(204);
    expect((await inbox(owner, channel.id)).filter((event) => event.orderId === orderId)).toHaveLength(1);
  });
});

describe('outbound calls', () => {
  it('retries a rate-limited call with backoff, records every attempt, and shows them newest first', async () => {
    const owner = await newWorkspace(app);
    const { channel, grant } = await connectShopee(owner);
    const adapter = adapterFor(app.platform, 'shopee');
    const product = (await adapter.listProducts({ shopId: SHOP, accessToken: grant.accessToken }, { pageSize: 1 })).items[0]!;
    const sku = product.skus[0]!;

    await sandbox.admin('/faults', { marketplace: 'shopee', rateLimited: 2 });
    await asOwner(owner, (ctx) =>
      enqueueChannelCall(ctx, channel.id, 'updateStock', { updates: [{ productId: product.productId, skuId: sku.skuId, quantity: 7 }] }),
    );
    expect(fake.queued).toHaveLength(1);
    const ran = await fake.drain();
    const attempts = ran.filter((job) => job.queue === QUEUES.call);
    expect(attempts.map((job) => (job.data as { attempt: number }).attempt)).toEqual([1, 2, 3]);
    // Retries wait: the second and third attempts were queued to start later (backoff).
    expect(attempts.slice(1).every((job) => (job.startAfterSeconds ?? 0) >= 1)).toBe(true);

    const res = await call('GET', `/api/channels/${channel.id}/calls?operation=updateStock`, owner);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Record<string, unknown>[];
    expect(items.map((item) => [item.attempt, item.outcome, item.error_kind, item.http_status])).toEqual([
      [3, 'ok', null, null],
      [2, 'error', 'rate_limited', 429],
      [1, 'error', 'rate_limited', 429],
    ]);
    expect(items[1]).toMatchObject({ error_code: 'error_server', retry_at: expect.any(String), request_id: expect.any(String) });
    expect(items[0]!.retry_at).toBeNull();
    expect(res.json().next_before).toBeNull();

    const product2 = await adapter.getProduct({ shopId: SHOP, accessToken: grant.accessToken }, product.productId);
    expect(product2.skus.find((s) => s.skuId === sku.skuId)?.stock).toBe(7);

    const page = await call('GET', `/api/channels/${channel.id}/calls?operation=updateStock&limit=2`, owner);
    expect(page.json().items).toHaveLength(2);
    const rest = await call(
      'GET',
      `/api/channels/${channel.id}/calls?operation=updateStock&limit=2&before=${page.json().next_before}`,
      owner,
    );
    expect(rest.json().items.map((item: { attempt: number }) => item.attempt)).toEqual([1]);
  });

  it(`gives up after ${MAX_CALL_ATTEMPTS} attempts of a marketplace that keeps refusing`, async () => {
    const owner = await newWorkspace(app);
    const { channel } = await connectShopee(owner);
    await sandbox.admin('/faults', { marketplace: 'shopee', rateLimited: 100 });
    await asOwner(owner, (ctx) => enqueueChannelCall(ctx, channel.id, 'getShopInfo', {}));
    await fake.drain();
    await sandbox.admin('/faults', { marketplace: 'shopee', rateLimited: 0 });
    const items = (await call('GET', `/api/channels/${channel.id}/calls?operation=getShopInfo`, owner)).json().items;
    expect(items).toHaveLength(MAX_CALL_ATTEMPTS);
    expect(items[0]).toMatchObject({ attempt: MAX_CALL_ATTEMPTS, outcome: 'error', error_kind: 'rate_limited', retry_at: null });
  });

  it('refreshes an expiring token before the call, keeps the new single-use refresh token, and records both', async () => {
    const owner = await newWorkspace(app);
    const { channel, grant } = await connectShopee(owner);
    await sandbox.advance(4 * 3_600_000 - 60_000);
    await asOwner(owner, (ctx) => enqueueChannelCall(ctx, channel.id, 'getShopInfo', {}));
    await fake.drain();
    const items = (await call('GET', `/api/channels/${channel.id}/calls`, owner)).json().items;
    expect(items.slice(0, 2).map((item: { operation: string; outcome: string }) => [item.operation, item.outcome])).toEqual([
      ['getShopInfo', 'ok'],
      ['refreshAccessToken', 'ok'],
    ]);
    const row = await asOwner(owner, (ctx) => repo.findConnection(ctx, channel.id));
    expect(row?.refreshToken).not.toBe(grant.refreshToken);
    expect(row?.accessTokenExpiresAt?.getTime()).toBe(sandbox.clock.now() + 4 * 3_600_000);
  });
});

describe('GET /api/channels and /api/channels/:id/calls', () => {
  it('shows the connected shop without any token', async () => {
    const owner = await newWorkspace(app);
    const { channel, grant } = await connectShopee(owner);
    const list = await call('GET', '/api/channels', owner);
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: channel.id, marketplace: 'shopee', shop_id: SHOP, status: 'CONNECTED' }),
    ]);
    const one = await call('GET', `/api/channels/${channel.id}`, owner);
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain(grant.accessToken);
    expect(one.body).not.toContain(grant.refreshToken);
    expect(Object.keys(one.json())).not.toEqual(expect.arrayContaining(['access_token']));
  });

  it("answers 404 for another workspace's channel, and shows the other workspace none of it", async () => {
    const owner = await newWorkspace(app);
    const { channel } = await connectShopee(owner);
    const stranger = await newWorkspace(app);
    expectError(await call('GET', `/api/channels/${channel.id}/calls`, stranger), 404, 'CHANNEL_NOT_FOUND');
    expectError(await call('GET', `/api/channels/${channel.id}`, stranger), 404, 'CHANNEL_NOT_FOUND');
    expect((await call('GET', '/api/channels', stranger)).json().items).toEqual([]);
    await expect(asOwner(stranger, (ctx) => enqueueChannelCall(ctx, channel.id, 'getShopInfo', {}))).rejects.toMatchObject({
      code: 'CHANNEL_NOT_FOUND',
    });
  });

  it('answers 400 with the field for bad ids and paging, 401 without a token, 403 without store-list', async () => {
    const owner = await newWorkspace(app);
    const { channel } = await connectShopee(owner);
    expectFieldError(await call('GET', '/api/channels/not-a-uuid/calls', owner), 'params.id');
    expectFieldError(await call('GET', `/api/channels/${channel.id}/calls?limit=0`, owner), 'limit');
    expectFieldError(await call('GET', `/api/channels/${channel.id}/calls?limit=abc`, owner), 'limit');
    expectFieldError(await call('GET', `/api/channels/${channel.id}/calls?outcome=maybe`, owner), 'outcome');
    expectFieldError(await call('GET', `/api/channels/${channel.id}/calls?before=123`, owner), 'before');
    expectError(await call('GET', `/api/channels/${channel.id}/calls`, null), 401, 'UNAUTHENTICATED');
    const clerk = await newMember(app, owner, { sales: 'READ' });
    expectError(await call('GET', `/api/channels/${channel.id}/calls`, clerk), 403, 'FORBIDDEN');
  });
});
