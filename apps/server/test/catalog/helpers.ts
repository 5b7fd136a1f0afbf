import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Actor } from '../factories.ts';
import type { TestApp } from '../test-app.ts';
import { caller } from '../workspaces/helpers.ts';

export const uniqueSku = (prefix = 'SKU') => `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;

/** A valid single product form. */
export const singleForm = (overrides: Record<string, unknown> = {}) => ({
  type: 'SINGLE',
  name: 'Kopi Gayo Arabika 250 g',
  condition: 'NEW',
  description: '<p>Kopi <b>Gayo</b> pilihan.</p>',
  short_description: 'Kopi arabika Aceh',
  weight: 250,
  width: 10,
  height: 20,
  length: 5,
  vat_mode: 'EXCLUDE',
  status: 'ACTIVE',
  catalogs: [{ sku: uniqueSku('KOPI'), price: 85_000, barcode: '8991234567890', weight: 250 }],
  ...overrides,
});

/** A valid two-tier variant form: Warna × Ukuran = 4 SKUs. */
export const variantForm = (overrides: Record<string, unknown> = {}) => {
  const prefix = uniqueSku('KAOS');
  return {
    type: 'VARIANT',
    name: 'Kaos Polos Katun',
    status: 'ACTIVE',
    variant_tiers: [
      { name: 'Warna', options: ['Hitam', 'Putih'] },
      { name: 'Ukuran', options: ['M', 'L'] },
    ],
    catalogs: [
      { sku: `${prefix}-HM`, options: ['Hitam', 'M'], price: 59_000, weight: 200 },
      { sku: `${prefix}-HL`, options: ['Hitam', 'L'], price: 62_000, weight: 210 },
      { sku: `${prefix}-PM`, options: ['Putih', 'M'], price: 59_000, weight: 200 },
      { sku: `${prefix}-PL`, options: ['Putih', 'L'], price: 62_000, weight: 210 },
    ],
    ...overrides,
  };
};

export type ProductBody = {
  id: string;
  name: string;
  status: string;
  catalogs: { id: string; sku: string; price: number; options: string[]; name: string }[];
  bundle: { components: { catalog_id: string; quantity: number }[]; available: number; limiting_catalog_id: string | null } | null;
  [key: string]: unknown;
};

export async function createProduct(app: TestApp, as: Actor, form: Record<string, unknown>): Promise<ProductBody> {
  const res = await caller(app)('POST', '/api/products', as, form);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export const fieldCodes = (res: { json: () => { details: { fields: { path: string; code: string }[] } } }) =>
  Object.fromEntries(res.json().details.fields.map((f) => [f.path, f.code]));
