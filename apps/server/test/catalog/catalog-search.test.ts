import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newUser, newWorkspace, tokenFor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError } from '../workspaces/helpers.ts';
import { createProduct, singleForm, uniqueSku, variantForm } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

describe('GET /api/catalogs (SKU picker)', () => {
  it('finds SKUs by SKU prefix or by name, with their product, unit and price; stocked=true leaves bundles out', async () => {
    const owner = await newWorkspace(app);
    const kaos = await createProduct(app, owner, variantForm());
    const kopiSku = uniqueSku('KOPI');
    const kopi = await createProduct(
      app,
      owner,
      singleForm({ name: 'Kopi Gayo Arabika', base_unit: 'PCS', catalogs: [{ sku: kopiSku, price: 85_000 }] }),
    );
    const bundle = await createProduct(app, owner, {
      type: 'BUNDLING',
      name: 'Paket Kopi Hemat',
      status: 'ACTIVE',
      catalogs: [{ sku: uniqueSku('PKT'), price: 150_000 }],
      bundle: { components: [{ catalog_id: kopi.catalogs[0]!.id, quantity: 2 }] },
    });

    const bySku = await call('GET', `/api/catalogs?q=${kaos.catalogs[0]!.sku.slice(0, 9)}`, owner);
    expect(bySku.statusCode, bySku.body).toBe(200);
    expect(
      bySku
        .json()
        .items.map((i: { sku: string }) => i.sku)
        .sort(),
    ).toEqual(kaos.catalogs.map((c) => c.sku).sort());

    const byName = (await call('GET', '/api/catalogs?q=gayo', owner)).json();
    expect(byName.items).toEqual([
      {
        id: kopi.catalogs[0]!.id,
        sku: kopiSku,
        name: expect.any(String),
        product_id: kopi.id,
        product_name: 'Kopi Gayo Arabika',
        product_type: 'SINGLE',
        base_unit: 'PCS',
        price: 85_000,
        thumbnail_url: null,
      },
    ]);

    const all = (await call('GET', '/api/catalogs?q=kopi', owner)).json().items.map((i: { product_id: string }) => i.product_id);
    expect(all).toContain(bundle.id);
    const stocked = (await call('GET', '/api/catalogs?q=kopi&stocked=true', owner))
      .json()
      .items.map((i: { product_id: string }) => i.product_id);
    expect(stocked).not.toContain(bundle.id);
    expect(stocked).toContain(kopi.id);

    expect((await call('GET', '/api/catalogs?limit=2', owner)).json().items).toHaveLength(2);

    // By ids: the picker's label of a value it has not listed; another workspace's id finds nothing.
    const ids = [kopi.catalogs[0]!.id, bundle.catalogs[0]!.id];
    expect(
      (await call('GET', `/api/catalogs?ids=${ids.join(',')}`, owner))
        .json()
        .items.map((i: { id: string }) => i.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect((await call('GET', `/api/catalogs?ids=${ids[0]}`, await newWorkspace(app))).json().items).toEqual([]);
    expectFieldError(await call('GET', '/api/catalogs?ids=bukan-id', owner), 'ids.0');
  });

  it('treats % and _ in the search as plain characters', async () => {
    const owner = await newWorkspace(app);
    await createProduct(app, owner, singleForm({ name: 'Kopi 100% Arabika' }));
    await createProduct(app, owner, singleForm({ name: 'Kopi 100 Robusta' }));
    const items = (await call('GET', '/api/catalogs?q=100%25', owner)).json().items;
    expect(items.map((i: { product_name: string }) => i.product_name)).toEqual(['Kopi 100% Arabika']);
  });

  it('is open to any member, answers 400 on a bad limit, and never shows another workspace’s SKUs', async () => {
    const owner = await newWorkspace(app);
    const product = await createProduct(app, owner, singleForm());
    const member = await newMember(app, owner, { 'goods-receipt': 'WRITE' });
    expect((await call('GET', `/api/catalogs?q=${product.catalogs[0]!.sku}`, member)).json().items).toHaveLength(1);

    expectFieldError(await call('GET', '/api/catalogs?limit=500', owner), 'limit');

    const stranger = await newWorkspace(app);
    expect((await call('GET', `/api/catalogs?q=${product.catalogs[0]!.sku}`, stranger)).json().items).toEqual([]);

    const outsider = await newUser(app);
    const headers = { authorization: `Bearer ${await tokenFor(app, outsider.id)}`, 'workspace-id': owner.workspaceId };
    expectError(await call('GET', '/api/catalogs', { headers }), 403, 'WORKSPACE_FORBIDDEN');
  });
});
