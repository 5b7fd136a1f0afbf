import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warehouses } from '../../src/modules/warehouses/warehouses.schema.ts';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import {
  ledgerMismatches,
  releaseStock,
  reserveStock,
  runInventoryExport,
  runStockSync,
  shipStock,
  returnStock,
  standaloneStock,
} from '../../src/modules/inventory/index.ts';
import { newMember, newWorkspace } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newWarehouse, rejected } from '../workspaces/helpers.ts';
import { createProduct, singleForm, uniqueSku } from '../catalog/helpers.ts';
import { asActor, newBundle, newChannel, newSku, receive } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

describe('goods receipt', () => {
  it('creates numbered receipts, posts them into stock and the ledger, lists and shows them', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const a = await newSku(app, owner);
    const b = await newSku(app, owner);
    const draft = await call('POST', '/api/inventory/goods-receipts', owner, {
      date: '2026-11-20',
      warehouse_id: wh.id,
      supplier_reference: 'PO-77',
      lines: [
        { catalog_id: a.id, quantity: 10 },
        { catalog_id: b.id, quantity: 4 },
      ],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json()).toMatchObject({
      number: 'GR-000001',
      status: 'DRAFT',
      supplier_reference: 'PO-77',
      total_quantity: 14,
      lines: [
        { sku: a.sku, quantity: 10 },
        { sku: b.sku, quantity: 4 },
      ],
    });
    expect((await call('GET', `/api/inventory?catalog_id=${a.id}`, owner)).json().total_row).toBe(0);

    const posted = await call('POST', `/api/inventory/goods-receipts/${draft.json().id}/post`, owner);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().status).toBe('POSTED');
    expectError(await call('POST', `/api/inventory/goods-receipts/${draft.json().id}/post`, owner), 409, 'DOCUMENT_ALREADY_POSTED');

    const second = await receive(app, owner, wh.id, [{ catalog_id: a.id, quantity: 5 }]);
    expect(second).toMatchObject({ number: 'GR-000002', status: 'POSTED' });

    const list = await call('GET', '/api/inventory/goods-receipts', owner);
    expect(list.json()).toMatchObject({
      page: 1,
      size: 10,
      total_row: 2,
      items: [{ number: 'GR-000002' }, { number: 'GR-000001', total_quantity: 14 }],
    });
    expect((await call('GET', `/api/inventory/goods-receipts?catalog_id=${b.id}`, owner)).json().total_row).toBe(1);
    expect((await call('GET', '/api/inventory/inbound?sort=number', owner)).json().items.map((r: { number: string }) => r.number)).toEqual([
      'GR-000001',
      'GR-000002',
    ]);
    expect((await call('GET', `/api/inventory/goods-receipts/${second.id}`, owner)).json().lines).toEqual([
      { catalog_id: a.id, sku: a.sku, name: expect.any(String), quantity: 5 },
    ]);

    const stock = (await call('GET', `/api/inventory/catalogs/${a.id}`, owner)).json();
    expect(stock.totals).toMatchObject({ on_hand: 15, in_order: 0, available: 15 });
    const moves = (await call('GET', `/api/inventory/movements?catalog_id=${a.id}`, owner)).json();
    expect(
      moves.items.map((m: { type: string; on_hand_before: number; on_hand_after: number; reference_id: string }) => [
        m.type,
        m.on_hand_before,
        m.on_hand_after,
        m.reference_id,
      ]),
    ).toEqual([
      ['RECEIPT', 10, 15, 'GR-000002'],
      ['RECEIPT', 0, 10, 'GR-000001'],
    ]);
    const detail = await call('GET', `/api/inventory/movements/${moves.items[0].id}`, owner);
    expect(detail.json()).toMatchObject({ type: 'RECEIPT', sku: a.sku, reference_type: 'GOODS_RECEIPT', actor_id: owner.userId });
  });

  it('answers 400 with field details, 403 without the permission and 404 for another workspace', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const a = await newSku(app, owner);
    expectFieldError(
      await call('POST', '/api/inventory/goods-receipts', owner, { date: '20-11-2026', warehouse_id: wh.id, lines: [] }),
      'date',
    );
    expectFieldError(
      await call('POST', '/api/inventory/goods-receipts', owner, {
        date: '2026-11-20',
        warehouse_id: wh.id,
        lines: [{ catalog_id: a.id, quantity: 0 }],
      }),
      'lines.0.quantity',
    );
    expectFieldError(
      await call('POST', '/api/inventory/goods-receipts', owner, { date: '2026-11-20', warehouse_id: wh.id, lines: [] }),
      'lines',
    );
    expectFieldError(await call('GET', '/api/inventory/goods-receipts?size=500', owner), 'size');
    const theirs = await newSku(app, other);
    const foreign = await call('POST', '/api/inventory/goods-receipts', owner, {
      date: '2026-11-20',
      warehouse_id: wh.id,
      lines: [{ catalog_id: theirs.id, quantity: 1 }],
    });
    expectError(foreign, 404, 'CATALOG_NOT_FOUND');
    expect(foreign.json().details.fields[0].path).toBe('lines.0.catalog_id');
    const theirWh = await newWarehouse(app, other);
    expectError(
      await call('POST', '/api/inventory/goods-receipts', owner, {
        date: '2026-11-20',
        warehouse_id: theirWh.id,
        lines: [{ catalog_id: a.id, quantity: 1 }],
      }),
      404,
      'WAREHOUSE_NOT_FOUND',
    );
    const bundle = await newBundle(app, owner, [{ catalog_id: a.id, quantity: 2 }]);
    expectError(
      await call('POST', '/api/inventory/goods-receipts', owner, {
        date: '2026-11-20',
        warehouse_id: wh.id,
        lines: [{ catalog_id: bundle, quantity: 1 }],
      }),
      422,
      'CATALOG_IS_BUNDLE',
    );

    const reader = await newMember(app, owner, { 'goods-receipt': 'READ' });
    expectError(
      await call('POST', '/api/inventory/goods-receipts', reader, {
        date: '2026-11-20',
        warehouse_id: wh.id,
        lines: [{ catalog_id: a.id, quantity: 1 }],
      }),
      403,
      'FORBIDDEN',
    );
    expect((await call('GET', '/api/inventory/goods-receipts', reader)).statusCode).toBe(200);
    expectError(await call('GET', '/api/inventory', reader), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/inventory/goods-receipts', null), 401, 'UNAUTHENTICATED');

    const mine = await receive(app, owner, wh.id, [{ catalog_id: a.id, quantity: 1 }]);
    expectError(await call('GET', `/api/inventory/goods-receipts/${mine.id}`, other), 404, 'GOODS_RECEIPT_NOT_FOUND');
    expectError(await call('POST', `/api/inventory/goods-receipts/${mine.id}/post`, other), 404, 'GOODS_RECEIPT_NOT_FOUND');
    expectFieldError(await call('GET', '/api/inventory/goods-receipts/not-a-uuid', owner), 'params.id');
    const move = (await call('GET', '/api/inventory/movements', owner)).json().items[0];
    expectError(await call('GET', `/api/inventory/movements/${move.id}`, other), 404, 'STOCK_MOVEMENT_NOT_FOUND');
    expectError(await call('GET', `/api/inventory/catalogs/${a.id}`, other), 404, 'CATALOG_NOT_FOUND');
    expect((await call('GET', '/api/inventory/movements', other)).json().total_row).toBe(0);
  });
});

