/**
 * Stock under concurrency, on real PostgreSQL only: PGlite runs one transaction at a time and would hide the
 * lost updates this test exists to catch (ARCHITECTURE §11). Random concurrent reserve (for a channel or not) /
 * release / adjust / receive / set aside for a channel; after each run no balance is negative, nothing is oversold,
 * what is set aside equals `allocated`, and the ledger sums equal the balances.
 * The same workload with a naive read-then-write reservation must break those checks, so the test can fail.
 */
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantCtx } from '../../src/http/context.ts';
import {
  adjustStock,
  ledgerMismatches,
  receiveStock,
  releaseStock,
  reserveStock,
  standaloneStock,
  type StockRequest,
} from '../../src/modules/inventory/index.ts';
import { saveSetAside } from '../../src/modules/inventory/stock-allocation.service.ts';
import { stockBalances, stockMovements, stockSetAsides } from '../../src/modules/inventory/inventory.schema.ts';
import { uuidv7 } from '../../src/platform/db/ids.ts';
import { DomainError } from '../../src/platform/errors.ts';
import { newWorkspace, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { newWarehouse } from '../workspaces/helpers.ts';
import { asActor, newChannel, newSku } from './helpers.ts';

const onPostgres = Boolean(process.env.KELOLA_TEST_DATABASE_URL);
if (!onPostgres)
  console.info('inventory concurrency test skipped: set KELOLA_TEST_DATABASE_URL to a PostgreSQL server (PGlite serialises transactions)');

const WORKERS = 16;
const OPERATIONS = 400;
const INITIAL = 15;

let app: TestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  app = await buildTestApp();
  // Closing drops the database WITH (FORCE) right after pool.end(), which does not wait for its many idle clients
  // to disconnect; the server then terminates them (57P01) and the pool re-emits that as an 'error' event.
  const { client } = app.platform.database;
  if (client.kind === 'postgres') client.pool.on('error', () => {});
}, 60_000);
afterAll(async () => app?.close());

type Reserve = (owner: Actor, request: StockRequest) => Promise<unknown>;

/** The module API inside a caller's transaction (an order flow), and as a transaction of its own (a job). */
const inTransaction: Reserve = (owner, request) => asActor(app, owner, (ctx) => reserveStock(ctx, request));
const standalone: Reserve = (owner, request) => standaloneStock(app.platform, owner.workspaceId, owner.userId).reserve(request);

/** The bug class of Medusa #16569 / Odoo #32857: read the balance, check in JavaScript, write the computed value. */
const naiveReserve: Reserve = (owner, request) => asActor(app, owner, (ctx) => naiveReserveIn(ctx, request));
async function naiveReserveIn(ctx: TenantCtx, request: StockRequest) {
  for (const line of request.lines) {
    const key = and(
      eq(stockBalances.workspaceId, ctx.workspaceId),
      eq(stockBalances.warehouseId, line.warehouseId),
      eq(stockBalances.catalogId, line.catalogId),
    );
    const [bal] = await ctx.db.select().from(stockBalances).where(key);
    if (!bal || bal.onHand - bal.inOrder - bal.allocated - bal.safetyStock < line.quantity) throw new DomainError('INSUFFICIENT_STOCK');
    await sleep(1);
    await ctx.db
      .update(stockBalances)
      .set({ inOrder: bal.inOrder + line.quantity })
      .where(key);
    await ctx.db.insert(stockMovements).values({
      id: uuidv7(),
      workspaceId: ctx.workspaceId,
      warehouseId: line.warehouseId,
      catalogId: line.catalogId,
      type: 'RESERVE',
      quantity: line.quantity,
      onHandDelta: 0,
      inOrderDelta: line.quantity,
      onHandBefore: bal.onHand,
      onHandAfter: bal.onHand,
      inOrderBefore: bal.inOrder,
      inOrderAfter: bal.inOrder + line.quantity,
      referenceType: 'ORDER',
      referenceId: null,
      referenceKey: request.referenceKey,
      actorId: ctx.actor.userId,
    });
  }
}

