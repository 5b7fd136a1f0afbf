import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWorkspace } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller } from '../workspaces/helpers.ts';
import { fieldCodes, singleForm, variantForm } from './helpers.ts';

// What a merchant typed in the built screens (issue 12): too long, negative or repeated input is refused on its
// field, never cut, turned positive or moved to another field.
let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

const long = 'x'.repeat(10_000);

describe('text beyond its limit', () => {
  it('is refused with TOO_LONG on the field and nothing is saved', async () => {
    const owner = await newWorkspace(app);
    const category = await call('POST', '/api/categories', owner, { name: long });
    expect(category.statusCode).toBe(400);
    expect(fieldCodes(category)).toEqual({ name: 'TOO_LONG' });
    const product = await call('POST', '/api/products', owner, singleForm({ name: long }));
    expect(product.statusCode).toBe(400);
    expect(fieldCodes(product)).toEqual({ name: 'TOO_LONG' });
    const profile = await call('PUT', '/api/me/profile', owner, { first_name: long, last_name: long });
    expect(profile.statusCode).toBe(400);
    expect(fieldCodes(profile)).toEqual({ first_name: 'TOO_LONG', last_name: 'TOO_LONG' });
    const list = await call('GET', '/api/categories', owner);
    expect(JSON.stringify(list.json())).not.toContain('xxxxxxxxxx');
  });
});

describe('negative money', () => {
  it('is refused with MONEY_NEGATIVE, as a number or as typed text', async () => {
    const owner = await newWorkspace(app);
    const res = await call(
      'POST',
      '/api/products',
      owner,
      singleForm({
        catalogs: [{ sku: 'NEG-1', price: -15_000 }],
        wholesale_prices: [{ min_qty: 10, price: '-15.000' }],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldCodes(res)).toEqual({ 'catalogs.0.price': 'MONEY_NEGATIVE', 'wholesale_prices.0.price': 'MONEY_NEGATIVE' });
  });
});

describe('variant options', () => {
  it('compares options trimmed and ignoring case, and puts the error on the repeated option', async () => {
    const owner = await newWorkspace(app);
    const base = variantForm();
    const res = await call('POST', '/api/products', owner, {
      ...base,
      variant_tiers: [{ name: 'Warna', options: ['Merah', 'merah', 'MERAH '] }],
      catalogs: [
        { sku: 'OPT-1', options: ['Merah'], price: 1000 },
        { sku: 'OPT-2', options: ['merah'], price: 1000 },
        { sku: 'OPT-3', options: ['MERAH '], price: 1000 },
      ],
    });
    expect(res.statusCode).toBe(400);
    const codes = fieldCodes(res);
    expect(codes).toMatchObject({ 'variant_tiers.0.options.1': 'DUPLICATE_VALUE', 'variant_tiers.0.options.2': 'DUPLICATE_VALUE' });
    expect(Object.keys(codes).filter((path) => path.endsWith('.sku'))).toEqual([]);
  });
});