describe('stock adjustment', () => {
  it('keeps a draft editable, shows available / change / after change, posts into the ledger, then refuses edits', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const a = await newSku(app, owner);
    const b = await newSku(app, owner);
    await receive(app, owner, wh.id, [{ catalog_id: a.id, quantity: 10 }]);
    const created = await call('POST', '/api/inventory/adjustments', owner, {
      date: '2026-11-21',
      warehouse_id: wh.id,
      type: 'DAMAGED',
      note: 'Pecah',
      items: [{ catalog_id: a.id, change: -3 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      number: 'ADJ-000001',
      status: 'DRAFT',
      items: [{ stock_available: 10, change: -3, after_change: 7 }],
    });
    const id = created.json().id;
    const edited = await call('PUT', `/api/inventory/adjustments/${id}`, owner, {
      date: '2026-11-21',
      warehouse_id: wh.id,
      type: 'STOCK_OPNAME',
      items: [
        { catalog_id: a.id, change: -4 },
        { catalog_id: b.id, change: 6 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      type: 'STOCK_OPNAME',
      items: [
        { change: -4, after_change: 6 },
        { stock_available: 0, change: 6, after_change: 6 },
      ],
    });
    const posted = await call('POST', `/api/inventory/adjustments/${id}/post`, owner);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({
      status: 'POSTED',
      items: [
        { stock_available: 10, change: -4, after_change: 6 },
        { stock_available: 0, after_change: 6 },
      ],
    });
    // After posting the document keeps the stock it saw, whatever happens next.
    await receive(app, owner, wh.id, [{ catalog_id: a.id, quantity: 100 }]);
    expect((await call('GET', `/api/inventory/adjustments/${id}`, owner)).json().items[0]).toMatchObject({
      stock_available: 10,
      after_change: 6,
    });
    expectError(
      await call('PUT', `/api/inventory/adjustments/${id}`, owner, {
        date: '2026-11-21',
        warehouse_id: wh.id,
        type: 'OTHER',
        items: [{ catalog_id: a.id, change: 1 }],
      }),
      409,
      'DOCUMENT_ALREADY_POSTED',
    );
    expectError(await call('POST', `/api/inventory/adjustments/${id}/post`, owner), 409, 'DOCUMENT_ALREADY_POSTED');

    const list = (await call('GET', '/api/inventory/adjustments?type=STOCK_OPNAME&status=POSTED', owner)).json();
    expect(list).toMatchObject({ total_row: 1, items: [{ number: 'ADJ-000001' }] });
    expect((await call('GET', '/api/inventory/movements?type=ADJUSTMENT', owner)).json().total_row).toBe(2);
    await asActor(app, owner, async (ctx) => expect(await ledgerMismatches(ctx)).toEqual([]));
  });

  it('refuses to adjust away reserved stock, all lines or none', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const a = await newSku(app, owner);
    const b = await newSku(app, owner);
    await receive(app, owner, wh.id, [
      { catalog_id: a.id, quantity: 5 },
      { catalog_id: b.id, quantity: 5 },
    ]);
    const items = [
      { catalog_id: b.id, change: -1 },
      { catalog_id: a.id, change: -2 },
    ];
    const adj = (
      await call('POST', '/api/inventory/adjustments', owner, { date: '2026-11-21', warehouse_id: wh.id, type: 'LOST', items })
    ).json();
    // An order reserves after the draft was saved: the draft can no longer be posted, and says which item.
    await asActor(app, owner, (ctx) =>
      reserveStock(ctx, {
        referenceKey: 'order-1:reserve',
        referenceType: 'ORDER',
        lines: [{ warehouseId: wh.id, catalogId: a.id, quantity: 4 }],
      }),
    );
    const res = await call('POST', `/api/inventory/adjustments/${adj.id}/post`, owner);
    expectError(res, 409, 'INSUFFICIENT_STOCK');
    expect(res.json().details.lines).toEqual([{ warehouse_id: wh.id, catalog_id: a.id, quantity: -2 }]);
    expect(res.json().details.fields).toEqual([{ path: 'items.1.change', code: 'INSUFFICIENT_STOCK', message: 'Stok tidak mencukupi.' }]);
    // Saving it again now is refused on the same field, with the rule of posting (reserved stock stays).
    const again = await call('PUT', `/api/inventory/adjustments/${adj.id}`, owner, {
      date: '2026-11-21',
      warehouse_id: wh.id,
      type: 'LOST',
      items,
    });
    expectFieldError(again, 'items.1.change');
    expect(again.json().details.fields).toEqual([
      {
        path: 'items.1.change',
        code: 'STOCK_AFTER_NEGATIVE',
        message: 'Stok setelah perubahan tidak boleh kurang dari stok yang dipesan atau disisihkan.',
      },
    ]);
    expectFieldError(
      await call('POST', '/api/inventory/adjustments', owner, {
        date: '2026-11-21',
        warehouse_id: wh.id,
        type: 'LOST',
        items: [
          { catalog_id: a.id, change: -1 },
          { catalog_id: a.id, change: -1 },
        ],
      }),
      'items.0.change',
    );
    // Below the safety stock is allowed: a count may find less than the stock kept back (minus stock).
    expect(
      (await call('POST', '/api/inventory/stock-allocation', owner, { warehouse_id: wh.id, catalog_id: b.id, safety_stock: 2, rules: [] }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call('POST', '/api/inventory/adjustments', owner, {
          date: '2026-11-21',
          warehouse_id: wh.id,
          type: 'LOST',
          items: [{ catalog_id: b.id, change: -5 }],
        })
      ).statusCode,
    ).toBe(201);
    const after = (await call('GET', `/api/inventory?warehouse_id=${wh.id}&sort=on_hand`, owner)).json();
    expect(after.items.map((i: { on_hand: number }) => i.on_hand)).toEqual([5, 5]);
    expect((await call('GET', `/api/inventory/adjustments/${adj.id}`, owner)).json().status).toBe('DRAFT');
  });

  it('validates, guards permissions and hides other workspaces', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const a = await newSku(app, owner);
    expectFieldError(
      await call('POST', '/api/inventory/adjustments', owner, {
        date: '2026-11-21',
        warehouse_id: wh.id,
        type: 'NOPE',
        items: [{ catalog_id: a.id, change: 1 }],
      }),
      'type',
    );
    expectFieldError(
      await call('POST', '/api/inventory/adjustments', owner, {
        date: '2026-11-21',
        warehouse_id: wh.id,
        type: 'OTHER',
        items: [{ catalog_id: a.id, change: 0 }],
      }),
      'items.0.change',
    );
    expectFieldError(await call('GET', '/api/inventory/adjustments?status=DONE', owner), 'status');
    const adj = (
      await call('POST', '/api/inventory/adjustments', owner, {
        date: '2026-11-21',
        warehouse_id: wh.id,
        type: 'FOUND',
        items: [{ catalog_id: a.id, change: 2 }],
      })
    ).json();
    const reader = await newMember(app, owner, { 'stock-adjustment': 'READ' });
    expectError(await call('POST', `/api/inventory/adjustments/${adj.id}/post`, reader), 403, 'FORBIDDEN');
    expectError(
      await call('PUT', `/api/inventory/adjustments/${adj.id}`, reader, {
        date: '2026-11-21',
        warehouse_id: wh.id,
        type: 'OTHER',
        items: [{ catalog_id: a.id, change: 1 }],
      }),
      403,
      'FORBIDDEN',
    );
    expect((await call('GET', `/api/inventory/adjustments/${adj.id}`, reader)).statusCode).toBe(200);
    expectError(await call('GET', `/api/inventory/adjustments/${adj.id}`, other), 404, 'ADJUSTMENT_NOT_FOUND');
    expectError(
      await call('PUT', `/api/inventory/adjustments/${adj.id}`, other, {
        date: '2026-11-21',
        warehouse_id: wh.id,
        type: 'OTHER',
        items: [{ catalog_id: a.id, change: 1 }],
      }),
      404,
      'ADJUSTMENT_NOT_FOUND',
    );
    expectError(await call('POST', `/api/inventory/adjustments/${adj.id}/post`, other), 404, 'ADJUSTMENT_NOT_FOUND');
    expect((await call('GET', '/api/inventory/adjustments', other)).json().total_row).toBe(0);
  });
});

describe('public stock API', () => {
  it('reserves, releases, ships and returns all-or-nothing, idempotent by reference key; bundles reserve components', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const kopi = await newSku(app, owner);
    const gula = await newSku(app, owner);
    const paket = await newBundle(app, owner, [
      { catalog_id: kopi.id, quantity: 2 },
      { catalog_id: gula.id, quantity: 1 },
    ]);
    await receive(app, owner, wh.id, [
      { catalog_id: kopi.id, quantity: 10 },
      { catalog_id: gula.id, quantity: 3 },
    ]);
    const line = (catalogId: string, quantity: number) => ({ warehouseId: wh.id, catalogId, quantity });

    const reserved = await asActor(app, owner, (ctx) =>
      reserveStock(ctx, {
        referenceKey: 'SO-1:reserve',
        referenceType: 'ORDER',
        referenceId: 'SO-1',
        lines: [line(paket, 2), line(kopi.id, 1)],
      }),
    );
    expect(reserved.replayed).toBe(false);
    const replay = await asActor(app, owner, (ctx) =>
      reserveStock(ctx, {
        referenceKey: 'SO-1:reserve',
        referenceType: 'ORDER',
        referenceId: 'SO-1',
        lines: [line(paket, 2), line(kopi.id, 1)],
      }),
    );
    expect(replay).toEqual({ replayed: true, lines: [] });
    let list = (await call('GET', `/api/inventory?warehouse_id=${wh.id}`, owner)).json();
    const byId = (id: string) => list.items.find((i: { catalog_id: string }) => i.catalog_id === id);
    expect(byId(kopi.id)).toMatchObject({ on_hand: 10, in_order: 5, available: 5 });
    expect(byId(gula.id)).toMatchObject({ on_hand: 3, in_order: 2, available: 1 });

    // Two bundles need 2 gula: only 1 is left. Nothing of the order is reserved.
    const short = await rejected(
      asActor(app, owner, (ctx) =>
        reserveStock(ctx, { referenceKey: 'SO-2:reserve', referenceType: 'ORDER', lines: [line(kopi.id, 1), line(paket, 2)] }),
      ),
    );
    expect(short.code).toBe('INSUFFICIENT_STOCK');
    expect(
      (
        await rejected(
          asActor(app, owner, (ctx) =>
            releaseStock(ctx, { referenceKey: 'SO-1:reserve', referenceType: 'ORDER', lines: [line(kopi.id, 1)] }),
          ),
        )
      ).code,
    ).toBe('STOCK_REFERENCE_CONFLICT');
    expect(
      (
        await rejected(
          asActor(app, owner, (ctx) =>
            releaseStock(ctx, { referenceKey: 'SO-9:release', referenceType: 'ORDER', lines: [line(kopi.id, 6)] }),
          ),
        )
      ).code,
    ).toBe('INSUFFICIENT_STOCK');

    await asActor(app, owner, (ctx) => shipStock(ctx, { referenceKey: 'SO-1:ship', referenceType: 'ORDER', lines: [line(paket, 1)] }));
    await asActor(app, owner, (ctx) =>
      releaseStock(ctx, { referenceKey: 'SO-1:release', referenceType: 'ORDER', lines: [line(paket, 1), line(kopi.id, 1)] }),
    );
    await asActor(app, owner, (ctx) =>
      returnStock(ctx, { referenceKey: 'SO-1:return', referenceType: 'ORDER', lines: [line(gula.id, 1)] }),
    );
    list = (await call('GET', `/api/inventory?warehouse_id=${wh.id}`, owner)).json();
    expect(byId(kopi.id)).toMatchObject({ on_hand: 8, in_order: 0 });
    expect(byId(gula.id)).toMatchObject({ on_hand: 3, in_order: 0 });
    const types = (await call('GET', `/api/inventory/movements?catalog_id=${kopi.id}&sort=at`, owner))
      .json()
      .items.map((m: { type: string }) => m.type);
    expect(types).toEqual(['RECEIPT', 'RESERVE', 'SHIP', 'RELEASE']);
    await asActor(app, owner, async (ctx) => expect(await ledgerMismatches(ctx)).toEqual([]));
  });
});

describe('standalone stock API (each call its own transaction)', () => {
  it('applies a one-line reservation once, writes nothing when refused, and takes the general path for bundles', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const kopi = await newSku(app, owner);
    const gula = await newSku(app, owner);
    const paket = await newBundle(app, owner, [
      { catalog_id: kopi.id, quantity: 2 },
      { catalog_id: gula.id, quantity: 1 },
    ]);
    await receive(app, owner, wh.id, [
      { catalog_id: kopi.id, quantity: 5 },
      { catalog_id: gula.id, quantity: 2 },
    ]);
    const stock = standaloneStock(app.platform, owner.workspaceId, owner.userId);
    const line = (catalogId: string, quantity: number) => [{ warehouseId: wh.id, catalogId, quantity }];
    const balance = async (catalogId: string) => {
      const list = (await call('GET', `/api/inventory?warehouse_id=${wh.id}`, owner)).json();
      return list.items.find((i: { catalog_id: string }) => i.catalog_id === catalogId);
    };

    expect(await stock.reserve({ referenceKey: 'SO-1:reserve', referenceType: 'ORDER', lines: line(kopi.id, 2) })).toEqual({
      replayed: false,
      lines: [{ warehouseId: wh.id, catalogId: kopi.id, quantity: 2, onHandAfter: 5, inOrderAfter: 2 }],
    });
    expect(await stock.reserve({ referenceKey: 'SO-1:reserve', referenceType: 'ORDER', lines: line(kopi.id, 2) })).toEqual({
      replayed: true,
      lines: [],
    });
    expect((await rejected(stock.release({ referenceKey: 'SO-1:reserve', referenceType: 'ORDER', lines: line(kopi.id, 2) }))).code).toBe(
      'STOCK_REFERENCE_CONFLICT',
    );
    expect(await balance(kopi.id)).toMatchObject({ on_hand: 5, in_order: 2, available: 3 });

    // Refused for lack of stock: neither the balance nor the key is written, so the same key succeeds once stock comes.
    expect((await rejected(stock.reserve({ referenceKey: 'SO-2:reserve', referenceType: 'ORDER', lines: line(kopi.id, 4) }))).code).toBe(
      'INSUFFICIENT_STOCK',
    );
    expect(await balance(kopi.id)).toMatchObject({ in_order: 2 });
    await stock.receive({ referenceKey: 'PO-7', referenceType: 'PURCHASE', lines: line(kopi.id, 10) });
    expect((await stock.reserve({ referenceKey: 'SO-2:reserve', referenceType: 'ORDER', lines: line(kopi.id, 4) })).replayed).toBe(false);

    // A one-line bundle reserves its components; ship and release take the hot path too.
    await stock.reserve({ referenceKey: 'SO-3:reserve', referenceType: 'ORDER', lines: line(paket, 2) });
    expect(await balance(gula.id)).toMatchObject({ on_hand: 2, in_order: 2 });
    await stock.ship({ referenceKey: 'SO-1:ship', referenceType: 'ORDER', lines: line(kopi.id, 2) });
    await stock.release({ referenceKey: 'SO-2:release', referenceType: 'ORDER', lines: line(kopi.id, 4) });
    expect(await balance(kopi.id)).toMatchObject({ on_hand: 13, in_order: 4 });
    expect(
      (
        await rejected(
          stock.reserve({ referenceKey: 'SO-4', referenceType: 'ORDER', lines: [{ warehouseId: wh.id, catalogId: kopi.id, quantity: 0 }] }),
        )
      ).code,
    ).toBe('VALIDATION_FAILED');
    await asActor(app, owner, async (ctx) => expect(await ledgerMismatches(ctx)).toEqual([]));

    // Another workspace cannot reach this workspace's stock through the one-statement path.
    const other = await newWorkspace(app);
    const theirs = standaloneStock(app.platform, other.workspaceId, other.userId);
    expect((await rejected(theirs.reserve({ referenceKey: 'X-1', referenceType: 'ORDER', lines: line(kopi.id, 1) }))).code).toBe(
      'CATALOG_NOT_FOUND',
    );
    expect(await balance(kopi.id)).toMatchObject({ in_order: 4 });
  });
});

