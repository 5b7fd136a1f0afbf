import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelPriceOf } from '../../src/modules/catalog/index.ts';
import { resolveChannelPrice, type DerivedPrice } from '../../src/modules/catalog/channel-prices.service.ts';
import type { StoredPrice } from '../../src/modules/catalog/channel-prices.repository.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { asActor, newChannel } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError } from '../workspaces/helpers.ts';
import { createProduct, fieldCodes, singleForm, uniqueSku, variantForm } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

type Price = {
  channel_id: string;
  mode: string;
  source: string;
  price_msrp: number | null;
  price_sales: number | null;
  formula_errors: { code: string }[];
  manual: unknown;
};
type Row = { catalog_id: string; sku: string; base_price: number; formula: { id: string; name: string } | null; prices: Price[] };

const priceOn = (row: Row | undefined, channelId: string) => row?.prices.find((p) => p.channel_id === channelId);

/**
 * A workspace with two shops and three kinds of SKU: a single product (no formula: base price), a variant product
 * and a bundle priced by `component_total + biaya_kemas` where biaya_kemas is a product variable (2,500 by default).
 */
async function pricedCatalog(owner: Actor, prefix: string) {
  const shopee = await newChannel(app, owner, 'Shopee Kelola');
  const tokped = await newChannel(app, owner, 'Tokopedia Kelola');
  const kopi = await createProduct(app, owner, singleForm({ catalogs: [{ sku: `${prefix}-KOPI`, price: 85_000 }] }));
  const kaos = await createProduct(app, owner, variantForm());
  const kemas = (await call('POST', '/api/product-variables', owner, { name: 'biaya_kemas', value: '2500' })).json();
  const formula = (
    await call('POST', '/api/price-formulas', owner, { name: 'harga_paket', expression: 'component_total + biaya_kemas' })
  ).json();
  const paket = await createProduct(app, owner, {
    type: 'BUNDLING',
    name: 'Paket Kopi Berdua',
    status: 'ACTIVE',
    catalogs: [{ sku: `${prefix}-PAKET` }],
    bundle: { components: [{ catalog_id: kopi.catalogs[0]!.id, quantity: 2 }], price_formula_id: formula.id },
  });
  return { shopee, tokped, kopi: kopi.catalogs[0]!, kaos, paket: paket.catalogs[0]!, kemas, formula };
}

