import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newWorkspace } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError } from '../workspaces/helpers.ts';
import { createProduct, fieldCodes, singleForm, variantForm } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

// Jakarta Barat (city 31.73), Kebon Jeruk (district 31.73.05), DKI (province 31).
describe('price by area', () => {
  it('stores entries per SKU and answers the look-up with the most specific area in force', async () => {
    const owner = await newWorkspace(app);
    const product = await createProduct(app, owner, singleForm({ catalogs: [{ sku: `AREA-${Date.now()}`, price: 100_000 }] }));
    const catalogId = product.catalogs[0]!.id;
    const url = `/api/catalogs/${catalogId}/area-prices`;
    const province = await call('POST', url, owner, {
      area_code: '31',
      customer_type: 'reseller',
      price: 90_000,
      effective_from: '2026-01-01',
    });
    expect(province.statusCode, province.body).toBe(201);
    expect(province.json()).toMatchObject({
      area_level: 'province',
      area_name: 'Daerah Khusus Ibukota Jakarta',
      customer_type: 'RESELLER',
      price: 90_000,
      effective_until: null,
    });
    await call('POST', url, owner, {
      area_code: '31.73',
      customer_type: 'RESELLER',
      price: 88_000,
      effective_from: '2026-01-01',
      effective_until: '2026-06-30',
    });
    await call('POST', url, owner, {
      area_code: '31.73.05',
      customer_type: 'RESELLER',
      price: 85_000,
      effective_from: '2026-03-01',
      effective_until: '2026-03-31',
    });
    expect((await call('GET', url, owner)).json().items).toHaveLength(3);

    const lookup = (area: string, date: string, type = 'RESELLER') =>
      call('GET', `/api/area-prices/lookup?catalog_id=${catalogId}&customer_type=${type}&area_code=${area}&date=${date}`, owner).then((r) =>
        r.json(),
      );
    expect(await lookup('31.73.05.1001', '2026-03-15')).toMatchObject({ price: 85_000, source: 'AREA', area_level: 'district' });
    expect(await lookup('31.73.05.1001', '2026-04-15')).toMatchObject({ price: 88_000, area_level: 'city' });
    expect(await lookup('31.73.05', '2026-08-01')).toMatchObject({ price: 90_000, area_level: 'province' });
    expect(await lookup('32', '2026-08-01')).toMatchObject({ price: 100_000, source: 'LIST_PRICE', area_price_id: null });
    expect(await lookup('31', '2025-12-31')).toMatchObject({ source: 'LIST_PRICE' });
    expect(await lookup('31.73', '2026-03-15', 'retail')).toMatchObject({ source: 'LIST_PRICE' });
  });

  it('rejects overlapping entries with 409, accepts adjacent ones, and updates and deletes', async () => {
    const owner = await newWorkspace(app);
    const product = await createProduct(app, owner, singleForm());
    const url = `/api/catalogs/${product.catalogs[0]!.id}/area-prices`;
    const first = (
      await call('POST', url, owner, {
        area_code: '32',
        customer_type: 'DISTRIBUTOR',
        price: 70_000,
        effective_from: '2026-01-01',
        effective_until: '2026-01-31',
      })
    ).json();
    const overlap = await call('POST', url, owner, {
      area_code: '32',
      customer_type: 'DISTRIBUTOR',
      price: 71_000,
      effective_from: '2026-01-31',
    });
    expectError(overlap, 409, 'AREA_PRICE_OVERLAP');
    expect(overlap.json().details.conflicting_id).toBe(first.id);
    const next = await call('POST', url, owner, {
      area_code: '32',
      customer_type: 'DISTRIBUTOR',
      price: 71_000,
      effective_from: '2026-02-01',
    });
    expect(next.statusCode).toBe(201);
    // Another customer type or area may share the dates.
    expect(
      (await call('POST', url, owner, { area_code: '32', customer_type: 'RETAIL', price: 75_000, effective_from: '2026-01-15' }))
        .statusCode,
    ).toBe(201);
    // An open-ended entry overlaps everything after it.
    expectError(
      await call('POST', url, owner, { area_code: '32', customer_type: 'DISTRIBUTOR', price: 1, effective_from: '2027-01-01' }),
      409,
      'AREA_PRICE_OVERLAP',
    );
    const updated = await call('PUT', `/api/area-prices/${first.id}`, owner, {
      area_code: '32',
      customer_type: 'DISTRIBUTOR',
      price: 69_000,
      effective_from: '2026-01-01',
      effective_until: '2026-01-31',
    });
    expect(updated.json().price).toBe(69_000);
    expect((await call('DELETE', `/api/area-prices/${first.id}`, owner)).statusCode).toBe(204);
    expectError(await call('DELETE', `/api/area-prices/${first.id}`, owner), 404, 'AREA_PRICE_NOT_FOUND');
  });

  it('answers 400 with field details', async () => {
    const owner = await newWorkspace(app);
    const product = await createProduct(app, owner, singleForm());
    const url = `/api/catalogs/${product.catalogs[0]!.id}/area-prices`;
    const res = await call('POST', url, owner, { area_code: '3173', customer_type: 'a b', price: -5, effective_from: '2026-02-30' });
    expect(fieldCodes(res)).toMatchObject({
      area_code: 'INVALID_FORMAT',
      customer_type: 'VARIABLE_NAME_FORMAT',
      price: 'MONEY_NEGATIVE',
      effective_from: 'INVALID_DATE',
    });
    expect(
      fieldCodes(
        await call('POST', url, owner, {
          area_code: '31',
          customer_type: 'X',
          price: 1,
          effective_from: '2026-02-01',
          effective_until: '2026-01-01',
        }),
      ),
    ).toEqual({ effective_until: 'DATE_RANGE' });
    expect(
      fieldCodes(await call('POST', url, owner, { area_code: '99.99', customer_type: 'X', price: 1, effective_from: '2026-02-01' })),
    ).toEqual({ area_code: 'AREA_NOT_FOUND' });
    expectFieldError(await call('GET', '/api/area-prices/lookup?customer_type=X&area_code=31', owner), 'catalog_id');
  });

  it("answers 403 without price and 404 for another workspace's SKU or entry", async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const theirs = await createProduct(app, other, singleForm());
    const entry = (
      await call('POST', `/api/catalogs/${theirs.catalogs[0]!.id}/area-prices`, other, {
        area_code: '31',
        customer_type: 'X',
        price: 1,
        effective_from: '2026-01-01',
      })
    ).json();
    const member = await newMember(app, owner, { product: 'WRITE' });
    expectError(await call('GET', `/api/catalogs/${theirs.catalogs[0]!.id}/area-prices`, member), 403, 'FORBIDDEN');
    expectError(await call('GET', `/api/catalogs/${theirs.catalogs[0]!.id}/area-prices`, owner), 404, 'CATALOG_NOT_FOUND');
    expectError(
      await call('POST', `/api/catalogs/${theirs.catalogs[0]!.id}/area-prices`, owner, {
        area_code: '31',
        customer_type: 'X',
        price: 1,
        effective_from: '2026-01-01',
      }),
      404,
      'CATALOG_NOT_FOUND',
    );
    expectError(
      await call('PUT', `/api/area-prices/${entry.id}`, owner, {
        area_code: '31',
        customer_type: 'X',
        price: 1,
        effective_from: '2026-01-01',
      }),
      404,
      'AREA_PRICE_NOT_FOUND',
    );
    expectError(
      await call('GET', `/api/area-prices/lookup?catalog_id=${theirs.catalogs[0]!.id}&customer_type=X&area_code=31`, owner),
      404,
      'CATALOG_NOT_FOUND',
    );
  });
});

