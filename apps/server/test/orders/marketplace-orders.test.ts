import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSandboxShop, DEMO_SHOPS, sandboxAdmin } from '../../src/demo/demo-shops.ts';
import { orderFlows } from '../../src/flows/orders.jobs.ts';
import {
  startPushCatcher,
  startSandbox,
  type CaughtPush,
  type RunningSandbox,
} from '../../src/modules/channels/adapters/sandbox-harness.testing.ts';
import { channelsModule } from '../../src/modules/channels/index.ts';
import type { JobHandler, Jobs } from '../../src/platform/jobs/jobs.ts';
import { newWorkspace, type Actor } from '../factories.ts';
import { newSku, receive } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, newWarehouse } from '../workspaces/helpers.ts';

/**
 * The real marketplace order path against the in-process sandbox: the sandbox pushes (caught and replayed into the
 * app, as the channel tests do), the channel inbox stores the event, the order import fetches the order from the
 * sandbox and upserts it; seller actions go back to the sandbox as channel calls.
 */

let app: TestApp;
let sandbox: RunningSandbox;
let catcher: Awaited<ReturnType<typeof startPushCatcher>>;
let call: ReturnType<typeof caller>;

type Queued = { queue: string; data: object; startAfterSeconds?: number };
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
/** Runs queued jobs (and those they queue) until none is left. */
async function drain(limit = 100): Promise<Queued[]> {
  const ran: Queued[] = [];
  while (queued.length > 0) {
    if (ran.length >= limit) throw new Error(`more than ${limit} jobs`);
    const next = queued.shift()!;
    if (next.startAfterSeconds) await sandbox.advance(next.startAfterSeconds * 1000);
    const handler = handlers.get(next.queue);
    if (!handler) throw new Error(`no worker for ${next.queue}`);
    await handler(next.data, { id: String(++ids), retryCount: 0 });
    ran.push(next);
  }
  return ran;
}

beforeAll(async () => {
  catcher = await startPushCatcher();
  sandbox = await startSandbox('orders', `${catcher.origin}/api/channels/push`);
  app = await buildTestApp({ PUBLIC_URL: catcher.origin, MARKETPLACE_SANDBOX_URL: sandbox.origin });
  app.platform.now = () => new Date(sandbox.clock.now());
  app.platform.jobs = jobs;
  await channelsModule.workers!(app.platform);
  await orderFlows.workers!(app.platform);
  call = caller(app);
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  await catcher?.close();
});

type Marketplace = 'shopee' | 'lazada' | 'tiktok';
type Shop = { owner: Actor; wh: string; sku: { id: string; sku: string }; channelId: string; marketplace: Marketplace; shopId: string };

/** A workspace with one SKU in stock, a sandbox shop connected (as the demo connects it) and selling that SKU. */
async function connectedShop(marketplace: Marketplace, stock = 10): Promise<Shop> {
  const demoShop = DEMO_SHOPS.find((d) => d.marketplace === marketplace)!;
  const owner = await newWorkspace(app);
  const wh = (await newWarehouse(app, owner)).id;
  const sku = await newSku(app, owner);
  await receive(app, owner, wh, [{ catalog_id: sku.id, quantity: stock }]);
  const admin = sandboxAdmin(sandbox.origin);
  const channelId = await connectSandboxShop(app.platform, admin, { workspaceId: owner.workspaceId, userId: owner.userId }, demoShop);
  await admin('/products', {
    marketplace,
    shopId: demoShop.shopId,
    products: [{ name: 'Kopi Gayo 250 g', skus: [{ sellerSku: sku.sku, price: 50_000 }] }],
  });
  return { owner, wh, sku, channelId, marketplace, shopId: demoShop.shopId };
}

/** A sandbox order of the shop's SKU in `status`, with the pushes it caused (delivered to the catcher). */
async function sandboxOrder(
  s: Shop,
  status: string,
  extra: { buyerCancel?: boolean } = {},
): Promise<{ orderId: string; pushes: CaughtPush[] }> {
  const before = catcher.pushes.length;
  const answer = await sandbox.admin('/orders/generate', {
    marketplace: s.marketplace,
    shopId: s.shopId,
    status,
    sellerSkus: [s.sku.sku],
    ...extra,
  });
  const orderId = (answer.orders as { orderId: string }[])[0]!.orderId;
  await sandbox.admin('/pushes/flush', {});
  return { orderId, pushes: catcher.pushes.slice(before).filter((p) => p.rawBody.includes(orderId)) };
}

