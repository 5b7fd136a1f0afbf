import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveStock } from '../../src/modules/inventory/index.ts';
import { warehouses } from '../../src/modules/warehouses/warehouses.schema.ts';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { asActor, newChannel, receive } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newBusiness, newWarehouse } from '../workspaces/helpers.ts';
import { createProduct, singleForm, uniqueSku, variantForm, type ProductBody } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

type Stock = { available: number; state: string; limiting_sku: string | null };
type ListBody = { items: { id: string; stock: Stock }[]; total_row: number; counts: { all: number } };

const single = (app_: TestApp, as: Actor, name: string) =>
  createProduct(app_, as, singleForm({ name, catalogs: [{ sku: uniqueSku('STK'), price: 10_000 }] }));
const bundleOf = (as: Actor, name: string, components: { catalog_id: string; quantity: number }[]) =>
  createProduct(
    app,
    as,
    singleForm({ type: 'BUNDLING', name, catalogs: [{ sku: uniqueSku('PKT'), price: 30_000 }], bundle: { components } }),
  );

/** Minus stock the way the inventory list makes it: a safety stock above what is on hand. */
async function safetyStock(as: Actor, warehouseId: string, catalogId: string, quantity: number) {
  const channel = await newChannel(app, as);
  const res = await call('POST', '/api/inventory/stock-allocation', as, {
    warehouse_id: warehouseId,
    catalog_id: catalogId,
    safety_stock: quantity,
    rules: [{ channel_id: channel, mode: 'PERCENTAGE', value: 100 }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

const list = async (as: Actor, query: string): Promise<ListBody> => {
  const res = await call('GET', `/api/products?size=200${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ids = (body: ListBody) => body.items.map((i) => i.id).sort();

/**
 * One workspace holding every stock state, with balances made by the inventory service (posted goods receipts,
 * a reservation, a safety stock): in stock, out of stock without and with stock rows, minus stock, a variant
 * whose SKUs sum up, and two bundles.
 */
async function stockedWorkspace() {
  const owner = await newWorkspace(app);
  const wh = await newWarehouse(app, owner);
  const wh2 = await newWarehouse(app, owner);
  const inStock = await single(app, owner, 'Kopi Ada Stok');
  const never = await single(app, owner, 'Kopi Belum Masuk');
  const zero = await single(app, owner, 'Kopi Dipesan Habis');
  const minus = await single(app, owner, 'Kopi Minus');
  const variant = await createProduct(app, owner, variantForm({ name: 'Kaos Stok' }));
  const sku = (p: ProductBody, i = 0) => p.catalogs[i]!.id;
  await receive(app, owner, wh.id, [
    { catalog_id: sku(inStock), quantity: 5 },
    { catalog_id: sku(zero), quantity: 2 },
    { catalog_id: sku(minus), quantity: 2 },
    { catalog_id: sku(variant, 0), quantity: 3 },
    { catalog_id: sku(variant, 1), quantity: 1 },
  ]);
  await receive(app, owner, wh2.id, [{ catalog_id: sku(inStock), quantity: 10 }]);
  await asActor(app, owner, (ctx) =>
    reserveStock(ctx, {
      referenceKey: `order:${zero.id}`,
      referenceType: 'ORDER',
      lines: [{ warehouseId: wh.id, catalogId: sku(zero), quantity: 2 }],
    }),
  );
  await safetyStock(owner, wh.id, sku(minus), 5);
  await safetyStock(owner, wh.id, sku(variant, 1), 2);
  // Variant: 3 + (1 − 2) + 0 + 0 = 2 available. Bundle: min(⌊15 / 2⌋, ⌊3 / 1⌋) = 3, limited by the variant's first SKU.
  const bundle = await bundleOf(owner, 'Paket Kopi Kaos', [
    { catalog_id: sku(inStock), quantity: 2 },
    { catalog_id: sku(variant, 0), quantity: 1 },
  ]);
  // A component in minus stock builds no bundle: 0, out of stock (a bundle is never minus).
  const emptyBundle = await bundleOf(owner, 'Paket Minus', [
    { catalog_id: sku(minus), quantity: 1 },
    { catalog_id: sku(inStock), quantity: 1 },
  ]);
  return { owner, wh, wh2, inStock, never, zero, minus, variant, bundle, emptyBundle, sku };
}

describe('GET /api/products?stock_state=', () => {
  it('filters by in stock, out of stock and minus stock, and shows each product’s available stock', async () => {
    const w = await stockedWorkspace();
    const all = await list(w.owner, '');
    expect(all.total_row).toBe(7);
    const stock = Object.fromEntries(all.items.map((i) => [i.id, i.stock]));
    expect(stock[w.inStock.id]).toEqual({ available: 15, state: 'IN_STOCK', limiting_sku: null });
    expect(stock[w.never.id]).toEqual({ available: 0, state: 'OUT_OF_STOCK', limiting_sku: null });
    expect(stock[w.zero.id]).toEqual({ available: 0, state: 'OUT_OF_STOCK', limiting_sku: null });
    expect(stock[w.minus.id]).toEqual({ available: -3, state: 'MINUS_STOCK', limiting_sku: null });
    expect(stock[w.variant.id]).toEqual({ available: 2, state: 'IN_STOCK', limiting_sku: null });
    expect(stock[w.bundle.id]).toEqual({ available: 3, state: 'IN_STOCK', limiting_sku: w.variant.catalogs[0]!.sku });
    expect(stock[w.emptyBundle.id]).toEqual({ available: 0, state: 'OUT_OF_STOCK', limiting_sku: w.minus.catalogs[0]!.sku });

    const inStock = await list(w.owner, '&stock_state=IN_STOCK');
    expect(ids(inStock)).toEqual([w.inStock.id, w.variant.id, w.bundle.id].sort());
    expect(inStock).toMatchObject({ total_row: 3, counts: { all: 3 } });
    const out = await list(w.owner, '&stock_state=OUT_OF_STOCK');
    expect(ids(out)).toEqual([w.never.id, w.zero.id, w.emptyBundle.id].sort());
    expect(out.total_row).toBe(3);
    const minus = await list(w.owner, '&stock_state=MINUS_STOCK');
    expect(ids(minus)).toEqual([w.minus.id]);
    expect(minus.items[0]!.stock).toEqual({ available: -3, state: 'MINUS_STOCK', limiting_sku: null });

    // With the other filters and the status tabs.
    expect(ids(await list(w.owner, '&stock_state=IN_STOCK&type=BUNDLING'))).toEqual([w.bundle.id]);
    expect(ids(await list(w.owner, '&stock_state=OUT_OF_STOCK&q=Kopi'))).toEqual([w.never.id, w.zero.id].sort());
    expect((await list(w.owner, '&stock_state=IN_STOCK&status=DRAFT')).total_row).toBe(0);
    // Paging keeps the filter: two pages of the three in-stock products.
    const page2 = (await call('GET', '/api/products?stock_state=IN_STOCK&size=2&page=2', w.owner)).json();
    expect(page2).toMatchObject({
      total_row: 3,
      items: [expect.objectContaining({ stock: expect.objectContaining({ state: 'IN_STOCK' }) })],
    });
  });

  it('follows the stock as it moves, and counts only the warehouses a restricted member sees', async () => {
    const w = await stockedWorkspace();
    await receive(app, w.owner, w.wh.id, [{ catalog_id: w.never.catalogs[0]!.id, quantity: 1 }]);
    expect(ids(await list(w.owner, '&stock_state=OUT_OF_STOCK'))).toEqual([w.zero.id, w.emptyBundle.id].sort());

    const member = await newMember(app, w.owner, { product: 'READ' });
    await app.platform.database.db
      .update(memberships)
      .set({ restrictionBase: 'WAREHOUSE', restrictionList: [w.wh2.id] })
      .where(and(eq(memberships.workspaceId, w.owner.workspaceId), eq(memberships.userId, member.userId)));
    // In the second warehouse only the first single product has stock (10); the bundle's variant component has none there.
    const seen = await list(member, '');
    const stock = Object.fromEntries(seen.items.map((i) => [i.id, i.stock]));
    expect(stock[w.inStock.id]).toMatchObject({ available: 10, state: 'IN_STOCK' });
    expect(stock[w.minus.id]).toMatchObject({ available: 0, state: 'OUT_OF_STOCK' });
    expect(stock[w.bundle.id]).toMatchObject({ available: 0, state: 'OUT_OF_STOCK', limiting_sku: w.variant.catalogs[0]!.sku });
    expect(ids(await list(member, '&stock_state=IN_STOCK'))).toEqual([w.inStock.id]);
    expect((await list(member, '&stock_state=MINUS_STOCK')).total_row).toBe(0);

    // Restricted to a business: the warehouses of that business count, the others' do not.
    const other = await newBusiness(app, w.owner);
    await app.platform.database.db.update(warehouses).set({ businessId: other.id }).where(eq(warehouses.id, w.wh.id));
    await app.platform.database.db
      .update(memberships)
      .set({ restrictionBase: 'BUSINESS', restrictionList: [w.owner.businessId] })
      .where(and(eq(memberships.workspaceId, w.owner.workspaceId), eq(memberships.userId, member.userId)));
    const ofBusiness = Object.fromEntries((await list(member, '')).items.map((i) => [i.id, i.stock]));
    expect(ofBusiness[w.inStock.id]).toMatchObject({ available: 10 });
    expect(ids(await list(member, '&stock_state=IN_STOCK'))).toEqual([w.inStock.id]);
    await app.platform.database.db
      .update(memberships)
      .set({ restrictionBase: 'BUSINESS', restrictionList: [other.id] })
      .where(and(eq(memberships.workspaceId, w.owner.workspaceId), eq(memberships.userId, member.userId)));
    expect((await list(member, '&stock_state=IN_STOCK')).total_row).toBeGreaterThan(1);
  });

  it('answers 400 on an unknown state, 403 without the product permission', async () => {
    const owner = await newWorkspace(app);
    expectFieldError(await call('GET', '/api/products?stock_state=HABIS', owner), 'stock_state');
    const stranger = await newMember(app, owner, { 'list-inventory': 'READ' });
    expectError(await call('GET', '/api/products?stock_state=IN_STOCK', stranger), 403, 'FORBIDDEN');
  });
});

describe('GET /api/products/:id availability of a bundle', () => {
  it('is min ⌊available / quantity⌋ over the components, with the limiting SKU, in total and per warehouse', async () => {
    const w = await stockedWorkspace();
    const res = await call('GET', `/api/products/${w.bundle.id}`, w.owner);
    expect(res.statusCode, res.body).toBe(200);
    const limiting = w.variant.catalogs[0]!;
    const body = res.json();
    expect(body.availability).toEqual({
      quantity: 3,
      limiting_catalog_id: limiting.id,
      limiting_sku: limiting.sku,
      per_warehouse: expect.arrayContaining([
        // First warehouse: ⌊5 / 2⌋ = 2 against 3 of the variant SKU: the single product limits.
        {
          warehouse_id: w.wh.id,
          warehouse_name: expect.any(String),
          quantity: 2,
          limiting_catalog_id: w.inStock.catalogs[0]!.id,
          limiting_sku: w.inStock.catalogs[0]!.sku,
        },
        // Second warehouse: ⌊10 / 2⌋ = 5 but no variant SKU there.
        {
          warehouse_id: w.wh2.id,
          warehouse_name: expect.any(String),
          quantity: 0,
          limiting_catalog_id: limiting.id,
          limiting_sku: limiting.sku,
        },
      ]),
    });
    expect(body.availability.per_warehouse).toHaveLength(2);
    expect(body.bundle).toMatchObject({ available: 3, limiting_catalog_id: limiting.id });

    // Stock moves, the answer follows: 10 more of the variant SKU make the single product (⌊15 / 2⌋ = 7) the limit.
    await receive(app, w.owner, w.wh.id, [{ catalog_id: limiting.id, quantity: 10 }]);
    const after = (await call('GET', `/api/products/${w.bundle.id}`, w.owner)).json();
    expect(after.availability).toMatchObject({ quantity: 7, limiting_sku: w.inStock.catalogs[0]!.sku });

    const minusBundle = (await call('GET', `/api/products/${w.emptyBundle.id}`, w.owner)).json();
    expect(minusBundle.availability).toMatchObject({ quantity: 0, limiting_sku: w.minus.catalogs[0]!.sku });
    // Products that are not bundles have none.
    expect((await call('GET', `/api/products/${w.inStock.id}`, w.owner)).json().availability).toBeNull();
  });

  it('is 404 from another workspace', async () => {
    const w = await stockedWorkspace();
    const other = await newWorkspace(app);
    expectError(await call('GET', `/api/products/${w.bundle.id}`, other), 404, 'PRODUCT_NOT_FOUND');
  });
});