describe('channel prices: formula-derived and manual', () => {
  it('lists each SKU with its base price and its price per channel, derived from the formula with the SKU’s own variable values', async () => {
    const owner = await newWorkspace(app);
    const prefix = uniqueSku('CP');
    const { shopee, tokped, kopi, paket, kemas, formula } = await pricedCatalog(owner, prefix);
    // 85,000 × 2 + 2,500 at save time.
    expect(paket.price).toBe(172_500);
    // The bundle SKU's own packing cost: the formula follows it at once, the stored base price does not.
    await call('PUT', `/api/catalogs/${paket.id}/variables`, owner, { values: [{ variable_id: kemas.id, value: '4000' }] });

    const res = await call('GET', `/api/channel-prices?q=${prefix}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list).toMatchObject({ page: 1, size: 10, total_row: 2, total_capped: false });
    expect(list.channels.map((c: { name: string }) => c.name).sort()).toEqual(['Shopee Kelola', 'Tokopedia Kelola']);
    const rows: Row[] = list.items;
    expect(rows.map((r) => r.sku)).toEqual([`${prefix}-KOPI`, `${prefix}-PAKET`]);
    const [kopiRow, paketRow] = rows;
    expect(kopiRow).toMatchObject({ base_price: 85_000, formula: null, product_type: 'SINGLE' });
    expect(priceOn(kopiRow, shopee)).toEqual({
      channel_id: shopee,
      mode: 'FORMULA',
      source: 'BASE_PRICE',
      price_msrp: 85_000,
      price_sales: 85_000,
      formula_errors: [],
      manual: null,
      updated_at: null,
    });
    expect(paketRow).toMatchObject({ base_price: 172_500, formula: { id: formula.id, name: 'harga_paket' } });
    expect(priceOn(paketRow, tokped)).toMatchObject({ mode: 'FORMULA', source: 'FORMULA', price_msrp: 174_000, price_sales: 174_000 });

    // A manual price on Shopee only; typed as Indonesian thousands.
    const put = await call('PUT', `/api/catalogs/${kopi.id}/channel-prices/${shopee}`, owner, {
      price_msrp: '90.000',
      price_sales: 87_000,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      channel_id: shopee,
      mode: 'MANUAL',
      source: 'MANUAL',
      price_msrp: 90_000,
      price_sales: 87_000,
      manual: { price_msrp: 90_000, price_sales: 87_000 },
    });
    const one = (await call('GET', `/api/catalogs/${kopi.id}/channel-prices`, owner)).json();
    expect(one).toMatchObject({ sku: `${prefix}-KOPI`, base_price: 85_000 });
    expect(priceOn(one, shopee)).toMatchObject({ mode: 'MANUAL', price_msrp: 90_000, price_sales: 87_000 });
    expect(priceOn(one, tokped)).toMatchObject({ mode: 'FORMULA', source: 'BASE_PRICE', price_msrp: 85_000 });

    // Filters: one channel's column; SKUs with a manual price (anywhere or on that channel); those without.
    const onShopee = (await call('GET', `/api/channel-prices?q=${prefix}&channel_id=${shopee}`, owner)).json();
    expect(onShopee.channels.map((c: { id: string }) => c.id).sort()).toEqual([shopee, tokped].sort());
    expect(onShopee.items.map((r: Row) => r.prices.map((p) => p.channel_id))).toEqual([[shopee], [shopee]]);
    const skus = async (query: string) =>
      (await call('GET', `/api/channel-prices?q=${prefix}&${query}`, owner)).json().items.map((r: Row) => r.sku);
    expect(await skus('mode=MANUAL')).toEqual([`${prefix}-KOPI`]);
    expect(await skus(`mode=MANUAL&channel_id=${shopee}`)).toEqual([`${prefix}-KOPI`]);
    expect(await skus(`mode=MANUAL&channel_id=${tokped}`)).toEqual([]);
    expect(await skus('mode=FORMULA')).toEqual([`${prefix}-PAKET`]);
    expect(await skus(`mode=FORMULA&channel_id=${tokped}`)).toEqual([`${prefix}-KOPI`, `${prefix}-PAKET`]);

    // Back to the formula: the typed prices stay for the next edit; a second DELETE changes nothing.
    expect((await call('DELETE', `/api/catalogs/${kopi.id}/channel-prices/${shopee}`, owner)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/catalogs/${kopi.id}/channel-prices/${shopee}`, owner)).statusCode).toBe(204);
    const after = (await call('GET', `/api/catalogs/${kopi.id}/channel-prices`, owner)).json();
    expect(priceOn(after, shopee)).toMatchObject({
      mode: 'FORMULA',
      source: 'BASE_PRICE',
      price_msrp: 85_000,
      price_sales: 85_000,
      manual: { price_msrp: 90_000, price_sales: 87_000 },
    });
    expect(await skus('mode=MANUAL')).toEqual([]);

    const audit = (await call('GET', `/api/audit?entity=catalog_channel_price&entity_id=${kopi.id}`, owner)).json();
    expect(audit.items.map((a: { action: string }) => a.action)).toEqual(['update', 'create']);
  });

  it('pages by SKU code and searches SKU prefix, SKU name or product name', async () => {
    const owner = await newWorkspace(app);
    await newChannel(app, owner);
    const product = await createProduct(app, owner, variantForm());
    const prefix = product.catalogs[0]!.sku.slice(0, -3);
    const first = (await call('GET', `/api/channel-prices?q=${prefix}&size=3`, owner)).json();
    expect(first).toMatchObject({ total_row: 4, size: 3 });
    expect(first.items.map((r: Row) => r.sku)).toEqual([`${prefix}-HL`, `${prefix}-HM`, `${prefix}-PL`]);
    expect((await call('GET', `/api/channel-prices?q=${prefix}&size=3&page=2`, owner)).json().items.map((r: Row) => r.sku)).toEqual([
      `${prefix}-PM`,
    ]);
    expect((await call('GET', '/api/channel-prices?q=kaos polos', owner)).json().total_row).toBe(4);
    expect((await call('GET', '/api/channel-prices?q=tidak-ada', owner)).json()).toMatchObject({ items: [], total_row: 0 });
  });

  it('channelPriceOf: manual price, else the formula’s, else the base price; a discount sets the sale price (spec part 5)', async () => {
    const owner = await newWorkspace(app);
    const { shopee, tokped, kopi, paket } = await pricedCatalog(owner, uniqueSku('CPO'));
    await call('PUT', `/api/catalogs/${kopi.id}/channel-prices/${shopee}`, owner, { price_msrp: 90_000, price_sales: 87_000 });
    const of = (catalogId: string, channelId: string, discountPercent?: string | number) =>
      asActor(app, owner, (ctx) => channelPriceOf(ctx, catalogId, channelId, { discountPercent }));

    expect(await of(kopi.id, shopee)).toMatchObject({
      mode: 'MANUAL',
      source: 'MANUAL',
      priceMsrp: 90_000n,
      priceSales: 87_000n,
      discountPercent: null,
    });
    // 90,000 × (100 − 10) / 100
    expect(await of(kopi.id, shopee, 10)).toMatchObject({ mode: 'MANUAL', priceMsrp: 90_000n, priceSales: 81_000n, discountPercent: '10' });
    expect(await of(kopi.id, tokped)).toMatchObject({ mode: 'FORMULA', source: 'BASE_PRICE', priceMsrp: 85_000n, priceSales: 85_000n });
    // 172,500 × 0.875 = 150,937.5 → 150,938 (half up)
    expect(await of(paket.id, tokped, '12.5')).toMatchObject({
      source: 'FORMULA',
      priceMsrp: 172_500n,
      priceSales: 150_938n,
      discountPercent: '12.5',
    });

    const theirs = await newWorkspace(app);
    const theirChannel = await newChannel(app, theirs);
    await expect(of(kopi.id, theirChannel)).rejects.toMatchObject({ code: 'CHANNEL_NOT_FOUND' });
    await expect(of('01a20041-4395-7219-aee5-d0f23fcff062', shopee)).rejects.toMatchObject({ code: 'CATALOG_NOT_FOUND' });
  });

  it('shows a formula that cannot price a SKU (negative result) with its errors and no price', async () => {
    const owner = await newWorkspace(app);
    const shop = await newChannel(app, owner);
    const kopi = await createProduct(app, owner, singleForm());
    const potongan = (await call('POST', '/api/product-variables', owner, { name: 'potongan', value: '1000' })).json();
    const formula = (
      await call('POST', '/api/price-formulas', owner, { name: 'paket_hemat', expression: 'component_total - potongan' })
    ).json();
    const paket = await createProduct(app, owner, {
      type: 'BUNDLING',
      name: 'Paket Hemat',
      catalogs: [{ sku: uniqueSku('HEMAT') }],
      bundle: { components: [{ catalog_id: kopi.catalogs[0]!.id, quantity: 1 }], price_formula_id: formula.id },
    });
    const sku = paket.catalogs[0]!;
    await call('PUT', `/api/catalogs/${sku.id}/variables`, owner, { values: [{ variable_id: potongan.id, value: '100000' }] });
    const row = (await call('GET', `/api/catalogs/${sku.id}/channel-prices`, owner)).json();
    expect(priceOn(row, shop)).toMatchObject({
      mode: 'FORMULA',
      source: 'FORMULA',
      price_msrp: null,
      price_sales: null,
      formula_errors: [{ code: 'FORMULA_NEGATIVE_RESULT', message: 'Harga menjadi negatif.' }],
    });
    // A manual price still works for that SKU.
    expect(
      (await call('PUT', `/api/catalogs/${sku.id}/channel-prices/${shop}`, owner, { price_msrp: 80_000, price_sales: 80_000 })).json(),
    ).toMatchObject({ mode: 'MANUAL', price_msrp: 80_000, formula_errors: [] });
  });

  it('answers 400 with field details for bad prices and bad list queries', async () => {
    const owner = await newWorkspace(app);
    const shop = await newChannel(app, owner);
    const kopi = (await createProduct(app, owner, singleForm())).catalogs[0]!;
    const url = `/api/catalogs/${kopi.id}/channel-prices/${shop}`;
    expect(fieldCodes(await call('PUT', url, owner, { price_msrp: 10_000, price_sales: 12_000 }))).toEqual({
      price_sales: 'SALE_ABOVE_MSRP',
    });
    expect(fieldCodes(await call('PUT', url, owner, { price_msrp: 10_000.5, price_sales: -1 }))).toEqual({
      price_msrp: 'INVALID_MONEY',
      price_sales: 'MONEY_NEGATIVE',
    });
    expect(fieldCodes(await call('PUT', url, owner, { price_msrp: '12,5' }))).toMatchObject({
      price_msrp: 'INVALID_MONEY',
      price_sales: 'REQUIRED',
    });
    const bad = await call('PUT', url, owner, { price_msrp: 10_000, price_sales: 12_000 }, { 'accept-language': 'id' });
    expect(bad.json().details.fields[0].message).not.toBe('');
    expectFieldError(await call('PUT', `/api/catalogs/nope/channel-prices/${shop}`, owner, { price_msrp: 1, price_sales: 1 }), 'params.id');
    expectFieldError(await call('DELETE', `/api/catalogs/${kopi.id}/channel-prices/nope`, owner), 'params.channelId');
    expectFieldError(await call('GET', '/api/channel-prices?mode=AUTO', owner), 'mode');
    expectFieldError(await call('GET', '/api/channel-prices?channel_id=x', owner), 'channel_id');
    expectFieldError(await call('GET', '/api/channel-prices?size=500', owner), 'size');
    // Nothing was stored by the refused writes.
    expect(priceOn((await call('GET', `/api/catalogs/${kopi.id}/channel-prices`, owner)).json(), shop)).toMatchObject({
      mode: 'FORMULA',
      manual: null,
    });
  });

  it('answers 403 without the price permission', async () => {
    const owner = await newWorkspace(app);
    const shop = await newChannel(app, owner);
    const kopi = (await createProduct(app, owner, singleForm())).catalogs[0]!;
    const stranger = await newMember(app, owner, { product: 'WRITE' });
    const reader = await newMember(app, owner, { price: 'READ' });
    expectError(await call('GET', '/api/channel-prices', stranger), 403, 'FORBIDDEN');
    expectError(await call('GET', `/api/catalogs/${kopi.id}/channel-prices`, stranger), 403, 'FORBIDDEN');
    expect((await call('GET', '/api/channel-prices', reader)).statusCode).toBe(200);
    expectError(
      await call('PUT', `/api/catalogs/${kopi.id}/channel-prices/${shop}`, reader, { price_msrp: 1, price_sales: 1 }),
      403,
      'FORBIDDEN',
    );
    expectError(await call('DELETE', `/api/catalogs/${kopi.id}/channel-prices/${shop}`, reader), 403, 'FORBIDDEN');
  });

  it("answers 404 for another workspace's SKU or channel, and never lists its SKUs", async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const mine = (await createProduct(app, owner, singleForm())).catalogs[0]!;
    const myShop = await newChannel(app, owner);
    const theirs = (await createProduct(app, other, singleForm({ catalogs: [{ sku: uniqueSku('THEIRS'), price: 1_000 }] }))).catalogs[0]!;
    const theirShop = await newChannel(app, other);
    await call('PUT', `/api/catalogs/${theirs.id}/channel-prices/${theirShop}`, other, { price_msrp: 900, price_sales: 900 });

    expectError(await call('GET', `/api/catalogs/${theirs.id}/channel-prices`, owner), 404, 'CATALOG_NOT_FOUND');
    expectError(
      await call('PUT', `/api/catalogs/${theirs.id}/channel-prices/${myShop}`, owner, { price_msrp: 1, price_sales: 1 }),
      404,
      'CATALOG_NOT_FOUND',
    );
    expectError(
      await call('PUT', `/api/catalogs/${mine.id}/channel-prices/${theirShop}`, owner, { price_msrp: 1, price_sales: 1 }),
      404,
      'CHANNEL_NOT_FOUND',
    );
    expectError(await call('DELETE', `/api/catalogs/${theirs.id}/channel-prices/${theirShop}`, owner), 404, 'CATALOG_NOT_FOUND');
    expectError(await call('DELETE', `/api/catalogs/${mine.id}/channel-prices/${theirShop}`, owner), 404, 'CHANNEL_NOT_FOUND');
    expectError(await call('GET', `/api/channel-prices?channel_id=${theirShop}`, owner), 404, 'CHANNEL_NOT_FOUND');
    const list = (await call('GET', '/api/channel-prices?size=100', owner)).json();
    expect(list.items.map((r: Row) => r.catalog_id)).toEqual([mine.id]);
    expect(list.channels.map((c: { id: string }) => c.id)).toEqual([myShop]);
    // Their manual price is untouched.
    expect(priceOn((await call('GET', `/api/catalogs/${theirs.id}/channel-prices`, other)).json(), theirShop)).toMatchObject({
      mode: 'MANUAL',
      price_msrp: 900,
    });
  });
});

