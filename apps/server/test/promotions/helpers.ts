import { createProduct, singleForm, uniqueSku } from '../catalog/helpers.ts';
import type { Actor } from '../factories.ts';
import type { TestApp } from '../test-app.ts';

/** A single product at a list price; answers its one SKU. */
export async function skuAt(app: TestApp, as: Actor, price: number): Promise<{ id: string; sku: string }> {
  const product = await createProduct(app, as, singleForm({ catalogs: [{ sku: uniqueSku('PRM'), price }] }));
  return { id: product.catalogs[0]!.id, sku: product.catalogs[0]!.sku };
}

/** A 10 % national discount on the given SKUs, 20–30 Nov 2026. */
export const tenPercent = (items: { catalog_id: string; cost_price?: number | null }[], overrides: Record<string, unknown> = {}) => ({
  program_name: 'Gajian Hemat November',
  tier: 'NATIONAL',
  start_date: '2026-11-20',
  end_date: '2026-11-30',
  format: 'PERCENTAGE',
  value: 10,
  items,
  ...overrides,
});

const now = Math.floor(Date.now() / 1000);

/** A courier web-store voucher (type 3) valid from an hour ago for a week. */
export const courierVoucher = (code: string, overrides: Record<string, unknown> = {}) => ({
  voucher_code: code,
  type_id: 3,
  transaction_data: { value: 15_000, type: 'AMOUNT', min_transaction: 50_000, max_discount: 15_000 },
  validity: { from: now - 3600, until: now + 7 * 86_400 },
  f_combined: false,
  f_allstore: true,
  store_list: [],
  qty: 100,
  reference_list: [],
  courier_list: ['jne', 'sicepat'],
  ...overrides,
});

/** An admin voucher: Rp 20.000 off from Rp 100.000, claimable 20–30 Nov 2026, usable to 10 Dec, 50 uses, 1 per customer. */
export const adminVoucher = (code: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Voucher Gajian Member',
  code,
  type: 'DISCOUNT',
  value_type: 'AMOUNT',
  value: 20_000,
  get_start: '2026-11-20',
  get_end: '2026-11-30',
  use_start: '2026-11-20',
  use_end: '2026-12-10',
  combinable: false,
  quota: 50,
  per_customer_limit: 1,
  min_transaction: 100_000,
  ...overrides,
});