/** Runs a random workload on a few hot SKUs and answers every broken invariant (empty when all hold). */
async function runWorkload(reserve: Reserve): Promise<{ problems: string[]; reserved: number; refused: number }> {
  const owner: Actor = await newWorkspace(app);
  const wh = await newWarehouse(app, owner);
  const skus = [await newSku(app, owner), await newSku(app, owner), await newSku(app, owner)];
  const channels = [await newChannel(app, owner), await newChannel(app, owner)];
  await asActor(app, owner, (ctx) =>
    receiveStock(ctx, {
      referenceKey: 'seed',
      referenceType: 'TEST',
      lines: skus.map((s) => ({ warehouseId: wh.id, catalogId: s.id, quantity: INITIAL })),
    }),
  );

  // What the callers believe happened, per SKU: units reserved and not released, and units added or removed.
  const held = new Map(skus.map((s) => [s.id, 0]));
  const onHand = new Map(skus.map((s) => [s.id, INITIAL]));
  const open: { key: string; lines: { warehouseId: string; catalogId: string; quantity: number }[] }[] = [];
  const unexpected: string[] = [];
  let seq = 0;
  let reserved = 0;
  let refused = 0;

  async function operation() {
    const n = ++seq;
    const roll = randomInt(100);
    const sku = skus[randomInt(skus.length)]!.id;
    try {
      if (roll < 55) {
        const lines = [{ warehouseId: wh.id, catalogId: sku, quantity: 1 + randomInt(3) }];
        if (randomInt(3) === 0) lines.push({ warehouseId: wh.id, catalogId: skus[randomInt(skus.length)]!.id, quantity: 1 });
        const channelId = randomInt(2) === 0 ? channels[randomInt(channels.length)]! : null;
        await reserve(owner, { referenceKey: `r:${n}`, referenceType: 'ORDER', lines, channelId });
        for (const l of lines) held.set(l.catalogId, held.get(l.catalogId)! + l.quantity);
        open.push({ key: `r:${n}`, lines });
        reserved += 1;
      } else if (roll < 75) {
        const order = open.splice(randomInt(Math.max(open.length, 1)), 1)[0];
        if (!order) return;
        try {
          await asActor(app, owner, (ctx) =>
            releaseStock(ctx, { referenceKey: `${order.key}:release`, referenceType: 'ORDER', lines: order.lines }),
          );
          for (const l of order.lines) held.set(l.catalogId, held.get(l.catalogId)! - l.quantity);
        } catch (error) {
          open.push(order);
          throw error;
        }
      } else if (roll < 82) {
        const channel_id = channels[randomInt(channels.length)]!;
        await asActor(app, owner, (ctx) => saveSetAside(ctx, { warehouse_id: wh.id, catalog_id: sku, channel_id, quantity: randomInt(4) }));
      } else if (roll < 90) {
        const change = randomInt(2) === 0 ? -(1 + randomInt(4)) : 1 + randomInt(3);
        await asActor(app, owner, (ctx) =>
          adjustStock(ctx, {
            referenceKey: `a:${n}`,
            referenceType: 'TEST',
            lines: [{ warehouseId: wh.id, catalogId: sku, quantity: change }],
          }),
        );
        onHand.set(sku, onHand.get(sku)! + change);
      } else {
        const qty = 1 + randomInt(4);
        await asActor(app, owner, (ctx) =>
          receiveStock(ctx, {
            referenceKey: `g:${n}`,
            referenceType: 'TEST',
            lines: [{ warehouseId: wh.id, catalogId: sku, quantity: qty }],
          }),
        );
        onHand.set(sku, onHand.get(sku)! + qty);
      }
    } catch (error) {
      if (error instanceof DomainError && error.code === 'INSUFFICIENT_STOCK') refused += 1;
      else unexpected.push(String((error as { cause?: unknown }).cause ?? error));
    }
  }

  let left = OPERATIONS;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (left-- > 0) await operation();
    }),
  );

  const problems: string[] = [];
  if (unexpected.length > 0) problems.push(`${unexpected.length} unexpected errors, first: ${unexpected[0]}`);
  await asActor(app, owner, async (ctx) => {
    const balances = await ctx.db.select().from(stockBalances).where(eq(stockBalances.workspaceId, owner.workspaceId));
    for (const bal of balances) {
      if (bal.onHand < 0 || bal.inOrder < 0) problems.push(`${bal.catalogId}: negative balance ${bal.onHand}/${bal.inOrder}`);
      if (bal.inOrder + bal.allocated > bal.onHand)
        problems.push(`${bal.catalogId}: oversold, ${bal.inOrder} reserved and ${bal.allocated} set aside of ${bal.onHand}`);
      const setAside = await ctx.db
        .select()
        .from(stockSetAsides)
        .where(and(eq(stockSetAsides.warehouseId, bal.warehouseId), eq(stockSetAsides.catalogId, bal.catalogId)));
      const total = setAside.reduce((sum, r) => sum + r.quantity, 0);
      if (total !== bal.allocated) problems.push(`${bal.catalogId}: ${total} set aside for channels, but allocated ${bal.allocated}`);
      if (bal.inOrder !== held.get(bal.catalogId))
        problems.push(`${bal.catalogId}: in order ${bal.inOrder}, but callers hold ${held.get(bal.catalogId)}`);
      if (bal.onHand !== onHand.get(bal.catalogId))
        problems.push(`${bal.catalogId}: on hand ${bal.onHand}, expected ${onHand.get(bal.catalogId)}`);
    }
    for (const m of await ledgerMismatches(ctx))
      problems.push(
        `${m.catalogId}: balance ${m.onHand}/${m.inOrder}/${m.allocated} ≠ ledger ${m.ledgerOnHand}/${m.ledgerInOrder}/${m.ledgerAllocated}`,
      );
  });
  return { problems, reserved, refused };
}

