/**
 * Product list page with counts (GET /api/products: page 1 of 35, newest first, counts per status) on 100,000
 * products, through the real app (token check, membership, zod, tenant transaction, JSON) against a bare
 * node:http server that runs the same SQL on the same database (the same transaction with the tenant setting and
 * role, the list query and the counts read; on PostgreSQL through the app's own `pg` pool) and sends the rows as
 * JSON. Both are driven by the same keep-alive clients, so the ratio is what the app adds on top of its SQL.
 * Interleaved as order-list is (ADR 0051): after a warm-up of each, floor and app run in alternating rounds, and the
 * throughput ratio judged is the median of the rounds' ratios (one 6 s floor then one 6 s app gave 0.49–0.69 for the
 * same code on a quiet machine).
 * Database: an in-memory PGlite, or a throw-away database on the PostgreSQL server named by KELOLA_TEST_DATABASE_URL.
 * Knobs: BENCH_PRODUCTS (100000), BENCH_CONNECTIONS (32), BENCH_ROUNDS (6), BENCH_ROUND_MS (3000 per target and round),
 * BENCH_WARMUP_REQUESTS (600 per target, in slices of BENCH_WARMUP_MS, 2000).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { newWorkspace } from '../apps/server/test/factories.ts';
import { buildTestApp } from '../apps/server/test/test-app.ts';
import { progress, runBench, type BenchResult } from './lib/harness.ts';
import { median, runInterleaved, type LoadStats } from './lib/load.ts';

/** ARCHITECTURE §10 / issue 4: the list with counts keeps at least half the throughput of its own SQL. */
const BUDGET_RATIO = 0.5;

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const productCount = intEnv('BENCH_PRODUCTS', 100_000);
const connections = intEnv('BENCH_CONNECTIONS', 32);
const rounds = intEnv('BENCH_ROUNDS', 6);
const roundMs = intEnv('BENCH_ROUND_MS', 3_000);
const warmupRequests = intEnv('BENCH_WARMUP_REQUESTS', 600);
const warmupMs = intEnv('BENCH_WARMUP_MS', 2_000);
/** Each round's own warm-up: its clients open fresh keep-alive connections. */
const ROUND_WARMUP_MS = 1_000;
const PAGE_SIZE = 35;

