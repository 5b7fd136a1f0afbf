/**
 * The inventory endpoint matrix (issue 5: "integration tests for every endpoint: success, 400 with field details,
 * 403, another workspace's 404"). inventory.test.ts and product-units.test.ts cover most cells; this file adds only
 * the cells they leave out, grouped per route. Every route's cells are listed in the route's describe title.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInventoryExport } from '../../src/modules/inventory/index.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newWarehouse } from '../workspaces/helpers.ts';
import { newChannel, newSku, receive } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;

/** One workspace with stock and one document of each kind, and another workspace with its own warehouse and SKU. */
let owner: Actor;
let other: Actor;
let wh: { id: string };
let wh2: { id: string };
let sku: { id: string; sku: string };
let theirWh: { id: string };
let theirSku: { id: string };
let channel: string;
let posted: { id: string };
let draftReceipt: { id: string };
let draftAdjustment: { id: string };
let movementId: string;
let exportId: string;
/** Members whose custom role lacks a key (or has it only at READ). */
let receiptReader: Actor; // goods-receipt READ only: no list-inventory, stock-movement, inbound, stock-adjustment, stock-allocation
let stockReader: Actor; // list-inventory READ only: no stock-movement, goods-receipt
let adjustmentReader: Actor; // stock-adjustment READ only

const adjustmentBody = (overrides: Record<string, unknown> = {}) => ({
  date: '2026-11-21',
  warehouse_id: wh.id,
  type: 'FOUND',
  items: [{ catalog_id: sku.id, change: 1 }],
  ...overrides,
});
const transferBody = (overrides: Record<string, unknown> = {}) => ({
  from_warehouse_id: wh.id,
  to_warehouse_id: wh2.id,
  lines: [{ catalog_id: sku.id, quantity: 1 }],
  ...overrides,
});

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);

  owner = await newWorkspace(app);
  other = await newWorkspace(app);
  wh = await newWarehouse(app, owner);
  wh2 = await newWarehouse(app, owner);
  sku = await newSku(app, owner);
  channel = await newChannel(app, owner);
  theirWh = await newWarehouse(app, other);
  theirSku = await newSku(app, other);

  posted = await receive(app, owner, wh.id, [{ catalog_id: sku.id, quantity: 10 }]);
  const draft = await call('POST', '/api/inventory/goods-receipts', owner, {
    date: '2026-11-20',
    warehouse_id: wh.id,
    lines: [{ catalog_id: sku.id, quantity: 2 }],
  });
  expect(draft.statusCode, draft.body).toBe(201);
  draftReceipt = draft.json();
  const adjustment = await call('POST', '/api/inventory/adjustments', owner, adjustmentBody());
  expect(adjustment.statusCode, adjustment.body).toBe(201);
  draftAdjustment = adjustment.json();
  const moves = await call('GET', '/api/inventory/movements', owner);
  expect(moves.json().total_row).toBe(1);
  movementId = moves.json().items[0].id;
  const exported = await call('POST', '/api/inventory/exports', owner, { warehouse_id: wh.id });
  expect(exported.statusCode, exported.body).toBe(202);
  exportId = exported.json().id;
  await runInventoryExport(app.platform, { workspaceId: owner.workspaceId, exportId });

  receiptReader = await newMember(app, owner, { 'goods-receipt': 'READ' });
  stockReader = await newMember(app, owner, { 'list-inventory': 'READ' });
  adjustmentReader = await newMember(app, owner, { 'stock-adjustment': 'READ' });
});
afterAll(async () => app?.close());

const NOT_A_UUID = 'not-a-uuid';

/**
 * A list filtered by the owner's own warehouse or SKU: the owner sees its rows; for another workspace the filter
 * names nothing of its own, so the list answers 404 on that id (as the inventory list always did), never a page.
 */
async function expectFilterIsolated(path: string, filters: string[]) {
  for (const filter of filters) {
    const url = `${path}?${filter}`;
    expect((await call('GET', url, owner)).json().total_row, url).toBeGreaterThan(0);
    expectError(await call('GET', url, other), 404, filter.startsWith('warehouse_id=') ? 'WAREHOUSE_NOT_FOUND' : 'CATALOG_NOT_FOUND');
  }
}

describe('GET /api/inventory (added: another workspace’s catalog_id filter)', () => {
  it('answers another workspace 404 for the owner’s SKU', async () => {
    await expectFilterIsolated('/api/inventory', [`catalog_id=${sku.id}`]);
  });
});

