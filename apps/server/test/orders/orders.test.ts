import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMarketplaceOrder } from '../../src/flows/import-marketplace-order.ts';
import { jobCtx } from '../../src/platform/system-ctx.ts';
import type { MarketplaceOrder } from '../../src/modules/channels/index.ts';
import { channelConnections } from '../../src/modules/channels/channels.schema.ts';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import { inTenant } from '../../src/platform/db/database.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { createProduct, singleForm, uniqueSku } from '../catalog/helpers.ts';
import { newChannel, newSku, receive } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newBusiness, newWarehouse } from '../workspaces/helpers.ts';

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

const manual = (s: Setup, overrides: Record<string, unknown> = {}) => ({
  warehouse_id: s.wh,
  order_date: '2026-11-24',
  buyer_name: 'Budi Santoso',
  buyer_phone: '0812-3456-7890',
  address: 'Jl. Tunjungan No. 1',
  province_code: '35',
  city_code: '35.78',
  district_code: '35.78.01',
  lines: [{ catalog_id: s.sku.id, quantity: 3 }],
  shipping_fee: 15_000,
  confirm: true,
  ...overrides,
});

async function stockOf(s: Setup) {
  const list = (await call('GET', `/api/inventory?warehouse_id=${s.wh}`, s.owner)).json();
  return list.items.find((i: { catalog_id: string }) => i.catalog_id === s.sku.id) as {
    on_hand: number;
    in_order: number;
    available: number;
  };
}

const mpOrder = (orderId: string, sellerSku: string, rawStatus: string, updatedAt: number, quantity = 2): MarketplaceOrder => ({
  orderId,
  status: 'new',
  rawStatus,
  createdAt: Date.parse('2026-11-24T03:00:00Z'),
  updatedAt,
  buyerName: 'Siti',
  recipient: { name: 'Siti Aminah', phone: '+6281311112222', address: 'Jl. Merdeka 5', city: 'Bandung' },
  items: [{ itemId: 'i1', productId: 'p1', skuId: 's1', sellerSku, name: 'Kopi Gayo 250g', quantity, price: 50_000 }],
  totalAmount: quantity * 50_000 + 10_000,
  shippingFee: 10_000,
  currency: 'IDR',
});

async function importAs(s: Setup, channelId: string, mo: MarketplaceOrder) {
  return inTenant(app.platform.database.db, s.owner.workspaceId, (db) =>
    importMarketplaceOrder(
      jobCtx(app.platform, db, s.owner.workspaceId),
      { id: channelId, marketplace: 'shopee', businessId: s.owner.businessId },
      mo,
      {
        type: 'MARKETPLACE',
        id: 'push',
      },
    ),
  );
}

