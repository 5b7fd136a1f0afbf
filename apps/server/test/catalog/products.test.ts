import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newWorkspace } from '../factories.ts';
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

describe('POST /api/products', () => {
  it('creates a single product with every field of the master product, and audits it', async () => {
    const owner = await newWorkspace(app);
    const category = (await call('POST', '/api/categories', owner, { name: 'Kopi' })).json();
    const brand = (await call('POST', '/api/brands', owner, { name: 'Gayo Mountain' })).json();
    const sku = uniqueSku('GAYO');
    const res = await call(
      'POST',
      '/api/products',
      owner,
      singleForm({
        category_id: category.id,
        brand_id: brand.id,
        condition: 'NEW',
        specification: 'Arabika, roasting medium',
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        base_unit: 'PCS',
        units: [{ unit: 'DUS', conversion_qty: 24 }],
        gift_size: 'Sachet 10 g',
        factory_sku: 'PAB-001',
        barcode: '8990000000001',
        wholesale_prices: [
          { min_qty: 10, price: '80.000' },
          { min_qty: 50, price: 75_000 },
        ],
        is_import: true,
        origin: 'Indonesia',
        vat_mode: 'INCLUDE',
        status: 'ACTIVE',
        is_valid: false,
        catalogs: [{ sku, price: '85.000', barcode: '8991234567890', weight: 260 }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      type: 'SINGLE',
      name: 'Kopi Gayo Arabika 250 g',
      slug: 'kopi-gayo-arabika-250-g',
      category_id: category.id,
      category_path: [{ id: category.id, name: 'Kopi' }],
      brand_name: 'Gayo Mountain',
      description: '<p>Kopi <b>Gayo</b> pilihan.</p>',
      units: [{ unit: 'DUS', conversion_qty: 24 }],
      weight: 250,
      width: 10,
      height: 20,
      length: 5,
      wholesale_prices: [
        { min_qty: 10, price: 80_000 },
        { min_qty: 50, price: 75_000 },
      ],
      is_import: true,
      origin: 'Indonesia',
      vat_mode: 'INCLUDE',
      status: 'ACTIVE',
      is_valid: false,
      catalogs: [{ sku, price: 85_000, barcode: '8991234567890', weight: 260, options: [], name: 'Kopi Gayo Arabika 250 g' }],
      price: { currency: 'IDR', min: 85_000, max: 85_000 },
      bundle: null,
      images: [],
    });
    const audit = await call('GET', `/api/audit?entity=product&entity_id=${body.id}`, owner);
    expect(audit.json().items).toEqual([expect.objectContaining({ action: 'create' })]);
  });

  it('creates a two-tier variant product with one SKU per combination, and edits it', async () => {
    const owner = await newWorkspace(app);
    const form = variantForm();
    const created = await createProduct(app, owner, form);
    expect(created.catalogs.map((c) => c.name)).toEqual([
      'Kaos Polos Katun Hitam M',
      'Kaos Polos Katun Hitam L',
      'Kaos Polos Katun Putih M',
      'Kaos Polos Katun Putih L',
    ]);
    expect(created).toMatchObject({ variant_count: 4, price: { min: 59_000, max: 62_000 } });

    // Edit: drop size L, add colour Merah, reprice; the kept SKUs keep their ids.
    const [hm, , pm] = created.catalogs;
    const merah = uniqueSku('MERAH');
    const res = await call('PUT', `/api/products/${created.id}`, owner, {
      ...form,
      name: 'Kaos Polos Katun Combed',
      variant_tiers: [
        { name: 'Warna', options: ['Hitam', 'Putih', 'Merah'] },
        { name: 'Ukuran', options: ['M'] },
      ],
      catalogs: [
        { id: hm!.id, sku: hm!.sku, options: ['Hitam', 'M'], price: 65_000 },
        { sku: pm!.sku, options: ['Putih', 'M'], price: 65_000 },
        { sku: merah, options: ['Merah', 'M'], price: 67_500 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json();
    expect(edited.catalogs.map((c: { id: string }) => c.id).slice(0, 2)).toEqual([hm!.id, pm!.id]);
    expect(edited).toMatchObject({ name: 'Kaos Polos Katun Combed', variant_count: 3, price: { min: 65_000, max: 67_500 } });
    expect(edited.catalogs[2]).toMatchObject({ sku: merah, name: 'Kaos Polos Katun Combed Merah M' });
  });

  it('answers 400 with field details for bad input, never 500', async () => {
    const owner = await newWorkspace(app);
    const res = await call('POST', '/api/products', owner, {
      type: 'SINGLE',
      name: '',
      video_url: 'https://vimeo.com/1',
      weight: -1,
      vat_mode: 'SOMETIMES',
      catalogs: [{ sku: 'HAS SPACE', price: '12.5' }],
    });
    expect(fieldCodes(res)).toMatchObject({
      name: 'REQUIRED',
      video_url: 'INVALID_YOUTUBE_URL',
      weight: 'TOO_SMALL',
      vat_mode: 'INVALID_VALUE',
      'catalogs.0.sku': 'NO_SPACE',
      'catalogs.0.price': 'INVALID_MONEY',
    });
    // Rules across fields are checked once every field is well formed.
    const crossField = await call('POST', '/api/products', owner, {
      ...singleForm(),
      is_import: true,
      wholesale_prices: [
        { min_qty: 10, price: 1000 },
        { min_qty: 5, price: 900 },
      ],
      units: [{ unit: 'pcs', conversion_qty: 2 }],
    });
    expect(fieldCodes(crossField)).toEqual({
      origin: 'ORIGIN_REQUIRED',
      'wholesale_prices.1.min_qty': 'WHOLESALE_ORDER',
      'units.0.unit': 'DUPLICATE_VALUE',
    });
    expectFieldError(await call('POST', '/api/products', owner, { ...singleForm(), catalogs: [] }), 'catalogs');
    expectError(await call('POST', '/api/products', owner, 'not json', { 'content-type': 'application/json' }), 400, 'VALIDATION_FAILED');
  });

  it('checks variants: names not empty, at most two tiers, one SKU per combination', async () => {
    const owner = await newWorkspace(app);
    const base = variantForm();
    expect(
      fieldCodes(await call('POST', '/api/products', owner, { ...base, variant_tiers: [{ name: ' ', options: ['A'] }] })),
    ).toMatchObject({ 'variant_tiers.0.name': 'VARIANT_NAME_REQUIRED' });
    const three = { ...base, variant_tiers: [...base.variant_tiers, { name: 'Bahan', options: ['Katun'] }] };
    expectFieldError(await call('POST', '/api/products', owner, three), 'variant_tiers');
    const missing = { ...base, catalogs: base.catalogs.slice(0, 3) };
    expect(fieldCodes(await call('POST', '/api/products', owner, missing))).toMatchObject({ catalogs: 'VARIANT_COMBINATION' });
    const wrong = { ...base, catalogs: [...base.catalogs.slice(0, 3), { sku: uniqueSku(), options: ['Biru', 'L'], price: 1 }] };
    expect(fieldCodes(await call('POST', '/api/products', owner, wrong))).toMatchObject({ 'catalogs.3.options': 'VARIANT_COMBINATION' });
    expect(fieldCodes(await call('POST', '/api/products', owner, { ...singleForm(), variant_tiers: base.variant_tiers }))).toMatchObject({
      variant_tiers: 'VARIANTS_NOT_ALLOWED',
    });
    expect(
      fieldCodes(await call('POST', '/api/products', owner, { ...base, catalogs: base.catalogs.map((c) => ({ ...c, sku: 'SAME' })) })),
    ).toMatchObject({ 'catalogs.1.sku': 'DUPLICATE_VALUE' });
  });

  it('keeps SKUs unique per workspace (409 on the field), but another workspace may reuse one', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const first = await createProduct(app, owner, singleForm());
    const sku = first.catalogs[0]!.sku;
    const res = await call('POST', '/api/products', owner, singleForm({ catalogs: [{ sku, price: 1 }] }));
    expectError(res, 409, 'SKU_TAKEN');
    expect(res.json().details.fields).toEqual([expect.objectContaining({ path: 'catalogs.0.sku', code: 'SKU_TAKEN' })]);
    await createProduct(app, other, singleForm({ catalogs: [{ sku, price: 1 }] }));
    // Re-saving a product with its own SKU is not a clash; the slug gets a suffix when the name repeats.
    const second = await createProduct(app, owner, singleForm());
    expect(second.slug).toBe('kopi-gayo-arabika-250-g-2');
    expect((await call('PUT', `/api/products/${first.id}`, owner, singleForm({ catalogs: [{ sku, price: 2 }] }))).statusCode).toBe(200);
    expectError(await call('POST', '/api/products', owner, singleForm({ slug: 'kopi-gayo-arabika-250-g' })), 409, 'SLUG_TAKEN');
  });

  it('keeps a product’s type: an edit to another type answers 400 on the type field and changes nothing', async () => {
    const owner = await newWorkspace(app);
    const single = await createProduct(app, owner, singleForm());
    const sku = single.catalogs[0]!.sku;
    const component = await createProduct(app, owner, singleForm());
    const res = await call('PUT', `/api/products/${single.id}`, owner, {
      type: 'BUNDLING',
      name: 'Jadi Paket',
      catalogs: [{ sku, price: 1 }],
      bundle: { components: [{ catalog_id: component.catalogs[0]!.id, quantity: 1 }] },
    });
    expect(fieldCodes(res)).toEqual({ type: 'PRODUCT_TYPE_LOCKED' });
    expect((await call('GET', `/api/products/${single.id}`, owner)).json()).toMatchObject({ type: 'SINGLE', name: single.name });
  });

  it('rejects references to categories, brands and SKUs of another workspace as field errors', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const theirCategory = (await call('POST', '/api/categories', other, { name: 'X' })).json();
    const theirBrand = (await call('POST', '/api/brands', other, { name: 'X' })).json();
    const theirProduct = await createProduct(app, other, singleForm());
    const res = await call('POST', '/api/products', owner, singleForm({ category_id: theirCategory.id, brand_id: theirBrand.id }));
    expect(fieldCodes(res)).toEqual({ category_id: 'CATEGORY_NOT_FOUND', brand_id: 'BRAND_NOT_FOUND' });
    const bundle = await call('POST', '/api/products', owner, {
      type: 'BUNDLING',
      name: 'Paket',
      catalogs: [{ sku: uniqueSku('PKT'), price: 1 }],
      bundle: { components: [{ catalog_id: theirProduct.catalogs[0]!.id, quantity: 1 }] },
    });
    expect(fieldCodes(bundle)).toEqual({ 'bundle.components.0.catalog_id': 'CATALOG_NOT_FOUND' });
  });
});

describe('bundles', () => {
  it('prices a bundle from a formula, reports availability and keeps components from deletion', async () => {
    const owner = await newWorkspace(app);
    const kopi = await createProduct(app, owner, singleForm());
    const kaos = await createProduct(app, owner, variantForm());
    await call('POST', '/api/global-variables', owner, { name: 'diskon_paket', value: '0.9' });
    const formula = (
      await call('POST', '/api/price-formulas', owner, {
        name: 'harga_paket',
        expression: 'component_total * diskon_paket',
        rounding_mode: 'FLOOR',
        rounding_step: 500,
      })
    ).json();
    const form = {
      type: 'BUNDLING',
      name: 'Paket Kopi dan Kaos',
      status: 'ACTIVE',
      catalogs: [{ sku: uniqueSku('PAKET') }],
      bundle: {
        components: [
          { catalog_id: kopi.catalogs[0]!.id, quantity: 2 },
          { catalog_id: kaos.catalogs[0]!.id, quantity: 1 },
        ],
        price_formula_id: formula.id,
      },
    };
    const bundle = await createProduct(app, owner, form);
    // (85,000 × 2 + 59,000) × 0.9 = 206,100 → floor to 500: 206,000
    expect(bundle.catalogs[0]!.price).toBe(206_000);
    expect(bundle.bundle).toMatchObject({
      available: 0,
      limiting_catalog_id: kopi.catalogs[0]!.id,
      components: [{ quantity: 2 }, { quantity: 1 }],
    });

    expectError(await call('DELETE', `/api/products/${kopi.id}`, owner), 409, 'CATALOG_IN_BUNDLE');
    expectError(await call('DELETE', `/api/price-formulas/${formula.id}`, owner), 409, 'FORMULA_IN_USE');
    const bulk = await call('POST', '/api/products/bulk-delete', owner, { ids: [kopi.id, bundle.id] });
    // Deleting the bundle in the same batch frees the component.
    expect(bulk.json()).toEqual({ done: expect.arrayContaining([kopi.id, bundle.id]), failed: [] });
  });

  it('refuses a bundle inside a bundle and a bundle without components', async () => {
    const owner = await newWorkspace(app);
    const kopi = await createProduct(app, owner, singleForm());
    const inner = await createProduct(app, owner, {
      type: 'BUNDLING',
      name: 'A',
      catalogs: [{ sku: uniqueSku(), price: 1 }],
      bundle: { components: [{ catalog_id: kopi.catalogs[0]!.id, quantity: 1 }] },
    });
    const res = await call('POST', '/api/products', owner, {
      type: 'BUNDLING',
      name: 'B',
      catalogs: [{ sku: uniqueSku(), price: 1 }],
      bundle: { components: [{ catalog_id: inner.catalogs[0]!.id, quantity: 1 }] },
    });
    expect(fieldCodes(res)).toEqual({ 'bundle.components.0.catalog_id': 'BUNDLE_SELF' });
    expect(
      fieldCodes(await call('POST', '/api/products', owner, { type: 'BUNDLING', name: 'C', catalogs: [{ sku: uniqueSku(), price: 1 }] })),
    ).toMatchObject({ 'bundle.components': 'BUNDLE_REQUIRED' });
  });
});

describe('GET /api/products (list)', () => {
  it('pages, sorts, searches by name or SKU, filters and counts per status', async () => {
    const owner = await newWorkspace(app);
    const cat = (await call('POST', '/api/categories', owner, { name: 'Minuman' })).json();
    const sub = (await call('POST', '/api/categories', owner, { name: 'Kopi', parent_id: cat.id })).json();
    const a = await createProduct(app, owner, singleForm({ name: 'Alpha Kopi', status: 'ACTIVE', category_id: sub.id }));
    const b = await createProduct(app, owner, singleForm({ name: 'Bravo Teh', status: 'INACTIVE' }));
    const c = await createProduct(app, owner, variantForm({ name: 'Charlie Kaos', status: 'DRAFT' }));
    const page = (await call('GET', '/api/products?size=2', owner)).json();
    expect(page).toMatchObject({
      page: 1,
      size: 2,
      total_row: 3,
      total_capped: false,
      counts: { active: 1, notActive: 1, draft: 1, all: 3 },
    });
    expect(page.items.map((i: { id: string }) => i.id)).toEqual([c.id, b.id]);
    expect(page.items[0]).toMatchObject({ type: 'VARIANT', variant_count: 4, price: { min: 59_000, max: 62_000 } });
    expect((await call('GET', '/api/products?sort=name&page=2&size=2', owner)).json().items.map((i: { id: string }) => i.id)).toEqual([
      c.id,
    ]);
    expect((await call('GET', '/api/products?status=INACTIVE', owner)).json()).toMatchObject({
      total_row: 1,
      items: [{ id: b.id }],
      counts: { all: 3 },
    });
    expect((await call('GET', '/api/products?q=kopi', owner)).json()).toMatchObject({
      total_row: 1,
      items: [{ id: a.id, category_name: 'Kopi' }],
      counts: { active: 1, all: 1 },
    });
    expect(
      (await call('GET', `/api/products?q=${encodeURIComponent(c.catalogs[1]!.sku)}`, owner)).json().items.map((i: { id: string }) => i.id),
    ).toEqual([c.id]);
    expect((await call('GET', `/api/products?category_id=${cat.id}`, owner)).json().items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    expect((await call('GET', '/api/products?type=VARIANT', owner)).json().total_row).toBe(1);
    expectFieldError(await call('GET', '/api/products?status=GONE', owner), 'status');
    expectFieldError(await call('GET', '/api/products?size=1000', owner), 'size');
  });

  it('changes statuses in bulk and keeps the counts right; sets validity', async () => {
    const owner = await newWorkspace(app);
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await createProduct(app, owner, singleForm({ status: 'DRAFT' }))).id);
    const stranger = '01a20041-4395-7219-aee5-d0f23fcff062';
    const res = await call('POST', '/api/products/bulk-status', owner, { ids: [...ids.slice(0, 2), stranger], status: 'ACTIVE' });
    expect(res.json()).toEqual({ done: ids.slice(0, 2).sort(), failed: [{ id: stranger, code: 'PRODUCT_NOT_FOUND' }] });
    expect((await call('GET', '/api/products', owner)).json().counts).toEqual({ active: 2, notActive: 0, draft: 1, all: 3 });
    expect((await call('PUT', `/api/products/${ids[2]}/status`, owner, { status: 'INACTIVE' })).json().status).toBe('INACTIVE');
    expect((await call('POST', `/api/products/${ids[2]}/validity`, owner, { is_valid: false })).json().is_valid).toBe(false);
    expect((await call('GET', '/api/products?is_valid=false', owner)).json().total_row).toBe(1);
    expect((await call('POST', '/api/products/bulk-delete', owner, { ids })).json().done).toHaveLength(3);
    expect((await call('GET', '/api/products', owner)).json()).toMatchObject({ total_row: 0, counts: { all: 0 } });
    expectFieldError(await call('POST', '/api/products/bulk-status', owner, { ids: [], status: 'ACTIVE' }), 'ids');
  });
});

describe('permissions and tenancy', () => {
  it('answers 403 without product permissions and 404 for another workspace', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const theirs = await createProduct(app, other, singleForm());
    const member = await newMember(app, owner, { price: 'WRITE' });
    expectError(await call('GET', '/api/products', member), 403, 'FORBIDDEN');
    const reader = await newMember(app, owner, { product: 'READ' });
    expect((await call('GET', '/api/products', reader)).statusCode).toBe(200);
    expectError(await call('POST', '/api/products', reader, singleForm()), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/products/bulk-delete', reader, { ids: [theirs.id] }), 403, 'FORBIDDEN');
    expectError(await call('GET', `/api/products/${theirs.id}`, owner), 404, 'PRODUCT_NOT_FOUND');
    expectError(await call('PUT', `/api/products/${theirs.id}`, owner, singleForm()), 404, 'PRODUCT_NOT_FOUND');
    expectError(await call('DELETE', `/api/products/${theirs.id}`, owner), 404, 'PRODUCT_NOT_FOUND');
    expectError(await call('PUT', `/api/products/${theirs.id}/status`, owner, { status: 'ACTIVE' }), 404, 'PRODUCT_NOT_FOUND');
    expect((await call('POST', '/api/products/bulk-delete', owner, { ids: [theirs.id] })).json().failed).toEqual([
      { id: theirs.id, code: 'PRODUCT_NOT_FOUND' },
    ]);
    expect((await call('GET', '/api/products', owner)).json().total_row).toBe(0);
    expect((await call('GET', `/api/products/${theirs.id}`, other)).statusCode).toBe(200);
  });
});
