import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveStock } from '../../src/modules/inventory/index.ts';
import { inUnit } from '../../src/modules/inventory/product-units.ts';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import { fieldCodes } from '../catalog/helpers.ts';
import { newMember, newWorkspace } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newWarehouse } from '../workspaces/helpers.ts';
import { asActor, newBundle, newSku, receive } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

const url = (catalogId: string) => `/api/inventory/product-units/${catalogId}`;
type Stock = {
  unit: string;
  conversion_qty: number;
  is_base: boolean;
  on_hand: { whole: number; remainder: number };
  available: { whole: number; remainder: number };
};
const stockOf = (body: { stock: Stock[] }) =>
  Object.fromEntries(body.stock.map((s) => [s.unit, [s.on_hand.whole, s.on_hand.remainder, s.available.whole, s.available.remainder]]));

describe('unit arithmetic', () => {
  it('gives whole units rounded down plus the rest in the base unit, with the sign of the quantity on both', () => {
    expect(inUnit(25, 12)).toEqual({ whole: 2, remainder: 1 });
    expect(inUnit(24, 12)).toEqual({ whole: 2, remainder: 0 });
    expect(inUnit(11, 12)).toEqual({ whole: 0, remainder: 11 });
    expect(inUnit(0, 12)).toEqual({ whole: 0, remainder: 0 });
    expect(inUnit(7, 1)).toEqual({ whole: 7, remainder: 0 });
    expect(inUnit(-25, 12)).toEqual({ whole: -2, remainder: -1 });
    expect(inUnit(-5, 12)).toEqual({ whole: 0, remainder: -5 });
    expect(Object.is(inUnit(-5, 12).whole, 0)).toBe(true);
    expect(inUnit(-24, 12)).toEqual({ whole: -2, remainder: 0 });
    expect(inUnit(2_000_000_001, 1_000_000)).toEqual({ whole: 2000, remainder: 1 });
  });
});