describe('manual orders', () => {
  it('creates a confirmed order numbered SO/yyyy/mm/nnnnnn with the list price, reserves stock, cancels with a reason and returns it', async () => {
    const s = await setup();
    const res = await call('POST', '/api/manual-orders', s.owner, manual(s));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      order_number: 'SO/2026/11/000001',
      source: 'MANUAL',
      status: 'CONFIRMED',
      warehouse_id: s.wh,
      warehouse_name: `Gudang ${s.wh.slice(-6)}`,
      buyer_phone: '+6281234567890',
      total_item: 3,
      stock_short: false,
      shipping_address: { province_code: '35', city_code: '35.78', district_code: '35.78.01' },
      amounts: { subtotal: 30_000, shipping_fee_buyer: 15_000, buyer_total: 45_000 },
    });
    expect(order.lines[0]).toMatchObject({
      quantity: 3,
      unit_price: 10_000,
      price_source: 'LIST_PRICE',
      reserved_quantity: 3,
      short_quantity: 0,
    });
    expect(await stockOf(s)).toMatchObject({ on_hand: 10, in_order: 3, available: 7 });

    const second = (await call('POST', '/api/manual-orders', s.owner, manual(s, { confirm: false }))).json();
    expect(second).toMatchObject({ order_number: 'SO/2026/11/000002', status: 'DRAFT' });
    expect(await stockOf(s)).toMatchObject({ in_order: 3 });

    expectFieldError(await call('PUT', `/api/manual-orders/${order.id}/cancel`, s.owner, {}), 'reason_id');
    const cancelled = await call('PUT', `/api/manual-orders/${order.id}/cancel`, s.owner, {
      reason_id: 'CUSTOMER_REQUEST',
      reason_detail: 'Salah pesan',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELED', cancel_reason: 'CUSTOMER_REQUEST: Salah pesan' });
    expect(await stockOf(s)).toMatchObject({ on_hand: 10, in_order: 0, available: 10 });
    expect(cancelled.json().timeline.map((t: { event: string }) => t.event)).toEqual(['CREATED', 'CANCEL']);

    // A cancelled order cannot be cancelled again: 409 naming the state, nothing changes.
    const again = await call('PUT', `/api/manual-orders/${order.id}/cancel`, s.owner, { reason_id: 'OTHER' });
    expectError(again, 409, 'ORDER_STATE_CONFLICT');
    expect(again.json().details.status).toBe('CANCELED');
    expect(await stockOf(s)).toMatchObject({ in_order: 0 });
  });

  it('moves a manual order through its states; shipping deducts stock', async () => {
    const s = await setup();
    const order = (await call('POST', '/api/manual-orders', s.owner, manual(s, { confirm: false }))).json();
    for (const action of ['CONFIRM', 'PROCESS', 'READY', 'SHIP']) {
      const res = await call('PUT', `/api/manual-orders/${order.id}/state`, s.owner, { action });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    }
    expect(await stockOf(s)).toMatchObject({ on_hand: 7, in_order: 0, available: 7 });
    expectError(await call('PUT', `/api/manual-orders/${order.id}/state`, s.owner, { action: 'CONFIRM' }), 409, 'ORDER_STATE_CONFLICT');
    expectFieldError(await call('PUT', `/api/manual-orders/${order.id}/state`, s.owner, { action: 'FLY' }), 'action');
  });

  it('keeps an order that cannot be reserved, flagged stock short with the missing quantity', async () => {
    const s = await setup(2);
    const res = await call('POST', '/api/manual-orders', s.owner, manual(s));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'CONFIRMED', stock_short: true });
    expect(res.json().lines[0]).toMatchObject({ reserved_quantity: 0, short_quantity: 3 });
    expect(await stockOf(s)).toMatchObject({ on_hand: 2, in_order: 0 });
    const list = (await call('GET', '/api/orders?stock_short=true', s.owner)).json();
    expect(list.items.map((o: { id: string }) => o.id)).toEqual([res.json().id]);
    // Cancelling a short order releases nothing.
    await call('PUT', `/api/manual-orders/${res.json().id}/cancel`, s.owner, { reason_id: 'OUT_OF_STOCK' });
    expect(await stockOf(s)).toMatchObject({ on_hand: 2, in_order: 0 });
  });

  it('answers 400 on the fields of a bad form, never 500, and writes nothing', async () => {
    const s = await setup();
    expectFieldError(await call('POST', '/api/manual-orders', s.owner, manual(s, { lines: [] })), 'lines');
    expectFieldError(await call('POST', '/api/manual-orders', s.owner, manual(s, { buyer_name: '' })), 'buyer_name');
    expectFieldError(await call('POST', '/api/manual-orders', s.owner, manual(s, { buyer_phone: '123' })), 'buyer_phone');
    expectFieldError(await call('POST', '/api/manual-orders', s.owner, manual(s, { warehouse_id: 'x' })), 'warehouse_id');
    const other = await setup();
    expectFieldError(await call('POST', '/api/manual-orders', s.owner, manual(s, { warehouse_id: other.wh })), 'warehouse_id');
    expectFieldError(
      await call('POST', '/api/manual-orders', s.owner, manual(s, { lines: [{ catalog_id: other.sku.id, quantity: 1 }] })),
      'lines.0.catalog_id',
    );
    expect((await call('GET', '/api/orders', s.owner)).json().total_row).toBe(0);
  });

  it('lists the sales-manual cancellation reasons', async () => {
    const s = await setup(0);
    const res = await call('GET', '/api/manual-orders/cancellation-reasons', s.owner);
    expect(res.json().items.map((r: { id: string }) => r.id)).toContain('CUSTOMER_REQUEST');
  });
});