/** Replays a caught push into the app with the headers the sandbox signed it with. */
const replay = (push: CaughtPush) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [key, value] of Object.entries(push.headers))
    if (value !== undefined && !['host', 'content-length', 'connection', 'transfer-encoding'].includes(key)) headers[key] = value;
  return app.fastify.inject({ method: 'POST', url: new URL(push.url).pathname, headers, payload: push.rawBody });
};

async function deliver(pushes: CaughtPush[]): Promise<void> {
  expect(pushes.length).toBeGreaterThan(0);
  for (const push of pushes) {
    const res = await replay(push);
    expect(res.statusCode, res.body).toBe(204);
  }
  await drain();
}

async function stockOf(s: Shop) {
  const list = (await call('GET', `/api/inventory?warehouse_id=${s.wh}`, s.owner)).json();
  return list.items.find((i: { catalog_id: string }) => i.catalog_id === s.sku.id) as {
    on_hand: number;
    in_order: number;
    available: number;
  };
}

async function sandboxStatus(s: Shop, orderId: string): Promise<string | undefined> {
  const list = await sandbox.admin(`/orders?marketplace=${s.marketplace}&shopId=${s.shopId}`);
  return (list.orders as { orderId: string; status: string }[]).find((o) => o.orderId === orderId)?.status;
}

async function ordersOf(s: Shop) {
  const res = await call('GET', `/api/orders?size=100`, s.owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: {
      id: string;
      order_number: string;
      status: string;
      marketplace_status: string;
      channel_id: string | null;
      channel_name: string | null;
    }[];
    total_row: number;
  };
}

describe('marketplace orders from the sandbox', () => {
  it('a pushed order lands once with mapped lines and reserved stock; a replay creates nothing; accept reaches the sandbox', async () => {
    // Lazada: accept is a real call (pack); Shopee's accept only checks the order can be shipped.
    const s = await connectedShop('lazada');
    const { orderId, pushes } = await sandboxOrder(s, 'pending');
    await deliver(pushes);

    const list = await ordersOf(s);
    expect(list.items.map((o) => o.order_number)).toEqual([orderId]);
    const order = (await call('GET', `/api/orders/${list.items[0]!.id}`, s.owner)).json();
    expect(order).toMatchObject({ source: 'MARKETPLACE', marketplace: 'lazada', status: 'NEW', marketplace_status: 'pending' });
    // The list row names its shop as the detail does (the list reads the name in its own statement, ADR 0051).
    expect(order.channel_name).toEqual(expect.any(String));
    expect(list.items[0]).toMatchObject({ channel_id: s.channelId, channel_name: order.channel_name });
    const quantity = order.lines.reduce((sum: number, l: { quantity: number }) => sum + l.quantity, 0);
    expect(order.lines.every((l: { catalog_id: string | null }) => l.catalog_id === s.sku.id)).toBe(true);
    expect(await stockOf(s)).toMatchObject({ on_hand: 10, in_order: quantity, available: 10 - quantity });

    // The same push again (a marketplace retry): stored once, nothing created twice, stock unchanged.
    for (const push of pushes) expect((await replay(push)).statusCode).toBe(204);
    await drain();
    expect((await ordersOf(s)).total_row).toBe(1);
    expect(await stockOf(s)).toMatchObject({ in_order: quantity });

    const accepted = await call('POST', `/api/orders/${order.id}/accept`, s.owner, {});
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
    await drain();
    expect(await sandboxStatus(s, orderId)).toBe('packed');
    const after = (await call('GET', `/api/orders/${order.id}`, s.owner)).json();
    expect(after.status).not.toBe('NEW');
  });

  it("a buyer's cancel request lands as CANCEL_REQUESTED; accepting it cancels in the sandbox and releases the stock", async () => {
    const s = await connectedShop('shopee');
    const { orderId, pushes } = await sandboxOrder(s, 'IN_CANCEL');
    await deliver(pushes);
    const [listed] = (await ordersOf(s)).items;
    expect(listed).toMatchObject({ order_number: orderId, status: 'CANCEL_REQUESTED', marketplace_status: 'IN_CANCEL' });

    const res = await call('POST', `/api/orders/${listed!.id}/accept-cancel`, s.owner, {});
    expect(res.statusCode, res.body).toBeLessThan(300);
    await drain();
    expect(await sandboxStatus(s, orderId)).toBe('CANCELLED');
    const after = (await call('GET', `/api/orders/${listed!.id}`, s.owner)).json();
    expect(after.status).toBe('CANCELED');
    expect(await stockOf(s)).toMatchObject({ on_hand: 10, in_order: 0, available: 10 });

    // The sandbox then pushes the cancellation it made: the order stays cancelled, the stock stays released.
    await sandbox.admin('/pushes/flush', {});
    const later = catcher.pushes.filter((p) => p.rawBody.includes(orderId) && !pushes.includes(p));
    await deliver(later);
    expect((await call('GET', `/api/orders/${listed!.id}`, s.owner)).json()).toMatchObject({
      status: 'CANCELED',
      marketplace_status: 'CANCELLED',
    });
    expect(await stockOf(s)).toMatchObject({ on_hand: 10, in_order: 0 });
    expect((await ordersOf(s)).total_row).toBe(1);
  });

  it('an order whose push never arrived comes in with the on-demand sync (the reconciliation poll), once', async () => {
    const s = await connectedShop('tiktok');
    const { orderId } = await sandboxOrder(s, 'AWAITING_SHIPMENT');
    await sandbox.advance(5_000);
    for (let round = 0; round < 2; round += 1) {
      const res = await call('POST', `/api/channels/${s.channelId}/orders/sync`, s.owner, {});
      expect(res.statusCode, res.body).toBeLessThan(300);
      await drain();
    }
    const list = await ordersOf(s);
    const status = (await call('GET', `/api/channels/${s.channelId}/orders/sync`, s.owner)).json();
    expect(status).toMatchObject({ status: 'SUCCESS', error: null });
    expect(list.items.map((o) => o.order_number)).toEqual([orderId]);
    expect(list.items[0]).toMatchObject({ status: 'NEW', marketplace_status: 'AWAITING_SHIPMENT' });
    expect(await stockOf(s)).toMatchObject({
      on_hand: 10,
      available: 10 - (await call('GET', `/api/orders/${list.items[0]!.id}`, s.owner)).json().total_item,
    });
  });
});