describe('GET and PUT /api/inventory/product-units/:catalog_id', () => {
  it('shows the stock in the base unit and in each conversion unit, replaces the units, audits the change', async () => {
    const owner = await newWorkspace(app);
    const jakarta = await newWarehouse(app, owner);
    const bandung = await newWarehouse(app, owner);
    const sku = await newSku(app, owner);
    await receive(app, owner, jakarta.id, [{ catalog_id: sku.id, quantity: 20 }]);
    await receive(app, owner, bandung.id, [{ catalog_id: sku.id, quantity: 5 }]);
    await asActor(app, owner, (ctx) =>
      reserveStock(ctx, {
        referenceKey: `order-${sku.id}`,
        referenceType: 'ORDER',
        lines: [{ warehouseId: jakarta.id, catalogId: sku.id, quantity: 6 }],
      }),
    );

    const before = await call('GET', url(sku.id), owner);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      catalog_id: sku.id,
      product_id: sku.productId,
      sku: sku.sku,
      base_unit: 'PCS',
      units: [],
      on_hand: 25,
      available: 19,
    });
    expect(before.json().stock).toEqual([
      { unit: 'PCS', conversion_qty: 1, is_base: true, on_hand: { whole: 25, remainder: 0 }, available: { whole: 19, remainder: 0 } },
    ]);

    const saved = await call('PUT', url(sku.id), owner, {
      units: [
        { unit: ' BOX ', conversion_qty: 12 },
        { unit: 'Karton', conversion_qty: 48 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      base_unit: 'PCS',
      units: [
        { unit: 'BOX', conversion_qty: 12 },
        { unit: 'Karton', conversion_qty: 48 },
      ],
      on_hand: 25,
      available: 19,
    });
    // 25 PCS = 2 BOX + 1 PCS; 19 available = 1 BOX + 7 PCS; a carton of 48 holds more than there is.
    expect(stockOf(saved.json())).toEqual({ PCS: [25, 0, 19, 0], BOX: [2, 1, 1, 7], Karton: [0, 25, 0, 19] });
    expect(saved.json().stock.map((s: Stock) => s.is_base)).toEqual([true, false, false]);
    expect((await call('GET', url(sku.id), owner)).json()).toEqual(saved.json());
    // The product form sees the same units: they are the product's.
    expect((await call('GET', `/api/products/${sku.productId}`, owner)).json()).toMatchObject({
      base_unit: 'PCS',
      units: [
        { unit: 'BOX', conversion_qty: 12 },
        { unit: 'Karton', conversion_qty: 48 },
      ],
    });

    const audit = (await call('GET', `/api/audit?entity=product&entity_id=${sku.productId}`, owner)).json().items;
    expect(audit[0]).toMatchObject({
      action: 'update',
      actor_id: owner.userId,
      diff: {
        units: {
          from: [],
          to: [
            { unit: 'BOX', conversion_qty: 12 },
            { unit: 'Karton', conversion_qty: 48 },
          ],
        },
      },
    });
    expect(Object.keys(audit[0].diff)).toEqual(['units']);
    // Saving the same list again changes nothing and records nothing.
    expect(
      (
        await call('PUT', url(sku.id), owner, {
          units: [
            { unit: 'BOX', conversion_qty: 12 },
            { unit: 'Karton', conversion_qty: 48 },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/audit?entity=product&entity_id=${sku.productId}`, owner)).json().items).toHaveLength(audit.length);

    // An empty list removes every conversion unit.
    const cleared = await call('PUT', url(sku.id), owner, { units: [] });
    expect(cleared.json()).toMatchObject({ units: [], stock: [{ unit: 'PCS' }] });
    expect(cleared.json().stock).toHaveLength(1);
  });

  it('answers 400 with the product form’s field rules and changes nothing', async () => {
    const owner = await newWorkspace(app);
    const sku = await newSku(app, owner);
    await call('PUT', url(sku.id), owner, { units: [{ unit: 'BOX', conversion_qty: 12 }] });

    const duplicate = await call('PUT', url(sku.id), owner, {
      units: [
        { unit: 'BOX', conversion_qty: 12 },
        { unit: 'box', conversion_qty: 24 },
      ],
    });
    expectFieldError(duplicate, 'units.1.unit');
    expect(fieldCodes(duplicate)).toEqual({ 'units.1.unit': 'DUPLICATE_VALUE' });
    // The base unit counts too, whatever its case.
    const base = await call('PUT', url(sku.id), owner, { units: [{ unit: 'pcs', conversion_qty: 6 }] });
    expect(fieldCodes(base)).toEqual({ 'units.0.unit': 'DUPLICATE_VALUE' });
    expectError(base, 400, 'VALIDATION_FAILED');
    expect(base.json().details.fields[0].message).toBe('Nilai ini muncul lebih dari sekali.');

    const rules = await call('PUT', url(sku.id), owner, {
      units: [
        { unit: '', conversion_qty: 12 },
        { unit: 'X'.repeat(21), conversion_qty: 12 },
        { unit: 'LUSIN', conversion_qty: 1 },
        { unit: 'PAK', conversion_qty: 2.5 },
        { unit: 'KODI', conversion_qty: 1_000_001 },
      ],
    });
    expectError(rules, 400, 'VALIDATION_FAILED');
    expect(fieldCodes(rules)).toMatchObject({
      'units.0.unit': 'REQUIRED',
      'units.1.unit': 'TOO_LONG',
      'units.2.conversion_qty': 'TOO_SMALL',
      'units.3.conversion_qty': expect.any(String),
      'units.4.conversion_qty': 'TOO_BIG',
    });
    expectFieldError(
      await call('PUT', url(sku.id), owner, { units: Array.from({ length: 11 }, (_, i) => ({ unit: `U${i}`, conversion_qty: 2 + i })) }),
      'units',
    );
    expectFieldError(await call('PUT', url(sku.id), owner, {}), 'units');
    expectFieldError(await call('GET', '/api/inventory/product-units/not-a-uuid', owner), 'params.catalog_id');

    expect((await call('GET', url(sku.id), owner)).json().units).toEqual([{ unit: 'BOX', conversion_qty: 12 }]);
  });

  it('answers 403 without list-inventory, and lets a READ member look but not edit', async () => {
    const owner = await newWorkspace(app);
    const sku = await newSku(app, owner);
    const stranger = await newMember(app, owner, { 'goods-receipt': 'WRITE', 'stock-movement': 'READ' });
    expectError(await call('GET', url(sku.id), stranger), 403, 'FORBIDDEN');
    expectError(await call('PUT', url(sku.id), stranger, { units: [] }), 403, 'FORBIDDEN');
    const reader = await newMember(app, owner, { 'list-inventory': 'READ' });
    expect((await call('GET', url(sku.id), reader)).statusCode).toBe(200);
    expectError(await call('PUT', url(sku.id), reader, { units: [{ unit: 'BOX', conversion_qty: 12 }] }), 403, 'FORBIDDEN');
    const writer = await newMember(app, owner, { 'list-inventory': 'WRITE' });
    expect((await call('PUT', url(sku.id), writer, { units: [{ unit: 'BOX', conversion_qty: 12 }] })).statusCode).toBe(200);
    expectError(await call('GET', url(sku.id), null), 401, 'UNAUTHENTICATED');
  });

  it('answers 404 CATALOG_NOT_FOUND for another workspace’s SKU, a bundle and an unknown id', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const mine = await newSku(app, owner);
    await call('PUT', url(mine.id), owner, { units: [{ unit: 'BOX', conversion_qty: 12 }] });
    expectError(await call('GET', url(mine.id), other), 404, 'CATALOG_NOT_FOUND');
    expectError(await call('PUT', url(mine.id), other, { units: [] }), 404, 'CATALOG_NOT_FOUND');
    expect((await call('GET', url(mine.id), owner)).json().units).toEqual([{ unit: 'BOX', conversion_qty: 12 }]);

    const bundle = await newBundle(app, owner, [{ catalog_id: mine.id, quantity: 2 }]);
    expectError(await call('GET', url(bundle), owner), 404, 'CATALOG_NOT_FOUND');
    expectError(await call('PUT', url(bundle), owner, { units: [{ unit: 'BOX', conversion_qty: 12 }] }), 404, 'CATALOG_NOT_FOUND');
    expectError(await call('GET', url('01a20041-4395-7219-aee5-d0f23fcff062'), owner), 404, 'CATALOG_NOT_FOUND');
  });

  it('shows a restricted member the stock of its warehouses only', async () => {
    const owner = await newWorkspace(app);
    const mine = await newWarehouse(app, owner);
    const theirs = await newWarehouse(app, owner);
    const sku = await newSku(app, owner);
    await receive(app, owner, mine.id, [{ catalog_id: sku.id, quantity: 13 }]);
    await receive(app, owner, theirs.id, [{ catalog_id: sku.id, quantity: 100 }]);
    await call('PUT', url(sku.id), owner, { units: [{ unit: 'BOX', conversion_qty: 12 }] });
    const member = await newMember(app, owner, { 'list-inventory': 'READ' });
    await app.platform.database.db
      .update(memberships)
      .set({ restrictionBase: 'WAREHOUSE', restrictionList: [mine.id] })
      .where(eq(memberships.userId, member.userId));

    const seen = (await call('GET', url(sku.id), member)).json();
    expect(seen).toMatchObject({ on_hand: 13, available: 13 });
    expect(stockOf(seen)).toEqual({ PCS: [13, 0, 13, 0], BOX: [1, 1, 1, 1] });
    // The same total as the inventory detail shows the member.
    expect((await call('GET', `/api/inventory/catalogs/${sku.id}`, member)).json().totals.on_hand).toBe(13);
    expect(stockOf((await call('GET', url(sku.id), owner)).json())).toEqual({ PCS: [113, 0, 113, 0], BOX: [9, 5, 9, 5] });
  });
});