describe.skipIf(!onPostgres)('stock under concurrency (PostgreSQL)', () => {
  it('never oversells, never goes negative and keeps the ledger equal to the balances', { timeout: 120_000 }, async () => {
    for (const reserve of [inTransaction, standalone, inTransaction]) {
      const { problems, reserved, refused } = await runWorkload(reserve);
      expect(problems).toEqual([]);
      // The workload reaches the limit: some reservations succeed, some are refused for lack of stock.
      expect(reserved).toBeGreaterThan(10);
      expect(refused).toBeGreaterThan(0);
    }
  });

  it('catches a naive read-then-write reservation (the check can fail)', { timeout: 120_000 }, async () => {
    const { problems } = await runWorkload(naiveReserve);
    // Lost updates: balances that disagree with what callers were told, or with the ledger.
    const wrongBalances = problems.filter((p) => !p.includes('unexpected errors'));
    console.info(`naive reservation broke ${wrongBalances.length} balance checks, e.g. ${wrongBalances[0]}`);
    expect(wrongBalances.length).toBeGreaterThan(0);
  });

  it.each([
    ['inside a caller’s transaction', inTransaction],
    ['as a transaction of its own', standalone],
  ])('lets exactly one of many concurrent twins with the same reference key apply, %s', { timeout: 60_000 }, async (_name, reserve) => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const sku = await newSku(app, owner);
    await asActor(app, owner, (ctx) =>
      receiveStock(ctx, { referenceKey: 'seed', referenceType: 'TEST', lines: [{ warehouseId: wh.id, catalogId: sku.id, quantity: 100 }] }),
    );
    const results = (await Promise.all(
      Array.from({ length: 12 }, () =>
        reserve(owner, {
          referenceKey: 'SO-1:reserve',
          referenceType: 'ORDER',
          lines: [{ warehouseId: wh.id, catalogId: sku.id, quantity: 3 }],
        }),
      ),
    )) as { replayed: boolean }[];
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const [bal] = await asActor(app, owner, (ctx) => ctx.db.select().from(stockBalances).where(eq(stockBalances.catalogId, sku.id)));
    expect(bal!.inOrder).toBe(3);
    await asActor(app, owner, async (ctx) => expect(await ledgerMismatches(ctx)).toEqual([]));
  });
});
