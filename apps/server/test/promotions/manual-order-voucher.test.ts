import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { receive } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, newWarehouse } from '../workspaces/helpers.ts';
import { adminVoucher, skuAt, tenPercent } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

const code = () => `MNL${randomBytes(3).toString('hex').toUpperCase()}`;

type Team = { owner: Actor; maker: Actor; checker: Actor; sku: { id: string; sku: string }; wh: string };
async function team(): Promise<Team> {
  const owner = await newWorkspace(app);
  const maker = await newMember(app, owner, { 'promotion-channel': 'WRITE', 'manual-order': 'WRITE' });
  const checker = await newMember(app, owner, { 'promotion-channel': 'READ', 'promotion-approval': 'WRITE' });
  const sku = await skuAt(app, owner, 60_000);
  const wh = (await newWarehouse(app, owner)).id;
  await receive(app, owner, wh, [{ catalog_id: sku.id, quantity: 50 }]);
  return { owner, maker, checker, sku, wh };
}

/** An approved admin voucher (the maker saves, the checker approves). */
async function approvedVoucher(t: Team, overrides: Record<string, unknown> = {}) {
  const created = await call('POST', '/api/vouchers', t.maker, adminVoucher(code(), overrides));
  expect(created.statusCode, created.body).toBe(201);
  const approved = await call('POST', `/api/vouchers/${created.json().id}/approve`, t.checker);
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json() as { id: string; code: string };
}

const voucherOf = async (t: Team, id: string) => (await call('GET', `/api/vouchers/${id}`, t.maker)).json();

function order(t: Team, body: Record<string, unknown>) {
  return call('POST', '/api/manual-orders', t.maker, {
    warehouse_id: t.wh,
    order_date: '2026-11-24',
    buyer_name: 'Sari Dewi',
    buyer_phone: '081234567890',
    lines: [{ catalog_id: t.sku.id, quantity: 2 }],
    confirm: true,
    ...body,
  });
}

function expectVoucherField(res: Awaited<ReturnType<typeof call>>, status: number, fieldCode: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().details.fields).toEqual([expect.objectContaining({ path: 'voucher_code', code: fieldCode })]);
}

