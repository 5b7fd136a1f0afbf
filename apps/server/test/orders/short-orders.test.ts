import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFlows } from '../../src/flows/orders.jobs.ts';
import { RESERVE_SHORT_QUEUE } from '../../src/flows/order-stock.ts';
import { ledgerMismatches } from '../../src/modules/inventory/index.ts';
import { inTenant } from '../../src/platform/db/database.ts';
import { jobCtx } from '../../src/platform/system-ctx.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { newSku, receive } from '../inventory/helpers.ts';
import { queuedJobs } from '../queued-jobs.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, newWarehouse } from '../workspaces/helpers.ts';

// ADR 0069: an order kept short of stock is reserved once the stock arrives (a goods receipt, an adjustment up, a
// transfer in: the `orders.reserve-short` job), or when the merchant asks ("Cek stok lagi"), oldest order first.

let app: TestApp;
let call: ReturnType<typeof caller>;

/** The jobs the app queued; only the short orders' queue is run here (the others are other tests' business). */
const { jobs, queued, handlers } = queuedJobs();
/** Runs the queued short-order jobs; answers how many ran. */
async function runShortOrderJobs(): Promise<number> {
  const mine = queued.filter((j) => j.queue === RESERVE_SHORT_QUEUE);
  queued.length = 0;
  for (const job of mine) await handlers.get(RESERVE_SHORT_QUEUE)!(job.data, { id: 'job', retryCount: 0 });
  return mine.length;
}

beforeAll(async () => {
  app = await buildTestApp();
  app.platform.jobs = jobs;
  await orderFlows.workers!(app.platform);
  call = caller(app);
});
afterAll(async () => app?.close());

type Setup = { owner: Actor; wh: string; sku: { id: string; sku: string } };
async function setup(stock: number): Promise<Setup> {
  const owner = await newWorkspace(app);
  const wh = (await newWarehouse(app, owner)).id;
  const sku = await newSku(app, owner);
  if (stock > 0) await receive(app, owner, wh, [{ catalog_id: sku.id, quantity: stock }]);
  queued.length = 0;
  return { owner, wh, sku };
}

