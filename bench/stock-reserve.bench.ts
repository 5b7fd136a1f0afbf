/**
 * Stock reservation (issue 5, ARCHITECTURE §10): the inventory module's public API (`standaloneStock().reserve`: a
 * tenant transaction with role and workspace setting, idempotency row, conditional UPDATE, ledger row) on one hot
 * SKU and spread over many SKUs, against a floor of the bare conditional UPDATE, one autocommit statement through
 * `pg`, on the same database in the same run; the UPDATE with its ledger row (the research's script A) is reported
 * beside it. The load generator of bench/lib speaks GET only and there is no HTTP endpoint that reserves,
 * so both sides are driven here by `connections` concurrent async clients in one process.
 * The targets of a case are measured in interleaved slices (ROUNDS rounds, each target once per round in a rotated
 * order), so that a noisy neighbour or a checkpoint slows them alike instead of whichever phase it happened to hit.
 * A scarcity phase then reserves 1,000 units with every client racing and checks that exactly 1,000 went out.
 *
 * Database: a throw-away database on the PostgreSQL server named by KELOLA_TEST_DATABASE_URL, or an in-memory
 * PGlite (which runs one transaction at a time: its numbers measure PGlite, not the locking).
 * Knobs: BENCH_CONNECTIONS (32), BENCH_DURATION_MS (5000 per target), BENCH_WARMUP_MS (1000 per target),
 * BENCH_ROUNDS (5), BENCH_SKUS (1000).
 */
import { and, eq } from 'drizzle-orm';
import { newWorkspace } from '../apps/server/test/factories.ts';
import { newWarehouse } from '../apps/server/test/workspaces/helpers.ts';
import { buildTestApp } from '../apps/server/test/test-app.ts';
import { catalogs, products } from '../apps/server/src/modules/catalog/catalog.schema.ts';
import { ledgerMismatches, receiveStock, standaloneStock } from '../apps/server/src/modules/inventory/index.ts';
import { stockBalances } from '../apps/server/src/modules/inventory/inventory.schema.ts';
import { inTenant } from '../apps/server/src/platform/db/database.ts';
import { uuidv7 } from '../apps/server/src/platform/db/ids.ts';
import { DomainError } from '../apps/server/src/platform/errors.ts';
import { systemCtx, tenantCtxFor } from '../apps/server/src/platform/system-ctx.ts';
import { progress, runBench, type BenchResult } from './lib/harness.ts';

/** §10: at least half the floor's throughput, zero oversell (PostgreSQL); PGlite is reported with a loose guard. */
const BUDGET = { postgres: 0.5, pglite: 0.05 } as const;

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const connections = intEnv('BENCH_CONNECTIONS', 32);
const durationMs = intEnv('BENCH_DURATION_MS', 5_000);
const warmupMs = intEnv('BENCH_WARMUP_MS', 1_000);
const skuCount = intEnv('BENCH_SKUS', 1_000);
const rounds = intEnv('BENCH_ROUNDS', 5);
const SCARCE = 1_000;

type Op = (client: number, n: number) => Promise<boolean>;
/** The call number, unique across every slice: the reference keys it makes are never replayed. */
let calls = 0;
type Slice = { latencies: number[]; refused: number; elapsedMs: number };
type Stats = { ops: number; perSecond: number; p50Ms: number; p99Ms: number; refused: number };

/** `connections` clients each calling `op` back to back for `warmMs`, then for a measured `windowMs`. */
async function drive(op: Op, warmMs: number, windowMs: number): Promise<Slice> {
  let measuring = false;
  let stop = false;
  const latencies: number[] = [];
  let refused = 0;
  const clients = Array.from({ length: connections }, async (_v, client) => {
    for (let round = 1; !stop; round++) {
      // PGlite answers in microtasks: without a turn of the event loop now and then, the timers that end the
      // window never fire.
      if (round % 64 === 0) await new Promise((r) => setImmediate(r));
      const started = performance.now();
      const ok = await op(client, calls++);
      if (!measuring) continue;
      if (ok) latencies.push(performance.now() - started);
      else refused += 1;
    }
  });
  await new Promise((r) => setTimeout(r, warmMs));
  measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, windowMs));
  measuring = false;
  const elapsedMs = performance.now() - started;
  stop = true;
  await Promise.all(clients);
  return { latencies, refused, elapsedMs };
}