describe('admin voucher code on a manual order', () => {
  it('applies an approved voucher by its code (any case), uses it with the order, and a cancelled order gives it back', async () => {
    const t = await team();
    const v = await approvedVoucher(t, { quota: 5 });
    const res = await order(t, { voucher_code: v.code.toLowerCase() });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json();
    expect(placed.amounts).toMatchObject({ subtotal: 120_000, voucher: 20_000 });
    expect(placed.amounts.buyer_total).toBe(100_000);
    expect(placed.voucher_code).toBe(v.code);
    expect((await voucherOf(t, v.id)).used).toBe(1);
    const uses = (await call('GET', `/api/vouchers/used?voucher_id=${v.id}`, t.maker)).json();
    expect(uses.items).toEqual([expect.objectContaining({ order_reference: placed.order_number, discount: 20_000 })]);

    // The same buyer again: the per-customer limit (1) refuses it on the field, and nothing is used.
    expectVoucherField(await order(t, { voucher_code: v.code }), 409, 'VOUCHER_CUSTOMER_LIMIT');
    expect((await voucherOf(t, v.id)).used).toBe(1);

    const cancelled = await call('PUT', `/api/manual-orders/${placed.id}/cancel`, t.maker, { reason_id: 'OTHER' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await voucherOf(t, v.id)).used).toBe(0);
    expect((await call('GET', `/api/vouchers/used?voucher_id=${v.id}`, t.maker)).json().total_row).toBe(0);
    // Given back: the same buyer may use it again.
    expect((await order(t, { voucher_code: v.code })).statusCode).toBe(201);
    expect((await voucherOf(t, v.id)).used).toBe(1);
  });

  it('a percentage voucher follows its own rules (rounded, capped) and a draft priced again uses it once', async () => {
    const t = await team();
    const v = await approvedVoucher(t, { value_type: 'PERCENTAGE', value: 15, max_discount: 16_000, per_customer_limit: 5 });
    const draft = await order(t, { voucher_code: v.code, confirm: false, lines: [{ catalog_id: t.sku.id, quantity: 1 }] });
    // one unit (60.000) is under the voucher's minimum transaction (100.000)
    expectVoucherField(draft, 422, 'VOUCHER_CODE_MIN_TRANSACTION');
    const ok = await order(t, { voucher_code: v.code, confirm: false });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().amounts.voucher).toBe(16_000); // 15 % of 120.000 is 18.000, capped at 16.000
    for (let i = 0; i < 2; i += 1) {
      const edited = await call('PUT', `/api/manual-orders/${ok.json().id}`, t.maker, {
        warehouse_id: t.wh,
        order_date: '2026-11-24',
        buyer_name: 'Sari Dewi',
        buyer_phone: '081234567890',
        lines: [{ catalog_id: t.sku.id, quantity: 3 }],
        discount: 80_000,
        voucher_code: v.code,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().amounts.voucher).toBe(15_000); // 15 % of (180.000 − 80.000)
    }
    expect((await voucherOf(t, v.id)).used).toBe(1);
  });

  it('refuses an unknown, a waiting, an expired, a used-up or a non-combinable code on the voucher field', async () => {
    const t = await team();
    const other = await newWorkspace(app);
    const elsewhere = await call('POST', '/api/vouchers', other, adminVoucher(code()));
    expectVoucherField(await order(t, { voucher_code: 'TIDAKADA' }), 422, 'VOUCHER_CODE_UNKNOWN');
    // another workspace's code is unknown here
    expectVoucherField(await order(t, { voucher_code: elsewhere.json().code }), 422, 'VOUCHER_CODE_UNKNOWN');
    const waiting = (await call('POST', '/api/vouchers', t.maker, adminVoucher(code()))).json();
    expectVoucherField(await order(t, { voucher_code: waiting.code }), 422, 'VOUCHER_CODE_NOT_VALID');
    const v = await approvedVoucher(t, { quota: 1, per_customer_limit: 1 });
    expectVoucherField(await order(t, { voucher_code: v.code, order_date: '2026-12-11' }), 422, 'VOUCHER_CODE_NOT_VALID');
    expect((await order(t, { voucher_code: v.code })).statusCode).toBe(201);
    expectVoucherField(await order(t, { voucher_code: v.code, buyer_phone: '081298765432' }), 409, 'VOUCHER_SOLD_OUT');
    const cancelledVoucher = await approvedVoucher(t);
    await call('POST', `/api/vouchers/${cancelledVoucher.id}/cancel`, t.maker);
    expectVoucherField(await order(t, { voucher_code: cancelledVoucher.code }), 422, 'VOUCHER_CODE_NOT_VALID');
    // A refused order is not saved: no order used the voucher's number range or its quota.
    expect((await voucherOf(t, v.id)).used).toBe(1);

    // Not combinable: an approved programme on the SKU wins, the voucher is refused; a combinable one is applied too.
    const programme = await call('POST', '/api/promotions/discounts', t.maker, tenPercent([{ catalog_id: t.sku.id }]));
    await call('POST', `/api/promotions/discounts/${programme.json().id}/approve`, t.checker, {});
    const single = await approvedVoucher(t);
    expectVoucherField(await order(t, { voucher_code: single.code }), 422, 'VOUCHER_CODE_NOT_COMBINABLE');
    expect((await voucherOf(t, single.id)).used).toBe(0);
    const combinable = await approvedVoucher(t, { combinable: true });
    const both = await order(t, { voucher_code: combinable.code });
    expect(both.statusCode, both.body).toBe(201);
    expect(both.json().lines[0]).toMatchObject({ unit_price: 54_000, price_source: 'PROMOTION' });
    expect(both.json().amounts.voucher).toBe(20_000);
    // the programme's quota was not used by the refused order
    expect((await call('GET', `/api/promotions/discounts/${programme.json().id}`, t.maker)).json().quota_used).toBe(2);
    expectError(await order(t, { voucher_code: 'ada spasi terlalu panjang'.repeat(3) }), 400, 'VALIDATION_FAILED');
  });
});

