/**
 * The batched marketplace order import (ADR 0045) against the one-order path: the same orders imported both ways
 * into two workspaces set up alike must leave the same orders, lines, timelines, counts, stock balances, ledger and
 * idempotency claims (ids aside). Then a replay of the batch changes nothing, and a batch never reserves below zero.
 * Runs on PGlite and, with KELOLA_TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importMarketplaceOrder,
  importMarketplaceOrders,
  type ImportConnection,
  type ImportItem,
  type ImportOutcome,
} from '../../src/flows/import-marketplace-order.ts';
import { jobCtx } from '../../src/platform/system-ctx.ts';
import type { MarketplaceOrder } from '../../src/modules/channels/index.ts';
import {
  applyStockPlan,
  ledgerMismatches,
  planStockBatch,
  receiveStock,
  reserveStock,
  reserveStockBatch,
  StockPlanChanged,
  withdrawStockClaims,
} from '../../src/modules/inventory/index.ts';
import type { OrderActor } from '../../src/modules/orders/index.ts';
import { inTenant } from '../../src/platform/db/database.ts';
import { newWorkspace, type Actor } from '../factories.ts';
import { asActor, newBundle, newChannel, newSku } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { newWarehouse } from '../workspaces/helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
}, 180_000);
afterAll(async () => app?.close());

type Role = 'A' | 'B' | 'C' | 'P';
type Shop = { owner: Actor; connection: ImportConnection; sku: Record<Role, string> };

/** A workspace with one warehouse, SKUs A (5 in stock), B (100), C (none), bundle P (A×1 + B×2) and a shop. */
async function shop(): Promise<Shop> {
  const owner = await newWorkspace(app);
  const wh = await newWarehouse(app, owner);
  const a = await newSku(app, owner);
  const b = await newSku(app, owner);
  const c = await newSku(app, owner);
  const bundleId = await newBundle(app, owner, [
    { catalog_id: a.id, quantity: 1 },
    { catalog_id: b.id, quantity: 2 },
  ]);
  const { rows } = (await app.platform.database.query('select sku from catalogs where id = $1', [bundleId])) as { rows: { sku: string }[] };
  await asActor(app, owner, (ctx) =>
    receiveStock(ctx, {
      referenceKey: 'seed',
      referenceType: 'TEST',
      lines: [
        { warehouseId: wh.id, catalogId: a.id, quantity: 5 },
        { warehouseId: wh.id, catalogId: b.id, quantity: 100 },
      ],
    }),
  );
  const channel = await newChannel(app, owner);
  return {
    owner,
    connection: { id: channel, marketplace: 'shopee', businessId: owner.businessId },
    sku: { A: a.sku, B: b.sku, C: c.sku, P: rows[0]!.sku },
  };
}

const base = Date.UTC(2026, 10, 20, 3);
function order(
  s: Shop,
  n: number,
  rawStatus: string,
  items: [Role | 'UNMAPPED', number][],
  extra: Partial<MarketplaceOrder> = {},
): MarketplaceOrder {
  const lines = items.map(([role, quantity], j) => ({
    itemId: `I${n}-${j}`,
    productId: `P${n}`,
    skuId: `S${j}`,
    sellerSku: role === 'UNMAPPED' ? 'TIDAK-ADA' : s.sku[role],
    name: `Barang ${role}`,
    quantity,
    price: 20_000 + j * 1_000,
  }));
  return {
    orderId: `BATCH-${n}`,
    status: 'new',
    rawStatus,
    createdAt: base + n * 60_000,
    updatedAt: base + n * 60_000 + 1_000,
    buyerName: `pembeli${n}`,
    recipient: { name: `Pembeli ${n}`, phone: `6281200000${n}`, address: `Jl. Mawar ${n}`, city: 'Kota Bandung' },
    items: lines,
    totalAmount: lines.reduce((t, l) => t + l.quantity * l.price, 0) + 10_000 - (n % 2 ? 2_000 : 0),
    shippingFee: 10_000,
    currency: 'IDR',
    courier: 'SPX Express',
    ...(rawStatus === 'SHIPPED' || rawStatus === 'COMPLETED' ? { trackingNumber: `SPX${n}` } : {}),
    ...(rawStatus === 'CANCELLED' ? { cancelReason: 'Dibatalkan pembeli' } : {}),
    ...extra,
  } as MarketplaceOrder;
}