describe('formula preview and per-SKU variable values', () => {
  it('previews a saved or edited formula on sample SKUs with a trace; per-SKU product variables apply', async () => {
    const owner = await newWorkspace(app);
    const kaos = await createProduct(app, owner, variantForm());
    const [hm, hl] = kaos.catalogs;
    const modal = (await call('POST', '/api/product-variables', owner, { name: 'harga_modal', value: '40000' })).json();
    await call('POST', '/api/global-variables', owner, { name: 'margin', value: '1.5' });
    const formula = (
      await call('POST', '/api/price-formulas', owner, {
        name: 'jual',
        expression: 'harga_modal * margin',
        rounding_mode: 'CEIL',
        rounding_step: 1000,
      })
    ).json();
    const set = await call('PUT', `/api/catalogs/${hl!.id}/variables`, owner, { values: [{ variable_id: modal.id, value: '45500' }] });
    expect(set.json()).toEqual({ items: [{ variable_id: modal.id, name: 'harga_modal', value: '45500' }] });

    const res = await call('POST', '/api/price-formulas/preview', owner, { formula_id: formula.id, catalog_ids: [hm!.id, hl!.id] });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({ expression: 'harga_modal × margin', rounding_mode: 'CEIL', rounding_step: 1000 });
    expect(preview.rows.map((r: { sku: string; price: number }) => [r.sku, r.price])).toEqual([
      [hm!.sku, 60_000],
      [hl!.sku, 69_000], // 45,500 × 1.5 = 68,250 → 69,000
    ]);
    expect(preview.rows[1].trace).toEqual([
      { kind: 'variable', name: 'harga_modal', value: '45500' },
      { kind: 'variable', name: 'margin', value: '1.5' },
      { kind: 'operation', expression: 'harga_modal × margin', left: '45500', operator: '×', right: '1.5', result: '68250', exact: true },
      { kind: 'rounding', mode: 'CEIL', step: 1000, before: '68250', result: '69000' },
    ]);

    // An expression being edited, with a tried value and the built-in list_price.
    const edited = await call('POST', '/api/price-formulas/preview', owner, {
      expression: 'list_price - harga_modal',
      catalog_ids: [hm!.id],
      values: { harga_modal: '50000' },
    });
    expect(edited.json().rows[0]).toMatchObject({ list_price: 59_000, price: 9_000, errors: [] });
    const negative = await call('POST', '/api/price-formulas/preview', owner, {
      expression: 'harga_modal - list_price',
      catalog_ids: [hm!.id],
    });
    expect(negative.json().rows[0]).toMatchObject({ price: null, errors: [{ code: 'FORMULA_NEGATIVE_RESULT' }] });
    const noSku = await call('POST', '/api/price-formulas/preview', owner, { expression: 'harga_modal * 2' });
    expect(noSku.json().rows).toEqual([expect.objectContaining({ catalog_id: null, price: 80_000 })]);

    // Clearing the SKU's value falls back to the variable's own.
    await call('PUT', `/api/catalogs/${hl!.id}/variables`, owner, { values: [{ variable_id: modal.id, value: null }] });
    expect((await call('GET', `/api/catalogs/${hl!.id}/variables`, owner)).json().items).toEqual([]);
  });

  it('answers 400 for a bad expression or unknown variable id, 403 and 404', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const theirs = await createProduct(app, other, singleForm());
    expectFieldError(await call('POST', '/api/price-formulas/preview', owner, { expression: 'list_price +' }), 'expression');
    expectFieldError(await call('POST', '/api/price-formulas/preview', owner, {}), 'expression');
    expectFieldError(
      await call('POST', '/api/price-formulas/preview', owner, { expression: '1 + 1', catalog_ids: ['x'] }),
      'catalog_ids.0',
    );
    expectError(
      await call('POST', '/api/price-formulas/preview', owner, { expression: 'list_price * 2', catalog_ids: [theirs.catalogs[0]!.id] }),
      404,
      'CATALOG_NOT_FOUND',
    );
    expectError(
      await call('POST', '/api/price-formulas/preview', owner, { formula_id: '01a20041-4395-7219-aee5-d0f23fcff062' }),
      404,
      'FORMULA_NOT_FOUND',
    );
    expectError(await call('GET', `/api/catalogs/${theirs.catalogs[0]!.id}/variables`, owner), 404, 'CATALOG_NOT_FOUND');
    const mine = await createProduct(app, owner, singleForm());
    expectFieldError(
      await call('PUT', `/api/catalogs/${mine.catalogs[0]!.id}/variables`, owner, {
        values: [{ variable_id: '01a20041-4395-7219-aee5-d0f23fcff062', value: '1' }],
      }),
      'values.0.variable_id',
    );
    const member = await newMember(app, owner, { price: 'WRITE' });
    expectError(await call('POST', '/api/price-formulas/preview', member, { expression: '1 + 1' }), 403, 'FORBIDDEN');
    expectError(await call('PUT', `/api/catalogs/${mine.catalogs[0]!.id}/variables`, member, { values: [] }), 403, 'FORBIDDEN');
  });
});