/** The manual form's voucher check before saving (POST /api/manual-orders/voucher-check). */
function check(t: Team, body: Record<string, unknown>, as: Actor = t.maker) {
  return call('POST', '/api/manual-orders/voucher-check', as, {
    order_date: '2026-11-24',
    buyer_name: 'Sari Dewi',
    buyer_phone: '081234567890',
    lines: [{ catalog_id: t.sku.id, quantity: 2 }],
    ...body,
  });
}

describe('voucher check on the manual form before saving', () => {
  it('answers what the voucher takes off (the save then takes the same) and uses nothing', async () => {
    const t = await team();
    const v = await approvedVoucher(t, { value_type: 'PERCENTAGE', value: 15, max_discount: 16_000, per_customer_limit: 5 });
    const first = await check(t, { voucher_code: v.code.toLowerCase() });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ voucher_id: v.id, voucher_code: v.code, type: 'DISCOUNT', goods: 120_000, discount: 16_000 });
    // the goods after a line discount and the order discount: 15 % of (180.000 − 10.000 − 70.000)
    const less = await check(t, {
      voucher_code: v.code,
      lines: [{ catalog_id: t.sku.id, quantity: 3, discount: 10_000 }],
      discount: 70_000,
    });
    expect(less.json()).toMatchObject({ goods: 100_000, discount: 15_000 });
    expect((await voucherOf(t, v.id)).used).toBe(0);
    const saved = await order(t, {
      voucher_code: v.code,
      lines: [{ catalog_id: t.sku.id, quantity: 3, discount: 10_000 }],
      discount: 70_000,
    });
    expect(saved.json().amounts.voucher).toBe(less.json().discount);

    const shipping = await approvedVoucher(t, { type: 'FREE_SHIPPING', value: 30_000, min_transaction: 50_000 });
    const free = await check(t, { voucher_code: shipping.code, shipping_fee: 18_000 });
    expect(free.json()).toMatchObject({ type: 'FREE_SHIPPING', discount: 18_000 }); // never more than the shipping fee
  });

  it('refuses on the voucher field exactly as the save would, and uses nothing', async () => {
    const t = await team();
    expectVoucherField(await check(t, { voucher_code: 'TIDAKADA' }), 422, 'VOUCHER_CODE_UNKNOWN');
    const waiting = (await call('POST', '/api/vouchers', t.maker, adminVoucher(code()))).json();
    expectVoucherField(await check(t, { voucher_code: waiting.code }), 422, 'VOUCHER_CODE_NOT_VALID');
    const v = await approvedVoucher(t, { quota: 1 });
    expectVoucherField(await check(t, { voucher_code: v.code, order_date: '2026-12-11' }), 422, 'VOUCHER_CODE_NOT_VALID');
    expectVoucherField(
      await check(t, { voucher_code: v.code, lines: [{ catalog_id: t.sku.id, quantity: 1 }] }),
      422,
      'VOUCHER_CODE_MIN_TRANSACTION',
    );
    expect((await check(t, { voucher_code: v.code })).statusCode).toBe(200);
    expect((await order(t, { voucher_code: v.code })).statusCode).toBe(201);
    // the same buyer: the limit; another buyer: the quota is used up
    expectVoucherField(await check(t, { voucher_code: v.code }), 409, 'VOUCHER_CUSTOMER_LIMIT');
    expectVoucherField(await check(t, { voucher_code: v.code, buyer_phone: '081298765432' }), 409, 'VOUCHER_SOLD_OUT');

    const programme = await call('POST', '/api/promotions/discounts', t.maker, tenPercent([{ catalog_id: t.sku.id }]));
    await call('POST', `/api/promotions/discounts/${programme.json().id}/approve`, t.checker, {});
    const single = await approvedVoucher(t);
    expectVoucherField(await check(t, { voucher_code: single.code }), 422, 'VOUCHER_CODE_NOT_COMBINABLE');
    // a combinable one counts the promotional price (2 × 54.000) and the check uses no programme quota
    const combinable = await approvedVoucher(t, { combinable: true });
    expect((await check(t, { voucher_code: combinable.code })).json()).toMatchObject({ goods: 108_000, discount: 20_000 });
    expect((await call('GET', `/api/promotions/discounts/${programme.json().id}`, t.maker)).json().quota_used).toBe(0);
    expect((await voucherOf(t, single.id)).used).toBe(0);
    expect((await voucherOf(t, combinable.id)).used).toBe(0);

    expectError(await check(t, { voucher_code: '' }), 400, 'VALIDATION_FAILED');
    expectError(await check(t, { voucher_code: v.code, lines: [] }), 400, 'VALIDATION_FAILED');
    const unknownSku = await check(t, {
      voucher_code: v.code,
      lines: [{ catalog_id: '01900000-0000-7000-8000-000000000000', quantity: 1 }],
    });
    expectError(unknownSku, 400, 'VALIDATION_FAILED');
  });

  it("does not count the use a draft being edited holds; another workspace's draft is 404", async () => {
    const t = await team();
    const v = await approvedVoucher(t, { quota: 1, per_customer_limit: 1 });
    const draft = await order(t, { voucher_code: v.code, confirm: false });
    expect(draft.statusCode, draft.body).toBe(201);
    expectVoucherField(await check(t, { voucher_code: v.code }), 409, 'VOUCHER_CUSTOMER_LIMIT');
    const again = await check(t, { voucher_code: v.code, order_id: draft.json().id, lines: [{ catalog_id: t.sku.id, quantity: 3 }] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().discount).toBe(20_000);
    const other = await newWorkspace(app);
    const foreign = await call('POST', '/api/manual-orders/voucher-check', other, {
      voucher_code: v.code,
      order_id: draft.json().id,
      order_date: '2026-11-24',
      lines: [{ catalog_id: t.sku.id, quantity: 1 }],
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
  });

  it("quotes the form's lines as the save prices them (the programme's price before saving) and uses nothing", async () => {
    const t = await team();
    const quote = (body: Record<string, unknown> = {}, as: Actor = t.maker) =>
      call('POST', '/api/manual-orders/quote', as, {
        order_date: '2026-11-24',
        buyer_phone: '081234567890',
        lines: [
          { catalog_id: t.sku.id, quantity: 2 },
          { catalog_id: t.sku.id, quantity: 1, unit_price: 50_000 },
        ],
        ...body,
      });
    const before = await quote();
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().lines).toEqual([
      { catalog_id: t.sku.id, unit_price: 60_000, discount: 0, price_source: 'LIST_PRICE' },
      { catalog_id: t.sku.id, unit_price: 50_000, discount: 0, price_source: 'INPUT' },
    ]);
    const programme = await call('POST', '/api/promotions/discounts', t.maker, tenPercent([{ catalog_id: t.sku.id }]));
    await call('POST', `/api/promotions/discounts/${programme.json().id}/approve`, t.checker, {});
    // a typed price stays; the other line gets the programme's price, as the saved order will
    const during = (await quote()).json();
    expect(during.lines[0]).toMatchObject({ unit_price: 54_000, price_source: 'PROMOTION' });
    expect(during.lines[1]).toMatchObject({ unit_price: 50_000, price_source: 'INPUT' });
    expect((await call('GET', `/api/promotions/discounts/${programme.json().id}`, t.maker)).json().quota_used).toBe(0);
    const saved = await order(t, { lines: [{ catalog_id: t.sku.id, quantity: 2 }] });
    expect(saved.json().lines[0]).toMatchObject({ unit_price: during.lines[0].unit_price, discount: during.lines[0].discount });

    expectError(await quote({ lines: [] }), 400, 'VALIDATION_FAILED');
    expectError(await quote({ lines: [{ catalog_id: t.sku.id, quantity: 0 }] }), 400, 'VALIDATION_FAILED');
    const other = await newWorkspace(app);
    expect((await quote({}, other)).statusCode).toBe(400); // another workspace's SKU is a field error, as on save
    const stranger = await quote({ order_id: '01900000-0000-7000-8000-000000000000' });
    expect(stranger.statusCode, stranger.body).toBe(404);
  });
});
