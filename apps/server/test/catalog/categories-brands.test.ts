import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError } from '../workspaces/helpers.ts';
import { createProduct, singleForm } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

async function category(as: Actor, name: string, parentId: string | null = null) {
  const res = await call('POST', '/api/categories', as, { name, parent_id: parentId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; path: { name: string }[] };
}

describe('/api/categories', () => {
  it('builds a tree, returns paths, renames, moves and deletes leaves', async () => {
    const owner = await newWorkspace(app);
    const fashion = await category(owner, 'Fashion');
    const pria = await category(owner, 'Pria', fashion.id);
    const kaos = await category(owner, 'Kaos', pria.id);
    const food = await category(owner, 'Makanan');
    expect(kaos.path.map((p) => p.name)).toEqual(['Fashion', 'Pria', 'Kaos']);
    const tree = (await call('GET', '/api/categories', owner)).json();
    expect(tree.items.map((n: { name: string }) => n.name)).toEqual(['Fashion', 'Makanan']);
    expect(tree.items[0].children[0]).toMatchObject({ name: 'Pria', level: 2, children: [{ name: 'Kaos', level: 3 }] });

    const renamed = await call('PUT', `/api/categories/${kaos.id}`, owner, { name: 'Kaos Pria' });
    expect(renamed.json()).toMatchObject({ name: 'Kaos Pria', parent_id: pria.id });
    const moved = await call('POST', `/api/categories/${pria.id}/move`, owner, { parent_id: food.id });
    expect(moved.json().path.map((p: { name: string }) => p.name)).toEqual(['Makanan', 'Pria']);
    expect((await call('GET', `/api/categories/${kaos.id}`, owner)).json().path.map((p: { name: string }) => p.name)).toEqual([
      'Makanan',
      'Pria',
      'Kaos Pria',
    ]);

    expectError(await call('POST', `/api/categories/${food.id}/move`, owner, { parent_id: kaos.id }), 422, 'CATEGORY_CYCLE');
    expectError(await call('POST', `/api/categories/${food.id}/move`, owner, { parent_id: food.id }), 422, 'CATEGORY_CYCLE');
    expectError(await call('DELETE', `/api/categories/${pria.id}`, owner), 409, 'CATEGORY_HAS_CHILDREN');
    expect((await call('DELETE', `/api/categories/${kaos.id}`, owner)).statusCode).toBe(204);
    expect((await call('POST', `/api/categories/${pria.id}/move`, owner, { parent_id: null })).json().path).toHaveLength(1);
  });

  it('cannot delete a category in use; counts its products', async () => {
    const owner = await newWorkspace(app);
    const kopi = await category(owner, 'Kopi');
    await createProduct(app, owner, singleForm({ category_id: kopi.id }));
    expect((await call('GET', `/api/categories/${kopi.id}`, owner)).json().product_count).toBe(1);
    const res = await call('DELETE', `/api/categories/${kopi.id}`, owner);
    expectError(res, 409, 'CATEGORY_IN_USE');
    expect(res.json().details.product_count).toBe(1);
  });

  it('answers 400 with field details, 409 for a sibling with the same name', async () => {
    const owner = await newWorkspace(app);
    expectFieldError(await call('POST', '/api/categories', owner, { name: '' }), 'name');
    expectFieldError(await call('POST', '/api/categories', owner, { name: 'A', parent_id: 'nope' }), 'parent_id');
    expectFieldError(
      await call('POST', '/api/categories', owner, { name: 'A', parent_id: '01a20041-4395-7219-aee5-d0f23fcff062' }),
      'parent_id',
    );
    await category(owner, 'Sama');
    expectError(await call('POST', '/api/categories', owner, { name: 'Sama' }), 409, 'CATEGORY_NAME_TAKEN');
    const parent = await category(owner, 'Induk');
    await category(owner, 'Sama', parent.id); // another level: fine
  });

  it("answers 403 without product-category and 404 for another workspace's category", async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const theirs = await category(other, 'Rahasia');
    const member = await newMember(app, owner, { product: 'WRITE' });
    expectError(await call('GET', '/api/categories', member), 403, 'FORBIDDEN');
    const reader = await newMember(app, owner, { 'product-category': 'READ' });
    expectError(await call('POST', '/api/categories', reader, { name: 'X' }), 403, 'FORBIDDEN');
    expectError(await call('GET', `/api/categories/${theirs.id}`, owner), 404, 'CATEGORY_NOT_FOUND');
    expectError(await call('PUT', `/api/categories/${theirs.id}`, owner, { name: 'X' }), 404, 'CATEGORY_NOT_FOUND');
    expectError(await call('DELETE', `/api/categories/${theirs.id}`, owner), 404, 'CATEGORY_NOT_FOUND');
    expectFieldError(await call('POST', '/api/categories', owner, { name: 'Y', parent_id: theirs.id }), 'parent_id');
    expect((await call('GET', '/api/categories', owner)).json().items).toEqual([]);
  });
});

describe('/api/brands', () => {
  it('creates, lists, renames; names unique regardless of case; cannot delete one in use', async () => {
    const owner = await newWorkspace(app);
    const res = await call('POST', '/api/brands', owner, { name: 'Kapal Api' });
    expect(res.statusCode).toBe(201);
    const brand = res.json();
    expectError(await call('POST', '/api/brands', owner, { name: 'kapal api' }), 409, 'BRAND_NAME_TAKEN');
    expect((await call('GET', '/api/brands?q=kapal', owner)).json()).toMatchObject({
      total_row: 1,
      items: [{ name: 'Kapal Api', product_count: 0 }],
    });
    expect((await call('PUT', `/api/brands/${brand.id}`, owner, { name: 'Kapal Api Special' })).json().name).toBe('Kapal Api Special');
    await createProduct(app, owner, singleForm({ brand_id: brand.id }));
    expectError(await call('DELETE', `/api/brands/${brand.id}`, owner), 409, 'BRAND_IN_USE');
    const spare = (await call('POST', '/api/brands', owner, { name: 'Lain' })).json();
    expect((await call('DELETE', `/api/brands/${spare.id}`, owner)).statusCode).toBe(204);
  });

  it('answers 400, 403 and 404 as it should', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    expectFieldError(await call('POST', '/api/brands', owner, { name: ' ' }), 'name');
    const theirs = (await call('POST', '/api/brands', other, { name: 'Milik Lain' })).json();
    expectError(await call('GET', `/api/brands/${theirs.id}`, owner), 404, 'BRAND_NOT_FOUND');
    expectError(await call('DELETE', `/api/brands/${theirs.id}`, owner), 404, 'BRAND_NOT_FOUND');
    const member = await newMember(app, owner, { 'product-category': 'WRITE' });
    expectError(await call('POST', '/api/brands', member, { name: 'X' }), 403, 'FORBIDDEN');
  });
});
