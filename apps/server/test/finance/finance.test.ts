import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, rebuildBalances } from '../../src/modules/finance/index.ts';
import { newWorkspace } from '../factories.ts';
import { asActor } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError } from '../workspaces/helpers.ts';
import { expectLedgerClean, key, manualOrder, newCustomer, newShop, pngBase64, type Shop } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => {
  // The ledger check over the whole database of this suite: every posting set balances, every balance equals its postings.
  if (app) await expectLedgerClean(app);
  await app?.close();
});

async function invoiceFor(shop: Shop, orderIds: string[]) {
  const res = await call('POST', '/api/finance/invoices', shop.owner, { order_ids: orderIds, idempotency_key: key() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function bankChannel(shop: Shop) {
  const res = await call('POST', '/api/finance/payment-channels', shop.owner, {
    method: 'BANK_TRANSFER',
    bank_code: '014',
    account_number: '1234567890',
    account_name: 'PT Toko Kelola',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

describe('credit limits on confirmation', () => {
  it('confirms within the limit and refuses the order that passes it, naming CL_INSUFFICIENT; nothing of it is written', async () => {
    const shop = await newShop(app);
    const c = await newCustomer(app, shop, { credit_limit: 1_000_000, payment_limit_days: 30 });
    const first = await manualOrder(app, shop, c.id, 700_000);
    expect(first.statusCode, first.body).toBe(201);
    const second = await manualOrder(app, shop, c.id, 300_001);
    expectError(second, 422, 'CL_INSUFFICIENT');
    expect(second.json().message).toBe('Credit Limit Balance not enough');
    const orders = await call('GET', '/api/orders?source=MANUAL', shop.owner);
    expect(orders.json().items).toHaveLength(1);
    const balance = (await call('GET', `/api/finance/customers/${c.id}/balance`, shop.owner)).json();
    expect(balance).toMatchObject({ credit_limit: 1_000_000, credit_used: 700_000, credit_remaining: 300_000, open_count: 1 });
    expect((await manualOrder(app, shop, c.id, 300_000)).statusCode).toBe(201);
  });

  it('checks a draft when it is confirmed, and a cancelled order gives its amount back', async () => {
    const shop = await newShop(app);
    const c = await newCustomer(app, shop, { credit_limit: 500_000, payment_limit_days: 30 });
    const a = (await manualOrder(app, shop, c.id, 400_000)).json();
    const draft = (await manualOrder(app, shop, c.id, 200_000, false)).json();
    expectError(await call('PUT', `/api/manual-orders/${draft.id}/state`, shop.owner, { action: 'CONFIRM' }), 422, 'CL_INSUFFICIENT');
    expect((await call('GET', `/api/orders/${draft.id}`, shop.owner)).json().status).toBe('DRAFT');
    const cancel = await call('PUT', `/api/manual-orders/${a.id}/cancel`, shop.owner, { reason_id: 'CUSTOMER_REQUEST' });
    if (cancel.statusCode !== 200) {
      const reasons = (await call('GET', '/api/manual-orders/cancellation-reasons', shop.owner)).json().items;
      expect((await call('PUT', `/api/manual-orders/${a.id}/cancel`, shop.owner, { reason_id: reasons[0].id })).statusCode).toBe(200);
    }
    const ok = await call('PUT', `/api/manual-orders/${draft.id}/state`, shop.owner, { action: 'CONFIRM' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('CONFIRMED');
  });

  it('names CL_EXCEED_MULTIPLEBOND, CL_OVERDUE and CL_NOT_ELIGIBLE', async () => {
    const shop = await newShop(app);
    const c = await newCustomer(app, shop, { credit_limit: 5_000_000, transaction_limit: 1, payment_limit_days: 7 });
    expect((await manualOrder(app, shop, c.id, 100_000)).statusCode).toBe(201);
    const bond = await manualOrder(app, shop, c.id, 100_000);
    expectError(bond, 422, 'CL_EXCEED_MULTIPLEBOND');
    expect(bond.json().message).toBe('Oportunity for debt is over');

    const late = await newCustomer(app, shop, { credit_limit: 5_000_000, payment_limit_days: 0 });
    const old = await manualOrder(app, shop, late.id, 100_000, true, { order_date: '2026-01-05' });
    expect(old.statusCode).toBe(201);
    const overdue = await manualOrder(app, shop, late.id, 100_000);
    expectError(overdue, 422, 'CL_OVERDUE');
    expect(overdue.json().message).toBe('Credit Limit Transaction with status Waiting is Overdue');

    const cash = await newCustomer(app, shop);
    const check = await call('POST', '/api/finance/credit-check', shop.owner, { customer_id: cash.id, amount: '1.500.000' });
    expect(check.json()).toEqual({ ok: false, code: 'CL_NOT_ELIGIBLE', remaining: 0 });
    // A customer without a credit limit buys as before (not on credit).
    expect((await manualOrder(app, shop, cash.id, 2_000_000)).statusCode).toBe(201);
    // Paid orders are not on credit.
    expect((await manualOrder(app, shop, c.id, 100_000, true, { payment_status: 'PAID' })).statusCode).toBe(201);
  });
});

describe('invoices', () => {
  it('bills several orders with PPN for a PKP business, due by the payment limit, posted to the receivable; prints a faktur', async () => {
    const shop = await newShop(app);
    const biz = (await call('GET', `/api/businesses/${shop.owner.businessId}`, shop.owner)).json();
    const put = await call('PUT', `/api/businesses/${shop.owner.businessId}`, shop.owner, {
      name: biz.name,
      currency: 'IDR',
      tax_liability: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    const c = await newCustomer(app, shop, { credit_limit: 10_000_000, payment_limit_days: 30 });
    const o1 = (await manualOrder(app, shop, c.id, 66_600)).json();
    const o2 = (await manualOrder(app, shop, c.id, 44_400)).json();
    const listed = (await call('GET', `/api/finance/invoiceable-orders?customer_id=${c.id}`, shop.owner)).json();
    expect(listed.items.map((o: { order_id: string }) => o.order_id).sort()).toEqual([o1.id, o2.id].sort());
    const k = key();
    const res = await call('POST', '/api/finance/invoices', shop.owner, {
      order_ids: [o1.id, o2.id],
      issue_date: '2026-11-25',
      idempotency_key: k,
    });
    expect(res.statusCode, res.body).toBe(200);
    const inv = res.json();
    // 111.000 includes PPN 12 % × 11/12 (effective 11 %): harga jual 100.000, DPP 91.666, PPN 11.000.
    expect(inv).toMatchObject({ total: 111_000, subtotal: 100_000, dpp: 91_666, ppn: 11_000, ppn_rate: '12 × 11/12' });
    expect(inv).toMatchObject({ status: 'OUTSTANDING', due_date: '2026-12-25', remaining: 111_000, tax_liability: true });
    expect(inv.number).toMatch(/^INV\/\d{4}\/\d{2}\/000001$/u);
    // A retry with the same key answers the same invoice and posts once.
    const again = await call('POST', '/api/finance/invoices', shop.owner, { order_ids: [o2.id, o1.id], idempotency_key: k });
    expect(again.json().id).toBe(inv.id);
    expectError(
      await call('POST', '/api/finance/invoices', shop.owner, { order_ids: [o1.id], idempotency_key: k }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
    // An order is billed once.
    expectFieldError(
      await call('POST', '/api/finance/invoices', shop.owner, { order_ids: [o1.id], idempotency_key: key() }),
      'order_ids.0',
    );
    const balance = (await call('GET', `/api/finance/customers/${c.id}/balance`, shop.owner)).json();
    expect(balance).toMatchObject({ receivable: 111_000, credit_used: 111_000, open_count: 1 });
    const pdf = await call('GET', `/api/finance/invoices/${inv.id}/pdf`, shop.owner);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const list = (await call('GET', '/api/finance/invoices?status=OUTSTANDING', shop.owner)).json();
    expect(list.items.map((i: { id: string }) => i.id)).toContain(inv.id);
  });

  it("a business that is not PKP bills without PPN; a draft or another customer's order cannot be billed; cancel reverses", async () => {
    const shop = await newShop(app);
    const c = await newCustomer(app, shop, { payment_limit_days: 14 });
    const other = await newCustomer(app, shop);
    const o = (await manualOrder(app, shop, c.id, 250_000)).json();
    const draft = (await manualOrder(app, shop, c.id, 10_000, false)).json();
    const foreign = (await manualOrder(app, shop, other.id, 10_000)).json();
    expectFieldError(
      await call('POST', '/api/finance/invoices', shop.owner, { order_ids: [o.id, draft.id], idempotency_key: key() }),
      'order_ids.1',
    );
    expectFieldError(
      await call('POST', '/api/finance/invoices', shop.owner, { order_ids: [o.id, foreign.id], idempotency_key: key() }),
      'order_ids.1',
    );
    const inv = await invoiceFor(shop, [o.id]);
    expect(inv).toMatchObject({ total: 250_000, ppn: 0, subtotal: 250_000, tax_liability: false });
    const cancelled = await call('POST', `/api/finance/invoices/${inv.id}/cancel`, shop.owner);
    expect(cancelled.json().status).toBe('CANCELLED');
    expect((await call('GET', `/api/finance/customers/${c.id}/balance`, shop.owner)).json().receivable).toBe(0);
    expect((await invoiceFor(shop, [o.id])).total).toBe(250_000);
  });
});

describe('cancelling an invoiced order (ADR 0042)', () => {
  const inOrder = async (shop: Shop) =>
    (await call('GET', `/api/inventory?warehouse_id=${shop.wh}`, shop.owner))
      .json()
      .items.find((i: { catalog_id: string }) => i.catalog_id === shop.sku.id).in_order as number;

  it('is refused naming the invoice (id and en), changes nothing, and works once the invoice is cancelled', async () => {
    const shop = await newShop(app);
    const c = await newCustomer(app, shop, { credit_limit: 5_000_000, payment_limit_days: 30 });
    const o = (await manualOrder(app, shop, c.id, 400_000)).json();
    const inv = await invoiceFor(shop, [o.id]);
    const reservedBefore = await inOrder(shop);
    expect(reservedBefore).toBe(1);

    const refused = await call('PUT', `/api/manual-orders/${o.id}/cancel`, shop.owner, { reason_id: 'CUSTOMER_REQUEST' });
    expectError(refused, 409, 'ORDER_INVOICED');
    expect(refused.json()).toMatchObject({
      message: `Pesanan ini sudah ditagih pada faktur ${inv.number}. Batalkan faktur itu dulu, atau kurangi dengan nota kredit.`,
      details: { invoice_id: inv.id, invoice_number: inv.number },
    });
    const english = await call(
      'POST',
      `/api/orders/${o.id}/cancel`,
      shop.owner,
      { reason_id: 'CUSTOMER_REQUEST' },
      { 'accept-language': 'en' },
    );
    expectError(english, 409, 'ORDER_INVOICED');
    expect(english.json().message).toBe(
      `This order is billed on invoice ${inv.number}. Cancel that invoice first, or reduce it with a credit note.`,
    );
    // The bulk cancel names it per order.
    const bulk = await call('POST', '/api/orders/bulk', shop.owner, { action: 'CANCEL', order_ids: [o.id], reason_id: 'CUSTOMER_REQUEST' });
    expect(bulk.json().items).toEqual([expect.objectContaining({ order_id: o.id, ok: false, code: 'ORDER_INVOICED' })]);

    // Nothing moved: the order, its stock, its invoice and the receivable.
    const order = (await call('GET', `/api/orders/${o.id}`, shop.owner)).json();
    expect(order).toMatchObject({ status: 'CONFIRMED', cancel_reason: null });
    expect(order.timeline.map((e: { to_status: string | null }) => e.to_status)).not.toContain('CANCELED');
    expect(await inOrder(shop)).toBe(reservedBefore);
    expect((await call('GET', `/api/finance/invoices/${inv.id}`, shop.owner)).json()).toMatchObject({
      status: 'OUTSTANDING',
      remaining: 400_000,
    });
    expect((await call('GET', `/api/finance/customers/${c.id}/balance`, shop.owner)).json().receivable).toBe(400_000);

    // The invoice cancelled first, the order cancels; its stock and credit come back.
    expect((await call('POST', `/api/finance/invoices/${inv.id}/cancel`, shop.owner)).json().status).toBe('CANCELLED');
    const cancel = await call('PUT', `/api/manual-orders/${o.id}/cancel`, shop.owner, { reason_id: 'CUSTOMER_REQUEST' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().status).toBe('CANCELED');
    expect(await inOrder(shop)).toBe(0);
    expect((await call('GET', `/api/finance/customers/${c.id}/balance`, shop.owner)).json().receivable).toBe(0);
  });

  it('an invoice with a credit note keeps its order billed: it cannot be cancelled, nor can the order', async () => {
    const shop = await newShop(app);
    const c = await newCustomer(app, shop, { credit_limit: 5_000_000, payment_limit_days: 30 });
    const o = (await manualOrder(app, shop, c.id, 300_000)).json();
    const inv = await invoiceFor(shop, [o.id]);
    const note = await call('POST', '/api/finance/credit-notes', shop.owner, {
      customer_id: c.id,
      reason: 'PRICE_CORRECTION',
      target: 'INVOICE',
      invoice_id: inv.id,
      amount: 100_000,
      idempotency_key: key(),
    });
    expect(note.statusCode, note.body).toBe(200);
    expectError(await call('PUT', `/api/manual-orders/${o.id}/cancel`, shop.owner, { reason_id: 'OTHER' }), 409, 'ORDER_INVOICED');
    // The invoice with a credit cannot be cancelled either (INVOICE_STATE_CONFLICT): the order stays billed.
    expectError(await call('POST', `/api/finance/invoices/${inv.id}/cancel`, shop.owner), 409, 'INVOICE_STATE_CONFLICT');
    expect((await call('GET', `/api/orders/${o.id}`, shop.owner)).json().status).toBe('CONFIRMED');
  });
});

describe('payments with transfer proofs', () => {
  it('a partial payment leaves the remaining bill; confirming allocates oldest first; an over-payment goes to the wallet', async () => {
    const shop = await newShop(app);
    const channel = await bankChannel(shop);
    const c = await newCustomer(app, shop, { credit_limit: 10_000_000, payment_limit_days: 30 });
    const inv1 = await invoiceFor(shop, [(await manualOrder(app, shop, c.id, 1_000_000)).json().id]);
    const inv2 = await invoiceFor(shop, [(await manualOrder(app, shop, c.id, 500_000)).json().id]);
    const proof = await pngBase64();
    const k = key();
    const body = {
      customer_id: c.id,
      channel_id: channel,
      amount: '1.200.000',
      paid_at: '2026-11-25',
      sender_bank: '008',
      sender_account_number: '9876543210',
      sender_account_name: 'CV Maju',
      proof: { file_name: 'bukti.png', content_base64: proof },
      idempotency_key: k,
    };
    const created = await call('POST', '/api/finance/payments', shop.owner, body);
    expect(created.statusCode, created.body).toBe(200);
    const pay = created.json();
    expect(pay).toMatchObject({
      amount: 1_200_000,
      status: 'NEED_CONFIRMATION',
      has_proof: true,
      remaining_bill: 1_500_000,
      sender_bank: 'Bank Mandiri',
    });
    expect((await call('POST', '/api/finance/payments', shop.owner, body)).json().id).toBe(pay.id);
    const image = await call('GET', `/api/finance/payments/${pay.id}/proof`, shop.owner);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.toString('base64')).toBe(proof);

    const confirmed = await call('POST', `/api/finance/payments/${pay.id}/decision`, shop.owner, { action: 'CONFIRM' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'CONFIRMED', allocated: 1_200_000, overpaid: 0, remaining_bill: 300_000 });
    expect(confirmed.json().allocations).toEqual([
      { invoice_id: inv1.id, invoice_number: inv1.number, amount: 1_000_000 },
      { invoice_id: inv2.id, invoice_number: inv2.number, amount: 200_000 },
    ]);
    // Confirming twice posts once.
    expect((await call('POST', `/api/finance/payments/${pay.id}/decision`, shop.owner, { action: 'CONFIRM' })).json().allocated).toBe(
      1_200_000,
    );
    expectError(
      await call('POST', `/api/finance/payments/${pay.id}/decision`, shop.owner, { action: 'REJECT' }),
      409,
      'PAYMENT_STATE_CONFLICT',
    );
    expect((await call('GET', `/api/finance/invoices/${inv1.id}`, shop.owner)).json().status).toBe('PAID');
    expect((await call('GET', `/api/finance/invoices/${inv2.id}`, shop.owner)).json()).toMatchObject({
      status: 'PARTIALLY_PAID',
      remaining: 300_000,
    });

    const over = await call('POST', '/api/finance/payments', shop.owner, { ...body, amount: 350_000, proof: null, idempotency_key: key() });
    const rejected = await call('POST', '/api/finance/payments', shop.owner, {
      ...body,
      amount: 10_000,
      proof: null,
      idempotency_key: key(),
    });
    expect(
      (
        await call('POST', `/api/finance/payments/${rejected.json().id}/decision`, shop.owner, { action: 'REJECT', reason: 'Bukti buram' })
      ).json().status,
    ).toBe('REJECTED');
    const done = (await call('POST', `/api/finance/payments/${over.json().id}/decision`, shop.owner, { action: 'CONFIRM' })).json();
    expect(done).toMatchObject({ allocated: 300_000, overpaid: 50_000, remaining_bill: 0 });
    const bal = (await call('GET', `/api/finance/customers/${c.id}/balance`, shop.owner)).json();
    expect(bal).toMatchObject({ receivable: 0, wallet: 50_000 });
    const history = (await call('GET', `/api/finance/wallet/history?customer_id=${c.id}`, shop.owner)).json();
    expect(history.items[0]).toMatchObject({ event: 'PAYMENT_OVERPAID', amount: 50_000, balance: 50_000 });
    // Nothing is waiting any more: WP_NOT_FOUND.
    const none = await call('POST', '/api/finance/payments', shop.owner, { ...body, proof: null, idempotency_key: key() });
    expectError(none, 422, 'WP_NOT_FOUND');
    expect(none.json().message).toBe('No Waiting Payment Transaction Found');
  });

  it('refuses a proof that is not an image and a channel of nobody', async () => {
    const shop = await newShop(app);
    const channel = await bankChannel(shop);
    const c = await newCustomer(app, shop);
    await invoiceFor(shop, [(await manualOrder(app, shop, c.id, 100_000)).json().id]);
    const base = { customer_id: c.id, channel_id: channel, amount: 1000, paid_at: '2026-11-25', idempotency_key: key() };
    expectFieldError(
      await call('POST', '/api/finance/payments', shop.owner, {
        ...base,
        proof: { file_name: 'bukti.png', content_base64: Buffer.from('not an image').toString('base64') },
      }),
      'proof.content_base64',
    );
    expectFieldError(
      await call('POST', '/api/finance/payments', shop.owner, { ...base, channel_id: '01a20041-4395-7219-aee5-d0f23fcff062' }),
      'channel_id',
    );
    expectFieldError(await call('POST', '/api/finance/payments', shop.owner, { ...base, amount: '-1.000' }), 'amount');
    expectFieldError(
      await call('POST', '/api/finance/payment-channels', shop.owner, { method: 'BANK_TRANSFER', bank_code: '999' }),
      'bank_code',
    );
  });
});

describe('credit notes', () => {
  it('reduces an invoice, or credits the wallet; never more than the remaining bill', async () => {
    const shop = await newShop(app);
    const c = await newCustomer(app, shop);
    const inv = await invoiceFor(shop, [(await manualOrder(app, shop, c.id, 300_000)).json().id]);
    const note = await call('POST', '/api/finance/credit-notes', shop.owner, {
      customer_id: c.id,
      reason: 'PRICE_CORRECTION',
      target: 'INVOICE',
      invoice_id: inv.id,
      amount: '50.000',
      idempotency_key: key(),
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json()).toMatchObject({ amount: 50_000, invoice_number: inv.number, to_wallet: 0 });
    const after = (await call('GET', `/api/finance/invoices/${inv.id}`, shop.owner)).json();
    expect(after).toMatchObject({ credited: 50_000, remaining: 250_000, status: 'PARTIALLY_PAID' });
    expect(after.allocations[0]).toMatchObject({ kind: 'CREDIT_NOTE', amount: 50_000 });
    expectFieldError(
      await call('POST', '/api/finance/credit-notes', shop.owner, {
        customer_id: c.id,
        reason: 'GOODWILL',
        target: 'INVOICE',
        invoice_id: inv.id,
        amount: 250_001,
        idempotency_key: key(),
      }),
      'amount',
    );
    expectFieldError(
      await call('POST', '/api/finance/credit-notes', shop.owner, {
        customer_id: c.id,
        reason: 'GOODWILL',
        target: 'INVOICE',
        amount: 1,
        idempotency_key: key(),
      }),
      'invoice_id',
    );
    const k = key();
    const wallet = { customer_id: c.id, reason: 'GOODWILL', target: 'WALLET', amount: 75_000, idempotency_key: k };
    expect((await call('POST', '/api/finance/credit-notes', shop.owner, wallet)).json().to_wallet).toBe(75_000);
    await call('POST', '/api/finance/credit-notes', shop.owner, wallet);
    expect((await call('GET', `/api/finance/customers/${c.id}/balance`, shop.owner)).json()).toMatchObject({
      wallet: 75_000,
      receivable: 250_000,
    });
    expect((await call('GET', '/api/finance/credit-notes', shop.owner)).json().total_row).toBe(2);
  });
});

describe('wallets and withdrawals', () => {
  async function walletOf(shop: Shop, amount: number) {
    const c = await newCustomer(app, shop, { store_type: 'RESELLER' });
    await call('POST', '/api/finance/credit-notes', shop.owner, {
      customer_id: c.id,
      reason: 'GOODWILL',
      target: 'WALLET',
      amount,
      idempotency_key: key(),
    });
    return c;
  }
  const request = (c: { id: string }, amount: number | string, extra: Record<string, unknown> = {}) => ({
    customer_id: c.id,
    amount,
    bank_code: '014',
    account_number: '0123456789',
    account_name: 'Budi Santoso',
    beneficiary: 'Budi Santoso',
    confirmed: true,
    idempotency_key: key(),
    ...extra,
  });

  it('holds on request, pays out on complete with the fee, and the history shows each step', async () => {
    const shop = await newShop(app);
    await call('PUT', '/api/finance/withdrawal-settings', shop.owner, {
      min_amount: '100.000',
      max_amount: '2.000.000',
      max_count: 2,
      count_period: 'DAY',
      fee: 2_500,
    });
    const c = await walletOf(shop, 1_500_000);
    expectError(await call('POST', '/api/finance/withdrawals', shop.owner, request(c, 99_999)), 422, 'WITHDRAWAL_BELOW_MIN');
    expectError(await call('POST', '/api/finance/withdrawals', shop.owner, request(c, 2_000_001)), 422, 'WITHDRAWAL_ABOVE_MAX');
    expectFieldError(await call('POST', '/api/finance/withdrawals', shop.owner, request(c, 100_000, { confirmed: false })), 'confirmed');
    const res = await call('POST', '/api/finance/withdrawals', shop.owner, request(c, '1.000.000'));
    expect(res.statusCode, res.body).toBe(200);
    const w = res.json();
    expect(w).toMatchObject({ status: 'SUBMITTED', amount: 1_000_000, fee: 2_500, net: 997_500, bank_name: 'BCA', overdue: false });
    expect(Date.parse(w.transfer_due_at) - Date.parse(w.requested_at)).toBe(48 * 3_600_000);
    expect((await call('GET', `/api/finance/customers/${c.id}/balance`, shop.owner)).json()).toMatchObject({
      wallet: 500_000,
      held: 1_000_000,
    });
    expectError(
      await call('POST', `/api/finance/withdrawals/${w.id}/actions`, shop.owner, { action: 'COMPLETE' }),
      409,
      'WITHDRAWAL_STATE_CONFLICT',
    );
    for (const action of ['APPROVE', 'PROCESS', 'COMPLETE'])
      expect((await call('POST', `/api/finance/withdrawals/${w.id}/actions`, shop.owner, { action })).statusCode).toBe(200);
    expect((await call('POST', `/api/finance/withdrawals/${w.id}/actions`, shop.owner, { action: 'COMPLETE' })).json().status).toBe(
      'COMPLETED',
    );
    expect((await call('GET', `/api/finance/customers/${c.id}/balance`, shop.owner)).json()).toMatchObject({ wallet: 500_000, held: 0 });
    const history = (await call('GET', `/api/finance/wallet/history?customer_id=${c.id}`, shop.owner)).json();
    expect(history.items.map((i: { event: string }) => i.event).reverse()).toEqual([
      'CREDIT_NOTE_WALLET',
      'WITHDRAWAL_REQUESTED',
      'WITHDRAWAL_APPROVED',
      'WITHDRAWAL_PROCESSED',
      'WITHDRAWAL_COMPLETED',
    ]);
    expect(history.items.map((i: { balance: number }) => i.balance).reverse()).toEqual([1_500_000, 500_000, 500_000, 500_000, 500_000]);
    expect(history.items.map((i: { amount: number }) => i.amount).reverse()).toEqual([1_500_000, -1_000_000, 0, 0, 0]);

    // Released on reject; the count per day is kept (rejected ones do not count); never below zero.
    const second = (await call('POST', '/api/finance/withdrawals', shop.owner, request(c, 200_000))).json();
    expect(
      (
        await call('POST', `/api/finance/withdrawals/${second.id}/actions`, shop.owner, { action: 'REJECT', reason: 'Rekening salah' })
      ).json().status,
    ).toBe('REJECTED');
    expect((await call('GET', `/api/finance/customers/${c.id}/balance`, shop.owner)).json()).toMatchObject({ wallet: 500_000, held: 0 });
    expectError(await call('POST', '/api/finance/withdrawals', shop.owner, request(c, 500_001)), 422, 'WALLET_INSUFFICIENT');
    expect((await call('POST', '/api/finance/withdrawals', shop.owner, request(c, 100_000))).statusCode).toBe(200);
    expectError(await call('POST', '/api/finance/withdrawals', shop.owner, request(c, 100_000)), 422, 'WITHDRAWAL_COUNT_EXCEEDED');
  });

  it('flags a request still open after 2 × 24 hours, and a failed transfer gives the money back', async () => {
    const shop = await newShop(app);
    const c = await walletOf(shop, 300_000);
    const w = (await call('POST', '/api/finance/withdrawals', shop.owner, request(c, 100_000))).json();
    await app.platform.database.db.execute(sql`update withdrawals set requested_at = now() - interval '49 hours' where id = ${w.id}`);
    expect((await call('GET', `/api/finance/withdrawals/${w.id}`, shop.owner)).json().overdue).toBe(true);
    for (const action of ['APPROVE', 'PROCESS', 'FAIL'])
      await call('POST', `/api/finance/withdrawals/${w.id}/actions`, shop.owner, { action });
    const after = (await call('GET', `/api/finance/withdrawals/${w.id}`, shop.owner)).json();
    expect(after).toMatchObject({ status: 'FAILED', overdue: false });
    expect((await call('GET', `/api/finance/customers/${c.id}/balance`, shop.owner)).json()).toMatchObject({ wallet: 300_000, held: 0 });
  });
});

describe('tenancy, bad input and the ledger itself', () => {
  it("another workspace's finance ids answer 404", async () => {
    const shop = await newShop(app);
    const stranger = await newWorkspace(app);
    const c = await newCustomer(app, shop);
    const inv = await invoiceFor(shop, [(await manualOrder(app, shop, c.id, 100_000)).json().id]);
    const channel = await bankChannel(shop);
    const pay = (
      await call('POST', '/api/finance/payments', shop.owner, {
        customer_id: c.id,
        channel_id: channel,
        amount: 1000,
        paid_at: '2026-11-25',
        idempotency_key: key(),
      })
    ).json();
    expectError(await call('GET', `/api/finance/invoices/${inv.id}`, stranger), 404, 'INVOICE_NOT_FOUND');
    expectError(await call('GET', `/api/finance/invoices/${inv.id}/pdf`, stranger), 404, 'INVOICE_NOT_FOUND');
    expectError(await call('POST', `/api/finance/invoices/${inv.id}/cancel`, stranger), 404, 'INVOICE_NOT_FOUND');
    expectError(await call('GET', `/api/finance/payments/${pay.id}`, stranger), 404, 'PAYMENT_NOT_FOUND');
    expectError(await call('POST', `/api/finance/payments/${pay.id}/decision`, stranger, { action: 'CONFIRM' }), 404, 'PAYMENT_NOT_FOUND');
    expectError(await call('GET', `/api/finance/customers/${c.id}/balance`, stranger), 404, 'CUSTOMER_NOT_FOUND');
    expectError(await call('GET', `/api/finance/wallet/history?customer_id=${c.id}`, stranger), 404, 'CUSTOMER_NOT_FOUND');
    expectError(
      await call('PUT', `/api/finance/payment-channels/${channel}`, stranger, { method: 'CASH' }),
      404,
      'PAYMENT_CHANNEL_NOT_FOUND',
    );
    expectError(
      await call('POST', `/api/finance/withdrawals/${inv.id}/actions`, stranger, { action: 'APPROVE' }),
      404,
      'WITHDRAWAL_NOT_FOUND',
    );
    expectFieldError(
      await call('POST', '/api/finance/invoices', stranger, {
        order_ids: inv.orders.map((o: { order_id: string }) => o.order_id),
        idempotency_key: key(),
      }),
      'order_ids.0',
    );
    expect((await call('GET', '/api/finance/invoices', stranger)).json().total_row).toBe(0);
  });

  it('answers bad input with field errors, never 500', async () => {
    const shop = await newShop(app);
    expectFieldError(await call('POST', '/api/finance/invoices', shop.owner, { order_ids: [] }), 'order_ids');
    expectFieldError(await call('POST', '/api/finance/invoices', shop.owner, { order_ids: ['x'], idempotency_key: key() }), 'order_ids.0');
    expectFieldError(await call('POST', '/api/finance/withdrawals', shop.owner, { amount: 'abc' }), 'amount');
    expectFieldError(
      await call('PUT', '/api/finance/withdrawal-settings', shop.owner, {
        min_amount: 500,
        max_amount: 100,
        max_count: 1,
        count_period: 'DAY',
        fee: 0,
      }),
      'max_amount',
    );
    expectFieldError(
      await call('POST', '/api/finance/credit-check', shop.owner, { customer_id: shop.owner.userId, amount: '1.50.000' }),
      'amount',
    );
  });

  it('is append-only, replays a key once, and its balances rebuild from the postings', async () => {
    const shop = await newShop(app);
    const result = await asActor(app, shop.owner, async (ctx) => {
      const lines = [
        { kind: 'CASH' as const, amount: 10_000 },
        { kind: 'REVENUE' as const, amount: -10_000 },
      ];
      const first = await post(ctx, { key: 'adj-1', sourceType: 'ADJUSTMENT', sourceId: null, event: 'TEST', lines });
      const again = await post(ctx, { key: 'adj-1', sourceType: 'ADJUSTMENT', sourceId: null, event: 'TEST', lines });
      await expect(
        post(ctx, {
          key: 'adj-2',
          sourceType: 'ADJUSTMENT',
          sourceId: null,
          event: 'TEST',
          lines: [
            { kind: 'CASH', amount: 1 },
            { kind: 'REVENUE', amount: -2 },
          ],
        }),
      ).rejects.toThrow(/unbalanced/u);
      return { first, again };
    });
    expect(result.again).toEqual({ entryId: result.first.entryId, replayed: true });
    const check = (await call('GET', '/api/finance/ledger-check', shop.owner)).json();
    expect(check).toEqual({ unbalanced_entries: [], balance_mismatches: [], negative_wallets: [] });
    const db = app.platform.database.db;
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'written',
        (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
      );
    expect(
      await refusal(db.execute(sql`update ledger_postings set amount = amount + 1 where workspace_id = ${shop.owner.workspaceId}`)),
    ).toMatch(/append-only/u);
    expect(await refusal(db.execute(sql`delete from ledger_entries where workspace_id = ${shop.owner.workspaceId}`))).toMatch(
      /append-only/u,
    );
    // A balance that drifted is found by the check and rebuilt from the postings.
    await db.execute(
      sql`update ledger_accounts set balance = balance + 5 where workspace_id = ${shop.owner.workspaceId} and kind = 'CASH'`,
    );
    expect((await call('GET', '/api/finance/ledger-check', shop.owner)).json().balance_mismatches).toHaveLength(1);
    expect(await asActor(app, shop.owner, (ctx) => rebuildBalances(ctx))).toBe(1);
    expect((await call('GET', '/api/finance/ledger-check', shop.owner)).json().balance_mismatches).toHaveLength(0);
  });
});