describe('marketplace orders', () => {
  it('imports by (connection, order id): replays create nothing, a newer status wins, an older one is ignored', async () => {
    const s = await setup();
    const channel = await newChannel(app, s.owner);
    expect(await importAs(s, channel, mpOrder('SHP-1', s.sku.sku, 'READY_TO_SHIP', 1000))).toBe('created');
    expect(await importAs(s, channel, mpOrder('SHP-1', s.sku.sku, 'READY_TO_SHIP', 1000))).toBe('ignored');
    expect(await stockOf(s)).toMatchObject({ in_order: 2 });

    let list = (await call('GET', `/api/orders?channel_id=${channel}`, s.owner)).json();
    expect(list.total_row).toBe(1);
    expect(list.counts).toMatchObject({ all: 1, new: 1, confirmed: 0 });
    const id = list.items[0].id;
    expect(list.items[0]).toMatchObject({ order_number: 'SHP-1', status: 'NEW', marketplace_status: 'READY_TO_SHIP', channel_id: channel });

    expect(await importAs(s, channel, mpOrder('SHP-1', s.sku.sku, 'SHIPPED', 3000))).toBe('updated');
    expect(await importAs(s, channel, mpOrder('SHP-1', s.sku.sku, 'PROCESSED', 2000))).toBe('ignored');
    const detail = (await call('GET', `/api/orders/${id}`, s.owner)).json();
    expect(detail).toMatchObject({ status: 'SHIPPED', marketplace_status: 'SHIPPED' });
    expect(detail.timeline.map((t: { event: string; actor_type: string }) => `${t.event}/${t.actor_type}`)).toEqual([
      'IMPORTED/MARKETPLACE',
      // The shop has no warehouse mapping: the order took the first warehouse, and says so.
      'WAREHOUSE_FALLBACK/MARKETPLACE',
      'STATUS_SYNCED/MARKETPLACE',
    ]);
    expect(await stockOf(s)).toMatchObject({ on_hand: 8, in_order: 0 });
    list = (await call('GET', `/api/orders?channel_id=${channel}&tab=shipped`, s.owner)).json();
    expect(list.counts).toMatchObject({ all: 1, new: 0, shipped: 1 });

    // A cancelled shipment: confirm cancellation, then the goods come back when confirmed.
    expect(await importAs(s, channel, mpOrder('SHP-1', s.sku.sku, 'TO_RETURN', 4000))).toBe('updated');
    expect(await importAs(s, channel, mpOrder('SHP-1', s.sku.sku, 'CANCELLED', 5000))).toBe('updated');
    expect(await stockOf(s)).toMatchObject({ on_hand: 10, in_order: 0 });
  });

  it("keeps each SKU's cost price (HPP) on its lines: the order's cost and profit follow, and say when a cost is missing", async () => {
    const s = await setup();
    const priced = await createProduct(
      app,
      s.owner,
      singleForm({ catalogs: [{ sku: uniqueSku('HPP'), price: 50_000, cost_price: 32_000 }] }),
    );
    const pricedSku = priced.catalogs[0]!;
    expect(pricedSku).toMatchObject({ cost_price: 32_000 });
    await receive(app, s.owner, s.wh, [{ catalog_id: pricedSku.id, quantity: 10 }]);

    // A manual order of the SKU with a cost: cost 3 × 32,000, profit what the merchant nets minus it.
    const order = (
      await call('POST', '/api/manual-orders', s.owner, manual(s, { lines: [{ catalog_id: pricedSku.id, quantity: 3 }], shipping_fee: 0 }))
    ).json();
    expect(order.lines[0]).toMatchObject({ unit_price: 50_000, unit_cost: 32_000 });
    expect(order.amounts).toMatchObject({ merchant_net: 150_000, cost: 96_000, profit: 54_000, cost_complete: true });

    // With a line whose SKU has no cost, the cost counts what is known and says it is incomplete.
    const mixed = (
      await call(
        'POST',
        '/api/manual-orders',
        s.owner,
        manual(s, {
          lines: [
            { catalog_id: pricedSku.id, quantity: 1 },
            { catalog_id: s.sku.id, quantity: 1 },
          ],
          shipping_fee: 0,
        }),
      )
    ).json();
    expect(mixed.lines.map((l: { unit_cost: number | null }) => l.unit_cost)).toEqual([32_000, null]);
    expect(mixed.amounts).toMatchObject({ cost: 32_000, cost_complete: false });

    // A marketplace order mapped to the SKU takes its cost too.
    const channel = await newChannel(app, s.owner);
    await importAs(s, channel, mpOrder('SHP-HPP', pricedSku.sku, 'READY_TO_SHIP', 1000, 2));
    const list = (await call('GET', `/api/orders?channel_id=${channel}`, s.owner)).json();
    const imported = (await call('GET', `/api/orders/${list.items[0].id}`, s.owner)).json();
    expect(imported.lines[0]).toMatchObject({ unit_price: 50_000, unit_cost: 32_000 });
    expect(imported.amounts).toMatchObject({ cost: 64_000, cost_complete: true });

    // An update that leaves the cost out keeps it; null clears it; a negative one is refused on its field.
    const put = (catalog: Record<string, unknown>) =>
      call(
        'PUT',
        `/api/products/${priced.id}`,
        s.owner,
        singleForm({ catalogs: [{ id: pricedSku.id, sku: pricedSku.sku, price: 50_000, ...catalog }] }),
      );
    expect((await put({})).json().catalogs[0]).toMatchObject({ cost_price: 32_000 });
    for (const [bad, code] of [
      [-1, 'MONEY_NEGATIVE'],
      ['abc', 'INVALID_MONEY'],
    ] as const) {
      const refused = await put({ cost_price: bad });
      expectFieldError(refused, 'catalogs.0.cost_price');
      expect(refused.json().details.fields).toContainEqual(expect.objectContaining({ path: 'catalogs.0.cost_price', code }));
    }
    expect((await call('GET', `/api/products/${priced.id}`, s.owner)).json().catalogs[0]).toMatchObject({ cost_price: 32_000 });
    expect((await put({ cost_price: null })).json().catalogs[0]).toMatchObject({ cost_price: null });
  });

  it("takes the marketplace's fees as the admin fee: the net and the profit follow, a later status brings them", async () => {
    const s = await setup();
    const channel = await newChannel(app, s.owner);
    const detailOf = async (number: string) => {
      const list = (await call('GET', `/api/orders?channel_id=${channel}&search_by=order_number&q=${number}`, s.owner)).json();
      return (await call('GET', `/api/orders/${list.items[0].id}`, s.owner)).json();
    };
    // Paid: the escrow's fees arrive with the order (2 × Rp50.000 + Rp10.000 shipping).
    await importAs(s, channel, { ...mpOrder('FEE-1', s.sku.sku, 'READY_TO_SHIP', 1000), adminFee: 11_250 });
    expect((await detailOf('FEE-1')).amounts).toMatchObject({ subtotal: 100_000, admin_fee: 11_250, merchant_net: 88_750, profit: 88_750 });

    // Unpaid first (no escrow yet), paid later: the newer status brings the fees; a replay changes nothing.
    await importAs(s, channel, mpOrder('FEE-2', s.sku.sku, 'UNPAID', 1000));
    expect((await detailOf('FEE-2')).amounts).toMatchObject({ admin_fee: 0, merchant_net: 100_000 });
    expect(await importAs(s, channel, { ...mpOrder('FEE-2', s.sku.sku, 'READY_TO_SHIP', 2000), adminFee: 11_250.4 })).toBe('updated');
    expect((await detailOf('FEE-2')).amounts).toMatchObject({ admin_fee: 11_250, merchant_net: 88_750 });
    expect(await importAs(s, channel, { ...mpOrder('FEE-2', s.sku.sku, 'READY_TO_SHIP', 2000), adminFee: 11_250 })).toBe('ignored');
    // A later status without fees (an adapter that cannot ask) keeps those it had.
    await importAs(s, channel, mpOrder('FEE-2', s.sku.sku, 'SHIPPED', 3000));
    expect((await detailOf('FEE-2')).amounts).toMatchObject({ admin_fee: 11_250, merchant_net: 88_750 });
  });

  it('keeps an unmapped SKU on the line with a warning; the order still lands', async () => {
    const s = await setup();
    const channel = await newChannel(app, s.owner);
    await importAs(s, channel, mpOrder('SHP-9', 'NOT-IN-CATALOG', 'READY_TO_SHIP', 1000));
    const list = (await call('GET', '/api/orders', s.owner)).json();
    expect(list.items[0]).toMatchObject({ has_unmapped_lines: true });
    const detail = (await call('GET', `/api/orders/${list.items[0].id}`, s.owner)).json();
    expect(detail.lines[0]).toMatchObject({ unmapped: true, catalog_id: null, marketplace_sku: 'NOT-IN-CATALOG' });
    expect(detail.timeline.map((t: { event: string }) => t.event)).toContain('UNMAPPED_SKU');
  });

  it('accepts (marketplace call queued, SENDING shown), refuses a wrong transition with 409, bulk reports per order', async () => {
    const s = await setup();
    const channel = await newChannel(app, s.owner);
    await importAs(s, channel, mpOrder('A-1', s.sku.sku, 'READY_TO_SHIP', 1000, 1));
    await importAs(s, channel, mpOrder('A-2', s.sku.sku, 'READY_TO_SHIP', 1000, 1));
    await importAs(s, channel, mpOrder('A-3', s.sku.sku, 'SHIPPED', 1000, 1));
    const ids = Object.fromEntries(
      (await call('GET', '/api/orders', s.owner)).json().items.map((o: { order_number: string; id: string }) => [o.order_number, o.id]),
    );
    const accepted = await call('POST', `/api/orders/${ids['A-1']}/accept`, s.owner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'CONFIRMED', marketplace_action: { action: 'ACCEPT', state: 'SENDING' } });
    expectError(await call('POST', `/api/orders/${ids['A-1']}/accept`, s.owner), 409, 'ORDER_ACTION_PENDING');
    const conflict = await call('POST', `/api/orders/${ids['A-3']}/accept`, s.owner);
    expectError(conflict, 409, 'ORDER_STATE_CONFLICT');
    expect(conflict.json().details.status).toBe('SHIPPED');

    const bulk = await call('POST', '/api/orders/bulk', s.owner, { action: 'ACCEPT', order_ids: [ids['A-2'], ids['A-3']] });
    expect(bulk.json().items).toEqual([
      { order_id: ids['A-2'], ok: true, code: null, status: 'CONFIRMED' },
      { order_id: ids['A-3'], ok: false, code: 'ORDER_STATE_CONFLICT', status: 'SHIPPED' },
    ]);
    expectFieldError(await call('POST', '/api/orders/bulk', s.owner, { action: 'CANCEL', order_ids: [ids['A-2']] }), 'reason_id');
    expectFieldError(await call('POST', `/api/orders/${ids['A-2']}/cancel`, s.owner, {}), 'reason_id');
  });
});