const push = { type: 'MARKETPLACE' as const, id: 'push' };
const reconcile = { type: 'RECONCILIATION' as const, id: 'reconcile' };

/** Orders 11 and 12 land before the batch; the batch then holds new orders, a second status, a newer one and a replay. */
function scenario(s: Shop): { before: MarketplaceOrder[]; items: ImportItem[] } {
  const eleven = order(s, 11, 'READY_TO_SHIP', [['B', 2]]);
  const twelve = order(s, 12, 'READY_TO_SHIP', [['A', 1]]);
  const one = order(s, 1, 'READY_TO_SHIP', [
    ['A', 2],
    ['B', 1],
  ]);
  return {
    before: [eleven, twelve],
    items: [
      { order: one, actor: push },
      { order: order(s, 2, 'READY_TO_SHIP', [['A', 4]]), actor: push }, // short: 2 of A left
      { order: order(s, 3, 'READY_TO_SHIP', [['A', 1]]), actor: reconcile }, // fits after the refused line
      {
        order: order(s, 4, 'SHIPPED', [
          ['B', 3],
          ['UNMAPPED', 1],
        ]),
        actor: push,
      },
      { order: order(s, 5, 'CANCELLED', [['B', 1]]), actor: push },
      { order: order(s, 6, 'UNPAID', [['B', 1]]), actor: push },
      { order: order(s, 7, 'COMPLETED', [['P', 1]]), actor: push }, // a bundle: its components ship
      { order: order(s, 8, 'PROCESSED', [['C', 1]]), actor: push }, // no balance at all: short
      { order: order(s, 9, 'READY_TO_SHIP', [['P', 1]]), actor: push }, // a bundle short of A
      { order: twelve, actor: push }, // a replay: ignored
      { order: { ...eleven, rawStatus: 'CANCELLED', updatedAt: eleven.updatedAt + 5_000 }, actor: push }, // newer
      { order: { ...one, rawStatus: 'SHIPPED', updatedAt: one.updatedAt + 9_000, trackingNumber: 'SPX1' }, actor: push }, // again
    ],
  };
}

const importOne = (s: Shop, mo: MarketplaceOrder, actor: OrderActor = push) =>
  inTenant(app.platform.database.db, s.owner.workspaceId, (db) =>
    importMarketplaceOrder(jobCtx(app.platform, db, s.owner.workspaceId), s.connection, mo, actor),
  );
const importBatch = (s: Shop, items: ImportItem[]) =>
  inTenant(app.platform.database.db, s.owner.workspaceId, (db) =>
    importMarketplaceOrders(jobCtx(app.platform, db, s.owner.workspaceId), s.connection, items),
  );

type Row = Record<string, unknown>;
type Rows = Row[];
const q = async (text: string, values: unknown[]) => ((await app.platform.database.query(text, values)) as { rows: Rows }).rows;