describe('resolveChannelPrice (the rule, without a database)', () => {
  const formula: DerivedPrice = { source: 'FORMULA', price: 120_000n, errors: [] };
  const stored = (mode: 'FORMULA' | 'MANUAL'): StoredPrice => ({
    workspaceId: 'w',
    catalogId: 'c',
    channelConnectionId: 'ch',
    mode,
    priceMsrp: 100_000n,
    priceSales: 95_000n,
    updatedBy: null,
    updatedAt: new Date('2026-11-21T00:00:00Z'),
  });

  it('uses the formula without a manual entry, as MSRP and sale price', () => {
    expect(resolveChannelPrice('ch', undefined, formula)).toMatchObject({
      mode: 'FORMULA',
      source: 'FORMULA',
      priceMsrp: 120_000n,
      priceSales: 120_000n,
      manual: null,
    });
  });

  it('uses the typed prices in MANUAL mode and the formula again once switched back, keeping the typed ones', () => {
    expect(resolveChannelPrice('ch', stored('MANUAL'), formula)).toMatchObject({
      mode: 'MANUAL',
      source: 'MANUAL',
      priceMsrp: 100_000n,
      priceSales: 95_000n,
    });
    expect(resolveChannelPrice('ch', stored('FORMULA'), formula)).toMatchObject({
      mode: 'FORMULA',
      priceMsrp: 120_000n,
      manual: { priceMsrp: 100_000n, priceSales: 95_000n },
    });
  });

  it('applies a discount to the MSRP in both modes', () => {
    expect(resolveChannelPrice('ch', stored('MANUAL'), formula, '20')).toMatchObject({
      priceMsrp: 100_000n,
      priceSales: 80_000n,
      discountPercent: '20',
    });
    expect(resolveChannelPrice('ch', undefined, formula, 15)).toMatchObject({ priceMsrp: 120_000n, priceSales: 102_000n });
  });

  it('has no price when the formula fails, unless the merchant typed one', () => {
    const failed: DerivedPrice = {
      source: 'FORMULA',
      price: null,
      errors: [{ code: 'FORMULA_DIVISION_BY_ZERO', position: 4, message: 'x' }],
    };
    expect(resolveChannelPrice('ch', undefined, failed)).toMatchObject({ priceMsrp: null, priceSales: null, formulaErrors: failed.errors });
    expect(resolveChannelPrice('ch', stored('MANUAL'), failed)).toMatchObject({ priceMsrp: 100_000n, formulaErrors: [] });
  });
});