describe('GET /api/inventory/catalogs/:catalog_id (added: 400, 403)', () => {
  it('answers 400 on params.catalog_id for a malformed id', async () => {
    expectFieldError(await call('GET', `/api/inventory/catalogs/${NOT_A_UUID}`, owner), 'params.catalog_id');
  });

  it('answers 403 to a member without list-inventory, 200 to one with it', async () => {
    expectError(await call('GET', `/api/inventory/catalogs/${sku.id}`, receiptReader), 403, 'FORBIDDEN');
    const seen = await call('GET', `/api/inventory/catalogs/${sku.id}`, stockReader);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().totals.on_hand).toBe(10);
  });
});

describe('GET /api/inventory/movements (added: 403, another workspace’s filter ids)', () => {
  it('answers another workspace 404 for the owner’s warehouse or SKU', async () => {
    await expectFilterIsolated('/api/inventory/movements', [`warehouse_id=${wh.id}`, `catalog_id=${sku.id}`]);
  });

  it('answers 403 to a member without stock-movement', async () => {
    expectError(await call('GET', '/api/inventory/movements', stockReader), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/inventory/movements', receiptReader), 403, 'FORBIDDEN');
  });
});

describe('GET /api/inventory/movements/:id (added: 400, 403)', () => {
  it('answers 400 on params.id for a malformed id', async () => {
    expectFieldError(await call('GET', `/api/inventory/movements/${NOT_A_UUID}`, owner), 'params.id');
  });

  it('answers 403 to a member without stock-movement', async () => {
    expectError(await call('GET', `/api/inventory/movements/${movementId}`, stockReader), 403, 'FORBIDDEN');
  });
});

describe('GET /api/inventory/goods-receipts (added: 403, another workspace’s filter ids)', () => {
  it('answers another workspace 404 for the owner’s warehouse or SKU', async () => {
    await expectFilterIsolated('/api/inventory/goods-receipts', [`warehouse_id=${wh.id}`, `catalog_id=${sku.id}`]);
  });

  it('answers 403 to a member without goods-receipt', async () => {
    expectError(await call('GET', '/api/inventory/goods-receipts', stockReader), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/inventory/goods-receipts', adjustmentReader), 403, 'FORBIDDEN');
  });
});

describe('GET /api/inventory/goods-receipts/:id (added: 403)', () => {
  it('answers 403 to a member without goods-receipt, 200 to a reader', async () => {
    expectError(await call('GET', `/api/inventory/goods-receipts/${posted.id}`, stockReader), 403, 'FORBIDDEN');
    expect((await call('GET', `/api/inventory/goods-receipts/${posted.id}`, receiptReader)).json()).toMatchObject({
      id: posted.id,
      status: 'POSTED',
    });
  });
});

describe('POST /api/inventory/goods-receipts/:id/post (added: 400, 403)', () => {
  it('answers 400 on params.id for a malformed id', async () => {
    expectFieldError(await call('POST', `/api/inventory/goods-receipts/${NOT_A_UUID}/post`, owner), 'params.id');
  });

  it('answers 403 to a goods-receipt READ member and leaves the draft unposted', async () => {
    expectError(await call('POST', `/api/inventory/goods-receipts/${draftReceipt.id}/post`, receiptReader), 403, 'FORBIDDEN');
    expectError(await call('POST', `/api/inventory/goods-receipts/${draftReceipt.id}/post`, stockReader), 403, 'FORBIDDEN');
    expect((await call('GET', `/api/inventory/goods-receipts/${draftReceipt.id}`, owner)).json().status).toBe('DRAFT');
  });
});

describe('GET /api/inventory/inbound (added: 400, 403, another workspace’s filter ids)', () => {
  it('answers another workspace 404 for the owner’s warehouse or SKU', async () => {
    await expectFilterIsolated('/api/inventory/inbound', [`warehouse_id=${wh.id}`, `catalog_id=${sku.id}`]);
  });

  it('answers 400 with the field for a malformed query', async () => {
    expectFieldError(await call('GET', '/api/inventory/inbound?sort=sku', owner), 'sort');
    expectFieldError(await call('GET', '/api/inventory/inbound?size=500', owner), 'size');
    expectFieldError(await call('GET', `/api/inventory/inbound?warehouse_id=${NOT_A_UUID}`, owner), 'warehouse_id');
  });

  it('answers 403 to a member without inbound (goods-receipt READ is not enough)', async () => {
    expectError(await call('GET', '/api/inventory/inbound', receiptReader), 403, 'FORBIDDEN');
    const inbound = await newMember(app, owner, { inbound: 'READ' });
    expect((await call('GET', '/api/inventory/inbound', inbound)).json()).toMatchObject({
      total_row: 1,
      items: [{ id: posted.id, status: 'POSTED' }],
    });
  });
});

describe('GET /api/inventory/adjustments (added: 403, another workspace’s filter ids)', () => {
  it('answers another workspace 404 for the owner’s warehouse or SKU', async () => {
    await expectFilterIsolated('/api/inventory/adjustments', [`warehouse_id=${wh.id}`, `catalog_id=${sku.id}`]);
  });

  it('answers 403 to a member without stock-adjustment', async () => {
    expectError(await call('GET', '/api/inventory/adjustments', stockReader), 403, 'FORBIDDEN');
    expect((await call('GET', '/api/inventory/adjustments', adjustmentReader)).json().total_row).toBe(1);
  });
});

describe('POST /api/inventory/adjustments (added: 403, 404)', () => {
  it('answers 403 to a stock-adjustment READ member', async () => {
    expectError(await call('POST', '/api/inventory/adjustments', adjustmentReader, adjustmentBody()), 403, 'FORBIDDEN');
    expect((await call('GET', '/api/inventory/adjustments', owner)).json().total_row).toBe(1);
  });

  it('answers 404 on the field for another workspace’s warehouse or SKU', async () => {
    const foreignWh = await call('POST', '/api/inventory/adjustments', owner, adjustmentBody({ warehouse_id: theirWh.id }));
    expectError(foreignWh, 404, 'WAREHOUSE_NOT_FOUND');
    expect(foreignWh.json().details.fields).toEqual([expect.objectContaining({ path: 'warehouse_id', code: 'WAREHOUSE_NOT_FOUND' })]);
    const foreignSku = await call(
      'POST',
      '/api/inventory/adjustments',
      owner,
      adjustmentBody({ items: [{ catalog_id: theirSku.id, change: 1 }] }),
    );
    expectError(foreignSku, 404, 'CATALOG_NOT_FOUND');
    expect(foreignSku.json().details.fields).toEqual([expect.objectContaining({ path: 'items.0.catalog_id', code: 'CATALOG_NOT_FOUND' })]);
  });
});

describe('GET /api/inventory/adjustments/:id (added: 400, 403)', () => {
  it('answers 400 on params.id for a malformed id', async () => {
    expectFieldError(await call('GET', `/api/inventory/adjustments/${NOT_A_UUID}`, owner), 'params.id');
  });

  it('answers 403 to a member without stock-adjustment', async () => {
    expectError(await call('GET', `/api/inventory/adjustments/${draftAdjustment.id}`, stockReader), 403, 'FORBIDDEN');
  });
});

describe('PUT /api/inventory/adjustments/:id (added: 404 for ids in the body)', () => {
  it('answers 404 on the field for another workspace’s warehouse or SKU, and keeps the draft', async () => {
    const foreignWh = await call(
      'PUT',
      `/api/inventory/adjustments/${draftAdjustment.id}`,
      owner,
      adjustmentBody({ warehouse_id: theirWh.id }),
    );
    expectError(foreignWh, 404, 'WAREHOUSE_NOT_FOUND');
    expect(foreignWh.json().details.fields[0].path).toBe('warehouse_id');
    const foreignSku = await call(
      'PUT',
      `/api/inventory/adjustments/${draftAdjustment.id}`,
      owner,
      adjustmentBody({ items: [{ catalog_id: theirSku.id, change: 1 }] }),
    );
    expectError(foreignSku, 404, 'CATALOG_NOT_FOUND');
    expect(foreignSku.json().details.fields[0].path).toBe('items.0.catalog_id');
    expect((await call('GET', `/api/inventory/adjustments/${draftAdjustment.id}`, owner)).json()).toMatchObject({
      warehouse_id: wh.id,
      status: 'DRAFT',
      items: [{ catalog_id: sku.id }],
    });
  });
});

describe('POST /api/inventory/adjustments/:id/post (added: 400)', () => {
  it('answers 400 on params.id for a malformed id', async () => {
    expectFieldError(await call('POST', `/api/inventory/adjustments/${NOT_A_UUID}/post`, owner), 'params.id');
  });
});

describe('POST /api/inventory/transfers (added: 404 for from_warehouse_id and lines.N.catalog_id)', () => {
  it('answers 404 on the field for another workspace’s source warehouse or SKU', async () => {
    const foreignFrom = await call('POST', '/api/inventory/transfers', owner, transferBody({ from_warehouse_id: theirWh.id }));
    expectError(foreignFrom, 404, 'WAREHOUSE_NOT_FOUND');
    expect(foreignFrom.json().details.fields).toEqual([expect.objectContaining({ path: 'from_warehouse_id' })]);
    const foreignSku = await call(
      'POST',
      '/api/inventory/transfers',
      owner,
      transferBody({ lines: [{ catalog_id: theirSku.id, quantity: 1 }] }),
    );
    expectError(foreignSku, 404, 'CATALOG_NOT_FOUND');
    expect(foreignSku.json().details.fields).toEqual([expect.objectContaining({ path: 'lines.0.catalog_id' })]);
  });
});

describe('GET /api/inventory/stock-allocation (added: 403, 404 for catalog_id)', () => {
  it('answers 403 to a member without stock-allocation', async () => {
    expectError(await call('GET', `/api/inventory/stock-allocation?warehouse_id=${wh.id}`, stockReader), 403, 'FORBIDDEN');
  });

  it('answers 404 for another workspace’s SKU', async () => {
    expectError(
      await call('GET', `/api/inventory/stock-allocation?warehouse_id=${wh.id}&catalog_id=${theirSku.id}`, owner),
      404,
      'CATALOG_NOT_FOUND',
    );
  });
});

describe('POST /api/inventory/stock-allocation (added: 404 for warehouse_id and catalog_id)', () => {
  it('answers 404 on the field for another workspace’s warehouse or SKU', async () => {
    const foreignWh = await call('POST', '/api/inventory/stock-allocation', owner, { warehouse_id: theirWh.id, rules: [] });
    expectError(foreignWh, 404, 'WAREHOUSE_NOT_FOUND');
    expect(foreignWh.json().details.fields[0].path).toBe('warehouse_id');
    const foreignSku = await call('POST', '/api/inventory/stock-allocation', owner, {
      warehouse_id: wh.id,
      catalog_id: theirSku.id,
      safety_stock: 1,
      rules: [],
    });
    expectError(foreignSku, 404, 'CATALOG_NOT_FOUND');
    expect(foreignSku.json().details.fields[0].path).toBe('catalog_id');
  });
});

describe('PUT /api/inventory/set-asides (added: 404 for another workspace’s catalog_id)', () => {
  it('answers 404 on catalog_id for another workspace’s SKU and sets nothing aside', async () => {
    const res = await call('PUT', '/api/inventory/set-asides', owner, {
      warehouse_id: wh.id,
      catalog_id: theirSku.id,
      channel_id: channel,
      quantity: 1,
    });
    expectError(res, 404, 'CATALOG_NOT_FOUND');
    expect(res.json().details.fields).toEqual([expect.objectContaining({ path: 'catalog_id', code: 'CATALOG_NOT_FOUND' })]);
    expect((await call('GET', `/api/inventory?warehouse_id=${wh.id}`, owner)).json().items[0]).toMatchObject({
      catalog_id: sku.id,
      allocated: 0,
    });
  });
});

describe('GET /api/inventory/sync-stock (added: 400, 403)', () => {
  it('answers 400 on warehouse_ids when the list is too long', async () => {
    expectFieldError(await call('GET', `/api/inventory/sync-stock?warehouse_ids=${`${wh.id},`.repeat(120)}`, owner), 'warehouse_ids');
  });

  it('answers 403 to a member without list-inventory', async () => {
    expectError(await call('GET', `/api/inventory/sync-stock?warehouse_ids=${wh.id}`, receiptReader), 403, 'FORBIDDEN');
  });
});

describe('POST /api/inventory/exports (added: 404 for warehouse_id)', () => {
  it('answers 404 on warehouse_id for another workspace’s warehouse', async () => {
    const res = await call('POST', '/api/inventory/exports', owner, { warehouse_id: theirWh.id });
    expectError(res, 404, 'WAREHOUSE_NOT_FOUND');
    expect(res.json().details.fields[0].path).toBe('warehouse_id');
  });
});

describe('GET /api/inventory/exports/:id (added: 400, 403)', () => {
  it('answers 400 on params.id for a malformed id', async () => {
    expectFieldError(await call('GET', `/api/inventory/exports/${NOT_A_UUID}`, owner), 'params.id');
  });

  it('answers 403 to a member without list-inventory, 200 to one with it', async () => {
    expectError(await call('GET', `/api/inventory/exports/${exportId}`, receiptReader), 403, 'FORBIDDEN');
    expect((await call('GET', `/api/inventory/exports/${exportId}`, stockReader)).json()).toMatchObject({ id: exportId, status: 'DONE' });
  });
});

describe('GET /api/inventory/exports/:id/file (added: 400, 403)', () => {
  it('answers 400 on params.id for a malformed id', async () => {
    expectFieldError(await call('GET', `/api/inventory/exports/${NOT_A_UUID}/file`, owner), 'params.id');
  });

  it('answers 403 to a member without list-inventory', async () => {
    expectError(await call('GET', `/api/inventory/exports/${exportId}/file`, receiptReader), 403, 'FORBIDDEN');
  });
});
