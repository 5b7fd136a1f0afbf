import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { ledgerProblems } from '../../src/modules/finance/index.ts';
import type { Actor } from '../factories.ts';
import { newSku, receive } from '../inventory/helpers.ts';
import type { TestApp } from '../test-app.ts';
import { caller, newWarehouse } from '../workspaces/helpers.ts';

export const key = () => `k-${randomBytes(8).toString('hex')}`;

export type Shop = { owner: Actor; wh: string; sku: { id: string; sku: string } };

/** A workspace with a warehouse and one SKU in stock (manual orders need both). */
export async function newShop(app: TestApp, stock = 1000): Promise<Shop> {
  const { newWorkspace } = await import('../factories.ts');
  const owner = await newWorkspace(app);
  const wh = (await newWarehouse(app, owner)).id;
  const sku = await newSku(app, owner);
  await receive(app, owner, wh, [{ catalog_id: sku.id, quantity: stock }]);
  return { owner, wh, sku };
}

export async function newCustomer(
  app: TestApp,
  shop: Shop,
  limits: { credit_limit?: number; transaction_limit?: number; payment_limit_days?: number; store_type?: string } = {},
): Promise<{ id: string; name: string }> {
  const res = await caller(app)('POST', '/api/customers', shop.owner, {
    code: `C-${randomBytes(4).toString('hex')}`,
    name: `CV Maju ${randomBytes(2).toString('hex')}`,
    store_type: 'DISTRIBUTOR',
    ...limits,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** A manual order of `total` rupiah (one line, no shipping) for the customer: confirmed unless told otherwise. */
export async function manualOrder(
  app: TestApp,
  shop: Shop,
  customerId: string,
  total: number,
  confirm = true,
  extra: Record<string, unknown> = {},
) {
  return caller(app)('POST', '/api/manual-orders', shop.owner, {
    warehouse_id: shop.wh,
    customer_id: customerId,
    order_date: '2026-11-24',
    buyer_name: 'CV Maju',
    lines: [{ catalog_id: shop.sku.id, quantity: 1, unit_price: total }],
    shipping_fee: 0,
    confirm,
    ...extra,
  });
}

export async function pngBase64(): Promise<string> {
  const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

export async function expectLedgerClean(app: TestApp): Promise<void> {
  const problems = await ledgerProblems(app.platform.database.db);
  expect(problems).toEqual({ unbalanced_entries: [], balance_mismatches: [], negative_wallets: [] });
}