describe('list, search, tenancy and permissions', () => {
  it('needs a search parameter for a search text', async () => {
    const s = await setup(0);
    const res = await call('GET', '/api/orders?q=SO', s.owner);
    expectFieldError(res, 'search_by');
    expect(res.json().details.fields[0].code).toBe('SEARCH_PARAMETER_REQUIRED');
  });

  it('searches by order number, buyer and SKU; counts follow the filters', async () => {
    const s = await setup();
    await call('POST', '/api/manual-orders', s.owner, manual(s));
    await call('POST', '/api/manual-orders', s.owner, manual(s, { buyer_name: 'Ani', confirm: false }));
    const by = async (q: string, searchBy: string, tab = 'all') =>
      (await call('GET', `/api/orders?source=MANUAL&tab=${tab}&search_by=${searchBy}&q=${encodeURIComponent(q)}`, s.owner)).json();
    expect((await by('000001', 'order_number')).total_row).toBe(1);
    expect((await by('ani', 'buyer', 'draft')).items.map((o: { buyer_name: string }) => o.buyer_name)).toEqual(['Ani']);
    expect((await by('ani', 'buyer')).total_row).toBe(0);
    const bySku = await by(s.sku.sku, 'sku');
    expect([bySku.total_row, bySku.counts.draft]).toEqual([1, 1]);
    // Without filters beyond the source, the counts come from the counts table: the same numbers.
    const unfiltered = (await call('GET', '/api/orders?source=MANUAL', s.owner)).json();
    expect(unfiltered.counts).toMatchObject({ all: 1, confirmed: 1, draft: 1 });
    expect(unfiltered.total_row).toBe(1);
  });

  it('counts a date-filtered list by Jakarta day from the per-day counts, the same as counting the orders (ADR 0023)', async () => {
    const s = await setup(50);
    // A manual order's date is Jakarta midnight (17:00 UTC the day before): counted on its own Jakarta day.
    const on23 = (
      await call(
        'POST',
        '/api/manual-orders',
        s.owner,
        manual(s, { order_date: '2026-11-23', lines: [{ catalog_id: s.sku.id, quantity: 1 }] }),
      )
    ).json();
    await call(
      'POST',
      '/api/manual-orders',
      s.owner,
      manual(s, { order_date: '2026-11-24', lines: [{ catalog_id: s.sku.id, quantity: 1 }] }),
    );
    await call('POST', '/api/manual-orders', s.owner, manual(s, { order_date: '2026-11-24', confirm: false }));
    expect((await call('POST', `/api/orders/${on23.id}/cancel`, s.owner, { reason_id: 'OTHER' })).statusCode).toBe(200);
    const counts = async (range: string, exact: boolean) => {
      const res = await call('GET', `/api/orders?${range}${exact ? '&stock_short=false' : ''}`, s.owner);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().counts as Record<string, number>;
    };
    const cases: [string, Record<string, number>][] = [
      ['date_from=2026-11-23&date_to=2026-11-23', { all: 1, confirmed: 0, canceled: 1, draft: 0 }],
      ['date_from=2026-11-24&date_to=2026-11-24', { all: 1, confirmed: 1, canceled: 0, draft: 1 }],
      ['date_from=2026-11-23&date_to=2026-11-24', { all: 2, confirmed: 1, canceled: 1, draft: 1 }],
      ['date_from=2026-11-24', { all: 1, confirmed: 1, canceled: 0, draft: 1 }],
      ['date_to=2026-11-23', { all: 1, confirmed: 0, canceled: 1, draft: 0 }],
      ['date_from=2026-11-25&date_to=2026-11-30', { all: 0, confirmed: 0, canceled: 0, draft: 0 }],
    ];
    for (const [range, expected] of cases) {
      const fromDays = await counts(range, false);
      expect(fromDays, range).toMatchObject(expected);
      // stock_short=false matches every order here but is not in the counts tables: the orders are counted instead.
      expect(await counts(range, true), range).toEqual(fromDays);
    }
  });

  it("gives 404 for another workspace's order and 403 without the permission", async () => {
    const s = await setup();
    const order = (await call('POST', '/api/manual-orders', s.owner, manual(s))).json();
    const other = await newWorkspace(app);
    expectError(await call('GET', `/api/orders/${order.id}`, other), 404, 'ORDER_NOT_FOUND');
    expectError(await call('POST', `/api/orders/${order.id}/cancel`, other, { reason_id: 'OTHER' }), 404, 'ORDER_NOT_FOUND');
    expectError(await call('PUT', `/api/manual-orders/${order.id}/state`, other, { action: 'PROCESS' }), 404, 'ORDER_NOT_FOUND');
    expectError(await call('GET', `/api/orders/${order.id}/cancellation-reasons`, other), 404, 'ORDER_NOT_FOUND');
    expect((await call('GET', '/api/orders', other)).json().total_row).toBe(0);

    const viewer = await newMember(app, s.owner, { sales: 'READ' });
    expect((await call('GET', `/api/orders/${order.id}`, viewer)).statusCode).toBe(200);
    expectError(await call('POST', `/api/orders/${order.id}/accept`, viewer), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/manual-orders', viewer, manual(s)), 403, 'FORBIDDEN');
    const nobody = await newMember(app, s.owner, {});
    expectError(await call('GET', '/api/orders', nobody), 403, 'FORBIDDEN');
  });

  it('a BUSINESS-restricted member sees only their businesses’ orders, in lists and counts', async () => {
    const s = await setup();
    const b2 = await newBusiness(app, s.owner);
    await call('POST', '/api/manual-orders', s.owner, manual(s));
    await call('POST', '/api/manual-orders', s.owner, manual(s, { business_id: b2.id }));
    const member = await newMember(app, s.owner, { sales: 'READ' });
    await app.platform.database.db
      .update(memberships)
      .set({ restrictionBase: 'BUSINESS', restrictionList: [b2.id] })
      .where(eq(memberships.userId, member.userId));
    const list = (await call('GET', '/api/orders', member)).json();
    expect(list.items.map((o: { business_id: string }) => o.business_id)).toEqual([b2.id]);
    expect(list.counts).toMatchObject({ all: 1, confirmed: 1 });
    expect((await call('GET', '/api/orders', s.owner)).json().counts).toMatchObject({ all: 2 });
  });
});

describe('customers', () => {
  it('creates, lists, searches, updates and deletes customers and categories', async () => {
    const s = await setup(0);
    const cat = await call('POST', '/api/customer-categories', s.owner, { name: 'Grosir' });
    expect(cat.statusCode, cat.body).toBe(201);
    const res = await call('POST', '/api/customers', s.owner, {
      code: 'C-001',
      name: 'Toko Makmur',
      category_id: cat.json().id,
      phone: '081234567890',
      email: 'MAKMUR@example.id',
      city_code: '35.78',
      tax_id: '0123456789012345',
      credit_limit: 5_000_000,
      store_type: 'WHOLESALE',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      phone: '+6281234567890',
      email: 'makmur@example.id',
      category_name: 'Grosir',
      credit_limit: 5_000_000,
    });
    expectFieldError(await call('POST', '/api/customers', s.owner, { code: 'C-002', name: 'X', email: 'nope' }), 'email');
    expectFieldError(await call('POST', '/api/customers', s.owner, { code: '', name: '' }), 'name');
    expectError(await call('POST', '/api/customers', s.owner, { code: 'C-001', name: 'Lagi' }), 409, 'CUSTOMER_CODE_TAKEN');
    expect((await call('GET', '/api/customers?q=makmur', s.owner)).json().total_row).toBe(1);
    expect((await call('GET', '/api/customer-categories', s.owner)).json().items[0]).toMatchObject({ name: 'Grosir', customer_count: 1 });
    expectError(await call('DELETE', `/api/customer-categories/${cat.json().id}`, s.owner), 409, 'CUSTOMER_CATEGORY_IN_USE');
    const other = await newWorkspace(app);
    expectError(await call('GET', `/api/customers/${res.json().id}`, other), 404, 'CUSTOMER_NOT_FOUND');
    expectError(await call('PUT', `/api/customers/${res.json().id}`, other, { code: 'C', name: 'C' }), 404, 'CUSTOMER_NOT_FOUND');
    expectError(await call('DELETE', `/api/customer-categories/${cat.json().id}`, other), 404, 'CUSTOMER_CATEGORY_NOT_FOUND');
    const viewer = await newMember(app, s.owner, { 'customer-channel': 'READ' });
    expectError(await call('POST', '/api/customers', viewer, { code: 'C-9', name: 'Y' }), 403, 'FORBIDDEN');
    const upd = await call('PUT', `/api/customers/${res.json().id}`, s.owner, { code: 'C-001', name: 'Toko Makmur Jaya' });
    expect(upd.json()).toMatchObject({ name: 'Toko Makmur Jaya', category_id: null });
    expect((await call('DELETE', `/api/customers/${res.json().id}`, s.owner)).statusCode).toBe(204);
  });
});

describe('GET /api/me/menu channels', () => {
  it('lists the connected shops only, with their sales channel', async () => {
    const s = await setup(0);
    const shop = await newChannel(app, s.owner, 'Toko Kopi Nusantara Official');
    const gone = await newChannel(app, s.owner, 'Toko Lama');
    await app.platform.database.db.update(channelConnections).set({ status: 'DISCONNECTED' }).where(eq(channelConnections.id, gone));
    const res = await call('GET', '/api/me/menu', s.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().channels).toEqual([
      {
        id: shop,
        title: 'Toko Kopi Nusantara Official',
        notes: null,
        status: 'CONNECTED',
        code: 'shopee_id',
        sales_channel: { id: 11, code: 'shopee_id', name: 'Shopee' },
      },
    ]);
  });
});

describe('demo orders', () => {
  it('the demo workspace has manual orders in several states and a customer in Surabaya', async () => {
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
    const list = (await call('GET', '/api/orders', demo)).json();
    // The finance demo (issue 17) adds three confirmed distributor orders on credit.
    expect(list.counts).toMatchObject({
      all: 9,
      confirmed: 4,
      on_process: 1,
      ready_to_ship: 1,
      shipped: 1,
      completed: 1,
      canceled: 1,
      draft: 1,
    });
    expect((await call('GET', '/api/customers?q=rejeki', demo)).json().items[0]).toMatchObject({
      city_code: '35.78',
      category_name: 'Grosir',
    });
  });
});
