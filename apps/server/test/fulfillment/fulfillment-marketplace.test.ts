import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSandboxShop, DEMO_SHOPS, sandboxAdmin } from '../../src/demo/demo-shops.ts';
import { fulfillmentFlows } from '../../src/flows/fulfillment.jobs.ts';
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
import { caller, expectError, expectFieldError, newWarehouse } from '../workspaces/helpers.ts';

/**
 * Fulfillment of marketplace orders against the in-process sandbox (the harness of the order tests): orders pushed by
 * the sandbox are accepted, picked, packed by scan, their goods issued (stock once) and shipped: arrange shipment is
 * a channel call, the sandbox's tracking number comes back as the receipt number and the sandbox sees the order
 * arranged; its later statuses (shipped, delivered) move the order on without moving stock again.
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
  void fulfillmentFlows;
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
async function sandboxOrder(s: Shop, status: string): Promise<{ orderId: string; pushes: CaughtPush[] }> {
  const before = catcher.pushes.length;
  const answer = await sandbox.admin('/orders/generate', { marketplace: s.marketplace, shopId: s.shopId, status, sellerSkus: [s.sku.sku] });
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
  return res.json() as { items: { id: string; order_number: string; status: string; marketplace_status: string }[]; total_row: number };
}

const base = '/api/fulfillment';
const step = (s: Shop, id: string, action: string) => call('POST', `${base}/${id}/steps`, s.owner, { action });
const detail = async (s: Shop, id: string) => (await call('GET', `${base}/${id}`, s.owner)).json();

/** A sandbox order pushed in, accepted, picked and packed by scanning its SKUs; answers our id. */
async function packedOrder(s: Shop, status = 'READY_TO_SHIP'): Promise<{ id: string; orderId: string; quantity: number }> {
  const { orderId, pushes } = await sandboxOrder(s, status);
  await deliver(pushes);
  const listed = (await ordersOf(s)).items.find((o) => o.order_number === orderId)!;
  if (listed.status === 'NEW') {
    expect((await call('POST', `/api/orders/${listed.id}/accept`, s.owner, {})).statusCode).toBeLessThan(300);
    await drain();
  }
  expect((await step(s, listed.id, 'CONFIRM_PICK')).statusCode).toBe(200);
  const d = await detail(s, listed.id);
  const quantity = d.pack_lines.reduce((sum: number, l: { quantity: number }) => sum + l.quantity, 0);
  const packed = await call('POST', `${base}/${listed.id}/pack`, s.owner, {
    scanned: d.pack_lines.map((l: { sku: string; quantity: number }) => ({ code: l.sku, quantity: l.quantity })),
  });
  expect(packed.statusCode, packed.body).toBe(200);
  return { id: listed.id, orderId, quantity };
}

