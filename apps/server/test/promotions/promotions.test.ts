import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { receive } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newWarehouse } from '../workspaces/helpers.ts';
import { createProduct, singleForm, uniqueSku } from '../catalog/helpers.ts';
import { adminVoucher, courierVoucher, skuAt, tenPercent } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

type Team = { owner: Actor; maker: Actor; checker: Actor; a: { id: string; sku: string }; b: { id: string; sku: string } };
async function team(): Promise<Team> {
  const owner = await newWorkspace(app);
  const maker = await newMember(app, owner, { 'promotion-channel': 'WRITE', 'manual-order': 'WRITE', 'web-store': 'WRITE' });
  const checker = await newMember(app, owner, { 'promotion-channel': 'READ', 'promotion-approval': 'WRITE' });
  const a = await skuAt(app, owner, 50_000);
  const b = await skuAt(app, owner, 120_000);
  return { owner, maker, checker, a, b };
}

async function createProgramme(
  t: Team,
  body: Record<string, unknown> = tenPercent([{ catalog_id: t.a.id, cost_price: 30_000 }, { catalog_id: t.b.id }]),
) {
  const res = await call('POST', '/api/promotions/discounts', t.maker, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const code = () => `KRM${randomBytes(3).toString('hex').toUpperCase()}`;

describe('discount programmes: maker and checker', () => {
  it('the maker creates a programme waiting for approval; the checker sees the margin impact and approves', async () => {
    const t = await team();
    const created = await createProgramme(t, {
      ...tenPercent([{ catalog_id: t.a.id, cost_price: 30_000 }, { catalog_id: t.b.id }]),
      quota: 100,
      marketplace_fee_percent: 5,
    });
    expect(created).toMatchObject({
      status: 'WAITING_APPROVAL',
      quota: 100,
      quota_used: 0,
      created_by: t.maker.userId,
      actions: ['CANCEL'],
    });
    expect(created.items.map((i: { sku: string }) => i.sku)).toEqual([t.a.sku, t.b.sku]);

    const impact = await call('GET', `/api/promotions/discounts/${created.id}/impact`, t.checker);
    expect(impact.statusCode, impact.body).toBe(200);
    expect(impact.json()).toMatchObject({
      below_cost: false,
      max_budget: 1_200_000,
      lines: [
        {
          catalog_id: t.a.id,
          normal_price: 50_000,
          promo_price: 45_000,
          cost_price: 30_000,
          marketplace_fee: 2_250,
          margin_before: { rupiah: 17_500, percent: 35 },
          margin_after: { rupiah: 12_750, percent: 28.3 },
          below_cost: false,
          max_budget: 500_000,
        },
        {
          catalog_id: t.b.id,
          normal_price: 120_000,
          promo_price: 108_000,
          cost_price: null,
          margin_before: null,
          margin_after: null,
          max_budget: 1_200_000,
        },
      ],
    });
    // the maker has no approval menu
    expectError(await call('GET', `/api/promotions/discounts/${created.id}/impact`, t.maker), 403, 'FORBIDDEN');

    const seen = await call('GET', `/api/promotions/discounts/${created.id}`, t.checker);
    expect(seen.json().actions).toEqual(['APPROVE', 'REJECT']);
    const approved = await call('POST', `/api/promotions/discounts/${created.id}/approve`, t.checker, { note: 'Margin aman' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'ACTIVE', decided_by: t.checker.userId, decision_note: 'Margin aman' });
    expect(approved.json().history.map((h: { event: string; to_status: string }) => [h.event, h.to_status])).toEqual([
      ['CREATED', 'WAITING_APPROVAL'],
      ['APPROVED', 'ACTIVE'],
    ]);
    // approving twice is a state conflict
    expectError(await call('POST', `/api/promotions/discounts/${created.id}/approve`, t.checker, {}), 409, 'DISCOUNT_STATE_CONFLICT');
    // the decision is in the audit log
    const audit = await call('GET', `/api/audit?entity=discount_program&entity_id=${created.id}`, t.owner);
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json().items as { actor_id?: string; action: string; diff: Record<string, { to: unknown }> }[];
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'update']);
    expect(entries.find((e) => e.action === 'update')!.diff.status!.to).toBe('ACTIVE');
  });

  it('a maker cannot approve or reject their own programme, even holding the approval menu', async () => {
    const t = await team();
    const both = await newMember(app, t.owner, { 'promotion-channel': 'WRITE', 'promotion-approval': 'WRITE' });
    const res = await call('POST', '/api/promotions/discounts', both, tenPercent([{ catalog_id: t.a.id }]));
    const id = res.json().id;
    expect(res.json().actions).toEqual(['CANCEL']);
    expectError(await call('POST', `/api/promotions/discounts/${id}/approve`, both, {}), 403, 'DISCOUNT_SELF_APPROVAL');
    expectError(await call('POST', `/api/promotions/discounts/${id}/reject`, both, { note: 'x' }), 403, 'DISCOUNT_SELF_APPROVAL');
    // a member without WRITE on the approval menu cannot approve at all
    expectError(await call('POST', `/api/promotions/discounts/${id}/approve`, t.maker, {}), 403, 'FORBIDDEN');
    expect((await call('GET', `/api/promotions/discounts/${id}`, both)).json().status).toBe('WAITING_APPROVAL');
  });

  it('a rejection needs a note and cancels the programme; the history keeps the note', async () => {
    const t = await team();
    const { id } = await createProgramme(t);
    expectFieldError(await call('POST', `/api/promotions/discounts/${id}/reject`, t.checker, {}), 'note');
    const res = await call('POST', `/api/promotions/discounts/${id}/reject`, t.checker, { note: 'Terlalu dalam untuk SKU premium' });
    expect(res.json()).toMatchObject({ status: 'CANCELLED', decision_note: 'Terlalu dalam untuk SKU premium' });
    expect(res.json().history.at(-1)).toMatchObject({
      event: 'REJECTED',
      note: 'Terlalu dalam untuk SKU premium',
      actor_id: t.checker.userId,
    });
  });

  it('flags a programme that sells below cost', async () => {
    const t = await team();
    const { id } = await createProgramme(t, tenPercent([{ catalog_id: t.a.id, cost_price: 46_000 }]));
    const impact = (await call('GET', `/api/promotions/discounts/${id}/impact`, t.checker)).json();
    expect(impact).toMatchObject({
      below_cost: true,
      lines: [{ promo_price: 45_000, below_cost: true, margin_after: { rupiah: -1_000 } }],
    });
  });

  it('shows an overlapping programme on the same SKU and which one the buyer gets', async () => {
    const t = await team();
    const first = await createProgramme(t);
    const second = await createProgramme(
      t,
      tenPercent([{ catalog_id: t.a.id }], { program_name: 'Flash 12.12', value: 15, start_date: '2026-11-28', end_date: '2026-12-12' }),
    );
    const impact = (await call('GET', `/api/promotions/discounts/${first.id}/impact`, t.checker)).json();
    expect(impact.overlaps).toEqual([
      { catalog_id: t.a.id, sku: t.a.sku, other_id: second.id, other_name: 'Flash 12.12', other_source: 'KELOLA', winner_id: second.id },
    ]);
  });

  it('pause, resume, end; an ended programme cannot come back', async () => {
    const t = await team();
    const { id } = await createProgramme(t);
    await call('POST', `/api/promotions/discounts/${id}/approve`, t.checker, {});
    const act = (action: string) => call('POST', `/api/promotions/discounts/${id}/action`, t.maker, { action });
    expect((await act('PAUSE')).json()).toMatchObject({ status: 'NOT_ACTIVE', inactive_reason: 'PAUSED' });
    expect((await act('RESUME')).json()).toMatchObject({ status: 'ACTIVE', inactive_reason: null });
    expect((await act('END')).json()).toMatchObject({ status: 'NOT_ACTIVE', inactive_reason: 'ENDED' });
    expectError(await act('RESUME'), 409, 'DISCOUNT_STATE_CONFLICT');
  });

  it('lists with filters and a search that needs its parameter', async () => {
    const t = await team();
    const { id } = await createProgramme(t);
    await createProgramme(
      t,
      tenPercent([{ catalog_id: t.b.id }], {
        program_name: 'Distributor Desember',
        tier: 'DISTRIBUTOR',
        start_date: '2026-12-01',
        end_date: '2026-12-31',
      }),
    );
    const list = (q: string) => call('GET', `/api/promotions/discounts?${q}`, t.maker, undefined, { 'accept-language': 'en' });
    expect((await list('')).json().total_row).toBe(2);
    expect((await list('tier=NATIONAL')).json().items.map((i: { id: string }) => i.id)).toEqual([id]);
    expect((await list('date_from=2026-12-05&date_to=2026-12-06')).json().items[0].program_name).toBe('Distributor Desember');
    expect((await list('status=ACTIVE')).json().total_row).toBe(0);
    const channel = randomUUID();
    const onChannel = await createProgramme(
      t,
      tenPercent([{ catalog_id: t.a.id }], { program_name: 'Kanal', target: { channel_ids: [channel] } }),
    );
    expect((await list(`channel_id=${channel}`)).json().items.map((i: { id: string }) => i.id)).toEqual([onChannel.id]);
    expect((await list(`channel_id=${randomUUID()}`)).json().total_row).toBe(0);
    expect((await list('search_by=program_name&q=gajian')).json().items.map((i: { id: string }) => i.id)).toEqual([id]);
    const noParam = await list('q=gajian');
    expectFieldError(noParam, 'search_by');
    expect(noParam.json().details.fields[0].message).toBe('Please select parameter for search sales order/voucher');
  });

  it('bad input is 400 with field errors; another workspace’s programme is 404', async () => {
    const t = await team();
    expectFieldError(
      await call('POST', '/api/promotions/discounts', t.maker, tenPercent([{ catalog_id: t.a.id }], { value: 120 })),
      'value',
    );
    expectFieldError(
      await call('POST', '/api/promotions/discounts', t.maker, tenPercent([{ catalog_id: t.a.id }], { end_date: '2026-11-01' })),
      'end_date',
    );
    expectFieldError(await call('POST', '/api/promotions/discounts', t.maker, tenPercent([])), 'items');
    expectFieldError(
      await call('POST', '/api/promotions/discounts', t.maker, tenPercent([{ catalog_id: t.a.id }], { tier: 'GLOBAL' })),
      'tier',
    );
    expectFieldError(
      await call('POST', '/api/promotions/discounts', t.maker, tenPercent([{ catalog_id: t.a.id }], { quota: '10' })),
      'quota',
    );
    expectFieldError(
      await call('POST', '/api/promotions/discounts', t.maker, tenPercent([{ catalog_id: randomUUID() }])),
      'items.0.catalog_id',
    );
    const other = await newWorkspace(app);
    const otherSku = await skuAt(app, other, 10_000);
    expectFieldError(
      await call('POST', '/api/promotions/discounts', t.maker, tenPercent([{ catalog_id: otherSku.id }])),
      'items.0.catalog_id',
    );
    const { id } = await createProgramme(t);
    expectError(await call('GET', `/api/promotions/discounts/${id}`, other), 404, 'DISCOUNT_NOT_FOUND');
    expectError(await call('POST', `/api/promotions/discounts/${id}/approve`, other, {}), 404, 'DISCOUNT_NOT_FOUND');
    expectError(await call('GET', `/api/promotions/discounts/${id}/impact`, other), 404, 'DISCOUNT_NOT_FOUND');
    expect((await call('GET', '/api/promotions/discounts', other)).json().total_row).toBe(0);
  });
});

