import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWorkspace, type Actor } from '../factories.ts';
import { createProduct, singleForm, uniqueSku } from '../catalog/helpers.ts';
import { newSku, receive } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newWarehouse } from '../workspaces/helpers.ts';

/**
 * Manual order prices (spec /manual-order/:id/create): the area price for the customer's area and store type on the
 * order date, else the SKU's price formula, else its base price; POST /api/manual-orders/price-preview answers what
 * saving the order would use, with the rule that applied.
 */

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

type World = { owner: Actor; wh: string; kopi: string; kaos: string; paket: string; customer: string };

/**
 * A workspace with: kopi (base 10,000) with a Surabaya wholesale area price of 8,500 from 2026-01-01; kaos (base
 * 10,000) without area prices; paket, a bundle of 2 kopi priced by a formula (component_total × 0.9 = 18,000) whose
 * factor is then changed to 0.8 (the formula's price becomes 16,000, the stored base price stays); and a wholesale
 * customer in Rungkut, Surabaya.
 */
async function world(): Promise<World> {
  const owner = await newWorkspace(app);
  const wh = (await newWarehouse(app, owner)).id;
  const kopi = (await newSku(app, owner)).id;
  const kaos = (await newSku(app, owner)).id;
  await receive(app, owner, wh, [
    { catalog_id: kopi, quantity: 50 },
    { catalog_id: kaos, quantity: 50 },
  ]);
  const area = await call('POST', `/api/catalogs/${kopi}/area-prices`, owner, {
    area_code: '35.78',
    customer_type: 'WHOLESALE',
    price: 8_500,
    effective_from: '2026-01-01',
  });
  expect(area.statusCode, area.body).toBe(201);
  const variable = (await call('POST', '/api/global-variables', owner, { name: 'potongan_paket', value: '0.9' })).json();
  const formula = (
    await call('POST', '/api/price-formulas', owner, { name: 'harga_paket', expression: 'component_total * potongan_paket' })
  ).json();
  const bundle = await createProduct(
    app,
    owner,
    singleForm({
      type: 'BUNDLING',
      name: 'Paket Kopi',
      catalogs: [{ sku: uniqueSku('PKT') }],
      bundle: { components: [{ catalog_id: kopi, quantity: 2 }], price_formula_id: formula.id },
    }),
  );
  const paket = bundle.catalogs[0]!.id;
  expect(bundle.catalogs[0]!.price).toBe(18_000);
  const changed = await call('PUT', `/api/global-variables/${variable.id}`, owner, { name: 'potongan_paket', value: '0.8' });
  expect(changed.statusCode, changed.body).toBe(200);
  const customer = await call('POST', '/api/customers', owner, {
    code: 'SBY-01',
    name: 'Toko Sumber Rejeki',
    province_code: '35',
    city_code: '35.78',
    district_code: '35.78.03',
    store_type: 'WHOLESALE',
  });
  expect(customer.statusCode, customer.body).toBe(201);
  return { owner, wh, kopi, kaos, paket, customer: customer.json().id };
}

const preview = (w: World, body: Record<string, unknown>) =>
  call('POST', '/api/manual-orders/price-preview', w.owner, { order_date: '2026-11-24', catalog_ids: [w.kopi, w.kaos, w.paket], ...body });

describe('manual order prices', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it('area price for the customer, then the formula, then the base price, with the rule that applied', async () => {
    const res = await preview(w, { customer_id: w.customer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      area_code: '35.78.03',
      customer_type: 'WHOLESALE',
      order_date: '2026-11-24',
      items: [
        { catalog_id: w.kopi, unit_price: 8_500, source: 'AREA', area_code: '35.78' },
        { catalog_id: w.kaos, unit_price: 10_000, source: 'LIST_PRICE', area_code: null },
        { catalog_id: w.paket, unit_price: 16_000, source: 'FORMULA', area_code: null },
      ],
    });
  });

  it('follows the customer type, the area and the order date', async () => {
    const retail = (await preview(w, { customer_id: w.customer, customer_type: 'RETAIL' })).json();
    expect(retail.items[0]).toMatchObject({ unit_price: 10_000, source: 'LIST_PRICE' });
    // Another city's district: no area price.
    const jakarta = (await preview(w, { customer_id: w.customer, district_code: '31.73.05' })).json();
    expect(jakarta.area_code).toBe('31.73.05');
    expect(jakarta.items[0]).toMatchObject({ source: 'LIST_PRICE', unit_price: 10_000 });
    // No customer, the area and type typed in.
    const typed = (await preview(w, { city_code: '35.78', customer_type: 'WHOLESALE' })).json();
    expect(typed.items[0]).toMatchObject({ unit_price: 8_500, source: 'AREA' });
    // Before the area price takes effect.
    const before = (await preview(w, { customer_id: w.customer, order_date: '2025-12-31' })).json();
    expect(before.items[0]).toMatchObject({ unit_price: 10_000, source: 'LIST_PRICE' });
  });

  it('saving the order uses the same prices and records which rule applied on each line', async () => {
    const res = await call('POST', '/api/manual-orders', w.owner, {
      warehouse_id: w.wh,
      customer_id: w.customer,
      order_date: '2026-11-24',
      buyer_name: 'Toko Sumber Rejeki',
      lines: [
        { catalog_id: w.kopi, quantity: 2 },
        { catalog_id: w.kaos, quantity: 1, unit_price: 9_000 },
        { catalog_id: w.paket, quantity: 1 },
      ],
      confirm: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const lines = res.json().lines as { catalog_id: string; unit_price: number; price_source: string }[];
    expect(lines.map((l) => [l.unit_price, l.price_source])).toEqual([
      [8_500, 'AREA'],
      [9_000, 'INPUT'],
      [16_000, 'FORMULA'],
    ]);
  });

  it('answers 400 on the fields of a bad preview; another workspace’s SKU or customer is a field error', async () => {
    expectFieldError(await preview(w, { catalog_ids: [] }), 'catalog_ids');
    expectFieldError(await preview(w, { order_date: '24-11-2026' }), 'order_date');
    expectFieldError(await preview(w, { customer_type: 'GROSIR' }), 'customer_type');
    expectFieldError(await preview(w, { district_code: '35' }), 'district_code');
    const other = await world();
    expectFieldError(await preview(w, { catalog_ids: [w.kopi, other.kopi] }), 'catalog_ids.1');
    expectFieldError(await preview(w, { customer_id: other.customer }), 'customer_id');
  });

  it('needs the manual-order permission and a session', async () => {
    const res = await app.fastify.inject({ method: 'POST', url: '/api/manual-orders/price-preview', payload: {} });
    expectError(res, 401, 'UNAUTHENTICATED');
  });
});