/** A confirmed manual order of `quantity` on `date`. */
async function order(s: Setup, quantity: number, date = '2026-11-24') {
  const res = await call('POST', '/api/manual-orders', s.owner, {
    warehouse_id: s.wh,
    order_date: date,
    buyer_name: 'Budi Santoso',
    buyer_phone: '0812-3456-7890',
    address: 'Jl. Tunjungan No. 1',
    province_code: '35',
    city_code: '35.78',
    district_code: '35.78.01',
    lines: [{ catalog_id: s.sku.id, quantity }],
    confirm: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; stock_short: boolean };
}

const detail = async (s: Setup, id: string) => (await call('GET', `/api/orders/${id}`, s.owner)).json();

async function stockOf(s: Setup) {
  const list = (await call('GET', `/api/inventory?warehouse_id=${s.wh}`, s.owner)).json();
  return list.items.find((i: { catalog_id: string }) => i.catalog_id === s.sku.id) as { on_hand: number; in_order: number };
}

async function expectLedgerConsistent(s: Setup) {
  const mismatches = await inTenant(app.platform.database.db, s.owner.workspaceId, (db) =>
    ledgerMismatches(jobCtx(app.platform, db, s.owner.workspaceId)),
  );
  expect(mismatches).toEqual([]);
}

describe('short orders and arriving stock (ADR 0069)', () => {
  it('a posted goods receipt reserves the short orders of its warehouse, oldest first, once', async () => {
    const s = await setup(2);
    const older = await order(s, 5, '2026-11-20');
    const newer = await order(s, 4, '2026-11-22');
    expect([older.stock_short, newer.stock_short]).toEqual([true, true]);
    expect(await runShortOrderJobs()).toBe(0);

    // 6 arrive (8 on hand): enough for the older order (5), not for both (9).
    await receive(app, s.owner, s.wh, [{ catalog_id: s.sku.id, quantity: 6 }]);
    expect(await runShortOrderJobs()).toBe(1);
    const a = await detail(s, older.id);
    expect(a).toMatchObject({ stock_short: false });
    expect(a.lines[0]).toMatchObject({ reserved_quantity: 5, short_quantity: 0 });
    expect(a.timeline.find((e: { event: string }) => e.event === 'STOCK_RESERVED')).toMatchObject({
      actor_type: 'JOB',
      note: `${s.sku.sku} × 5`,
    });
    const b = await detail(s, newer.id);
    expect(b).toMatchObject({ stock_short: true });
    expect(b.lines[0]).toMatchObject({ reserved_quantity: 0, short_quantity: 4 });
    expect(await stockOf(s)).toMatchObject({ on_hand: 8, in_order: 5 });

    // The job again (a replay, a second arrival of nothing) changes nothing.
    await handlers.get(RESERVE_SHORT_QUEUE)!({ workspaceId: s.owner.workspaceId, warehouseId: s.wh }, { id: 'again', retryCount: 0 });
    expect(await stockOf(s)).toMatchObject({ on_hand: 8, in_order: 5 });
    expect((await detail(s, older.id)).timeline.filter((e: { event: string }) => e.event === 'STOCK_RESERVED')).toHaveLength(1);
    await expectLedgerConsistent(s);
  });

  it('an adjustment up and a transfer in queue the second try; an adjustment down does not', async () => {
    const s = await setup(0);
    const short = await order(s, 3);
    expect(short.stock_short).toBe(true);

    const adjust = async (change: number) => {
      const res = await call('POST', '/api/inventory/adjustments', s.owner, {
        date: '2026-11-25',
        warehouse_id: s.wh,
        type: 'FOUND',
        items: [{ catalog_id: s.sku.id, change }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const posted = await call('POST', `/api/inventory/adjustments/${res.json().id}/post`, s.owner);
      expect(posted.statusCode, posted.body).toBe(200);
    };
    await adjust(1);
    expect(await runShortOrderJobs()).toBe(1);
    expect((await detail(s, short.id)).stock_short).toBe(true); // 1 of 3: still short, nothing held
    await adjust(-1);
    expect(await runShortOrderJobs()).toBe(0);

    const other = (await newWarehouse(app, s.owner)).id;
    await receive(app, s.owner, other, [{ catalog_id: s.sku.id, quantity: 10 }]);
    expect(await runShortOrderJobs()).toBe(1); // the other warehouse's job: its short orders are none of these
    expect((await detail(s, short.id)).stock_short).toBe(true);
    const moved = await call('POST', '/api/inventory/transfers', s.owner, {
      from_warehouse_id: other,
      to_warehouse_id: s.wh,
      lines: [{ catalog_id: s.sku.id, quantity: 3 }],
    });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(await runShortOrderJobs()).toBe(1);
    expect((await detail(s, short.id)).stock_short).toBe(false);
    expect(await stockOf(s)).toMatchObject({ on_hand: 3, in_order: 3 });
    await expectLedgerConsistent(s);
  });

  it('"check stock again" reserves now when the stock is there, answers the order still short when not', async () => {
    const s = await setup(1);
    const short = await order(s, 2);
    const url = `/api/orders/${short.id}/reserve-stock`;

    const still = await call('POST', url, s.owner);
    expect(still.statusCode, still.body).toBe(200);
    expect(still.json()).toMatchObject({ stock_short: true });
    expect(await stockOf(s)).toMatchObject({ on_hand: 1, in_order: 0 });

    // Stock whose job has not run yet (here: it is dropped) is found by the button.
    await receive(app, s.owner, s.wh, [{ catalog_id: s.sku.id, quantity: 1 }]);
    queued.length = 0;
    const done = await call('POST', url, s.owner);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ stock_short: false });
    expect(done.json().lines[0]).toMatchObject({ reserved_quantity: 2, short_quantity: 0 });
    expect(done.json().timeline.find((e: { event: string }) => e.event === 'STOCK_RESERVED')).toMatchObject({
      actor_type: 'USER',
      actor_id: s.owner.userId,
    });
    expect(await stockOf(s)).toMatchObject({ on_hand: 2, in_order: 2 });

    // No longer short: 409 naming the state, nothing changes.
    expectError(await call('POST', url, s.owner), 409, 'ORDER_STATE_CONFLICT');
    expect(await stockOf(s)).toMatchObject({ on_hand: 2, in_order: 2 });
    await expectLedgerConsistent(s);
  });

  it('a cancelled short order is never reserved, by the button or by the job', async () => {
    const s = await setup(0);
    const short = await order(s, 2);
    const cancelled = await call('PUT', `/api/manual-orders/${short.id}/cancel`, s.owner, { reason_id: 'OUT_OF_STOCK' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await receive(app, s.owner, s.wh, [{ catalog_id: s.sku.id, quantity: 5 }]);
    await runShortOrderJobs();
    expectError(await call('POST', `/api/orders/${short.id}/reserve-stock`, s.owner), 409, 'ORDER_STATE_CONFLICT');
    expect(await stockOf(s)).toMatchObject({ on_hand: 5, in_order: 0 });
    await expectLedgerConsistent(s);
  });

  it("another workspace's order is not found, a member without sales writing is refused, a bad id is a field error", async () => {
    const s = await setup(0);
    const short = await order(s, 2);
    const stranger = await newWorkspace(app);
    expectError(await call('POST', `/api/orders/${short.id}/reserve-stock`, stranger), 404, 'ORDER_NOT_FOUND');
    const viewer = await newMember(app, s.owner, { sales: 'READ' });
    expectError(await call('POST', `/api/orders/${short.id}/reserve-stock`, viewer), 403, 'FORBIDDEN');
    const bad = await call('POST', '/api/orders/not-an-id/reserve-stock', s.owner);
    expect(bad.statusCode).toBe(400);
    expect((await detail(s, short.id)).stock_short).toBe(true);
  });
});