describe('fulfillment of marketplace orders', () => {
  it('goods issue takes stock once; ship arranges pickup in the sandbox and brings the receipt number back; tracking moves it to delivered', async () => {
    const s = await connectedShop('shopee', 20);
    // An order nobody accepted yet is not the warehouse's: it is in no step.
    await sandboxOrder(s, 'READY_TO_SHIP').then((o) => deliver(o.pushes));
    const { id, orderId, quantity } = await packedOrder(s);
    const list = (await call('GET', `${base}?step=PACKING_COMPLETED&channel_id=${s.channelId}`, s.owner)).json();
    expect(list.items.map((o: { id: string }) => o.id)).toEqual([id]);
    expect(list.counts).toMatchObject({ NEW: 0, PACKING_COMPLETED: 1 });
    expect(await stockOf(s)).toMatchObject({ on_hand: 20 });

    // Ship before goods issue: 409 naming the step.
    const early = await call('POST', `${base}/${id}/ship`, s.owner, { method: 'PICKUP' });
    expectError(early, 409, 'FULFILLMENT_STEP_CONFLICT');
    expect(early.json().details.step).toBe('PACKING_COMPLETED');

    expect((await step(s, id, 'ISSUE_GOODS')).json()).toMatchObject({ status: 'READY_TO_SHIP', fulfillment: { step: 'GOODS_ISSUED' } });
    const onHand = 20 - quantity;
    expect(await stockOf(s)).toMatchObject({ on_hand: onHand });

    // A marketplace order ships through the marketplace, not with an own courier.
    expectFieldError(await call('POST', `${base}/${id}/ship`, s.owner, { method: 'OWN_COURIER', receipt_number: 'X1' }), 'method');
    const sending = await call('POST', `${base}/${id}/ship`, s.owner, { method: 'PICKUP' });
    expect(sending.statusCode, sending.body).toBe(200);
    expect(sending.json().fulfillment).toMatchObject({ step: 'GOODS_ISSUED', shipment_state: 'SENDING', ship_method: 'PICKUP' });
    expectError(await call('POST', `${base}/${id}/ship`, s.owner, { method: 'PICKUP' }), 409, 'SHIPMENT_PENDING');
    expect(await sandboxStatus(s, orderId)).toBe('READY_TO_SHIP');

    await drain();
    expect(await sandboxStatus(s, orderId)).toBe('PROCESSED');
    const shipped = await detail(s, id);
    expect(shipped).toMatchObject({ status: 'SHIPPED', fulfillment: { step: 'SHIPPED', shipment_state: 'DONE' } });
    expect(shipped.receipt_number).toMatch(/^SBX\d{12}$/u);
    expect(shipped.timeline.find((t: { event: string }) => t.event === 'SHIP')).toMatchObject({
      actor_type: 'MARKETPLACE',
      to_status: 'SHIPPED',
    });
    expect(await stockOf(s)).toMatchObject({ on_hand: onHand });

    // The sandbox's own pushes (arranged, picked up, delivered) move the order; stock never moves again.
    await sandbox.advance(3 * 86_400_000);
    await sandbox.admin('/pushes/flush', {});
    const later = catcher.pushes.filter((p) => p.rawBody.includes(orderId));
    for (const push of later) expect((await replay(push)).statusCode).toBe(204);
    await drain();
    expect(await sandboxStatus(s, orderId)).toBe('TO_CONFIRM_RECEIVE');
    const delivered = await detail(s, id);
    expect(delivered).toMatchObject({ status: 'DELIVERED', fulfillment: { step: 'SHIPPED' } });
    expect(await stockOf(s)).toMatchObject({ on_hand: onHand });
    expect((await call('GET', `${base}?step=SHIPPED`, s.owner)).json().items.map((o: { id: string }) => o.id)).toEqual([id]);
  });

  it('offers the marketplace pickup time slots and arranges pickup at the chosen one', async () => {
    const s = await connectedShop('shopee', 10);
    const { id, orderId } = await packedOrder(s);
    expect((await step(s, id, 'ISSUE_GOODS')).statusCode).toBe(200);
    const answer = await call('GET', `${base}/${id}/pickup-slots`, s.owner);
    expect(answer.statusCode, answer.body).toBe(200);
    const slots = answer.json().items as { id: string; start: string; end: string | null; label: string }[];
    expect(slots.map((slot) => slot.label)).toEqual(['09:00-12:00', '13:00-17:00', '09:00-12:00']);
    expect(new Date(slots[0]!.start).getTime()).toBeGreaterThan(sandbox.clock.now());
    expectFieldError(
      await call('POST', `${base}/${id}/ship`, s.owner, { method: 'PICKUP', pickup_slot_id: 'x'.repeat(101) }),
      'pickup_slot_id',
    );
    const sending = await call('POST', `${base}/${id}/ship`, s.owner, { method: 'PICKUP', pickup_slot_id: slots[1]!.id });
    expect(sending.statusCode, sending.body).toBe(200);
    await drain();
    const seen = (await sandbox.admin(`/orders?marketplace=shopee&shopId=${s.shopId}`)).orders as {
      orderId: string;
      pickupSlot?: string;
      status: string;
    }[];
    expect(seen.find((o) => o.orderId === orderId)).toMatchObject({ status: 'PROCESSED', pickupSlot: slots[1]!.id });
    expect((await detail(s, id)).fulfillment).toMatchObject({ step: 'SHIPPED', shipment_state: 'DONE' });
    // Its label is now the marketplace's own (fetched while the request waits), merged onto a 100 × 150 mm page.
    const label = await call('POST', '/api/documents/labels', s.owner, { order_ids: [id] });
    expect(label.statusCode, label.body).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    // Another workspace's order: 404; a bad id: 400 on the field.
    const stranger = await connectedShop('shopee', 1);
    expectError(await call('GET', `${base}/${id}/pickup-slots`, stranger.owner), 404, 'ORDER_NOT_FOUND');
    expectFieldError(await call('GET', `${base}/nope/pickup-slots`, s.owner), 'params.id');
  });

  it('a marketplace too busy to answer the ship dialog is said as such (503, its retry-after), not a 500', async () => {
    const s = await connectedShop('shopee', 5);
    const { id } = await packedOrder(s);
    expect((await step(s, id, 'ISSUE_GOODS')).statusCode).toBe(200);
    // Every attempt of the adapter's retries meets the marketplace's rate limit.
    await sandbox.admin('/faults', { marketplace: 'shopee', rateLimited: 100 });
    try {
      const busy = await call('GET', `${base}/${id}/pickup-slots`, s.owner);
      expectError(busy, 503, 'CHANNEL_MARKETPLACE_BUSY');
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    } finally {
      await sandbox.admin('/faults', { marketplace: 'shopee', rateLimited: 0 });
    }
    expect((await call('GET', `${base}/${id}/pickup-slots`, s.owner)).statusCode).toBe(200);
  });

  it("a shipment the marketplace refuses stays at goods issued, FAILED with the marketplace's message, and can be sent again", async () => {
    const s = await connectedShop('shopee', 20);
    // Arranged in the marketplace already (PROCESSED): our order is READY_TO_SHIP, the warehouse still works on it.
    const { id } = await packedOrder(s, 'PROCESSED');
    expect((await step(s, id, 'ISSUE_GOODS')).statusCode).toBe(200);
    expect((await call('POST', `${base}/${id}/ship`, s.owner, { method: 'DROPOFF' })).statusCode).toBe(200);
    await drain();
    const failed = await detail(s, id);
    expect(failed.fulfillment).toMatchObject({ step: 'GOODS_ISSUED', shipment_state: 'FAILED' });
    expect(failed.fulfillment.shipment_message).toContain('cannot be arranged');
    expect(failed.timeline.at(-1)).toMatchObject({ event: 'SHIPMENT_FAILED', actor_type: 'MARKETPLACE' });
    expect(failed.status).toBe('READY_TO_SHIP');
    const again = await call('POST', `${base}/${id}/ship`, s.owner, { method: 'DROPOFF' });
    expect(again.json().fulfillment.shipment_state).toBe('SENDING');
  });

  it("a marketplace order is not on the delivery-order screens, and another workspace's is 404", async () => {
    const s = await connectedShop('lazada');
    const { orderId, pushes } = await sandboxOrder(s, 'pending');
    await deliver(pushes);
    const order = (await ordersOf(s)).items.find((o) => o.order_number === orderId)!;
    expectError(await call('GET', `/api/delivery-order/${order.id}`, s.owner), 404, 'ORDER_NOT_FOUND');
    const stranger = await connectedShop('tiktok');
    expectError(await call('GET', `${base}/${order.id}`, stranger.owner), 404, 'ORDER_NOT_FOUND');
    expectError(await call('POST', `${base}/${order.id}/ship`, stranger.owner, { method: 'PICKUP' }), 404, 'ORDER_NOT_FOUND');
    // Not yet accepted (NEW): no warehouse step.
    expectError(await step(s, order.id, 'CONFIRM_PICK'), 409, 'ORDER_STATE_CONFLICT');
    expect((await call('GET', `${base}/scan?code=${orderId}`, s.owner)).statusCode).toBe(404);
  });
});