describe('inventory list v2', () => {
  it('pages by warehouse, state, catalog and sort with default page 1 and size 10, and counts each stock state', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const wh2 = await newWarehouse(app, owner);
    const skus: Awaited<ReturnType<typeof newSku>>[] = [];
    for (let i = 0; i < 12; i += 1) skus.push(await newSku(app, owner));
    await receive(
      app,
      owner,
      wh.id,
      skus.map((s, i) => ({ catalog_id: s.id, quantity: i + 1 })),
    );
    await receive(app, owner, wh2.id, [{ catalog_id: skus[0]!.id, quantity: 2 }]);
    // Out of stock: everything reserved. Minus stock: safety stock above what is left.
    await asActor(app, owner, (ctx) =>
      reserveStock(ctx, {
        referenceKey: 'o:1',
        referenceType: 'ORDER',
        lines: [{ warehouseId: wh.id, catalogId: skus[0]!.id, quantity: 1 }],
      }),
    );
    const channel = await newChannel(app, owner);
    await call('POST', '/api/inventory/stock-allocation', owner, {
      warehouse_id: wh.id,
      catalog_id: skus[1]!.id,
      safety_stock: 5,
      rules: [{ channel_id: channel, mode: 'PERCENTAGE', value: 50 }],
    });

    const first = (await call('GET', '/api/inventory', owner)).json();
    expect(first).toMatchObject({ page: 1, size: 10, total_row: 13, counts: { all: 13, in_stock: 11, out_of_stock: 1, minus_stock: 1 } });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({ unit: 'PCS', stock_state: expect.any(String) });
    const minus = (await call('GET', '/api/inventory?status=MINUS_STOCK', owner)).json();
    expect(minus).toMatchObject({
      total_row: 1,
      items: [{ catalog_id: skus[1]!.id, on_hand: 2, safety_stock: 5, allocatable: -3, available: -3, stock_state: 'MINUS_STOCK' }],
    });
    expect((await call('GET', `/api/inventory?warehouse_id=${wh2.id}`, owner)).json()).toMatchObject({ total_row: 1, counts: { all: 1 } });
    const sorted = (await call('GET', `/api/inventory?warehouse_id=${wh.id}&sort=-available&size=3&page=1`, owner)).json();
    expect(sorted.items.map((i: { available: number }) => i.available)).toEqual([12, 11, 10]);
    expect((await call('GET', `/api/inventory?catalog_id=${skus[0]!.id}`, owner)).json().total_row).toBe(2);
    expect((await call('GET', `/api/inventory?catalog_id=${skus[3]!.id}`, owner)).json().items[0]).toMatchObject({
      sku: skus[3]!.sku,
      warehouse_name: expect.stringContaining('Gudang'),
    });
    expectFieldError(await call('GET', '/api/inventory?status=LOW', owner), 'status');
    expectFieldError(await call('GET', '/api/inventory?sort=sku', owner), 'sort');
    expectFieldError(await call('GET', '/api/inventory?page=0', owner), 'page');
    const other = await newWorkspace(app);
    expectError(await call('GET', `/api/inventory?warehouse_id=${wh.id}`, other), 404, 'WAREHOUSE_NOT_FOUND');
    expect((await call('GET', '/api/inventory', other)).json()).toMatchObject({ total_row: 0, counts: { all: 0 } });
    const mover = await newMember(app, owner, { 'stock-movement': 'READ' });
    expectError(await call('GET', '/api/inventory', mover), 403, 'FORBIDDEN');
    expect((await call('GET', '/api/inventory/movements', mover)).statusCode).toBe(200);
    expectFieldError(await call('GET', '/api/inventory/movements?type=SOLD', mover), 'type');
  });
});