describe('seller answers through the adapters: reject, refuse a cancel request, retry a failed call', () => {
  it('rejecting a new Shopee order cancels it in the sandbox (reason OUT_OF_STOCK) and releases the stock', async () => {
    const s = await connectedShop('shopee');
    const { orderId, pushes } = await sandboxOrder(s, 'READY_TO_SHIP');
    await deliver(pushes);
    const [listed] = (await ordersOf(s)).items;
    const res = await call('POST', `/api/orders/${listed!.id}/reject`, s.owner, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELED', marketplace_action: { state: 'SENDING' } });
    expect(await stockOf(s)).toMatchObject({ on_hand: 10, in_order: 0, available: 10 });
    await drain();
    expect(await sandboxStatus(s, orderId)).toBe('CANCELLED');
    const after = (await call('GET', `/api/orders/${listed!.id}`, s.owner)).json();
    expect(after).toMatchObject({ status: 'CANCELED', marketplace_action: null });
    // Rejected once: a second reject is 409 naming the state, and nothing is sent.
    const again = await call('POST', `/api/orders/${listed!.id}/reject`, s.owner, {});
    expectError(again, 409, 'ORDER_STATE_CONFLICT');
    expect(queued).toHaveLength(0);
  });

  it("refusing a buyer's cancel request puts the order back in the sandbox and here, stock still reserved", async () => {
    const s = await connectedShop('shopee');
    const { orderId, pushes } = await sandboxOrder(s, 'IN_CANCEL');
    await deliver(pushes);
    const [listed] = (await ordersOf(s)).items;
    const reserved = (await stockOf(s)).in_order;
    expect(reserved).toBeGreaterThan(0);
    const res = await call('POST', `/api/orders/${listed!.id}/refuse-cancel`, s.owner, {});
    expect(res.statusCode, res.body).toBe(200);
    await drain();
    expect(await sandboxStatus(s, orderId)).toBe('READY_TO_SHIP');
    const after = (await call('GET', `/api/orders/${listed!.id}`, s.owner)).json();
    expect(after.status).not.toMatch(/CANCEL/u);
    expect(after.marketplace_action).toBeNull();
    expect(await stockOf(s)).toMatchObject({ in_order: reserved });
  });

  for (const [marketplace, open] of [
    ['shopee', 'READY_TO_SHIP'],
    ['lazada', 'pending'],
  ] as const) {
    it(`${marketplace}: the cancel dialog's reasons are the marketplace's, read while the user waits (in the request's transaction)`, async () => {
      // On the embedded database (one connection) a read in a transaction of its own waited for the request's for ever.
      const s = await connectedShop(marketplace);
      const { pushes } = await sandboxOrder(s, open);
      await deliver(pushes);
      const [listed] = (await ordersOf(s)).items;
      const res = await call('GET', `/api/orders/${listed!.id}/cancellation-reasons`, s.owner);
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().items as { id: string; label: string }[];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item).toEqual({ id: expect.any(String), label: expect.any(String) });
    });
  }

  it("rejecting a new Lazada order sends Lazada's own out-of-stock reason id, and the sandbox cancels it", async () => {
    const s = await connectedShop('lazada');
    const { orderId, pushes } = await sandboxOrder(s, 'pending');
    await deliver(pushes);
    const [listed] = (await ordersOf(s)).items;
    const res = await call('POST', `/api/orders/${listed!.id}/reject`, s.owner, {});
    expect(res.statusCode, res.body).toBe(200);
    await drain();
    expect(await sandboxStatus(s, orderId)).toBe('canceled');
    const after = (await call('GET', `/api/orders/${listed!.id}`, s.owner)).json();
    expect(after).toMatchObject({ status: 'CANCELED', marketplace_action: null });
    expect(await stockOf(s)).toMatchObject({ on_hand: 10, in_order: 0 });
  });

  for (const [marketplace, open, cancelled] of [
    ['tiktok', 'AWAITING_SHIPMENT', 'CANCELLED'],
    ['lazada', 'pending', 'canceled'],
  ] as const) {
    it(`${marketplace}: a buyer's cancel request lands as CANCEL_REQUESTED; accepting cancels it in the sandbox, refusing keeps it`, async () => {
      const s = await connectedShop(marketplace);
      const first = await sandboxOrder(s, open, { buyerCancel: true });
      const second = await sandboxOrder(s, open, { buyerCancel: true });
      await deliver([...first.pushes, ...second.pushes]);
      const list = (await ordersOf(s)).items;
      const byNumber = (orderId: string) => list.find((o) => o.order_number === orderId)!;
      expect([byNumber(first.orderId).status, byNumber(second.orderId).status]).toEqual(['CANCEL_REQUESTED', 'CANCEL_REQUESTED']);
      const reserved = (await stockOf(s)).in_order;

      const accepted = await call('POST', `/api/orders/${byNumber(first.orderId).id}/accept-cancel`, s.owner, {});
      expect(accepted.statusCode, accepted.body).toBe(200);
      const refused = await call('POST', `/api/orders/${byNumber(second.orderId).id}/refuse-cancel`, s.owner, {});
      expect(refused.statusCode, refused.body).toBe(200);
      await drain();

      expect(await sandboxStatus(s, first.orderId)).toBe(cancelled);
      expect(await sandboxStatus(s, second.orderId)).toBe(open);
      const done = (await call('GET', `/api/orders/${byNumber(first.orderId).id}`, s.owner)).json();
      expect(done).toMatchObject({ status: 'CANCELED', marketplace_action: null });
      const kept = (await call('GET', `/api/orders/${byNumber(second.orderId).id}`, s.owner)).json();
      expect(kept.status).not.toMatch(/CANCEL/u);
      expect(kept.marketplace_action).toBeNull();
      expect((await stockOf(s)).in_order).toBeLessThan(reserved);
      expect((await stockOf(s)).in_order).toBeGreaterThan(0);
    });
  }

  it('a call the marketplace keeps refusing shows FAILED with its message; retry sends it again and it goes through', async () => {
    const s = await connectedShop('lazada');
    const { orderId, pushes } = await sandboxOrder(s, 'pending');
    await deliver(pushes);
    const [listed] = (await ordersOf(s)).items;
    expectError(await call('POST', `/api/orders/${listed!.id}/retry-marketplace`, s.owner, {}), 409, 'ORDER_STATE_CONFLICT');
    // Lazada answers "rate limited" to every attempt of the accept.
    await sandbox.admin('/faults', { marketplace: 'lazada', rateLimited: 6 });
    expect((await call('POST', `/api/orders/${listed!.id}/accept`, s.owner, {})).statusCode).toBe(200);
    await drain();
    const failed = (await call('GET', `/api/orders/${listed!.id}`, s.owner)).json();
    expect(failed.marketplace_action).toMatchObject({ state: 'FAILED', action: 'ACCEPT' });
    expect(failed.marketplace_action.message).toBeTruthy();
    expect(await sandboxStatus(s, orderId)).toBe('pending');

    const retried = await call('POST', `/api/orders/${listed!.id}/retry-marketplace`, s.owner, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().marketplace_action).toMatchObject({ state: 'SENDING' });
    await drain();
    expect(await sandboxStatus(s, orderId)).toBe('packed');
    const done = (await call('GET', `/api/orders/${listed!.id}`, s.owner)).json();
    expect(done.marketplace_action).toBeNull();
    expect(done.timeline.map((t: { event: string }) => t.event)).toEqual(
      expect.arrayContaining(['MARKETPLACE_FAILED', 'MARKETPLACE_DONE']),
    );
  });
});