const listen = (server: http.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** The statements of the list endpoint for an unfiltered first page, stock column included (see products.service.ts listProducts). */
const LIST_SQL = `select p.id, p.type, p.name, p.status, p.is_valid, p.category_id, c.name as category_name, p.brand_id, b.name as brand_name,
    p.price_min, p.price_max, p.catalog_count, p.image_key, p.created_at, p.updated_at,
    (case when p.type = 'BUNDLING' then coalesce((select min(greatest(0, coalesce((select sum(sb.on_hand - sb.in_order - sb.allocated - sb.safety_stock)
        from stock_balances sb where sb.workspace_id = $1 and sb.catalog_id in (select bc.component_catalog_id)), 0) / bc.quantity))
        from bundle_components bc where bc.bundle_product_id = p.id), 0)
      else coalesce((select sum(sb.on_hand - sb.in_order - sb.allocated - sb.safety_stock) from stock_balances sb
        where sb.workspace_id = $1 and sb.catalog_id in (select k.id from catalogs k where k.product_id = p.id)), 0) end) as available
  from products p left join categories c on c.id = p.category_id left join brands b on b.id = p.brand_id
  where p.workspace_id = $1 order by p.created_at desc, p.id desc limit $2 offset $3`;
const COUNTS_SQL = `select status, count from product_status_counts where workspace_id = $1`;

await runBench(async () => {
  const onPostgres = Boolean(process.env.KELOLA_TEST_DATABASE_URL);
  progress(`building the app on ${onPostgres ? 'a fresh PostgreSQL database (KELOLA_TEST_DATABASE_URL)' : 'an in-memory PGlite'}`);
  const app = await buildTestApp({ DATABASE_POOL_SIZE: String(connections) });
  try {
    const owner = await newWorkspace(app);
    const { database } = app.platform;
    const { client } = database;
    /** The floor's transaction: the tenant setting and role, the list page and the counts, straight on the database. */
    const floorPage = async () => {
      if (client.kind === 'postgres') {
        const connection = await client.pool.connect();
        try {
          await connection.query(
            `begin; select set_config('app.workspace_id', '${owner.workspaceId}', true), set_config('role', 'kelola_app', true)`,
          );
          const rows = await connection.query(LIST_SQL, [owner.workspaceId, PAGE_SIZE, 0]);
          const counts = await connection.query(COUNTS_SQL, [owner.workspaceId]);
          await connection.query('commit');
          return { items: rows.rows, counts: counts.rows };
        } catch (error) {
          await connection.query('rollback');
          throw error;
        } finally {
          connection.release();
        }
      }
      return client.pglite.transaction(async (tx) => {
        await tx.query(`select set_config('app.workspace_id', $1, true)`, [owner.workspaceId]);
        await tx.query('set local role kelola_app');
        const rows = await tx.query(LIST_SQL, [owner.workspaceId, PAGE_SIZE, 0]);
        const counts = await tx.query(COUNTS_SQL, [owner.workspaceId]);
        return { items: rows.rows, counts: counts.rows };
      });
    };

    progress(`inserting ${productCount.toLocaleString('en')} products`);
    const started = Date.now();
    await database.query(
      `insert into products (id, workspace_id, type, name, slug, status, price_min, price_max, catalog_count, created_at, updated_at)
       select md5('bench-' || i)::uuid, $1, case when i % 7 = 0 then 'VARIANT' else 'SINGLE' end, 'Produk ' || i, 'produk-' || i,
              case i % 10 when 0 then 'INACTIVE' when 1 then 'DRAFT' else 'ACTIVE' end,
              10000 + (i % 500) * 100, 10000 + (i % 500) * 100 + (i % 7) * 1000, 1 + (i % 7 = 0)::int * 3,
              now() - make_interval(secs => i), now() - make_interval(secs => i)
       from generate_series(1, $2::int) as i`,
      [owner.workspaceId, productCount],
    );
    await database.query(
      `insert into product_status_counts (workspace_id, status, count)
       select workspace_id, status, count(*)::int from products where workspace_id = $1 group by workspace_id, status`,
      [owner.workspaceId],
    );
    await database.exec('analyze products, product_status_counts');
    progress(`inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const appUrl = `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}/api/products?size=${PAGE_SIZE}`;
    const sample = await fetch(appUrl, { headers: owner.headers });
    const body = (await sample.json()) as { items: unknown[]; total_row: number; counts: Record<string, number> };
    if (sample.status !== 200) throw new Error(`GET /api/products answered ${sample.status}: ${JSON.stringify(body)}`);
    if (body.total_row !== productCount || body.items.length !== PAGE_SIZE)
      throw new Error(`unexpected page: total_row ${body.total_row}, ${body.items.length} items`);
    progress(`app page: ${body.items.length} items, counts ${JSON.stringify(body.counts)}`);

    // The floor: the same transaction and statements, straight on the database, rows sent as JSON.
    const floorServer = http.createServer((_request, response) => {
      floorPage()
        .then((result) => {
          const payload = JSON.stringify(result);
          response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
          response.end(payload);
        })
        .catch((error: unknown) => {
          response.writeHead(500);
          response.end(String(error));
        });
    });
    floorServer.keepAliveTimeout = 60_000;
    const floorUrl = `http://127.0.0.1:${await listen(floorServer)}/floor`;

    progress(
      `floor: the list SQL through ${onPostgres ? 'pg' : 'PGlite'} behind bare node:http; app: GET /api/products (page 1, counts) with a bearer token; ${connections} connections, ${rounds} alternating rounds of ${roundMs / 1000} s after a warm-up of ${warmupRequests} requests each`,
    );
    const run = await runInterleaved({
      floor: { connections, url: floorUrl },
      app: { connections, url: appUrl, headers: owner.headers },
      warmupMs,
      warmupRequests,
      rounds,
      roundMs,
      roundWarmupMs: ROUND_WARMUP_MS,
      onRound: (round, f, a) =>
        progress(
          `round ${round + 1}: floor ${f.requestsPerSecond.toFixed(0)} req/s, app ${a.requestsPerSecond.toFixed(0)} req/s: ${(a.requestsPerSecond / f.requestsPerSecond).toFixed(3)}`,
        ),
    }).finally(() => floorServer.close());
    const { floor, app: measured } = run;
    for (const [label, stats] of [
      ['floor', floor],
      ['app', measured],
    ] as const) {
      if (stats.errors > 0) throw new Error(`${label}: ${stats.errors} failed requests (first: ${stats.firstError})`);
      if (stats.requests === 0) throw new Error(`${label}: no request completed`);
    }
    return results(floor, measured, run.ratios, onPostgres ? 'postgres' : 'pglite');
  } finally {
    await app.close();
  }
});

function results(floor: LoadStats, app: LoadStats, ratios: readonly number[], database: string): BenchResult[] {
  const note = `${database}, ${productCount.toLocaleString('en')} products, ${connections} conns, ${app.requests} reqs in ${(app.elapsedMs / 1000).toFixed(1)} s over ${ratios.length} rounds; median of the rounds' ratios ${ratios.map((r) => r.toFixed(2)).join('/')}`;
  return [
    {
      name: 'product-list throughput',
      value: app.requestsPerSecond,
      unit: 'req/s',
      floor: floor.requestsPerSecond,
      ratio: median(ratios),
      budget: BUDGET_RATIO,
      note,
    },
    { name: 'product-list p50', value: app.p50Ms, unit: 'ms', floor: floor.p50Ms, ratio: floor.p50Ms / app.p50Ms },
    {
      name: 'product-list p99',
      value: app.p99Ms,
      unit: 'ms',
      floor: floor.p99Ms,
      ratio: floor.p99Ms / app.p99Ms,
      note: `max ${app.maxMs.toFixed(1)} ms`,
    },
  ];
}