describe('units', () => {
  it('shows stock in the product’s base unit', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const product = await createProduct(
      app,
      owner,
      singleForm({ base_unit: 'DUS', catalogs: [{ sku: uniqueSku('DUS'), price: 120_000 }] }),
    );
    const catalogId = product.catalogs[0]!.id;
    await receive(app, owner, wh.id, [{ catalog_id: catalogId, quantity: 5 }]);
    expect((await call('GET', `/api/inventory?catalog_id=${catalogId}`, owner)).json().items[0]).toMatchObject({ unit: 'DUS', on_hand: 5 });
    expect((await call('GET', `/api/inventory/catalogs/${catalogId}`, owner)).json()).toMatchObject({
      unit: 'DUS',
      totals: { on_hand: 5 },
    });
  });
});

/** A workspace with a second business and one SKU: 3 units in a warehouse of the first business (mine), 4 in one of the second (theirs). */
async function twoBusinessesWithStock() {
  const owner = await newWorkspace(app);
  const other = (await call('POST', '/api/businesses', owner, { name: 'Kedai Kopi' })).json();
  const mine = await newWarehouse(app, owner);
  const theirs = await newWarehouse(app, owner);
  await app.platform.database.db.update(warehouses).set({ businessId: other.id }).where(eq(warehouses.id, theirs.id));
  const sku = await newSku(app, owner);
  await receive(app, owner, mine.id, [{ catalog_id: sku.id, quantity: 3 }]);
  await receive(app, owner, theirs.id, [{ catalog_id: sku.id, quantity: 4 }]);
  return { owner, other, mine, theirs, sku };
}

