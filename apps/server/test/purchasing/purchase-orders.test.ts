import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { newBundle, newSku } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newBusiness, newWarehouse } from '../workspaces/helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

type Res = Awaited<ReturnType<typeof call>>;
type Sku = { id: string; sku: string };
type Setup = { owner: Actor; wh: string; supplier: string; a: Sku; b: Sku };

async function newSupplier(as: Actor, name = 'PT Kopi Nusantara'): Promise<string> {
  const res = await call('POST', '/api/suppliers', as, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function setup(): Promise<Setup> {
  const owner = await newWorkspace(app);
  const wh = (await newWarehouse(app, owner)).id;
  const supplier = await newSupplier(owner);
  return { owner, wh, supplier, a: await newSku(app, owner), b: await newSku(app, owner) };
}

/** A valid order of 10 × A at Rp 25.000 and 4 × B at Rp 12.500, for 20 November 2026. */
const form = (s: Setup, overrides: Record<string, unknown> = {}) => ({
  supplier_id: s.supplier,
  warehouse_id: s.wh,
  order_date: '2026-11-20',
  expected_date: '2026-11-27',
  notes: 'Kirim pagi',
  lines: [
    { catalog_id: s.a.id, quantity: 10, unit_cost: 25_000 },
    { catalog_id: s.b.id, quantity: 4, unit_cost: '12.500' },
  ],
  ...overrides,
});

async function create(s: Setup, overrides: Record<string, unknown> = {}, as: Actor = s.owner) {
  const res = await call('POST', '/api/purchase-orders', as, form(s, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const fieldCodes = (res: Res) => Object.fromEntries(res.json().details.fields.map((f: { path: string; code: string }) => [f.path, f.code]));

const listOf = async (as: Actor, query = '') => (await call('GET', `/api/purchase-orders${query}`, as)).json();

/** On-hand stock of each SKU in the warehouse, as the inventory list shows it. */
async function onHand(s: Setup): Promise<Record<string, number>> {
  const items = (await call('GET', `/api/inventory?warehouse_id=${s.wh}&size=50`, s.owner)).json().items as {
    catalog_id: string;
    on_hand: number;
  }[];
  return Object.fromEntries([s.a, s.b].map((k) => [k.sku, items.find((i) => i.catalog_id === k.id)?.on_hand ?? 0]));
}

const receipts = async (s: Setup) => (await call('GET', `/api/inventory/goods-receipts?warehouse_id=${s.wh}&size=50`, s.owner)).json();

const receive = (s: Setup, id: string, lines: { line_id: string; quantity: number }[], as: Actor = s.owner) =>
  call('POST', `/api/purchase-orders/${id}/receive`, as, { date: '2026-11-25', supplier_reference: 'SJ-0042', lines });

describe('creating purchase orders', () => {
  it('creates an order CREATED, numbered PO/yyyy/mm/nnnnnn per workspace and month, with its lines and totals', async () => {
    const s = await setup();
    const order = await create(s);
    expect(order).toMatchObject({
      number: 'PO/2026/11/000001',
      status: 'CREATED',
      supplier_id: s.supplier,
      supplier_name: 'PT Kopi Nusantara',
      warehouse_id: s.wh,
      warehouse_name: `Gudang ${s.wh.slice(-6)}`,
      order_date: '2026-11-20',
      expected_date: '2026-11-27',
      notes: 'Kirim pagi',
      total_quantity: 14,
      received_quantity: 0,
      total: 300_000,
      receipts: [],
    });
    expect(order.lines).toEqual([
      {
        id: expect.any(String),
        catalog_id: s.a.id,
        sku: s.a.sku,
        name: expect.any(String),
        quantity: 10,
        received_quantity: 0,
        unit_cost: 25_000,
        total: 250_000,
      },
      expect.objectContaining({ catalog_id: s.b.id, sku: s.b.sku, quantity: 4, unit_cost: 12_500, total: 50_000 }),
    ]);
    expect((await call('GET', `/api/purchase-orders/${order.id}`, s.owner)).json()).toEqual(order);

    expect((await create(s, { order_date: '2026-11-30', expected_date: null })).number).toBe('PO/2026/11/000002');
    expect((await create(s, { order_date: '2026-12-01', expected_date: '2026-12-01' })).number).toBe('PO/2026/12/000001');
    expect((await create(s, { order_date: '2026-11-02' })).number).toBe('PO/2026/11/000003');
    // Another workspace counts on its own.
    expect((await create(await setup())).number).toBe('PO/2026/11/000001');

    const audit = await call('GET', `/api/audit?entity=purchase_order&entity_id=${order.id}`, s.owner);
    expect(audit.json().items).toEqual([expect.objectContaining({ action: 'create', actor_id: s.owner.userId })]);
    // Creating one moves no stock.
    expect(await onHand(s)).toEqual({ [s.a.sku]: 0, [s.b.sku]: 0 });
  });

  it('answers every rule the schema cannot check on its field, all at once, and writes nothing', async () => {
    const s = await setup();
    const other = await setup();
    const bundle = await newBundle(app, s.owner, [{ catalog_id: s.a.id, quantity: 2 }]);
    const all = await call(
      'POST',
      '/api/purchase-orders',
      s.owner,
      form(s, {
        supplier_id: other.supplier,
        warehouse_id: other.wh,
        expected_date: '2026-11-19',
        lines: [
          { catalog_id: other.a.id, quantity: 1, unit_cost: 1 },
          { catalog_id: bundle, quantity: 1, unit_cost: 1 },
          { catalog_id: s.a.id, quantity: 1, unit_cost: 1 },
          { catalog_id: s.a.id, quantity: 2, unit_cost: 1 },
        ],
      }),
    );
    expectError(all, 400, 'VALIDATION_FAILED');
    expect(fieldCodes(all)).toEqual({
      supplier_id: 'SUPPLIER_NOT_FOUND',
      warehouse_id: 'WAREHOUSE_NOT_FOUND',
      expected_date: 'EXPECTED_BEFORE_ORDER',
      'lines.0.catalog_id': 'CATALOG_NOT_FOUND',
      'lines.1.catalog_id': 'CATALOG_IS_BUNDLE',
      'lines.3.catalog_id': 'DUPLICATE_LINE',
    });
    // The messages are translated, in Indonesian by default and in English on request.
    expect(all.json().details.fields.find((f: { path: string }) => f.path === 'expected_date').message).toBe(
      'Tanggal perkiraan tiba tidak boleh sebelum tanggal pesanan.',
    );
    const english = await call('POST', '/api/purchase-orders', s.owner, form(s, { supplier_id: other.supplier }), {
      'accept-language': 'en',
    });
    expect(english.json().details.fields).toEqual([{ path: 'supplier_id', code: 'SUPPLIER_NOT_FOUND', message: 'Supplier not found.' }]);

    // Each alone, on its field.
    const single: [Record<string, unknown>, string, string][] = [
      [{ supplier_id: '01a20041-4395-7219-aee5-d0f23fcff062' }, 'supplier_id', 'SUPPLIER_NOT_FOUND'],
      [{ warehouse_id: other.wh }, 'warehouse_id', 'WAREHOUSE_NOT_FOUND'],
      [{ lines: [{ catalog_id: other.b.id, quantity: 1, unit_cost: 1 }] }, 'lines.0.catalog_id', 'CATALOG_NOT_FOUND'],
      [{ lines: [{ catalog_id: bundle, quantity: 1, unit_cost: 1 }] }, 'lines.0.catalog_id', 'CATALOG_IS_BUNDLE'],
      [
        {
          lines: [
            { catalog_id: s.b.id, quantity: 1, unit_cost: 1 },
            { catalog_id: s.b.id, quantity: 1, unit_cost: 1 },
          ],
        },
        'lines.1.catalog_id',
        'DUPLICATE_LINE',
      ],
      [{ order_date: '2026-11-20', expected_date: '2026-11-01' }, 'expected_date', 'EXPECTED_BEFORE_ORDER'],
      [{ lines: [{ catalog_id: s.a.id, quantity: 1_000_000, unit_cost: 999_999_999_999_999 }] }, 'lines.0.unit_cost', 'TOTAL_TOO_BIG'],
      [{ lines: [{ catalog_id: s.a.id, quantity: 0, unit_cost: 1 }] }, 'lines.0.quantity', 'INVALID_VALUE'],
      [{ lines: [{ catalog_id: s.a.id, quantity: 1, unit_cost: -5 }] }, 'lines.0.unit_cost', 'MONEY_NEGATIVE'],
      [{ lines: [] }, 'lines', 'REQUIRED'],
      [{ order_date: '20-11-2026' }, 'order_date', 'INVALID_DATE'],
      [{ supplier_id: 'abc' }, 'supplier_id', 'INVALID_ID'],
    ];
    for (const [overrides, path, code] of single) {
      const res = await call('POST', '/api/purchase-orders', s.owner, form(s, overrides));
      expectFieldError(res, path);
      expect(fieldCodes(res)[path], path).toBe(code);
    }
    // A total above Rp 999 triliun over several lines is refused on the lines.
    const big = 600_000_000_000_000;
    const sum = await call(
      'POST',
      '/api/purchase-orders',
      s.owner,
      form(s, {
        lines: [
          { catalog_id: s.a.id, quantity: 1, unit_cost: big },
          { catalog_id: s.b.id, quantity: 1, unit_cost: big },
        ],
      }),
    );
    expect(fieldCodes(sum)).toEqual({ lines: 'TOTAL_TOO_BIG' });
    expect((await listOf(s.owner)).total_row).toBe(0);
    // No number was spent either: the next order is the first.
    expect((await create(s)).number).toBe('PO/2026/11/000001');
  });
});

describe('the purchase order list', () => {
  it('filters by status, supplier, warehouse, number and dates, newest order date first, with counts per status', async () => {
    const s = await setup();
    const wh2 = (await newWarehouse(app, s.owner)).id;
    const supplier2 = await newSupplier(s.owner, 'UD Kemasan Jaya');
    const o1 = await create(s, { order_date: '2026-10-05', expected_date: null });
    const o2 = await create(s, { order_date: '2026-11-10', expected_date: null });
    const o3 = await create(s, { order_date: '2026-11-10', expected_date: null, supplier_id: supplier2 });
    const o4 = await create(s, { order_date: '2026-11-15', expected_date: null, warehouse_id: wh2 });
    const o5 = await create(s, { order_date: '2026-11-12', expected_date: null });
    expect((await call('POST', `/api/purchase-orders/${o1.id}/cancel`, s.owner)).statusCode).toBe(200);
    const received = await receive(s, o5.id, [{ line_id: o5.lines[0].id, quantity: 3 }]);
    expect(received.statusCode, received.body).toBe(200);

    const ids = (list: { items: { id: string }[] }) => list.items.map((i) => i.id);
    const all = await listOf(s.owner);
    expect(ids(all)).toEqual([o4.id, o5.id, o3.id, o2.id, o1.id]);
    expect(all).toMatchObject({
      page: 1,
      size: 10,
      total_row: 5,
      counts: { CREATED: 3, PARTIAL_RECEIVED: 1, RECEIVED: 0, UNRECEIVED: 0, CANCELLED: 1 },
    });
    expect(all.items[1]).toMatchObject({
      number: 'PO/2026/11/000004',
      status: 'PARTIAL_RECEIVED',
      total_quantity: 14,
      received_quantity: 3,
      total: 300_000,
      supplier_name: 'PT Kopi Nusantara',
      warehouse_name: `Gudang ${s.wh.slice(-6)}`,
    });
    expect(all.items[1]).not.toHaveProperty('lines');

    const created = await listOf(s.owner, '?status=CREATED');
    expect(ids(created)).toEqual([o4.id, o3.id, o2.id]);
    // The counts ignore the status filter (the tabs), the total does not.
    expect(created).toMatchObject({ total_row: 3, counts: all.counts });
    expect(ids(await listOf(s.owner, `?supplier_id=${supplier2}`))).toEqual([o3.id]);
    const inFirst = await listOf(s.owner, `?warehouse_id=${s.wh}`);
    expect(ids(inFirst)).toEqual([o5.id, o3.id, o2.id, o1.id]);
    expect(inFirst.counts).toEqual({ CREATED: 2, PARTIAL_RECEIVED: 1, RECEIVED: 0, UNRECEIVED: 0, CANCELLED: 1 });
    expect(ids(await listOf(s.owner, '?q=2026/10'))).toEqual([o1.id]);
    expect(ids(await listOf(s.owner, `?q=${encodeURIComponent('11/000001')}`))).toEqual([o2.id]);
    const november = await listOf(s.owner, '?date_from=2026-11-10&date_to=2026-11-12');
    expect(ids(november)).toEqual([o5.id, o3.id, o2.id]);
    expect(november.counts).toEqual({ CREATED: 2, PARTIAL_RECEIVED: 1, RECEIVED: 0, UNRECEIVED: 0, CANCELLED: 0 });
    const page2 = await listOf(s.owner, '?size=2&page=2');
    expect(page2).toMatchObject({ page: 2, size: 2, total_row: 5 });
    expect(ids(page2)).toEqual([o3.id, o2.id]);

    // Filters naming another workspace's rows are 404, as every id a request names; bad values are field errors.
    const other = await setup();
    expectError(await call('GET', `/api/purchase-orders?supplier_id=${other.supplier}`, s.owner), 404, 'SUPPLIER_NOT_FOUND');
    expectError(await call('GET', `/api/purchase-orders?warehouse_id=${other.wh}`, s.owner), 404, 'WAREHOUSE_NOT_FOUND');
    expectFieldError(await call('GET', '/api/purchase-orders?status=OPEN', s.owner), 'status');
    expectFieldError(await call('GET', '/api/purchase-orders?date_from=kemarin', s.owner), 'date_from');
    expect(await listOf(other.owner)).toMatchObject({ items: [], total_row: 0 });
  });
});

describe('receiving a purchase order', () => {
  it('receives partly, then the rest: one goods receipt per delivery, the stock rises by exactly what arrived', async () => {
    const s = await setup();
    const order = await create(s);
    const [lineA, lineB] = order.lines as { id: string }[];

    const first = await receive(s, order.id, [
      { line_id: lineA!.id, quantity: 6 },
      { line_id: lineB!.id, quantity: 0 },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const partial = first.json();
    expect(partial).toMatchObject({ status: 'PARTIAL_RECEIVED', total_quantity: 14, received_quantity: 6 });
    expect(partial.lines.map((l: { received_quantity: number }) => l.received_quantity)).toEqual([6, 0]);
    expect(partial.receipts).toEqual([{ id: expect.any(String), number: 'GR-000001', date: '2026-11-25', total_quantity: 6 }]);
    expect(await onHand(s)).toEqual({ [s.a.sku]: 6, [s.b.sku]: 0 });

    const rest = await call('POST', `/api/purchase-orders/${order.id}/receive`, s.owner, {
      date: '2026-11-28',
      lines: [
        { line_id: lineB!.id, quantity: 4 },
        { line_id: lineA!.id, quantity: 4 },
      ],
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const done = rest.json();
    expect(done).toMatchObject({ status: 'RECEIVED', received_quantity: 14 });
    expect(done.lines.map((l: { received_quantity: number }) => l.received_quantity)).toEqual([10, 4]);
    expect(
      done.receipts.map((r: { number: string; date: string; total_quantity: number }) => [r.number, r.date, r.total_quantity]),
    ).toEqual([
      ['GR-000001', '2026-11-25', 6],
      ['GR-000002', '2026-11-28', 8],
    ]);
    expect(await onHand(s)).toEqual({ [s.a.sku]: 10, [s.b.sku]: 4 });

    // The receipts are the inventory's own, posted, with the supplier's delivery note and the order's number.
    const list = await receipts(s);
    expect(list.total_row).toBe(2);
    expect(
      list.items.map((r: { id: string; number: string; status: string; supplier_reference: string | null; note: string }) => [
        r.id,
        r.number,
        r.status,
        r.supplier_reference,
        r.note,
      ]),
    ).toEqual([
      [done.receipts[1].id, 'GR-000002', 'POSTED', null, order.number],
      [done.receipts[0].id, 'GR-000001', 'POSTED', 'SJ-0042', order.number],
    ]);
    const receipt = (await call('GET', `/api/inventory/goods-receipts/${done.receipts[1].id}`, s.owner)).json();
    expect(receipt.lines.map((l: { catalog_id: string; quantity: number }) => [l.catalog_id, l.quantity])).toEqual([
      [s.b.id, 4],
      [s.a.id, 4],
    ]);

    // A received order takes no more deliveries, and is neither cancelled nor closed.
    const more = await receive(s, order.id, [{ line_id: lineA!.id, quantity: 1 }]);
    expectError(more, 409, 'PURCHASE_ORDER_STATE_CONFLICT');
    expect(more.json().details).toEqual({ status: 'RECEIVED' });
    expectError(await call('POST', `/api/purchase-orders/${order.id}/cancel`, s.owner), 409, 'PURCHASE_ORDER_STATE_CONFLICT');
    expectError(await call('POST', `/api/purchase-orders/${order.id}/close`, s.owner), 409, 'PURCHASE_ORDER_STATE_CONFLICT');
    expect(await onHand(s)).toEqual({ [s.a.sku]: 10, [s.b.sku]: 4 });

    const audit = (await call('GET', `/api/audit?entity=purchase_order&entity_id=${order.id}`, s.owner)).json();
    expect(audit.items.map((a: { action: string }) => a.action).sort()).toEqual(['create', 'update', 'update']);
  });

  it('refuses more than a line waits for, a line of another order, a repeated line and nothing at all; nothing changes', async () => {
    const s = await setup();
    const order = await create(s);
    const otherOrder = await create(s, { lines: [{ catalog_id: s.a.id, quantity: 1, unit_cost: 1 }] });
    const [lineA, lineB] = order.lines as { id: string }[];
    expect((await receive(s, order.id, [{ line_id: lineA!.id, quantity: 7 }])).statusCode).toBe(200);
    const before = (await call('GET', `/api/purchase-orders/${order.id}`, s.owner)).json();

    const over = await receive(s, order.id, [
      { line_id: lineA!.id, quantity: 4 },
      { line_id: lineB!.id, quantity: 5 },
    ]);
    expectError(over, 400, 'VALIDATION_FAILED');
    expect(fieldCodes(over)).toEqual({ 'lines.0.quantity': 'OVER_RECEIVED', 'lines.1.quantity': 'OVER_RECEIVED' });
    const foreign = await receive(s, order.id, [
      { line_id: lineA!.id, quantity: 1 },
      { line_id: otherOrder.lines[0].id, quantity: 1 },
      { line_id: '01a20041-4395-7219-aee5-d0f23fcff062', quantity: 1 },
    ]);
    expect(fieldCodes(foreign)).toEqual({ 'lines.1.line_id': 'INVALID_ID', 'lines.2.line_id': 'INVALID_ID' });
    const twice = await receive(s, order.id, [
      { line_id: lineA!.id, quantity: 2 },
      { line_id: lineA!.id, quantity: 2 },
    ]);
    expect(fieldCodes(twice)).toEqual({ 'lines.1.line_id': 'DUPLICATE_LINE' });
    const nothing = await receive(s, order.id, [
      { line_id: lineA!.id, quantity: 0 },
      { line_id: lineB!.id, quantity: 0 },
    ]);
    expect(fieldCodes(nothing)).toEqual({ lines: 'NOTHING_RECEIVED' });
    expectFieldError(await receive(s, order.id, []), 'lines');
    expectFieldError(await receive(s, order.id, [{ line_id: lineA!.id, quantity: -1 }]), 'lines.0.quantity');
    expectFieldError(await receive(s, order.id, [{ line_id: 'abc', quantity: 1 }]), 'lines.0.line_id');
    expectFieldError(
      await call('POST', `/api/purchase-orders/${order.id}/receive`, s.owner, { lines: [{ line_id: lineA!.id, quantity: 1 }] }),
      'date',
    );

    expect((await call('GET', `/api/purchase-orders/${order.id}`, s.owner)).json()).toEqual(before);
    expect(await onHand(s)).toEqual({ [s.a.sku]: 7, [s.b.sku]: 0 });
    expect((await receipts(s)).total_row).toBe(1);
    // The exact rest is fine.
    const rest = await receive(s, order.id, [
      { line_id: lineA!.id, quantity: 3 },
      { line_id: lineB!.id, quantity: 4 },
    ]);
    expect(rest.json()).toMatchObject({ status: 'RECEIVED', received_quantity: 14 });
  });
});

describe('cancelling and closing', () => {
  it('cancels only a created order, closes only a partly received one; any other move is 409 naming the status', async () => {
    const s = await setup();
    const order = await create(s);
    const line = order.lines[0].id as string;

    const closeCreated = await call('POST', `/api/purchase-orders/${order.id}/close`, s.owner);
    expectError(closeCreated, 409, 'PURCHASE_ORDER_STATE_CONFLICT');
    expect(closeCreated.json().details).toEqual({ status: 'CREATED' });

    const cancelled = await call('POST', `/api/purchase-orders/${order.id}/cancel`, s.owner);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', received_quantity: 0, receipts: [] });
    const afterCancel = (await call('GET', `/api/purchase-orders/${order.id}`, s.owner)).json();
    for (const action of ['cancel', 'close']) {
      const res = await call('POST', `/api/purchase-orders/${order.id}/${action}`, s.owner);
      expectError(res, 409, 'PURCHASE_ORDER_STATE_CONFLICT');
      expect(res.json().details).toEqual({ status: 'CANCELLED' });
    }
    const receiveCancelled = await receive(s, order.id, [{ line_id: line, quantity: 1 }]);
    expectError(receiveCancelled, 409, 'PURCHASE_ORDER_STATE_CONFLICT');
    expect(receiveCancelled.json().details).toEqual({ status: 'CANCELLED' });
    expect((await call('GET', `/api/purchase-orders/${order.id}`, s.owner)).json()).toEqual(afterCancel);
    expect(await onHand(s)).toEqual({ [s.a.sku]: 0, [s.b.sku]: 0 });

    const partly = await create(s);
    expect((await receive(s, partly.id, [{ line_id: partly.lines[1].id, quantity: 1 }])).statusCode).toBe(200);
    const cancelPartly = await call('POST', `/api/purchase-orders/${partly.id}/cancel`, s.owner);
    expectError(cancelPartly, 409, 'PURCHASE_ORDER_STATE_CONFLICT');
    expect(cancelPartly.json().details).toEqual({ status: 'PARTIAL_RECEIVED' });
    const closed = await call('POST', `/api/purchase-orders/${partly.id}/close`, s.owner);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'UNRECEIVED', received_quantity: 1, total_quantity: 14 });
    const afterClose = (await call('GET', `/api/purchase-orders/${partly.id}`, s.owner)).json();
    for (const res of [
      await call('POST', `/api/purchase-orders/${partly.id}/close`, s.owner),
      await call('POST', `/api/purchase-orders/${partly.id}/cancel`, s.owner),
      await receive(s, partly.id, [{ line_id: partly.lines[0].id, quantity: 1 }]),
    ]) {
      expectError(res, 409, 'PURCHASE_ORDER_STATE_CONFLICT');
      expect(res.json().details).toEqual({ status: 'UNRECEIVED' });
    }
    expect((await call('GET', `/api/purchase-orders/${partly.id}`, s.owner)).json()).toEqual(afterClose);
    expect(await onHand(s)).toEqual({ [s.a.sku]: 0, [s.b.sku]: 1 });
    expect((await listOf(s.owner)).counts).toEqual({ CREATED: 0, PARTIAL_RECEIVED: 0, RECEIVED: 0, UNRECEIVED: 1, CANCELLED: 1 });

    const audit = (await call('GET', `/api/audit?entity=purchase_order&entity_id=${order.id}`, s.owner)).json();
    expect(audit.items.map((a: { action: string }) => a.action).sort()).toEqual(['create', 'update']);
  });
});

describe('who may see and change purchase orders', () => {
  it("answers 404 for another workspace's order on every id route, and changes nothing", async () => {
    const s = await setup();
    const order = await create(s);
    const stranger = await newWorkspace(app);
    expectError(await call('GET', `/api/purchase-orders/${order.id}`, stranger), 404, 'PURCHASE_ORDER_NOT_FOUND');
    expectError(await receive(s, order.id, [{ line_id: order.lines[0].id, quantity: 1 }], stranger), 404, 'PURCHASE_ORDER_NOT_FOUND');
    expectError(await call('POST', `/api/purchase-orders/${order.id}/cancel`, stranger), 404, 'PURCHASE_ORDER_NOT_FOUND');
    expectError(await call('POST', `/api/purchase-orders/${order.id}/close`, stranger), 404, 'PURCHASE_ORDER_NOT_FOUND');
    expectError(await call('GET', '/api/purchase-orders/01a20041-4395-7219-aee5-d0f23fcff062', s.owner), 404, 'PURCHASE_ORDER_NOT_FOUND');
    expectFieldError(await call('GET', '/api/purchase-orders/abc', s.owner), 'params.id');
    expect((await call('GET', `/api/purchase-orders/${order.id}`, s.owner)).json()).toMatchObject({
      status: 'CREATED',
      received_quantity: 0,
    });
  });

  it('lists the orders of the business chosen in the top bar (Business-Id)', async () => {
    const s = await setup();
    const order = await create(s);
    const other = await newBusiness(app, s.owner);
    const inOther = (await call('GET', '/api/purchase-orders', s.owner, undefined, { 'business-id': other.id })).json();
    expect(inOther).toMatchObject({ items: [], total_row: 0, counts: { CREATED: 0 } });
    const inMine = (await call('GET', '/api/purchase-orders', s.owner, undefined, { 'business-id': s.owner.businessId })).json();
    expect(inMine.items.map((o: { id: string }) => o.id)).toEqual([order.id]);
  });

  it('lets a member with READ only read (403 on every write), and one without the menu nothing', async () => {
    const s = await setup();
    const order = await create(s);
    const reader = await newMember(app, s.owner, { 'purchase-order': 'READ', supplier: 'READ' });
    expect((await call('GET', '/api/purchase-orders', reader)).json().total_row).toBe(1);
    expect((await call('GET', `/api/purchase-orders/${order.id}`, reader)).statusCode).toBe(200);
    expectError(await call('POST', '/api/purchase-orders', reader, form(s)), 403, 'FORBIDDEN');
    expectError(await receive(s, order.id, [{ line_id: order.lines[0].id, quantity: 1 }], reader), 403, 'FORBIDDEN');
    expectError(await call('POST', `/api/purchase-orders/${order.id}/cancel`, reader), 403, 'FORBIDDEN');
    expectError(await call('POST', `/api/purchase-orders/${order.id}/close`, reader), 403, 'FORBIDDEN');
    const none = await newMember(app, s.owner, { supplier: 'WRITE' });
    expectError(await call('GET', '/api/purchase-orders', none), 403, 'FORBIDDEN');
    expect((await listOf(s.owner)).items.map((o: { status: string }) => o.status)).toEqual(['CREATED']);
  });

  it('keeps a member restricted to some warehouses to their orders: others are 404, and they cannot order into one', async () => {
    const s = await setup();
    const mine = (await newWarehouse(app, s.owner)).id;
    const theirs = await create(s);
    const member = await newMember(app, s.owner, { 'purchase-order': 'WRITE', supplier: 'READ' });
    await app.platform.database.db
      .update(memberships)
      .set({ restrictionBase: 'WAREHOUSE', restrictionList: [mine] })
      .where(eq(memberships.userId, member.userId));

    expectError(await call('GET', `/api/purchase-orders/${theirs.id}`, member), 404, 'PURCHASE_ORDER_NOT_FOUND');
    expectError(await receive(s, theirs.id, [{ line_id: theirs.lines[0].id, quantity: 1 }], member), 404, 'PURCHASE_ORDER_NOT_FOUND');
    expectError(await call('POST', `/api/purchase-orders/${theirs.id}/cancel`, member), 404, 'PURCHASE_ORDER_NOT_FOUND');
    expectError(await call('GET', `/api/purchase-orders?warehouse_id=${s.wh}`, member), 404, 'WAREHOUSE_NOT_FOUND');
    const refused = await call('POST', '/api/purchase-orders', member, form(s));
    expectError(refused, 400, 'VALIDATION_FAILED');
    expect(fieldCodes(refused)).toEqual({ warehouse_id: 'WAREHOUSE_NOT_FOUND' });

    const own = await create(s, { warehouse_id: mine }, member);
    expect(own).toMatchObject({ number: 'PO/2026/11/000002', warehouse_id: mine });
    const list = await listOf(member);
    expect(list.items.map((o: { id: string }) => o.id)).toEqual([own.id]);
    expect(list).toMatchObject({ total_row: 1, counts: { CREATED: 1 } });
    // Their delivery arrives in their warehouse.
    const received = await receive(s, own.id, [{ line_id: own.lines[0].id, quantity: 10 }], member);
    expect(received.json()).toMatchObject({ status: 'PARTIAL_RECEIVED', received_quantity: 10 });
    expect((await listOf(s.owner)).total_row).toBe(2);
    expect((await call('GET', `/api/purchase-orders/${theirs.id}`, s.owner)).json().status).toBe('CREATED');
  });
});