/** Everything the import writes, with ids replaced by what they stand for (order number, line position, SKU role). */
async function snapshot(s: Shop) {
  const ws = s.owner.workspaceId;
  const roleOf = new Map<unknown, string>();
  for (const [role, sku] of Object.entries(s.sku))
    roleOf.set((await q('select id from catalogs where workspace_id = $1 and sku = $2', [ws, sku]))[0]!.id, role);
  const orders = await q('select * from orders where workspace_id = $1 order by order_number', [ws]);
  const numberOf = new Map(orders.map((o) => [o.id, o.order_number]));
  const lines = await q('select * from order_lines where workspace_id = $1', [ws]);
  const lineName = new Map(lines.map((l) => [l.id, `${String(numberOf.get(l.order_id))}#${String(l.position)}`]));
  const codes = (text: unknown) =>
    typeof text === 'string' ? Object.entries(s.sku).reduce((t, [role, sku]) => t.replaceAll(sku, `<${role}>`), text) : text;
  const key = (k: unknown) => String(k).replace(/order-line:([0-9a-f-]+):/u, (_m, id: string) => `line ${lineName.get(id) ?? id}:`);
  const drop = (row: Record<string, unknown>, ...names: string[]): Record<string, unknown> =>
    Object.fromEntries(Object.entries(row).filter(([name]) => !names.includes(name)));
  return {
    // list_head and list_tail are written from the other columns (migration 0025), ids included.
    orders: orders.map((o) =>
      drop(o, 'id', 'workspace_id', 'business_id', 'channel_id', 'warehouse_id', 'created_at', 'updated_at', 'list_head', 'list_tail'),
    ),
    lines: lines
      .map((l): Row => ({
        ...drop(l, 'id', 'workspace_id', 'order_id', 'catalog_id', 'sku'),
        marketplace_sku: codes(l.marketplace_sku),
        order: numberOf.get(l.order_id),
        sku: roleOf.get(l.catalog_id),
      }))
      .sort((x, y) => `${String(x.order)}#${String(x.position)}`.localeCompare(`${String(y.order)}#${String(y.position)}`)),
    timeline: (await q('select * from order_timeline where workspace_id = $1 order by id', [ws]))
      .map((t): Row => ({ ...drop(t, 'id', 'workspace_id', 'order_id', 'at'), note: codes(t.note), order: numberOf.get(t.order_id) }))
      .sort((x, y) => String(x.order).localeCompare(String(y.order))), // stable: each order's entries keep their order
    counts: await q('select status, count from order_counts where workspace_id = $1 order by status', [ws]),
    dayCounts: await q('select day::text, status, count from order_day_counts where workspace_id = $1 order by day, status', [ws]),
    balances: (await q('select catalog_id, on_hand, in_order, allocated from stock_balances where workspace_id = $1', [ws]))
      .map((b): Row => ({ ...drop(b, 'catalog_id'), sku: roleOf.get(b.catalog_id) }))
      .sort((x, y) => String(x.sku).localeCompare(String(y.sku))),
    ledger: (await q('select * from stock_movements where workspace_id = $1 order by id', [ws]))
      .map((m): Row => ({
        ...drop(m, 'id', 'workspace_id', 'warehouse_id', 'catalog_id', 'reference_id', 'reference_key', 'at', 'actor_id'),
        sku: roleOf.get(m.catalog_id),
        key: key(m.reference_key),
        order: numberOf.get(m.reference_id) ?? m.reference_id,
      }))
      .sort((x, y) =>
        `${String(x.sku)} ${String(x.key)} ${String(x.type)}`.localeCompare(`${String(y.sku)} ${String(y.key)} ${String(y.type)}`),
      ),
    claims: (await q('select reference_key, kind, reference_type from stock_operations where workspace_id = $1', [ws]))
      .map((c) => ({ ...c, reference_key: key(c.reference_key) }))
      .sort((x, y) => String(x.reference_key).localeCompare(String(y.reference_key))),
  };
}

/** A shop with the SKU that holds 5, a one-line stock request on it (fresh keys or not), and a key's claims. */
async function planShop(fresh: boolean) {
  const s = await shop();
  const [row] = await q('select warehouse_id, catalog_id from stock_balances where workspace_id = $1 and on_hand = 5', [
    s.owner.workspaceId,
  ]);
  const place = { warehouseId: row!.warehouse_id as string, catalogId: row!.catalog_id as string };
  const request = (key: string, quantity: number) => ({
    referenceType: 'TEST',
    ...(fresh ? { fresh: true } : {}),
    lines: [{ referenceKey: key, referenceId: null, ...place, quantity }],
  });
  const claims = (key: string) =>
    q('select count(*)::int as n from stock_operations where workspace_id = $1 and reference_key = $2', [s.owner.workspaceId, key]);
  return { s, place, request, claims };
}