describe('sale price in manual orders', () => {
  it('a manual order in the period gets the promotional price and uses the quota; outside the period, the list price', async () => {
    const t = await team();
    const wh = (await newWarehouse(app, t.owner)).id;
    await receive(app, t.owner, wh, [{ catalog_id: t.a.id, quantity: 20 }]);
    const { id } = await createProgramme(t, { ...tenPercent([{ catalog_id: t.a.id }]), quota: 5 });
    const order = (date: string, quantity: number) =>
      call('POST', '/api/manual-orders', t.maker, {
        warehouse_id: wh,
        order_date: date,
        buyer_name: 'Budi Santoso',
        lines: [{ catalog_id: t.a.id, quantity }],
        confirm: true,
      });
    // not yet approved: list price
    const before = await order('2026-11-24', 1);
    expect(before.statusCode, before.body).toBe(201);
    expect(before.json().lines[0]).toMatchObject({ unit_price: 50_000 });
    await call('POST', `/api/promotions/discounts/${id}/approve`, t.checker, {});

    const inPeriod = (await order('2026-11-24', 3)).json();
    expect(inPeriod.lines[0]).toMatchObject({ unit_price: 45_000, price_source: 'PROMOTION' });
    expect(inPeriod.amounts.subtotal).toBe(135_000);
    expect((await order('2026-12-01', 1)).json().lines[0].unit_price).toBe(50_000);
    expect((await call('GET', `/api/promotions/discounts/${id}`, t.maker)).json().quota_used).toBe(3);
    // 2 left: an order of 3 no longer fits the quota and pays the list price; one of 2 uses the rest
    expect((await order('2026-11-25', 3)).json().lines[0].unit_price).toBe(50_000);
    const last = (await order('2026-11-25', 2)).json();
    expect(last.lines[0].unit_price).toBe(45_000);
    expect((await call('GET', `/api/promotions/discounts/${id}`, t.maker)).json().quota_used).toBe(5);
    // Cancelling an order gives its quota back, once.
    const cancelled = await call('PUT', `/api/manual-orders/${last.id}/cancel`, t.maker, { reason_id: 'OTHER' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await call('GET', `/api/promotions/discounts/${id}`, t.maker)).json().quota_used).toBe(3);
    // A draft priced again does not use the quota twice.
    const draft = await call('POST', '/api/manual-orders', t.maker, {
      warehouse_id: wh,
      order_date: '2026-11-25',
      buyer_name: 'Budi Santoso',
      lines: [{ catalog_id: t.a.id, quantity: 1 }],
    });
    expect(draft.json().lines[0].unit_price).toBe(45_000);
    for (let edit = 0; edit < 2; edit += 1) {
      const edited = await call('PUT', `/api/manual-orders/${draft.json().id}`, t.maker, {
        warehouse_id: wh,
        order_date: '2026-11-25',
        buyer_name: 'Budi Santoso',
        lines: [{ catalog_id: t.a.id, quantity: 2 }],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().lines[0].unit_price).toBe(45_000);
    }
    expect((await call('GET', `/api/promotions/discounts/${id}`, t.maker)).json().quota_used).toBe(5);
  });

  it('a brand-targeted and a parent-category-targeted programme price a manual order line of that brand and category', async () => {
    const t = await team();
    const wh = (await newWarehouse(app, t.owner)).id;
    const brand = (await call('POST', '/api/brands', t.owner, { name: `Kapal Api ${code()}` })).json();
    const drinks = (await call('POST', '/api/categories', t.owner, { name: `Minuman ${code()}` })).json();
    const coffee = (await call('POST', '/api/categories', t.owner, { name: 'Kopi', parent_id: drinks.id })).json();
    const branded = await createProduct(
      app,
      t.owner,
      singleForm({ brand_id: brand.id, catalogs: [{ sku: uniqueSku('KAPAL'), price: 40_000 }] }),
    );
    const inCoffee = await createProduct(
      app,
      t.owner,
      singleForm({ category_id: coffee.id, catalogs: [{ sku: uniqueSku('GAYO'), price: 80_000 }] }),
    );
    const brandSku = branded.catalogs[0]!.id;
    const coffeeSku = inCoffee.catalogs[0]!.id;
    await receive(app, t.owner, wh, [
      { catalog_id: brandSku, quantity: 5 },
      { catalog_id: coffeeSku, quantity: 5 },
    ]);
    const byBrand = await createProgramme(t, {
      ...tenPercent([{ catalog_id: brandSku }, { catalog_id: t.a.id }]),
      target: { brand_ids: [brand.id] },
    });
    const byCategory = await createProgramme(t, {
      ...tenPercent([{ catalog_id: coffeeSku }, { catalog_id: t.b.id }], { value: 20 }),
      target: { category_ids: [drinks.id] },
    });
    for (const p of [byBrand, byCategory]) await call('POST', `/api/promotions/discounts/${p.id}/approve`, t.checker, {});
    const res = await call('POST', '/api/manual-orders', t.maker, {
      warehouse_id: wh,
      order_date: '2026-11-25',
      buyer_name: 'Budi Santoso',
      lines: [
        { catalog_id: brandSku, quantity: 1 },
        { catalog_id: coffeeSku, quantity: 1 },
        { catalog_id: t.a.id, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const lines = res.json().lines;
    expect(lines[0]).toMatchObject({ unit_price: 36_000, price_source: 'PROMOTION' });
    expect(lines[1]).toMatchObject({ unit_price: 64_000, price_source: 'PROMOTION' });
    // t.a is in the brand programme's SKU list but not of its brand: list price
    expect(lines[2]).toMatchObject({ unit_price: 50_000 });
    const preview = await call('POST', '/api/promotions/price-preview', t.maker, {
      date: '2026-11-25',
      lines: [{ catalog_id: brandSku, quantity: 1 }],
    });
    expect(preview.json().lines[0]).toMatchObject({ unit_price: 36_000, program_id: byBrand.id });
  });

  it('the price preview shows the winner among overlapping programmes without using quota', async () => {
    const t = await team();
    const p1 = await createProgramme(t, { ...tenPercent([{ catalog_id: t.a.id }]), quota: 10 });
    const p2 = await createProgramme(t, tenPercent([{ catalog_id: t.a.id }], { value: 5, exclusive: true }));
    for (const p of [p1, p2]) await call('POST', `/api/promotions/discounts/${p.id}/approve`, t.checker, {});
    const res = await call('POST', '/api/promotions/price-preview', t.maker, {
      date: '2026-11-25',
      lines: [{ catalog_id: t.a.id, quantity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    // the exclusive 5 % wins over the better 10 % (ADR 0032)
    expect(res.json().lines[0]).toMatchObject({ unit_price: 47_500, program_id: p2.id });
    expect(res.json().lines[0].candidates).toHaveLength(2);
    expect((await call('GET', `/api/promotions/discounts/${p1.id}`, t.maker)).json().quota_used).toBe(0);
  });
});

describe('web-store vouchers', () => {
  it('saves a courier voucher and lists it with code, type, channel, available/booked and status (page 1, limit 20)', async () => {
    const t = await team();
    const channel = randomUUID();
    const voucherCode = code();
    const res = await call('POST', '/api/web-vouchers', t.maker, { channel_id: channel, items: [courierVoucher(voucherCode)] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items[0]).toMatchObject({
      voucher_code: voucherCode,
      type_id: 3,
      transaction_data: { value: 15_000, type: 'AMOUNT', min_transaction: 50_000, max_discount: 15_000 },
      courier_list: ['jne', 'sicepat'],
      reference_list: [],
      qty: 100,
      booked: 0,
      available: 100,
      status: 'ACTIVE',
    });
    const list = await call('GET', `/api/web-vouchers?channel_id=${channel}`, t.maker);
    expect(list.json()).toMatchObject({ page: 1, limit: 20, total_row: 1, items: [{ voucher_code: voucherCode, channel_id: channel }] });
    expect((await call('GET', `/api/web-vouchers?channel_id=${randomUUID()}`, t.maker)).json().total_row).toBe(0);
    expectFieldError(await call('GET', `/api/web-vouchers?channel_id=${channel}&q=KRM`, t.maker), 'search_by');
    expect(
      (await call('GET', `/api/web-vouchers?channel_id=${channel}&search_by=voucher_code&q=${voucherCode.toLowerCase()}`, t.maker)).json()
        .total_row,
    ).toBe(1);
  });

  it('a duplicate code, whatever its case, is 409 "Voucher code already exist"; another workspace may use it', async () => {
    const t = await team();
    const channel = randomUUID();
    const voucherCode = code();
    await call('POST', '/api/web-vouchers', t.maker, { channel_id: channel, items: [courierVoucher(voucherCode)] });
    const dup = await call(
      'POST',
      '/api/web-vouchers',
      t.maker,
      { channel_id: channel, items: [courierVoucher(voucherCode.toLowerCase())] },
      { 'accept-language': 'en' },
    );
    expectError(dup, 409, 'VOUCHER_CODE_EXISTS');
    expect(dup.json().message).toBe('Voucher code already exist');
    const other = await newWorkspace(app);
    expect((await call('POST', '/api/web-vouchers', other, { channel_id: channel, items: [courierVoucher(voucherCode)] })).statusCode).toBe(
      201,
    );
  });

  it('enforces the save rules of spec part 5 as field errors', async () => {
    const t = await team();
    const body = (item: Record<string, unknown>) => ({ channel_id: randomUUID(), items: [courierVoucher(code(), item)] });
    const post = (item: Record<string, unknown>) => call('POST', '/api/web-vouchers', t.maker, body(item));
    // numbers, never strings
    expectFieldError(await post({ qty: '10' }), 'items.0.qty');
    expectFieldError(
      await post({ transaction_data: { value: '15000', type: 'AMOUNT', min_transaction: 0, max_discount: 0 } }),
      'items.0.transaction_data.value',
    );
    // courier_list only for type 3; reference_list products for 2, one brand for 4
    expectFieldError(await post({ type_id: 2, courier_list: ['jne'], reference_list: [t.a.id] }), 'items.0.courier_list');
    expectFieldError(await post({ type_id: 2, courier_list: undefined, reference_list: [] }), 'items.0.reference_list');
    expectFieldError(await post({ type_id: 4, courier_list: undefined, reference_list: ['brand-1', 'brand-2'] }), 'items.0.reference_list');
    expectFieldError(await post({ type_id: 3, courier_list: [] }), 'items.0.courier_list');
    expectFieldError(await post({ type_id: 5 }), 'items.0.type_id');
    expectFieldError(await post({ f_allstore: false, store_list: [] }), 'items.0.store_list');
    expectFieldError(await post({ validity: { from: 2_000, until: 1_000 } }), 'items.0.validity.until');
    expectFieldError(await post({ type_id: 2, courier_list: undefined, reference_list: [randomUUID()] }), 'items.0.reference_list.0');
    const product = await post({
      type_id: 2,
      courier_list: undefined,
      reference_list: [t.a.id],
      transaction_data: { value: 10, type: 'PERCENTAGE', min_transaction: 0, max_discount: 20_000 },
    });
    expect(product.statusCode, product.body).toBe(201);
    expect(product.json().items[0]).toMatchObject({ type_id: 2, reference_list: [t.a.id], courier_list: [] });
  });

  it('redeems atomically until none is left, then 409 VOUCHER_SOLD_OUT; the rules of use are 422', async () => {
    const t = await team();
    const channel = randomUUID();
    const saved = (
      await call('POST', '/api/web-vouchers', t.maker, { channel_id: channel, items: [courierVoucher(code(), { qty: 2 })] })
    ).json().items[0];
    const redeem = (ref: string, amount = 80_000) =>
      call('POST', `/api/web-vouchers/${saved.id}/redeem`, t.maker, { order_reference: ref, amount, shipping_fee: 18_000 });
    expectError(await redeem('WEB-0', 40_000), 422, 'VOUCHER_NOT_USABLE');
    const first = await redeem('WEB-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ discount: 15_000, available: 1 });
    expect((await redeem('WEB-1')).json()).toMatchObject({ id: first.json().id, available: 1 });
    expect((await redeem('WEB-2')).json().available).toBe(0);
    expectError(await redeem('WEB-3'), 409, 'VOUCHER_SOLD_OUT');
    expect((await call('GET', `/api/web-vouchers/${saved.id}`, t.maker)).json()).toMatchObject({ booked: 2, available: 0 });
    // the quantity cannot drop below what is booked
    const upd = await call('PUT', '/api/web-vouchers', t.maker, {
      channel_id: channel,
      items: [{ ...courierVoucher(saved.voucher_code, { qty: 1 }), id: saved.id }],
    });
    expectFieldError(upd, 'items.0.qty');
  });

  it('another workspace’s voucher is 404 everywhere', async () => {
    const t = await team();
    const channel = randomUUID();
    const saved = (await call('POST', '/api/web-vouchers', t.maker, { channel_id: channel, items: [courierVoucher(code())] })).json()
      .items[0];
    const other = await newWorkspace(app);
    expectError(await call('GET', `/api/web-vouchers/${saved.id}`, other), 404, 'VOUCHER_NOT_FOUND');
    expectError(
      await call('POST', `/api/web-vouchers/${saved.id}/redeem`, other, { order_reference: 'X', amount: 90_000 }),
      404,
      'VOUCHER_NOT_FOUND',
    );
    expectError(
      await call('PUT', '/api/web-vouchers', other, { channel_id: channel, items: [{ ...courierVoucher(code()), id: saved.id }] }),
      404,
      'VOUCHER_NOT_FOUND',
    );
    expectError(
      await call('DELETE', '/api/web-vouchers', other, { channel_id: channel, voucher_ids: [saved.id] }),
      404,
      'VOUCHER_NOT_FOUND',
    );
    expect((await call('GET', `/api/web-vouchers?channel_id=${channel}`, other)).json().total_row).toBe(0);
  });
});

describe('admin vouchers (/promotion-channel/:id/voucher)', () => {
  it('the maker saves a voucher waiting; another checker approves; the list pages by 20 with filters and a search parameter', async () => {
    const t = await team();
    const channel = randomUUID();
    const res = await call('POST', '/api/vouchers', t.maker, { ...adminVoucher(code()), channel_id: channel });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json();
    expect(v).toMatchObject({ status: 'WAITING', quota: 50, used: 0, available: 50, per_customer_limit: 1, channel_id: channel });
    expect(v.actions).toEqual(['CANCEL']);
    // the maker cannot approve their own voucher, even holding the approval menu
    const both = await newMember(app, t.owner, { 'promotion-channel': 'WRITE', 'promotion-approval': 'WRITE' });
    const own = await call('POST', '/api/vouchers', both, adminVoucher(code()));
    expectError(await call('POST', `/api/vouchers/${own.json().id}/approve`, both), 403, 'DISCOUNT_SELF_APPROVAL');
    // the maker lacks the approval menu
    expectError(await call('POST', `/api/vouchers/${v.id}/approve`, t.maker), 403, 'FORBIDDEN');
    const approved = await call('POST', `/api/vouchers/${v.id}/approve`, t.checker);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('ACTIVE');
    expectError(await call('POST', `/api/vouchers/${v.id}/approve`, t.checker), 409, 'VOUCHER_STATE_CONFLICT');
    // an active voucher is no longer edited
    expectError(await call('PUT', `/api/vouchers/${v.id}`, t.maker, adminVoucher(v.code)), 409, 'VOUCHER_STATE_CONFLICT');

    for (let i = 0; i < 21; i += 1) await call('POST', '/api/vouchers', t.maker, { ...adminVoucher(code()), channel_id: channel });
    const page1 = (await call('GET', `/api/vouchers?channel_id=${channel}`, t.maker)).json();
    // the channel's 22, and the one saved for every channel
    expect(page1).toMatchObject({ page: 1, limit: 20, total_row: 23 });
    expect(page1.items).toHaveLength(20);
    expect((await call('GET', `/api/vouchers?channel_id=${channel}&status=ACTIVE`, t.maker)).json().total_row).toBe(1);
    expect((await call('GET', `/api/vouchers?channel_id=${randomUUID()}`, t.maker)).json().total_row).toBe(1);
    expectFieldError(await call('GET', `/api/vouchers?q=${v.code}`, t.maker), 'search_by');
    const found = (await call('GET', `/api/vouchers?search_by=code&q=${v.code.toLowerCase()}`, t.maker)).json();
    expect(found.items.map((i: { id: string }) => i.id)).toEqual([v.id]);
  });

  it('a duplicate code, whatever its case, is 409 "Voucher code already exist" on the code field; bad input is 400 per field', async () => {
    const t = await team();
    const c = code();
    expect((await call('POST', '/api/vouchers', t.maker, adminVoucher(c))).statusCode).toBe(201);
    const dup = await call('POST', '/api/vouchers', t.maker, adminVoucher(c.toLowerCase()));
    expectError(dup, 409, 'VOUCHER_CODE_EXISTS');
    expect(dup.json().message).toBe('Voucher code already exist');
    expect(dup.json().details.fields[0]).toMatchObject({ path: 'code' });
    // a web-store voucher may use the same code: they are separate lists
    const other = await newWorkspace(app);
    expect((await call('POST', '/api/vouchers', other, adminVoucher(c))).statusCode).toBe(201);
    expectFieldError(await call('POST', '/api/vouchers', t.maker, adminVoucher(code(), { name: '' })), 'name');
    expectFieldError(await call('POST', '/api/vouchers', t.maker, adminVoucher(code(), { get_end: '2026-11-01' })), 'get_end');
    expectFieldError(await call('POST', '/api/vouchers', t.maker, adminVoucher(code(), { use_end: '2026-11-25' })), 'use_end');
    expectFieldError(await call('POST', '/api/vouchers', t.maker, adminVoucher(code(), { value_type: 'PERCENTAGE', value: 120 })), 'value');
    expectFieldError(await call('POST', '/api/vouchers', t.maker, adminVoucher(code(), { quota: 0 })), 'quota');
    expectFieldError(await call('POST', '/api/vouchers', t.maker, adminVoucher(code(), { code: 'ada spasi' })), 'code');
    expectFieldError(await call('POST', '/api/vouchers', t.maker, adminVoucher(code(), { per_customer_limit: 60 })), 'per_customer_limit');
  });

  it('orders use it inside the usage period, once per customer, until the quota is gone; the used list says who used which on which order', async () => {
    const t = await team();
    const v = (await call('POST', '/api/vouchers', t.maker, adminVoucher(code(), { quota: 2 }))).json();
    const use = (order: string, customer: string, overrides: Record<string, unknown> = {}) =>
      call('POST', `/api/vouchers/${v.id}/use`, t.maker, {
        order_reference: order,
        customer_reference: customer,
        amount: 150_000,
        date: '2026-12-01',
        ...overrides,
      });
    expectError(await use('SO-0', 'budi'), 422, 'VOUCHER_NOT_USABLE'); // still waiting
    await call('POST', `/api/vouchers/${v.id}/approve`, t.checker);
    expect((await use('SO-0', 'budi', { date: '2026-12-11' })).json().details).toMatchObject({ reason: 'VALIDITY' });
    expect((await use('SO-0', 'budi', { amount: 90_000 })).json().details).toMatchObject({ reason: 'MIN_TRANSACTION' });
    const first = await use('SO-1', 'budi');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ discount: 20_000, available: 1 });
    expect((await use('SO-1', 'budi')).json()).toMatchObject({ id: first.json().id }); // the same order again
    expectError(await use('SO-2', 'budi'), 409, 'VOUCHER_CUSTOMER_LIMIT');
    expect((await use('SO-3', 'sari')).json().available).toBe(0);
    expectError(await use('SO-4', 'andi'), 409, 'VOUCHER_SOLD_OUT');
    const used = await call('GET', `/api/vouchers/used?voucher_id=${v.id}`, t.maker);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().total_row).toBe(2);
    expect(
      used.json().items.map((u: { order_reference: string; customer_reference: string }) => [u.order_reference, u.customer_reference]),
    ).toEqual([
      ['SO-3', 'sari'],
      ['SO-1', 'budi'],
    ]);
    expect(used.json().items[0]).toMatchObject({ voucher_code: v.code, discount: 20_000 });
    const cancelled = await call('POST', `/api/vouchers/${v.id}/cancel`, t.maker);
    expect(cancelled.json().status).toBe('CANCELED');
    expectError(await call('POST', `/api/vouchers/${v.id}/cancel`, t.maker), 409, 'VOUCHER_STATE_CONFLICT');
    // another workspace: 404 everywhere
    const other = await newWorkspace(app);
    expectError(await call('GET', `/api/vouchers/${v.id}`, other), 404, 'VOUCHER_NOT_FOUND');
    expectError(
      await call('POST', `/api/vouchers/${v.id}/use`, other, {
        order_reference: 'X',
        customer_reference: 'Y',
        amount: 1,
        date: '2026-12-01',
      }),
      404,
      'VOUCHER_NOT_FOUND',
    );
    expect((await call('GET', `/api/vouchers/used?voucher_id=${v.id}`, other)).json().total_row).toBe(0);
  });

  it('used web-store vouchers: who redeemed which voucher on which order (spec GET .../vouchers/used)', async () => {
    const t = await team();
    const channel = randomUUID();
    const saved = (await call('POST', '/api/web-vouchers', t.maker, { channel_id: channel, items: [courierVoucher(code())] })).json()
      .items[0];
    for (const [order, customer] of [
      ['WEB-10', 'rina@contoh.id'],
      ['WEB-11', 'tono@contoh.id'],
    ])
      await call('POST', `/api/web-vouchers/${saved.id}/redeem`, t.maker, {
        order_reference: order,
        customer_reference: customer,
        amount: 80_000,
        shipping_fee: 18_000,
      });
    const used = await call('GET', `/api/web-vouchers/used?channel_id=${channel}`, t.maker);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toMatchObject({ page: 1, limit: 20, total_row: 2 });
    expect(used.json().items[0]).toMatchObject({
      voucher_id: saved.id,
      voucher_code: saved.voucher_code,
      order_reference: 'WEB-11',
      customer_reference: 'tono@contoh.id',
      discount: 15_000,
    });
    expect((await call('GET', `/api/web-vouchers/used?channel_id=${channel}`, await newWorkspace(app))).json().total_row).toBe(0);
  });
});

describe('demo promotions', () => {
  it('the demo workspace has an approved programme, one waiting with a SKU below cost, web-store and admin vouchers', async () => {
    const { eq } = await import('drizzle-orm');
    const { seedDemo, DEMO_EMAIL } = await import('../../src/demo/seed-demo.ts');
    const { users } = await import('../../src/modules/identity/identity.schema.ts');
    const { memberships } = await import('../../src/modules/workspaces/workspaces.schema.ts');
    const { tokenFor } = await import('../factories.ts');
    await seedDemo(app.platform, app.fastify.log);
    const db = app.platform.database.db;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
    const [membership] = await db
      .select({ workspaceId: memberships.workspaceId })
      .from(memberships)
      .where(eq(memberships.userId, owner!.id));
    const demo = { headers: { authorization: `Bearer ${await tokenFor(app, owner!.id)}`, 'workspace-id': membership!.workspaceId } };
    const list = (await call('GET', '/api/promotions/discounts', demo)).json();
    expect(list.items.map((p: { program_name: string; status: string }) => [p.program_name, p.status]).sort()).toEqual([
      ['Gajian Hemat', 'ACTIVE'],
      ['Harbolnas 12.12', 'WAITING_APPROVAL'],
    ]);
    const waiting = list.items.find((p: { status: string }) => p.status === 'WAITING_APPROVAL');
    expect((await call('GET', `/api/promotions/discounts/${waiting.id}/impact`, demo)).json().below_cost).toBe(true);
    const vouchers = (await call('GET', '/api/web-vouchers?channel_id=0192f000-0000-7000-8000-00000000d3b0', demo)).json();
    expect(vouchers.items.map((v: { voucher_code: string }) => v.voucher_code).sort()).toEqual(['KOPIGAYO10', 'ONGKIRHEMAT']);
    const admin = (await call('GET', '/api/vouchers', demo)).json();
    expect(admin.items.map((v: { code: string; status: string; used: number }) => [v.code, v.status, v.used]).sort()).toEqual([
      ['GAJIAN25', 'WAITING', 0],
      ['MEMBERBARU', 'ACTIVE', 2],
    ]);
    expect((await call('GET', '/api/vouchers/used', demo)).json().total_row).toBe(2);
    const webUsed = (await call('GET', '/api/web-vouchers/used?channel_id=0192f000-0000-7000-8000-00000000d3b0', demo)).json();
    expect(webUsed.items.map((u: { voucher_code: string }) => u.voucher_code)).toEqual(['ONGKIRHEMAT', 'ONGKIRHEMAT']);
  });
});