describe('business chosen in the top bar', () => {
  it('narrows the inventory, movement and document lists to that business’s warehouses', async () => {
    const { owner, other, theirs } = await twoBusinessesWithStock();
    const inOther = { 'business-id': other.id };
    expect((await call('GET', '/api/inventory', owner, undefined, inOther)).json()).toMatchObject({
      total_row: 1,
      items: [{ warehouse_id: theirs.id, on_hand: 4 }],
    });
    expect(
      (await call('GET', '/api/inventory/movements', owner, undefined, inOther))
        .json()
        .items.map((m: { warehouse_id: string }) => m.warehouse_id),
    ).toEqual([theirs.id]);
    expect((await call('GET', '/api/inventory/goods-receipts', owner, undefined, inOther)).json().total_row).toBe(1);
    expect((await call('GET', '/api/inventory', owner)).json().total_row).toBe(2);
  });

  it('narrows every other inventory list too: inbound, adjustments, the SKU drawer, allocation and the export', async () => {
    const { owner, other, mine, theirs, sku } = await twoBusinessesWithStock();
    const inOther = { 'business-id': other.id };
    const inMine = { 'business-id': owner.businessId };
    for (const wh of [mine, theirs]) {
      const res = await call('POST', '/api/inventory/adjustments', owner, {
        date: '2026-11-21',
        warehouse_id: wh.id,
        type: 'LOST',
        items: [{ catalog_id: sku.id, change: -1 }],
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const warehousesOf = (res: { json: () => { items: { warehouse_id: string }[] } }) => res.json().items.map((r) => r.warehouse_id);
    expect(warehousesOf(await call('GET', '/api/inventory/inbound', owner, undefined, inOther))).toEqual([theirs.id]);
    expect(warehousesOf(await call('GET', '/api/inventory/adjustments', owner, undefined, inOther))).toEqual([theirs.id]);
    expect(warehousesOf(await call('GET', '/api/inventory/adjustments', owner, undefined, inMine))).toEqual([mine.id]);
    expect((await call('GET', '/api/inventory/adjustments', owner)).json().total_row).toBe(2);
    // The stock drawer of one SKU: the warehouses of the chosen business only.
    const drawer = (await call('GET', `/api/inventory/catalogs/${sku.id}`, owner, undefined, inOther)).json();
    expect(drawer.warehouses.map((w: { warehouse_id: string }) => w.warehouse_id)).toEqual([theirs.id]);
    expect(drawer.totals).toMatchObject({ on_hand: 4 });
    // Allocation is per warehouse: one of another business is not on this screen.
    expect((await call('GET', `/api/inventory/stock-allocation?warehouse_id=${theirs.id}`, owner, undefined, inOther)).statusCode).toBe(
      200,
    );
    expectError(
      await call('GET', `/api/inventory/stock-allocation?warehouse_id=${mine.id}`, owner, undefined, inOther),
      404,
      'WAREHOUSE_NOT_FOUND',
    );
    // The export holds the rows of the list the user saw.
    const started = await call('POST', '/api/inventory/exports', owner, {}, inOther);
    expect(started.statusCode, started.body).toBe(202);
    await runInventoryExport(app.platform, { workspaceId: owner.workspaceId, exportId: started.json().id });
    expect((await call('GET', `/api/inventory/exports/${started.json().id}`, owner)).json()).toMatchObject({
      status: 'DONE',
      row_count: 1,
    });
  });
});

describe('transfer between warehouses', () => {
  it('moves available stock with both sides in the ledger under one TRF number, all lines or none', async () => {
    const owner = await newWorkspace(app);
    const from = await newWarehouse(app, owner);
    const to = await newWarehouse(app, owner);
    const a = await newSku(app, owner);
    const b = await newSku(app, owner);
    await receive(app, owner, from.id, [
      { catalog_id: a.id, quantity: 10 },
      { catalog_id: b.id, quantity: 2 },
    ]);
    await asActor(app, owner, (ctx) =>
      reserveStock(ctx, { referenceKey: 'o:t', referenceType: 'ORDER', lines: [{ warehouseId: from.id, catalogId: a.id, quantity: 4 }] }),
    );

    const res = await call('POST', '/api/inventory/transfers', owner, {
      from_warehouse_id: from.id,
      to_warehouse_id: to.id,
      note: 'Isi ulang toko',
      lines: [{ catalog_id: a.id, quantity: 6 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      number: 'TRF-000001',
      note: 'Isi ulang toko',
      lines: [{ catalog_id: a.id, sku: a.sku, quantity: 6, from_on_hand_after: 4, to_on_hand_after: 6 }],
    });
    const moves = (await call('GET', '/api/inventory/movements?type=TRANSFER', owner)).json().items;
    expect(
      moves
        .map((m: { warehouse_id: string; quantity: number; reference_id: string }) => [m.warehouse_id, m.quantity, m.reference_id])
        .sort(),
    ).toEqual(
      [
        [from.id, -6, 'TRF-000001'],
        [to.id, 6, 'TRF-000001'],
      ].sort(),
    );

    // 4 of the 4 left are reserved: nothing of A may move, and B's line does not move either.
    const refused = await call('POST', '/api/inventory/transfers', owner, {
      from_warehouse_id: from.id,
      to_warehouse_id: to.id,
      lines: [
        { catalog_id: b.id, quantity: 2 },
        { catalog_id: a.id, quantity: 1 },
      ],
    });
    expectError(refused, 409, 'INSUFFICIENT_STOCK');
    expect(refused.json().details.fields).toEqual([expect.objectContaining({ path: 'lines.1.quantity' })]);
    const detail = (await call('GET', `/api/inventory/catalogs/${b.id}`, owner)).json();
    expect(detail.warehouses.map((w: { warehouse_id: string; on_hand: number }) => [w.warehouse_id, w.on_hand])).toEqual([[from.id, 2]]);
    expect(await asActor(app, owner, (ctx) => ledgerMismatches(ctx))).toEqual([]);
  });

  it('answers 400 with field details, 403 without WRITE and 404 on the field for another workspace’s warehouse', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const sku = await newSku(app, owner);
    const same = await call('POST', '/api/inventory/transfers', owner, {
      from_warehouse_id: wh.id,
      to_warehouse_id: wh.id,
      lines: [{ catalog_id: sku.id, quantity: 1 }],
    });
    expectFieldError(same, 'to_warehouse_id');
    expect(same.json().details.fields[0].code).toBe('SAME_WAREHOUSE');
    expectFieldError(
      await call('POST', '/api/inventory/transfers', owner, { from_warehouse_id: wh.id, to_warehouse_id: 'x', lines: [] }),
      'to_warehouse_id',
    );
    expectFieldError(
      await call('POST', '/api/inventory/transfers', owner, {
        from_warehouse_id: wh.id,
        to_warehouse_id: wh.id,
        lines: [{ catalog_id: sku.id, quantity: 0 }],
      }),
      'lines.0.quantity',
    );
    const other = await newWorkspace(app);
    const theirs = await newWarehouse(app, other);
    const foreign = await call('POST', '/api/inventory/transfers', owner, {
      from_warehouse_id: wh.id,
      to_warehouse_id: theirs.id,
      lines: [{ catalog_id: sku.id, quantity: 1 }],
    });
    expectError(foreign, 404, 'WAREHOUSE_NOT_FOUND');
    expect(foreign.json().details.fields).toEqual([expect.objectContaining({ path: 'to_warehouse_id' })]);
    const reader = await newMember(app, owner, { 'list-inventory': 'READ' });
    const to = await newWarehouse(app, owner);
    expectError(
      await call('POST', '/api/inventory/transfers', reader, {
        from_warehouse_id: wh.id,
        to_warehouse_id: to.id,
        lines: [{ catalog_id: sku.id, quantity: 1 }],
      }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('restricted members', () => {
  it('show a business-restricted member the stock and movements of its businesses’ warehouses only', async () => {
    const { owner, mine, theirs, sku } = await twoBusinessesWithStock();
    const member = await newMember(app, owner, { 'list-inventory': 'READ', 'stock-movement': 'READ', 'goods-receipt': 'READ' });
    await app.platform.database.db
      .update(memberships)
      .set({ restrictionBase: 'BUSINESS', restrictionList: [owner.businessId] })
      .where(eq(memberships.userId, member.userId));

    const list = (await call('GET', '/api/inventory', member)).json();
    expect(list).toMatchObject({ total_row: 1, items: [{ warehouse_id: mine.id, on_hand: 3 }] });
    expect(
      (await call('GET', `/api/inventory/catalogs/${sku.id}`, member))
        .json()
        .warehouses.map((i: { warehouse_id: string }) => i.warehouse_id),
    ).toEqual([mine.id]);
    expect(
      (await call('GET', '/api/inventory/movements', member)).json().items.map((i: { warehouse_id: string }) => i.warehouse_id),
    ).toEqual([mine.id]);
    expect((await call('GET', '/api/inventory/goods-receipts', member)).json().total_row).toBe(1);
    expectError(await call('GET', `/api/inventory?warehouse_id=${theirs.id}`, member), 404, 'WAREHOUSE_NOT_FOUND');
  });
});

describe('allocation per channel', () => {
  it('saves rules per channel and warehouse and explains each quantity in the caller’s language', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const a = await newSku(app, owner);
    await receive(app, owner, wh.id, [{ catalog_id: a.id, quantity: 12 }]);
    const shopee = await newChannel(app, owner, 'Shopee Kelola');
    const tokped = await newChannel(app, owner, 'Tokopedia Kelola');
    const saved = await call(
      'POST',
      '/api/inventory/stock-allocation',
      owner,
      {
        warehouse_id: wh.id,
        catalog_id: a.id,
        safety_stock: 2,
        rules: [
          { channel_id: shopee, mode: 'PERCENTAGE', value: 70, buffer: 0 },
          { channel_id: tokped, mode: 'QUANTITY', value: 4, buffer: 1 },
        ],
      },
      { 'accept-language': 'en' },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const byChannel = Object.fromEntries(saved.json().rules.map((r: { channel_id: string }) => [r.channel_id, r]));
    expect(saved.json()).toMatchObject({ available: 10, safety_stock: 2 });
    expect(byChannel[shopee]).toMatchObject({
      channel_name: 'Shopee Kelola',
      quantity: 7,
      explanation: '7 = 10 available × 70%, rounded down, minus buffer 0',
    });
    expect(byChannel[tokped]).toMatchObject({ quantity: 3, explanation: '3 = fixed 4, minus buffer 1' });
    const id = await call('GET', `/api/inventory/stock-allocation?warehouse_id=${wh.id}&catalog_id=${a.id}`, owner, undefined, {
      'accept-language': 'id',
    });
    expect(id.json().rules.find((r: { channel_id: string }) => r.channel_id === shopee).explanation).toBe(
      '7 = 10 tersedia × 70%, dibulatkan ke bawah, dikurangi buffer 0',
    );
    expect((await call('GET', `/api/inventory/stock-allocation?warehouse_id=${wh.id}`, owner)).json()).toMatchObject({
      available: null,
      rules: [{ quantity: null }, { quantity: null }],
    });

    expectFieldError(
      await call('POST', '/api/inventory/stock-allocation', owner, {
        warehouse_id: wh.id,
        rules: [{ channel_id: shopee, mode: 'PERCENTAGE', value: 120 }],
      }),
      'rules.0.value',
    );
    expectFieldError(
      await call('POST', '/api/inventory/stock-allocation', owner, { warehouse_id: wh.id, safety_stock: 1, rules: [] }),
      'catalog_id',
    );
    expectFieldError(await call('GET', '/api/inventory/stock-allocation', owner), 'warehouse_id');
    const other = await newWorkspace(app);
    const theirChannel = await newChannel(app, other);
    expectError(
      await call('POST', '/api/inventory/stock-allocation', owner, {
        warehouse_id: wh.id,
        rules: [{ channel_id: theirChannel, mode: 'QUANTITY', value: 1 }],
      }),
      404,
      'CHANNEL_NOT_FOUND',
    );
    expectError(await call('GET', `/api/inventory/stock-allocation?warehouse_id=${wh.id}`, other), 404, 'WAREHOUSE_NOT_FOUND');
    const reader = await newMember(app, owner, { 'stock-allocation': 'READ' });
    expectError(await call('POST', '/api/inventory/stock-allocation', reader, { warehouse_id: wh.id, rules: [] }), 403, 'FORBIDDEN');
    expect((await call('GET', `/api/inventory/stock-allocation?warehouse_id=${wh.id}`, reader)).statusCode).toBe(200);
  });
});

describe('stock set aside for a channel', () => {
  it('moves stock from available to allocated, lets only that channel’s orders use it, and records each change', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const kopi = await newSku(app, owner);
    await receive(app, owner, wh.id, [{ catalog_id: kopi.id, quantity: 10 }]);
    const shopee = await newChannel(app, owner, 'Shopee Kelola');
    const tiktok = await newChannel(app, owner, 'TikTok Kelola');
    const setAside = (channel_id: string, quantity: number | string, as = owner) =>
      call('PUT', '/api/inventory/set-asides', as, { warehouse_id: wh.id, catalog_id: kopi.id, channel_id, quantity });
    const balance = async () => (await call('GET', `/api/inventory?warehouse_id=${wh.id}`, owner)).json().items[0];

    await call('POST', '/api/inventory/stock-allocation', owner, {
      warehouse_id: wh.id,
      rules: [{ channel_id: shopee, mode: 'PERCENTAGE', value: 50 }],
    });
    const saved = await setAside(shopee, 4);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      available: 6,
      rules: [
        {
          channel_id: shopee,
          quantity: 7,
          explanation: '7 = 6 tersedia × 50%, dibulatkan ke bawah, dikurangi buffer 0, ditambah 4 disisihkan',
        },
      ],
    });
    expect(saved.json().set_asides).toEqual(
      expect.arrayContaining([
        { channel_id: shopee, channel_name: 'Shopee Kelola', quantity: 4 },
        { channel_id: tiktok, channel_name: 'TikTok Kelola', quantity: 0 },
      ]),
    );
    expect(await balance()).toMatchObject({ on_hand: 10, allocated: 4, allocatable: 10, available: 6 });
    const short = await setAside(tiktok, 7);
    expectError(short, 409, 'INSUFFICIENT_STOCK');
    expect(short.json().details.fields).toEqual([expect.objectContaining({ path: 'quantity', code: 'INSUFFICIENT_STOCK' })]);

    // Another channel's order sees only what is available; the channel's own order uses its set-aside stock first.
    const line = [{ warehouseId: wh.id, catalogId: kopi.id, quantity: 7 }];
    expect(
      (
        await rejected(
          asActor(app, owner, (ctx) => reserveStock(ctx, { referenceKey: 'TT-1', referenceType: 'ORDER', channelId: tiktok, lines: line })),
        )
      ).code,
    ).toBe('INSUFFICIENT_STOCK');
    await asActor(app, owner, (ctx) => reserveStock(ctx, { referenceKey: 'SP-1', referenceType: 'ORDER', channelId: shopee, lines: line }));
    expect(await balance()).toMatchObject({ on_hand: 10, in_order: 7, allocated: 0, available: 3 });
    expect(
      (await call('GET', `/api/inventory/stock-allocation?warehouse_id=${wh.id}&catalog_id=${kopi.id}`, owner)).json().set_asides,
    ).toContainEqual({ channel_id: shopee, channel_name: 'Shopee Kelola', quantity: 0 });

    // Set-aside stock cannot be adjusted away; giving it back (0) makes it available again.
    await setAside(tiktok, 2);
    expectFieldError(
      await call('POST', '/api/inventory/adjustments', owner, {
        date: '2026-11-22',
        warehouse_id: wh.id,
        type: 'DAMAGED',
        items: [{ catalog_id: kopi.id, change: -2 }],
      }),
      'items.0.change',
    );
    expect((await setAside(tiktok, 0)).json().set_asides).toContainEqual({
      channel_id: tiktok,
      channel_name: 'TikTok Kelola',
      quantity: 0,
    });
    expect(await balance()).toMatchObject({ allocated: 0, available: 3 });

    const moves = (await call('GET', `/api/inventory/movements?catalog_id=${kopi.id}&sort=at`, owner)).json().items;
    expect(moves.map((m: { type: string; quantity: number }) => `${m.type} ${m.quantity}`)).toEqual([
      'RECEIPT 10',
      'ALLOCATION 4',
      'RESERVE 7',
      'ALLOCATION 2',
      'ALLOCATION -2',
    ]);
    expect(moves[1]).toMatchObject({
      allocated_before: 0,
      allocated_after: 4,
      channel_id: shopee,
      channel_name: 'Shopee Kelola',
      on_hand_before: 10,
      on_hand_after: 10,
    });
    expect(moves[2]).toMatchObject({
      allocated_before: 4,
      allocated_after: 0,
      channel_name: 'Shopee Kelola',
      in_order_before: 0,
      in_order_after: 7,
    });
    expect(moves[0]).toMatchObject({ allocated_before: null, channel_id: null });
    await asActor(app, owner, async (ctx) => expect(await ledgerMismatches(ctx)).toEqual([]));

    expectFieldError(await setAside(shopee, -1), 'quantity');
    expectFieldError(await setAside(shopee, 'lima'), 'quantity');
    const unknownSku = await call('PUT', '/api/inventory/set-asides', owner, {
      warehouse_id: wh.id,
      catalog_id: '01a20000-0000-7000-8000-000000000000',
      channel_id: shopee,
      quantity: 1,
    });
    expectError(unknownSku, 404, 'CATALOG_NOT_FOUND');
    expect(unknownSku.json().details.fields[0].path).toBe('catalog_id');
    const other = await newWorkspace(app);
    expectError(await setAside(await newChannel(app, other), 1), 404, 'CHANNEL_NOT_FOUND');
    expectError(await setAside(shopee, 1, other), 404, 'WAREHOUSE_NOT_FOUND');
    const reader = await newMember(app, owner, { 'stock-allocation': 'READ' });
    expectError(await setAside(shopee, 1, reader), 403, 'FORBIDDEN');
  });
});

describe('allocation rules', () => {
  it('refuse a second rule for the same channel and percentages above 100% in all, on the field', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const shopee = await newChannel(app, owner);
    const tiktok = await newChannel(app, owner);
    const twice = await call('POST', '/api/inventory/stock-allocation', owner, {
      warehouse_id: wh.id,
      rules: [
        { channel_id: shopee, mode: 'PERCENTAGE', value: 50 },
        { channel_id: shopee, mode: 'QUANTITY', value: 5 },
      ],
    });
    expectFieldError(twice, 'rules.1.channel_id');
    expect(twice.json().details.fields[0]).toMatchObject({ code: 'DUPLICATE_CHANNEL', message: 'Kanal ini sudah memiliki aturan.' });
    const over = await call('POST', '/api/inventory/stock-allocation', owner, {
      warehouse_id: wh.id,
      rules: [
        { channel_id: shopee, mode: 'PERCENTAGE', value: 70 },
        { channel_id: tiktok, mode: 'PERCENTAGE', value: 40 },
      ],
    });
    expectFieldError(over, 'rules');
    expect(over.json().details.fields[0].code).toBe('PERCENTAGE_TOTAL');
  });
});

describe('warehouse stock sync', () => {
  it('reports ONPROGRESS until each warehouse’s job ends, then lists success and error warehouses', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const wh2 = await newWarehouse(app, owner);
    const a = await newSku(app, owner);
    await receive(app, owner, wh.id, [{ catalog_id: a.id, quantity: 3 }]);
    const started = await call('POST', '/api/inventory/sync-stock', owner, { warehouse_ids: [wh.id, wh2.id] });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ in_progress: true, success: [], error: [] });
    expect(started.json().items.map((i: { status: string }) => i.status)).toEqual(['ONPROGRESS', 'ONPROGRESS']);
    // Starting again while in progress keeps the same runs.
    const again = (await call('POST', '/api/inventory/sync-stock', owner, { warehouse_ids: [wh.id] })).json();
    const run1 = started.json().items.find((i: { warehouse_id: string }) => i.warehouse_id === wh.id).run_id;
    expect(again.items[0].run_id).toBe(run1);

    // JOBS=false in tests: run the handler the worker would run. A run whose job breaks ends FAILED.
    await runStockSync(app.platform, { workspaceId: owner.workspaceId, runId: run1 });
    let poll = (await call('GET', `/api/inventory/sync-stock?warehouse_ids=${wh.id},${wh2.id}`, owner)).json();
    expect(poll.in_progress).toBe(true);
    const run2 = started.json().items.find((i: { warehouse_id: string }) => i.warehouse_id === wh2.id).run_id;
    await app.platform.database.db.execute(
      `update stock_sync_runs set status = 'FAILED', error = 'push failed', finished_at = now() where id = '${run2}'`,
    );
    poll = (await call('GET', `/api/inventory/sync-stock?warehouse_ids=${wh.id},${wh2.id}`, owner)).json();
    expect(poll).toMatchObject({ in_progress: false, success: [wh.id], error: [wh2.id] });
    expect(poll.items.find((i: { warehouse_id: string }) => i.warehouse_id === wh.id)).toMatchObject({ status: 'SUCCESS', sku_count: 1 });

    expectFieldError(await call('POST', '/api/inventory/sync-stock', owner, { warehouse_ids: [] }), 'warehouse_ids');
    const other = await newWorkspace(app);
    expectError(await call('POST', '/api/inventory/sync-stock', other, { warehouse_ids: [wh.id] }), 404, 'WAREHOUSE_NOT_FOUND');
    expect((await call('GET', `/api/inventory/sync-stock?warehouse_ids=${wh.id}`, other)).json()).toMatchObject({
      in_progress: false,
      items: [],
    });
    const reader = await newMember(app, owner, { 'list-inventory': 'READ' });
    expectError(await call('POST', '/api/inventory/sync-stock', reader, { warehouse_ids: [wh.id] }), 403, 'FORBIDDEN');
  });
});

describe('inventory export', () => {
  it('queues an XLSX export recorded in the export history and serves the file', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const a = await newSku(app, owner);
    await receive(app, owner, wh.id, [{ catalog_id: a.id, quantity: 3 }]);
    const res = await call('POST', '/api/inventory/exports', owner, { warehouse_id: wh.id });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ type: 'INVENTORY', status: 'PROCESSING' });
    expectError(await call('GET', `/api/inventory/exports/${res.json().id}/file`, owner), 409, 'FILE_NOT_READY');
    await runInventoryExport(app.platform, { workspaceId: owner.workspaceId, exportId: res.json().id });
    expect((await call('GET', `/api/inventory/exports/${res.json().id}`, owner)).json()).toMatchObject({ status: 'DONE', row_count: 1 });
    const file = await call('GET', `/api/exports/${res.json().id}/file`, owner);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const history = (await call('GET', '/api/exports?type=INVENTORY', owner)).json();
    expect(history.total_row).toBe(1);
    // The export history says what was asked (not the scope the server added) and by whom.
    expect(history.items[0].filters).toEqual({ warehouse_id: wh.id });
    expect(history.items[0].requested_by_name).toEqual(expect.any(String));
    // Whoever may export the inventory may download the file, without the export history's permission.
    const stockReader = await newMember(app, owner, { 'list-inventory': 'READ' });
    const own = await call('GET', `/api/inventory/exports/${res.json().id}/file`, stockReader);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toContain('.xlsx');
    expectError(await call('GET', `/api/exports/${res.json().id}/file`, stockReader), 403, 'FORBIDDEN');

    expectFieldError(await call('POST', '/api/inventory/exports', owner, { status: 'LOW' }), 'status');
    const other = await newWorkspace(app);
    expectError(await call('GET', `/api/inventory/exports/${res.json().id}`, other), 404, 'EXPORT_NOT_FOUND');
    expectError(await call('GET', `/api/inventory/exports/${res.json().id}/file`, other), 404, 'EXPORT_NOT_FOUND');
    const outsider = await newMember(app, owner, { 'goods-receipt': 'READ' });
    expectError(await call('POST', '/api/inventory/exports', outsider, {}), 403, 'FORBIDDEN');
  });
});