function statsOf(slices: Slice[]): Stats {
  const latencies = slices.flatMap((slice) => slice.latencies).sort((a, b) => a - b);
  const elapsedMs = slices.reduce((sum, slice) => sum + slice.elapsedMs, 0);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const refused = slices.reduce((sum, slice) => sum + slice.refused, 0);
  return { ops: latencies.length, perSecond: (latencies.length / elapsedMs) * 1000, p50Ms: at(0.5), p99Ms: at(0.99), refused };
}

/**
 * Each target warmed up once, then `rounds` rounds of one slice per target (durationMs / rounds each), the order
 * rotated every round so that no target always follows the same one.
 */
async function interleaved<K extends string>(targets: Record<K, Op>): Promise<Record<K, Stats>> {
  const keys = Object.keys(targets) as K[];
  const slices = new Map<K, Slice[]>(keys.map((key) => [key, []]));
  for (const key of keys) await drive(targets[key], warmupMs, 0);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < keys.length; i++) {
      const key = keys[(round + i) % keys.length]!;
      slices.get(key)!.push(await drive(targets[key], 0, durationMs / rounds));
    }
  }
  return Object.fromEntries(keys.map((key) => [key, statsOf(slices.get(key)!)])) as Record<K, Stats>;
}

await runBench(async () => {
  const onPostgres = Boolean(process.env.KELOLA_TEST_DATABASE_URL);
  const database = onPostgres ? 'postgres' : 'pglite';
  progress(`building the app on ${onPostgres ? 'a fresh PostgreSQL database (KELOLA_TEST_DATABASE_URL)' : 'an in-memory PGlite'}`);
  const app = await buildTestApp({ DATABASE_POOL_SIZE: String(connections) });
  const { platform } = app;
  const db = platform.database.db;
  if (platform.database.client.kind === 'postgres') platform.database.client.pool.on('error', () => {});
  try {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const ctxIn = <T>(fn: (ctx: Parameters<typeof receiveStock>[0]) => Promise<T>) =>
      inTenant(db, owner.workspaceId, (tx) => fn(tenantCtxFor(systemCtx(platform, tx), owner.workspaceId, owner.userId)));

    progress(`seeding ${skuCount} SKUs with stock`);
    const productId = uuidv7();
    await db
      .insert(products)
      .values({ id: productId, workspaceId: owner.workspaceId, type: 'VARIANT', name: 'Bench', slug: `bench-${productId}` });
    const skuIds = Array.from({ length: skuCount + 2 }, () => uuidv7());
    for (let i = 0; i < skuIds.length; i += 500)
      await db
        .insert(catalogs)
        .values(
          skuIds
            .slice(i, i + 500)
            .map((id, j) => ({ id, workspaceId: owner.workspaceId, productId, sku: `B-${i + j}`, name: `Bench ${i + j}`, price: 1000n })),
        );
    const [hot, scarce, ...spread] = skuIds as [string, string, ...string[]];
    await ctxIn((ctx) =>
      receiveStock(ctx, {
        referenceKey: 'seed',
        referenceType: 'BENCH',
        lines: [hot, ...spread].map((catalogId) => ({ warehouseId: wh.id, catalogId, quantity: 10_000_000 })),
      }),
    );

    const stock = standaloneStock(platform, owner.workspaceId, owner.userId);
    const reserveVia = (catalogOf: (n: number) => string, prefix: string) => async (_c: number, n: number) => {
      try {
        await stock.reserve({
          referenceKey: `${prefix}:${n}`,
          referenceType: 'BENCH',
          lines: [{ warehouseId: wh.id, catalogId: catalogOf(n), quantity: 1 }],
        });
        return true;
      } catch (error) {
        if (error instanceof DomainError && error.code === 'INSUFFICIENT_STOCK') return false;
        throw error;
      }
    };
    // The floor is the issue's: the bare conditional UPDATE, one autocommit statement through pg. The research's
    // script A (perf-reliability anchors, B4), the same UPDATE with the ledger row every correct reservation writes,
    // is measured too and reported in the note: what the app adds beyond it is the idempotency claim, the tenant
    // settings and its code.
    const floorVia = (catalogOf: (n: number) => string, withLedger: boolean) => async (_c: number, n: number) => {
      const update = `update stock_balances set in_order = in_order + 1 where workspace_id = $1 and warehouse_id = $2 and catalog_id = $3
           and on_hand - in_order - allocated - safety_stock >= 1 returning on_hand, in_order`;
      const { rows } = withLedger
        ? await platform.database.query(
            `with changed as (${update})
             insert into stock_movements (id, workspace_id, warehouse_id, catalog_id, type, quantity, on_hand_delta, in_order_delta,
               on_hand_before, on_hand_after, in_order_before, in_order_after, reference_type, reference_key, actor_id)
             select $4, $1, $2, $3, 'RESERVE', 1, 0, 1, on_hand, on_hand, in_order - 1, in_order, 'FLOOR', $6, $5 from changed returning 1`,
            [owner.workspaceId, wh.id, catalogOf(n), uuidv7(), owner.userId, `floor:${n}`],
          )
        : await platform.database.query(update, [owner.workspaceId, wh.id, catalogOf(n)]);
      return rows.length === 1;
    };
    const spreadOf = (n: number) => spread[n % spread.length]!;
    // Each case starts from the same state: the dead rows of the one before vacuumed and its dirty pages written.
    const settle = async () => {
      await platform.database.query('vacuum analyze stock_balances, stock_movements, stock_operations');
      if (onPostgres) await platform.database.query('checkpoint');
    };
    const each = `${connections} clients, ${durationMs / 1000} s each in ${rounds} interleaved slices, after ${warmupMs / 1000} s warm-up`;

    progress(
      `one hot SKU: floor (conditional UPDATE through pg), UPDATE with its ledger row (reported), app (standaloneStock().reserve); ${each}`,
    );
    await settle();
    const hotCase = await interleaved({
      floor: floorVia(() => hot, false),
      ledger: floorVia(() => hot, true),
      app: reserveVia(() => hot, 'hot'),
    });
    progress(`the same spread over ${skuCount} SKUs`);
    await settle();
    const spreadCase = await interleaved({
      floor: floorVia(spreadOf, false),
      ledger: floorVia(spreadOf, true),
      app: reserveVia(spreadOf, 'spread'),
    });

    progress(`scarcity: ${SCARCE} units, every client racing until refused`);
    await ctxIn((ctx) =>
      receiveStock(ctx, {
        referenceKey: 'scarce',
        referenceType: 'BENCH',
        lines: [{ warehouseId: wh.id, catalogId: scarce, quantity: SCARCE }],
      }),
    );
    let granted = 0;
    let k = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (await reserveVia(() => scarce, 'scarce')(0, k++)) granted += 1;
      }),
    );
    const [bal] = await db
      .select()
      .from(stockBalances)
      .where(and(eq(stockBalances.workspaceId, owner.workspaceId), eq(stockBalances.catalogId, scarce)));
    const mismatches = await ctxIn((ctx) => ledgerMismatches(ctx));
    // The floor's bare UPDATEs bypass the ledger on purpose: only the SKU the app alone touched must match it.
    const appOnly = mismatches.filter((m) => m.catalogId === scarce);
    if (granted !== SCARCE || bal?.inOrder !== SCARCE || appOnly.length > 0)
      throw new Error(
        `oversell check failed: granted ${granted}, in order ${bal?.inOrder} of ${SCARCE}, ledger mismatches ${appOnly.length}`,
      );

    const line = (name: string, app_: Stats, floor: Stats, withLedger: Stats): BenchResult => ({
      name,
      value: app_.perSecond,
      unit: 'reservations/s',
      floor: floor.perSecond,
      ratio: app_.perSecond / floor.perSecond,
      budget: BUDGET[database],
      note: `${database}, ${connections} clients, p50 ${app_.p50Ms.toFixed(2)} ms, p99 ${app_.p99Ms.toFixed(2)} ms (floor p99 ${floor.p99Ms.toFixed(2)} ms); UPDATE with ledger row ${withLedger.perSecond.toFixed(0)}/s, ratio ${(app_.perSecond / withLedger.perSecond).toFixed(2)}`,
    });
    return [
      line('stock-reserve hot SKU', hotCase.app, hotCase.floor, hotCase.ledger),
      line(`stock-reserve spread over ${skuCount} SKUs`, spreadCase.app, spreadCase.floor, spreadCase.ledger),
      {
        name: 'stock-reserve oversell',
        value: granted,
        unit: `units granted of ${SCARCE}`,
        floor: SCARCE,
        ratio: granted === SCARCE ? 1 : 0,
        budget: 1,
        note: 'zero oversell, ledger equals balance',
      },
    ];
  } finally {
    await app.close();
  }
});
