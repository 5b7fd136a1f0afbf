import type { TenantCtx } from '../http/context.ts';
import { catalogRefsBySku } from '../modules/catalog/index.ts';
import {
  actOnAdminVoucher,
  actOnDiscount,
  createAdminVoucher,
  createDiscount,
  createWebVouchers,
  redeemAdminVoucher,
  redeemWebVoucher,
} from '../modules/promotions/index.ts';

/** Jakarta calendar date `days` from today. */
const day = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Promotions of the demo workspace (issue 16): a payday discount made by the owner and approved by the admin
 * (active this month), a 12.12 programme still waiting for approval whose margin shows a SKU below cost, two
 * web-store vouchers (courier and product; the courier one used twice), and two admin vouchers: one approved and used on two orders, one waiting.
 */
export async function seedDemoPromotions(maker: TenantCtx, checker: TenantCtx): Promise<void> {
  const skus = new Map(
    (await catalogRefsBySku(maker, ['KPK-HITAM-M', 'KPK-PUTIH-M', 'KOPI-GAYO-250', 'KOPI-TORAJA-500'])).map((c) => [c.sku, c.id]),
  );
  const id = (sku: string) => skus.get(sku);
  if (!id('KPK-HITAM-M') || !id('KOPI-GAYO-250')) return;
  const payday = await createDiscount(maker, {
    program_name: 'Gajian Hemat',
    tier: 'NATIONAL',
    start_date: day(-3),
    end_date: day(27),
    quota: 500,
    format: 'PERCENTAGE',
    value: 10,
    marketplace_fee_percent: 6.5,
    // Not the Gayo coffee: its Surabaya area price is what a new user sees on a manual order (and its journey checks).
    items: [
      { catalog_id: id('KPK-HITAM-M')!, cost_price: 35_000 },
      ...(id('KOPI-TORAJA-500') ? [{ catalog_id: id('KOPI-TORAJA-500')!, cost_price: 80_000 }] : []),
    ],
  });
  await actOnDiscount(checker, payday.id, 'APPROVE', 'Margin masih di atas 20 %');
  await createDiscount(maker, {
    program_name: 'Harbolnas 12.12',
    tier: 'NATIONAL',
    start_date: day(14),
    end_date: day(18),
    quota: 200,
    format: 'PERCENTAGE',
    value: 35,
    exclusive: true,
    criteria_mode: 'RANGE',
    criteria: [],
    items: [
      { catalog_id: id('KOPI-GAYO-250')!, cost_price: 52_000 },
      ...(id('KOPI-TORAJA-500') ? [{ catalog_id: id('KOPI-TORAJA-500')!, cost_price: 80_000 }] : []),
    ],
  });
  const now = Math.floor(Date.now() / 1000);
  const webStore = '0192f000-0000-7000-8000-00000000d3b0';
  const web = await createWebVouchers(maker, {
    channel_id: webStore,
    items: [
      {
        voucher_code: 'ONGKIRHEMAT',
        type_id: 3,
        transaction_data: { value: 15_000, type: 'AMOUNT', min_transaction: 100_000, max_discount: 15_000 },
        validity: { from: now - 86_400, until: now + 30 * 86_400 },
        f_combined: true,
        f_allstore: true,
        store_list: [],
        qty: 250,
        reference_list: [],
        courier_list: ['jne', 'sicepat', 'anteraja'],
      },
      {
        voucher_code: 'KOPIGAYO10',
        type_id: 2,
        transaction_data: { value: 10, type: 'PERCENTAGE', min_transaction: 85_000, max_discount: 25_000 },
        validity: { from: now - 86_400, until: now + 14 * 86_400 },
        f_combined: false,
        f_allstore: true,
        store_list: [],
        qty: 100,
        reference_list: [id('KOPI-GAYO-250')!],
      },
    ],
  });
  // Two web-store checkouts used the courier voucher (the spec's vouchers/used list).
  const ongkir = web.items.find((v) => v.voucher_code === 'ONGKIRHEMAT');
  if (ongkir)
    for (const [order, customer] of [
      ['WEB-DEMO-1007', 'rina.kusuma@contoh.id'],
      ['WEB-DEMO-1011', 'agus.pratama@contoh.id'],
    ] as const)
      await redeemWebVoucher(maker, ongkir.id, {
        order_reference: order,
        customer_reference: customer,
        amount: 135_000,
        shipping_fee: 18_000,
      });
  const member = await createAdminVoucher(maker, {
    name: 'Voucher Member Baru',
    code: 'MEMBERBARU',
    type: 'DISCOUNT',
    value_type: 'AMOUNT',
    value: 25_000,
    get_start: day(-7),
    get_end: day(23),
    use_start: day(-7),
    use_end: day(30),
    combinable: false,
    quota: 300,
    per_customer_limit: 1,
    min_transaction: 150_000,
  });
  await actOnAdminVoucher(checker, member.id, 'APPROVE');
  for (const [order, customer] of [
    ['SO-DEMO-0412', 'Budi Santoso'],
    ['SO-DEMO-0418', 'Sari Wulandari'],
  ] as const)
    await redeemAdminVoucher(maker, member.id, { order_reference: order, customer_reference: customer, amount: 185_000, date: day(-1) });
  await createAdminVoucher(maker, {
    name: 'Gajian Diskon 25%',
    code: 'GAJIAN25',
    type: 'DISCOUNT',
    value_type: 'PERCENTAGE',
    value: 25,
    max_discount: 50_000,
    get_start: day(20),
    get_end: day(25),
    use_start: day(20),
    use_end: day(31),
    combinable: false,
    quota: 100,
    per_customer_limit: 2,
    min_transaction: 200_000,
  });
}
