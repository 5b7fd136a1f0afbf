import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { newSku, receive } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newBusiness, newWarehouse } from '../workspaces/helpers.ts';

/**
 * /delivery-order on the real database: manual orders go through the warehouse's steps (pick, pack by scan, goods
 * issue, ship with the own courier's receipt number); each step moves the order's state, stock leaves on-hand once at
 * goods issue, and anything out of order is refused with nothing changed.
 */
let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

type Setup = { owner: Actor; wh: string; sku: { id: string; sku: string } };
async function setup(stock = 10): Promise<Setup> {
  const owner = await newWorkspace(app);
  const wh = (await newWarehouse(app, owner)).id;
  const sku = await newSku(app, owner);
  if (stock > 0) await receive(app, owner, wh, [{ catalog_id: sku.id, quantity: stock }]);
  return { owner, wh, sku };
}

async function order(s: Setup, quantity = 3, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await call('POST', '/api/manual-orders', s.owner, {
    warehouse_id: s.wh,
    order_date: '2026-11-24',
    buyer_name: 'Budi Santoso',
    buyer_phone: '0812-3456-7890',
    address: 'Jl. Tunjungan No. 1',
    province_code: '35',
    city_code: '35.78',
    district_code: '35.78.01',
    lines: [{ catalog_id: s.sku.id, quantity }],
    confirm: true,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function stockOf(s: Setup, wh = s.wh) {
  const list = (await call('GET', `/api/inventory?warehouse_id=${wh}`, s.owner)).json();
  return list.items.find((i: { catalog_id: string }) => i.catalog_id === s.sku.id) as {
    on_hand: number;
    in_order: number;
    available: number;
  };
}

const base = '/api/delivery-order';
const step = (s: Setup, id: string, action: string, as: Actor = s.owner) => call('POST', `${base}/${id}/steps`, as, { action });
const detail = async (s: Setup, id: string) => {
  const res = await call('GET', `${base}/${id}`, s.owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const CANCEL = { reason_id: 'CUSTOMER_REQUEST', reason_detail: 'Pelanggan salah memilih varian dan minta dibatalkan.' };

describe('delivery orders: the steps', () => {
  it('picks, packs by scan, issues goods (stock once, a delivery note number), ships with a receipt number; the order follows', async () => {
    const s = await setup();
    const id = await order(s);
    let list = (await call('GET', `${base}?step=NEW`, s.owner)).json();
    expect(list.items.map((o: { id: string }) => o.id)).toEqual([id]);
    expect(list.counts).toMatchObject({ NEW: 1, PICK_CONFIRMED: 0, SHIPPED: 0 });
    expect(list.items[0].fulfillment).toMatchObject({ step: 'NEW', allowed_actions: ['CONFIRM_PICK'], editable: true });

    // Out of order: 409 naming the current step, nothing changes.
    const early = await step(s, id, 'ISSUE_GOODS');
    expectError(early, 409, 'FULFILLMENT_STEP_CONFLICT');
    expect(early.json().details).toMatchObject({ step: 'NEW', action: 'ISSUE_GOODS' });
    expect(early.json().message).toContain('NEW');
    expect((await detail(s, id)).status).toBe('CONFIRMED');

    const picked = await step(s, id, 'CONFIRM_PICK');
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json()).toMatchObject({ status: 'ON_PROCESS', fulfillment: { step: 'PICK_CONFIRMED', picked: { by: s.owner.userId } } });
    const pickEntry = picked.json().timeline.find((t: { event: string }) => t.event === 'CONFIRM_PICK');
    expect(pickEntry).toMatchObject({ actor_type: 'USER', actor_id: s.owner.userId, from_status: 'CONFIRMED', to_status: 'ON_PROCESS' });
    expectError(await step(s, id, 'CONFIRM_PICK'), 409, 'FULFILLMENT_STEP_CONFLICT');

    // Scan to pack: a wrong item, too few, too many are refused; the exact items pack and complete.
    const packUrl = `${base}/${id}/pack`;
    const wrong = await call('POST', packUrl, s.owner, {
      scanned: [
        { code: 'NOT-IN-ORDER', quantity: 1 },
        { code: s.sku.sku, quantity: 3 },
      ],
    });
    expectError(wrong, 422, 'PACK_MISMATCH');
    expect(wrong.json().details.unknown).toEqual(['NOT-IN-ORDER']);
    expectError(await call('POST', packUrl, s.owner, { scanned: [{ code: s.sku.sku, quantity: 2 }] }), 422, 'PACK_MISMATCH');
    expectError(await call('POST', packUrl, s.owner, { scanned: [{ code: s.sku.sku, quantity: 4 }] }), 422, 'PACK_MISMATCH');
    expect((await detail(s, id)).fulfillment.step).toBe('PICK_CONFIRMED');
    const packed = await call('POST', packUrl, s.owner, {
      scanned: [
        { code: s.sku.sku.toLowerCase(), quantity: 1 },
        { code: s.sku.sku, quantity: 2 },
      ],
    });
    expect(packed.statusCode, packed.body).toBe(200);
    expect(packed.json().fulfillment).toMatchObject({ step: 'PACKING_COMPLETED', allowed_actions: ['ISSUE_GOODS'] });
    expect(packed.json().timeline.map((t: { event: string }) => t.event)).toEqual([
      'CREATED',
      'CONFIRM_PICK',
      'CONFIRM_PACK',
      'COMPLETE_PACKING',
    ]);
    expect(await stockOf(s)).toMatchObject({ on_hand: 10, in_order: 3 });

    const issued = await step(s, id, 'ISSUE_GOODS');
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({
      status: 'READY_TO_SHIP',
      fulfillment: { step: 'GOODS_ISSUED', delivery_note_number: 'DO/2026/11/000001', editable: false },
    });
    expect(await stockOf(s)).toMatchObject({ on_hand: 7, in_order: 0, available: 7 });
    // A double click on goods issue is refused and changes no stock.
    expectError(await step(s, id, 'ISSUE_GOODS'), 409, 'FULFILLMENT_STEP_CONFLICT');
    expect(await stockOf(s)).toMatchObject({ on_hand: 7, in_order: 0 });
    // The delivery note number finds the order (scan).
    expect((await call('GET', `${base}/scan?code=${encodeURIComponent('DO/2026/11/000001')}`, s.owner)).json()).toEqual({ order_id: id });

    // Update after goods issue: 409.
    expectError(await call('PUT', `${base}/${id}`, s.owner, { courier_name: 'JNE' }), 409, 'FULFILLMENT_LOCKED');

    expectFieldError(await call('POST', `${base}/${id}/ship`, s.owner, { method: 'OWN_COURIER' }), 'receipt_number');
    const shipped = await call('POST', `${base}/${id}/ship`, s.owner, { method: 'OWN_COURIER', receipt_number: 'KURIR-0001' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 'SHIPPED',
      receipt_number: 'KURIR-0001',
      fulfillment: { step: 'SHIPPED', ship_method: 'OWN_COURIER', shipped: { by: s.owner.userId } },
    });
    // Stock went down once, at goods issue; shipping changed nothing.
    expect(await stockOf(s)).toMatchObject({ on_hand: 7, in_order: 0 });
    list = (await call('GET', `${base}?step=SHIPPED`, s.owner)).json();
    expect(list.items.map((o: { id: string }) => o.id)).toEqual([id]);
    expect(list.counts).toMatchObject({ NEW: 0, SHIPPED: 1 });
    expectError(
      await call('POST', `${base}/${id}/ship`, s.owner, { method: 'OWN_COURIER', receipt_number: 'X' }),
      409,
      'FULFILLMENT_STEP_CONFLICT',
    );
    expect(await stockOf(s)).toMatchObject({ on_hand: 7 });
  });

  it('two goods issues at once deduct stock once', async () => {
    const s = await setup();
    const id = await order(s, 4);
    await step(s, id, 'CONFIRM_PICK');
    await step(s, id, 'CONFIRM_PACK');
    await step(s, id, 'COMPLETE_PACKING');
    const answers = await Promise.all([step(s, id, 'ISSUE_GOODS'), step(s, id, 'ISSUE_GOODS')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(s)).toMatchObject({ on_hand: 6, in_order: 0 });
  });

  it('bulk steps answer per order; a refusal leaves the others done', async () => {
    const s = await setup(20);
    const [a, b, c] = [await order(s, 1), await order(s, 1), await order(s, 1)];
    await step(s, b, 'CONFIRM_PICK');
    const other = await setup();
    const foreign = await order(other, 1);
    const res = await call('POST', `${base}/bulk`, s.owner, { action: 'CONFIRM_PICK', order_ids: [a, b, c, foreign] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      { order_id: a, ok: true, code: null, step: 'PICK_CONFIRMED', status: 'ON_PROCESS' },
      { order_id: b, ok: false, code: 'FULFILLMENT_STEP_CONFLICT', step: 'PICK_CONFIRMED', status: null },
      { order_id: c, ok: true, code: null, step: 'PICK_CONFIRMED', status: 'ON_PROCESS' },
      { order_id: foreign, ok: false, code: 'ORDER_NOT_FOUND', step: null, status: null },
    ]);
    expect((await call('GET', `${base}?step=PICK_CONFIRMED`, s.owner)).json().counts).toMatchObject({ NEW: 0, PICK_CONFIRMED: 3 });
    expectFieldError(await call('POST', `${base}/bulk`, s.owner, { action: 'CONFIRM_PICK', order_ids: [] }), 'order_ids');
    expectFieldError(await call('POST', `${base}/bulk`, s.owner, { action: 'FLY', order_ids: [a] }), 'action');
  });
});

describe('delivery orders: cancel and update', () => {
  it('cancel needs a reason and a detail of at least 30 characters; it releases reserved stock, and returns issued goods', async () => {
    const s = await setup();
    const id = await order(s, 3);
    const reasons = (await call('GET', `${base}/${id}/cancellation-reasons`, s.owner)).json();
    expect(reasons.items.map((r: { id: string }) => r.id)).toContain('CUSTOMER_REQUEST');
    const short = await call('POST', `${base}/${id}/cancel`, s.owner, { reason_id: 'CUSTOMER_REQUEST', reason_detail: 'Batal saja' });
    expectFieldError(short, 'reason_detail');
    expect(short.json().details.fields[0].message).toBe('Detail pembatalan minimal 30 karakter.');
    expectFieldError(await call('POST', `${base}/${id}/cancel`, s.owner, { reason_detail: CANCEL.reason_detail }), 'reason_id');
    expect(await stockOf(s)).toMatchObject({ in_order: 3 });
    const cancelled = await call('POST', `${base}/${id}/cancel`, s.owner, CANCEL);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELED', cancel_reason: `CUSTOMER_REQUEST: ${CANCEL.reason_detail}` });
    expect(await stockOf(s)).toMatchObject({ on_hand: 10, in_order: 0, available: 10 });
    expectError(await step(s, id, 'CONFIRM_PICK'), 409, 'ORDER_STATE_CONFLICT');

    const second = await order(s, 2);
    for (const a of ['CONFIRM_PICK', 'CONFIRM_PACK', 'COMPLETE_PACKING', 'ISSUE_GOODS'])
      expect((await step(s, second, a)).statusCode).toBe(200);
    expect(await stockOf(s)).toMatchObject({ on_hand: 8, in_order: 0 });
    expect((await call('POST', `${base}/${second}/cancel`, s.owner, CANCEL)).statusCode).toBe(200);
    expect(await stockOf(s)).toMatchObject({ on_hand: 10, in_order: 0, available: 10 });
  });

  it('update-order changes courier, receipt, dropshipper and address, and moves the reservation to another warehouse', async () => {
    const s = await setup();
    const wh2 = (await newWarehouse(app, s.owner)).id;
    await receive(app, s.owner, wh2, [{ catalog_id: s.sku.id, quantity: 5 }]);
    const id = await order(s, 3);
    await step(s, id, 'CONFIRM_PICK');
    const res = await call('PUT', `${base}/${id}`, s.owner, {
      warehouse_id: wh2,
      courier_name: 'Kurir Toko',
      courier_service: 'Same day',
      receipt_number: 'KT-778',
      dropshipper: true,
      dropshipper_name: 'Toko Sebelah',
      dropshipper_phone: '0813 1111 2222',
      shipping_address: { name: 'Ani', address: 'Jl. Darmo 9', city_code: '35.78' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      warehouse_id: wh2,
      courier_name: 'Kurir Toko',
      courier_service: 'Same day',
      receipt_number: 'KT-778',
      dropshipper: true,
      dropshipper_name: 'Toko Sebelah',
      dropshipper_phone: '+6281311112222',
      shipping_address: { name: 'Ani', address: 'Jl. Darmo 9', city_code: '35.78' },
    });
    expect(res.json().timeline.at(-1)).toMatchObject({ event: 'FULFILLMENT_UPDATED', actor_id: s.owner.userId });
    expect(await stockOf(s)).toMatchObject({ on_hand: 10, in_order: 0 });
    expect(await stockOf(s, wh2)).toMatchObject({ on_hand: 5, in_order: 3 });
    // Goods issue now takes the goods from the new warehouse, once.
    for (const a of ['CONFIRM_PACK', 'COMPLETE_PACKING', 'ISSUE_GOODS']) expect((await step(s, id, a)).statusCode).toBe(200);
    expect(await stockOf(s, wh2)).toMatchObject({ on_hand: 2, in_order: 0 });
    expect(await stockOf(s)).toMatchObject({ on_hand: 10, in_order: 0 });

    // Not enough in the other warehouse: refused, nothing half-written.
    const big = await order(s, 6);
    expectError(await call('PUT', `${base}/${big}`, s.owner, { warehouse_id: wh2, courier_name: 'X' }), 409, 'INSUFFICIENT_STOCK');
    const after = await detail(s, big);
    expect(after).toMatchObject({ warehouse_id: s.wh, courier_name: null });
    expect(await stockOf(s)).toMatchObject({ in_order: 6 });
    expectFieldError(await call('PUT', `${base}/${big}`, s.owner, { dropshipper: true }), 'dropshipper_name');
    expectFieldError(
      await call('PUT', `${base}/${big}`, s.owner, { shipping_address: { postal_code: '0123' } }),
      'shipping_address.postal_code',
    );
  });
});

describe('delivery orders: access', () => {
  it("another workspace's order, or a marketplace order on the delivery-order screens, is 404; bad input is 400", async () => {
    const s = await setup();
    const other = await setup();
    const foreign = await order(other, 1);
    for (const [method, url, body] of [
      ['GET', `${base}/${foreign}`, undefined],
      ['POST', `${base}/${foreign}/steps`, { action: 'CONFIRM_PICK' }],
      ['POST', `${base}/${foreign}/cancel`, CANCEL],
      ['PUT', `${base}/${foreign}`, { courier_name: 'JNE' }],
      ['POST', `${base}/${foreign}/ship`, { method: 'OWN_COURIER', receipt_number: 'R1' }],
      ['POST', `${base}/${foreign}/pack`, { scanned: [{ code: 'A', quantity: 1 }] }],
      ['GET', `/api/fulfillment/${foreign}`, undefined],
    ] as const)
      expectError(await call(method, url, s.owner, body), 404, 'ORDER_NOT_FOUND');
    // A manual order is not on the marketplace fulfillment screens.
    const mine = await order(s, 1);
    expectError(await call('GET', `/api/fulfillment/${mine}`, s.owner), 404, 'ORDER_NOT_FOUND');
    expectError(await call('GET', `${base}/scan?code=SO%2F2099`, s.owner), 404, 'ORDER_NOT_FOUND');
    expect((await call('GET', `${base}/${foreign}`, other.owner)).statusCode).toBe(200);
    expect(await stockOf(other)).toMatchObject({ in_order: 1 });

    expectFieldError(await call('GET', `${base}/not-a-uuid`, s.owner), 'params.id');
    expectFieldError(await call('GET', `${base}?step=FLYING`, s.owner), 'step');
    expectFieldError(await call('GET', `${base}?date_from=2026-11-30&date_to=2026-11-01`, s.owner), 'date_to');
    expectFieldError(await call('POST', `${base}/${mine}/steps`, s.owner, { action: 'SHIP' }), 'action');
    expectFieldError(await call('POST', `${base}/${mine}/steps`, s.owner, {}), 'action');
    expectFieldError(await call('POST', `${base}/${mine}/pack`, s.owner, { scanned: [] }), 'scanned');
    expectFieldError(await call('POST', `${base}/${mine}/ship`, s.owner, { method: 'TELEPORT' }), 'method');
    expectFieldError(await call('PUT', `${base}/${mine}`, s.owner, { warehouse_id: 'x' }), 'warehouse_id');
    expectError(
      await call('PUT', `${base}/${mine}`, s.owner, { warehouse_id: (await newWarehouse(app, other.owner)).id }),
      404,
      'WAREHOUSE_NOT_FOUND',
    );
  });

  it('permissions: the menu key guards each list; a restricted member sees only its businesses', async () => {
    const s = await setup();
    const id = await order(s, 1);
    const nobody = await newMember(app, s.owner, { sales: 'WRITE' });
    expectError(await call('GET', base, nobody), 403, 'FORBIDDEN');
    const reader = await newMember(app, s.owner, { 'delivery-order': 'READ' });
    expect((await call('GET', base, reader)).statusCode).toBe(200);
    expectError(await step(s, id, 'CONFIRM_PICK', reader), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/fulfillment', reader), 403, 'FORBIDDEN');

    const b2 = await newBusiness(app, s.owner);
    const other = await order(s, 1, { business_id: b2.id });
    const member = await newMember(app, s.owner, { 'delivery-order': 'WRITE' });
    await app.platform.database.db
      .update(memberships)
      .set({ restrictionBase: 'BUSINESS', restrictionList: [b2.id] })
      .where(eq(memberships.userId, member.userId));
    const list = (await call('GET', base, member)).json();
    expect(list.items.map((o: { id: string }) => o.id)).toEqual([other]);
    expect(list.counts.NEW).toBe(1);
    expectError(await step(s, id, 'CONFIRM_PICK', member), 404, 'ORDER_NOT_FOUND');
    expect((await step(s, other, 'CONFIRM_PICK', member)).statusCode).toBe(200);
  });

  it('filters by warehouse, date and number', async () => {
    const s = await setup(20);
    const wh2 = (await newWarehouse(app, s.owner)).id;
    await receive(app, s.owner, wh2, [{ catalog_id: s.sku.id, quantity: 5 }]);
    const a = await order(s, 1);
    const b = await order(s, 1, { warehouse_id: wh2, order_date: '2026-11-20' });
    const ids = async (q: string) => (await call('GET', `${base}?${q}`, s.owner)).json().items.map((o: { id: string }) => o.id);
    expect(await ids(`warehouse_id=${wh2}`)).toEqual([b]);
    expect(await ids('date_from=2026-11-23')).toEqual([a]);
    expect(await ids('date_to=2026-11-21')).toEqual([b]);
    const number = (await detail(s, a)).order_number as string;
    expect(await ids(`q=${encodeURIComponent(number)}`)).toEqual([a]);
    expect((await call('GET', `${base}?warehouse_id=${wh2}`, s.owner)).json().counts).toMatchObject({ NEW: 1 });
    // Printed or not: the shipping label of one order is printed.
    expect((await call('POST', '/api/documents/labels', s.owner, { order_ids: [a] })).statusCode).toBe(200);
    expect(await ids('printed=true')).toEqual([a]);
    expect(await ids('printed=false')).toEqual([b]);
    expectFieldError(await call('GET', `${base}?printed=maybe`, s.owner), 'printed');
  });
});

describe('demo', () => {
  it('the demo workspace has delivery orders at several steps', async () => {
    const { seedDemo, DEMO_EMAIL } = await import('../../src/demo/seed-demo.ts');
    const { users } = await import('../../src/modules/identity/identity.schema.ts');
    const { tokenFor } = await import('../factories.ts');
    await seedDemo(app.platform, app.fastify.log);
    const db = app.platform.database.db;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
    const [membership] = await db
      .select({ workspaceId: memberships.workspaceId })
      .from(memberships)
      .where(eq(memberships.userId, owner!.id));
    const demo = { headers: { authorization: `Bearer ${await tokenFor(app, owner!.id)}`, 'workspace-id': membership!.workspaceId } };
    const list = (await call('GET', `${base}?step=GOODS_ISSUED`, demo)).json();
    // The ready-to-ship order has its goods issued (Jakarta holds its coffee and T-shirt): it waits for the courier.
    // NEW also holds the other demo parts' confirmed manual orders (the finance demo's credit orders).
    expect(list.counts).toMatchObject({ PICK_CONFIRMED: 0, PACK_CONFIRMED: 1, PACKING_COMPLETED: 0, GOODS_ISSUED: 1, SHIPPED: 2 });
    expect(list.counts.NEW).toBeGreaterThanOrEqual(1);
    expect(list.items[0]).toMatchObject({ status: 'READY_TO_SHIP', stock_short: false, fulfillment: { step: 'GOODS_ISSUED' } });
    // No demo order waits on stock: the coffee lines (the finance demo's distributor orders too) are covered in Jakarta.
    const sales = (await call('GET', '/api/orders?size=50', demo)).json();
    expect(sales.items.filter((o: { stock_short: boolean }) => o.stock_short)).toEqual([]);
    // The order waiting for the courier ships: the delivery note number is given, the stock already left at goods issue.
    const shipped = await call('POST', `${base}/${list.items[0].id}/ship`, demo, { method: 'OWN_COURIER', receipt_number: 'SJ-DEMO-0001' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await call('GET', `${base}?step=SHIPPED`, demo)).json().counts).toMatchObject({ GOODS_ISSUED: 0, SHIPPED: 3 });
  });
});