describe('the batched marketplace order import', () => {
  it('leaves the same orders, lines, timelines, counts, stock, ledger and claims as the one-order path', { timeout: 120_000 }, async () => {
    const one = await shop();
    const many = await shop();
    const a = scenario(one);
    const b = scenario(many);
    for (const mo of a.before) await importOne(one, mo);
    for (const mo of b.before) await importOne(many, mo);

    const single: ImportOutcome[] = [];
    for (const item of a.items) single.push(await importOne(one, item.order, item.actor));
    const batched = await importBatch(many, b.items);

    expect(batched).toEqual(single);
    expect(batched).toEqual([...Array(9).fill('created'), 'ignored', 'updated', 'updated']);
    const [x, y] = [await snapshot(one), await snapshot(many)];
    for (const part of Object.keys(x) as (keyof typeof x)[]) expect(y[part], part).toEqual(x[part]);
    // The scenario reaches what it is meant to: short lines (a plain SKU and a bundle), a shipped bundle, an unmapped SKU.
    expect(y.lines.filter((l) => l.stock_state === 'SHORT').map((l) => l.order)).toEqual(['BATCH-2', 'BATCH-8', 'BATCH-9']);
    expect(y.lines.find((l) => l.order === 'BATCH-7')).toMatchObject({ stock_state: 'SHIPPED' });
    expect(y.lines.find((l) => l.order === 'BATCH-4' && l.unmapped)).toMatchObject({ stock_state: 'NONE' });
    expect(y.balances).toEqual([
      { sku: 'A', on_hand: 2, in_order: 2, allocated: 0 }, // 5 in; orders 7 and 1 shipped 3; 12 and 3 hold 2
      { sku: 'B', on_hand: 94, in_order: 1, allocated: 0 }, // 100 in; 4, 7 and 1 shipped 6; 6 holds 1, 11 released
    ]);
    expect(await asActor(app, many.owner, (ctx) => ledgerMismatches(ctx))).toEqual([]);

    // Replaying the whole batch changes nothing.
    const again = await importBatch(many, b.items);
    expect(again).toEqual(Array(b.items.length).fill('ignored'));
    expect(await snapshot(many)).toEqual(y);
  });

  it('never reserves below zero within a batch: lines of one SKU are taken in arrival order', async () => {
    const s = await shop();
    const items = [3, 2, 1, 1].map((quantity, i) => ({ order: order(s, 20 + i, 'READY_TO_SHIP', [['A', quantity]]), actor: push }));
    expect(await importBatch(s, items)).toEqual(['created', 'created', 'created', 'created']);
    const snap = await snapshot(s);
    // 5 of A: 3 and 2 are reserved, then nothing is left for the two of 1.
    expect(snap.lines.map((l) => [l.order, l.stock_state, l.reserved_quantity, l.short_quantity])).toEqual([
      ['BATCH-20', 'RESERVED', 3, 0],
      ['BATCH-21', 'RESERVED', 2, 0],
      ['BATCH-22', 'SHORT', 0, 1],
      ['BATCH-23', 'SHORT', 0, 1],
    ]);
    expect(snap.balances.find((b) => b.sku === 'A')).toMatchObject({ on_hand: 5, in_order: 5 });
    expect(snap.orders.filter((o) => o.stock_short).map((o) => o.order_number)).toEqual(['BATCH-22', 'BATCH-23']);
  });

  it("the set-based reserve applies a key once, and a refused line claims nothing (the inventory API's rule)", async () => {
    const s = await shop();
    const [row] = await q('select warehouse_id, catalog_id from stock_balances where workspace_id = $1 and on_hand = 5', [
      s.owner.workspaceId,
    ]);
    const line = (key: string, quantity: number) => ({
      referenceKey: key,
      referenceId: null,
      warehouseId: row!.warehouse_id as string,
      catalogId: row!.catalog_id as string,
      quantity,
    });
    const run = (lines: ReturnType<typeof line>[]) =>
      asActor(app, s.owner, (ctx) => reserveStockBatch(ctx, { referenceType: 'TEST', lines }));
    expect([...(await run([line('k1', 4), line('k2', 2), line('k1', 4)])).entries()]).toEqual([
      ['k1', 'applied'],
      ['k2', 'failed'],
    ]);
    expect([...(await run([line('k1', 4), line('k2', 1)])).entries()]).toEqual([
      ['k1', 'replayed'],
      ['k2', 'applied'],
    ]);
    const [bal] = await q('select in_order from stock_balances where workspace_id = $1 and catalog_id = $2', [
      s.owner.workspaceId,
      row!.catalog_id,
    ]);
    expect(bal!.in_order).toBe(5);
    expect(await asActor(app, s.owner, (ctx) => ledgerMismatches(ctx))).toEqual([]);
  });

  it('a stock plan applied after the balance moved: checked against the locked values, refused when an outcome would differ', async () => {
    const { s, place, request, claims } = await planShop(false);
    // Planned on 5 free, then 2 reserved by someone else: 1 still fits, the ledger row starts from the locked 2.
    await asActor(app, s.owner, async (ctx) => {
      const planned = (await planStockBatch(ctx, request('plan-1', 1)))!;
      expect(planned.outcomes.get('plan-1')).toBe('applied');
      await reserveStock(ctx, { referenceKey: 'other-1', referenceType: 'TEST', referenceId: null, lines: [{ ...place, quantity: 2 }] });
      await applyStockPlan(ctx, planned);
    });
    const [moved] = await q('select in_order_before, in_order_after from stock_movements where workspace_id = $1 and reference_key = $2', [
      s.owner.workspaceId,
      'plan-1',
    ]);
    expect(moved).toEqual({ in_order_before: 2, in_order_after: 3 });
    // Planned on 2 free, then 1 more reserved: the plan's 2 no longer fit, nothing is written, the transaction goes on.
    await asActor(app, s.owner, async (ctx) => {
      const planned = (await planStockBatch(ctx, request('plan-2', 2)))!;
      expect(planned.outcomes.get('plan-2')).toBe('applied');
      await reserveStock(ctx, { referenceKey: 'other-2', referenceType: 'TEST', referenceId: null, lines: [{ ...place, quantity: 1 }] });
      await expect(applyStockPlan(ctx, planned)).rejects.toBeInstanceOf(StockPlanChanged);
      expect((await reserveStockBatch(ctx, request('plan-2', 2))).get('plan-2')).toBe('failed');
    });
    expect(await claims('plan-2')).toEqual([{ n: 0 }]);
    // A plan that said "short" no longer holds once the stock came back.
    await asActor(app, s.owner, async (ctx) => {
      const planned = (await planStockBatch(ctx, request('plan-3', 3)))!;
      expect(planned.outcomes.get('plan-3')).toBe('failed');
      await receiveStock(ctx, { referenceKey: 'more', referenceType: 'TEST', lines: [{ ...place, quantity: 10 }] });
      await expect(applyStockPlan(ctx, planned)).rejects.toBeInstanceOf(StockPlanChanged);
    });
    const [bal] = await q('select on_hand, in_order from stock_balances where workspace_id = $1 and catalog_id = $2', [
      s.owner.workspaceId,
      place.catalogId,
    ]);
    expect(bal).toEqual({ on_hand: 15, in_order: 4 });
    expect(await asActor(app, s.owner, (ctx) => ledgerMismatches(ctx))).toEqual([]);
  });

  it('fresh keys: the claims are written ahead of the lock, and taken back when the plan no longer holds', async () => {
    const { s, place, request, claims } = await planShop(true);
    // Claimed ahead, then applied: one claim, one ledger row.
    await asActor(app, s.owner, async (ctx) => {
      const planned = (await planStockBatch(ctx, request('fresh-1', 2)))!;
      expect(planned.claimsAhead).not.toBeNull();
      await ctx.db.execute(planned.claimsAhead!);
      await applyStockPlan(ctx, planned);
    });
    expect(await claims('fresh-1')).toEqual([{ n: 1 }]);
    // Claimed ahead, then the stock went: refused, the claim taken back, the locked-first path decides alone.
    await asActor(app, s.owner, async (ctx) => {
      const planned = (await planStockBatch(ctx, request('fresh-2', 3)))!;
      expect(planned.outcomes.get('fresh-2')).toBe('applied');
      await ctx.db.execute(planned.claimsAhead!);
      await reserveStock(ctx, { referenceKey: 'other', referenceType: 'TEST', referenceId: null, lines: [{ ...place, quantity: 1 }] });
      await expect(applyStockPlan(ctx, planned)).rejects.toBeInstanceOf(StockPlanChanged);
      await withdrawStockClaims(ctx, planned);
      expect((await reserveStockBatch(ctx, request('fresh-2', 3))).get('fresh-2')).toBe('failed');
      expect((await reserveStockBatch(ctx, request('fresh-3', 2))).get('fresh-3')).toBe('applied');
    });
    expect(await claims('fresh-2')).toEqual([{ n: 0 }]);
    expect(await claims('fresh-3')).toEqual([{ n: 1 }]);
    const [bal] = await q('select on_hand, in_order from stock_balances where workspace_id = $1 and catalog_id = $2', [
      s.owner.workspaceId,
      place.catalogId,
    ]);
    expect(bal).toEqual({ on_hand: 5, in_order: 5 });
    expect(await asActor(app, s.owner, (ctx) => ledgerMismatches(ctx))).toEqual([]);
  });
});
