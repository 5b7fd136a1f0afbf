import sharp from 'sharp';
import { placeManualOrder } from '../flows/place-manual-order.ts';
import type { TenantCtx } from '../http/context.ts';
import { catalogRefsBySku } from '../modules/catalog/index.ts';
import {
  actOnWithdrawal,
  createInvoice,
  createPayment,
  decidePayment,
  issueCreditNote,
  requestWithdrawal,
  savePaymentChannel,
  saveWithdrawalSettings,
} from '../modules/finance/index.ts';
import { createCustomer } from '../modules/orders/customers.service.ts';

/** A transfer slip picture for the demo (bank-blue header, receipt lines; no text, so no font is needed). */
async function slip(lines: number): Promise<string> {
  const rows = Array.from(
    { length: lines },
    (_, i) => `<rect x="24" y="${90 + i * 26}" width="${200 + ((i * 53) % 110)}" height="12" fill="#c9d6e8"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="240"><rect width="360" height="240" fill="#ffffff"/>
    <rect width="360" height="60" fill="#0b5cab"/><circle cx="320" cy="30" r="16" fill="#ffffff"/>${rows}</svg>`;
  return (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
}

/**
 * The finance area of the demo workspace (issue 17): a distributor buying on credit with invoices (one partly paid),
 * a payment with its transfer proof waiting for confirmation, and a reseller's wallet with a completed and a pending
 * withdrawal, so every finance screen shows realistic data on first start.
 */
export async function seedDemoFinance(ctx: TenantCtx, warehouseId: string): Promise<void> {
  const [kopi] = await catalogRefsBySku(ctx, ['KOPI-GAYO-250']);
  if (!kopi) return;
  const bca = await savePaymentChannel(ctx, null, {
    method: 'BANK_TRANSFER',
    bank_code: '014',
    account_number: '8730123456',
    account_name: 'PT Kelola Demo Nusantara',
  });
  await savePaymentChannel(ctx, null, {
    method: 'BANK_TRANSFER',
    bank_code: '008',
    account_number: '1370009876543',
    account_name: 'PT Kelola Demo Nusantara',
  });
  await saveWithdrawalSettings(ctx, { min_amount: 50_000, max_amount: 10_000_000, max_count: 3, count_period: 'DAY', fee: 2_500 });
  const distributor = await createCustomer(ctx, {
    code: 'DIST-0001',
    name: 'CV Distribusi Nusantara',
    phone: '081230002222',
    address: 'Jl. Raya Darmo No. 45, Surabaya',
    province_code: '35',
    city_code: '35.78',
    credit_limit: 25_000_000,
    transaction_limit: 5,
    payment_limit_days: 30,
    store_type: 'DISTRIBUTOR',
  });
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  // The distributor's coffee leaves from the Jakarta warehouse, which holds the demo's coffee from the start
  // (seed-demo-catalog.ts): the credit orders below reserve it instead of showing "stock short" (95 units ordered).
  const orders = [];
  for (const [ago, quantity] of [
    [6, 40],
    [5, 25],
    [2, 30],
  ] as const) {
    orders.push(
      await placeManualOrder(ctx, {
        warehouse_id: warehouseId,
        customer_id: distributor.id,
        order_date: day(ago),
        buyer_name: distributor.name,
        lines: [{ catalog_id: kopi.id, quantity, unit_price: 72_000 }],
        shipping_fee: 0,
        confirm: true,
      }),
    );
  }
  await createInvoice(ctx, {
    order_ids: [orders[0]!.id, orders[1]!.id],
    idempotency_key: 'demo-invoice-1',
    notes: 'Pembayaran ke BCA 8730123456',
  });
  await createInvoice(ctx, { order_ids: [orders[2]!.id], idempotency_key: 'demo-invoice-2' });
  const first = await createPayment(ctx, {
    customer_id: distributor.id,
    channel_id: bca.id,
    amount: 3_000_000,
    paid_at: day(1),
    sender_bank: '014',
    sender_account_number: '0881234567',
    sender_account_name: 'CV Distribusi Nusantara',
    proof: { file_name: 'bukti-transfer-1.png', content_base64: await slip(5) },
    idempotency_key: 'demo-payment-1',
  });
  await decidePayment(ctx, first.id, { action: 'CONFIRM' });
  await createPayment(ctx, {
    customer_id: distributor.id,
    channel_id: bca.id,
    amount: 1_500_000,
    paid_at: day(0),
    sender_bank: '014',
    sender_account_number: '0881234567',
    sender_account_name: 'CV Distribusi Nusantara',
    proof: { file_name: 'bukti-transfer-2.png', content_base64: await slip(4) },
    idempotency_key: 'demo-payment-2',
  });

  const reseller = await createCustomer(ctx, {
    code: 'RSL-0001',
    name: 'Reseller Siti Aminah',
    phone: '081230003333',
    store_type: 'RESELLER',
    payment_limit_days: 14,
  });
  await issueCreditNote(ctx, {
    customer_id: reseller.id,
    reason: 'GOODWILL',
    target: 'WALLET',
    amount: 1_250_000,
    notes: 'Komisi reseller Oktober',
    idempotency_key: 'demo-cn-1',
  });
  const done = await requestWithdrawal(ctx, {
    customer_id: reseller.id,
    amount: 500_000,
    bank_code: '002',
    account_number: '0123010456789',
    account_name: 'Siti Aminah',
    beneficiary: 'Siti Aminah',
    confirmed: true,
    idempotency_key: 'demo-wd-1',
  });
  for (const action of ['APPROVE', 'PROCESS', 'COMPLETE'] as const) await actOnWithdrawal(ctx, done.id, { action });
  await requestWithdrawal(ctx, {
    customer_id: reseller.id,
    amount: 300_000,
    bank_code: '002',
    account_number: '0123010456789',
    account_name: 'Siti Aminah',
    beneficiary: 'Siti Aminah',
    confirmed: true,
    idempotency_key: 'demo-wd-2',
  });
}
