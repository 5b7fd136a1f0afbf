/**
 * The /sales list page (issue 13, ARCHITECTURE §10): `GET /api/orders` with the count of every tab, filtered by tab
 * and order date, newest first, page 1 of 35, on 1,000,000 orders across three workspaces (one holding 90 % of
 * them), through the real app (bearer token, membership, zod, tenant transaction, the orders service, JSON), against
 * a floor of the same SQL sent straight through `pg`: a bare node:http server that sends, on the app's own pool, what
 * the app sent for that page (captured from the pg client while the app answered it once) and sends the rows as JSON.
 * Since ADR 0055 the app sends a page as ONE message (the tenant settings and an EXECUTE of the page-and-counts
 * statement it PREPAREd once per connection), and the floor replays that message, its statement prepared once per
 * connection too; the older form (statements inside a `begin` … `commit` tenant transaction) is replayed as such. Both are
 * driven by the same keep-alive clients over the same mix of pages (six tab × date-range pairs of the big workspace,
 * taken in turn). The app runs as configured in production: the access cache on at its default 500 ms (ADR 0037).
 *
 * Interleaved: after a warm-up of each, floor and app run in alternating rounds (floor then app, then app then floor,
 * …; BENCH_ROUNDS of BENCH_ROUND_MS each, each round after 1 s of its own warm-up), so a change of the machine's load during the run moves both alike. The
 * throughput ratio judged is the MEDIAN of the rounds' app ÷ floor ratios; the latencies are pooled over the rounds.
 *
 * Seeding: `INSERT … SELECT generate_series` into the real tables (orders, order_counts, order_day_counts) of a
 * throw-away database made by the migrations; no lines (the list reads none). Checked before measuring: the app's
 * counts and first row equal an exact count and an ORDER BY over the orders table.
 *
 * Database: PostgreSQL (KELOLA_TEST_DATABASE_URL), the budget's; on the in-memory PGlite it runs at 100,000 orders
 * with a loose guard (one statement at a time).
 * Knobs: BENCH_ORDERS (1000000; 100000 on PGlite), BENCH_CONNECTIONS (32), BENCH_ROUNDS (6), BENCH_ROUND_MS (3000
 * per target and round), BENCH_WARMUP_REQUESTS (600 per target, in slices of BENCH_WARMUP_MS, 2000), BENCH_POOL_SIZE
 * (the app's DATABASE_POOL_SIZE, shared with the floor; BENCH_CONNECTIONS).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { newWorkspace, type Actor } from '../apps/server/test/factories.ts';
import { buildTestApp } from '../apps/server/test/test-app.ts';
import { uuidv7 } from '../apps/server/src/platform/db/ids.ts';
import { progress, runBench, type BenchResult } from './lib/harness.ts';
import { median, runInterleaved, type LoadStats } from './lib/load.ts';

/** §10: half the throughput of the same SQL through pg, and p99 ≤ 25 ms at 32 connections (PostgreSQL). */
const BUDGET = { postgres: 0.5, pglite: 0.1 } as const;
const P99_CAP_MS = 25;

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const onPostgres = Boolean(process.env.KELOLA_TEST_DATABASE_URL);
const database = onPostgres ? 'postgres' : 'pglite';
const orderCount = intEnv('BENCH_ORDERS', onPostgres ? 1_000_000 : 100_000);
const connections = intEnv('BENCH_CONNECTIONS', 32);
/** The app's database pool (DATABASE_POOL_SIZE), shared with the floor; by default one per client connection. */
const poolSize = intEnv('BENCH_POOL_SIZE', connections);
const rounds = intEnv('BENCH_ROUNDS', 6);
const roundMs = intEnv('BENCH_ROUND_MS', 3_000);
const warmupRequests = intEnv('BENCH_WARMUP_REQUESTS', 600);
const warmupMs = intEnv('BENCH_WARMUP_MS', 2_000);
/** Each round's own warm-up: its clients open fresh keep-alive connections. */
const ROUND_WARMUP_MS = 1_000;
const PAGE_SIZE = 35;
/** Two years of orders, newest now. */
const SPAN_DAYS = 730;
/** How the orders are shared between the three workspaces. */
const SHARES = [0.9, 0.07, 0.03] as const;
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** The machine's load average (1, 5, 15 minutes): other sessions share its cores. */
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const listen = (server: http.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** YYYY-MM-DD of the Jakarta day `daysAgo` days before now (the list's date filters are Jakarta days). */
const jakartaDay = (daysAgo: number) => new Date(Date.now() + 7 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * The orders of one workspace: newest first over SPAN_DAYS, a tenth manual (a tenth of those drafts), the rest
 * spread over three shops; the last three days in every open state, the eleven before in shipping and closing
 * states, older ones completed or (one in twelve) cancelled.
 */
const SEED_SQL = `
insert into orders (id, workspace_id, business_id, source, channel_id, marketplace, external_id, order_number, status,
  marketplace_status, order_date, warehouse_id, buyer_name, buyer_phone, ship_name, ship_city, courier_name, receipt_number,
  payment_status, total_item, subtotal, shipping_fee_buyer, buyer_total, merchant_net, cost, created_at, updated_at)
select md5($1::text || i)::uuid, $1::uuid, $2::uuid,
  case when manual then 'MANUAL' else 'MARKETPLACE' end,
  case when manual then null else ($3::uuid[])[1 + i % 3] end,
  case when manual then null else (array['SHOPEE','TOKOPEDIA','LAZADA'])[1 + i % 3] end,
  case when manual then null else 'MP' || i end,
  case when manual then 'SO/BENCH/' || i else 'MP' || i end,
  status, case when manual then null else lower(status) end, d, null,
  'Pembeli ' || (i % 5000), '0812' || lpad((i % 100000000)::text, 8, '0'), 'Pembeli ' || (i % 5000),
  (array['Jakarta Selatan','Bandung','Surabaya','Bekasi','Depok'])[1 + i % 5],
  (array['JNE','J&T','SiCepat','AnterAja'])[1 + i % 4],
  case when status in ('SHIPPED','DELIVERED','COMPLETED') then 'RESI' || i end,
  case when status = 'UNPAID' then 'UNPAID' else 'PAID' end,
  1 + i % 4, 50000 + (i % 40) * 2500, 12000, 62000 + (i % 40) * 2500, 55000 + (i % 40) * 2300, 30000 + (i % 40) * 1000, d, d
from (
  select i, manual, d,
    case
      when manual and i % 100 = 0 then 'DRAFT'
      when d > now() - interval '3 days' then (array['UNPAID','NEW','CONFIRMED','ON_PROCESS','READY_TO_SHIP','SHIPPED','CANCEL_REQUESTED'])[1 + i % 7]
      when d > now() - interval '14 days' then (array['SHIPPED','DELIVERED','COMPLETED','CANCELED','CANCEL_CONFIRMATION','COMPLETED'])[1 + i % 6]
      when i % 12 = 0 then 'CANCELED'
      else 'COMPLETED'
    end as status
  from (
    select i, i % 10 = 0 as manual,
      now() - (i::float8 / $4::int) * interval '${SPAN_DAYS} days' - ((i::bigint * 7919) % 3600) * interval '1 second' as d
    from generate_series(1, $4::int) as i
  ) g
) s`;

/** The counts kept by the orders repository (ADR 0018, 0023), rebuilt from the seeded rows. */
const COUNTS_SQL = [
  `insert into order_counts (workspace_id, business_id, channel_id, status, count)
   select workspace_id, coalesce(business_id, '${NO_ID}'), coalesce(channel_id, '${NO_ID}'), status, count(*)
   from orders where workspace_id = $1 group by 1, 2, 3, 4`,
  `insert into order_day_counts (workspace_id, business_id, channel_id, status, day, count)
   select workspace_id, coalesce(business_id, '${NO_ID}'), coalesce(channel_id, '${NO_ID}'), status,
     ((order_date at time zone 'UTC') + interval '7 hours')::date, count(*)
   from orders where workspace_id = $1 group by 1, 2, 3, 4, 5`,
];

let lastFloorError = '';
/** The statements the floor has prepared on each pooled connection. */
const floorPrepared = new WeakMap<pg.PoolClient, Set<string>>();
type Captured = { text: string; values: unknown[] };

/**
 * Records the statements the app sends through pg while `run` answers (node-postgres clients of the app's pool),
 * keeping those of its tenant transaction.
 */
async function capture(run: () => Promise<void>, pglite?: PGlite): Promise<Captured[]> {
  const seen: Captured[] = [];
  const record = (text: unknown, values: unknown) => {
    if (typeof text === 'string') seen.push({ text, values: Array.isArray(values) ? values : [] });
  };
  if (pglite) {
    // PGlite: drizzle runs a tenant transaction's statements on the transaction object PGlite hands it.
    const transaction = pglite.transaction.bind(pglite);
    pglite.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
      transaction((tx) => {
        const query = tx.query.bind(tx);
        const watched = Object.create(tx) as Transaction;
        watched.query = ((text: string, values?: unknown[], options?: object) => {
          record(text, values);
          return query(text, values, options);
        }) as Transaction['query'];
        return callback(watched);
      })) as PGlite['transaction'];
    try {
      await run();
    } finally {
      pglite.transaction = transaction as PGlite['transaction'];
    }
    return keepListReads(seen);
  }
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') record(first, second);
    else record((first as { text?: string }).text, (first as { values?: unknown[] }).values ?? second);
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return keepListReads(seen);
}

/** The app's single-message form of a tenant read (`tenantStatement`, ADR 0043, 0055): settings, then `execute name(…)`. */
const EXECUTE = /^(set local [\s\S]*;\s*)execute ([a-z_][a-z0-9_]*)(\([\s\S]*\))?$/u;
const PREPARE = /^prepare ([a-z_][a-z0-9_]*) as ([\s\S]*)$/u;

/**
 * The page's SQL. When the app sends it as one message (the tenant settings and an EXECUTE of a statement it
 * prepared once on the connection, ADR 0055): that message and the statement's PREPARE. Otherwise the statements of
 * its tenant transaction: after its `begin` (with the tenant settings) and before its `commit`. The token and
 * membership look-ups are not the page's SQL (bench/authenticated-get measures them).
 */
function keepListReads(seen: Captured[]): Captured[] {
  const messages = seen.filter((s) => EXECUTE.test(s.text.trim()));
  if (messages.length > 0) {
    const names = new Set(messages.map((m) => EXECUTE.exec(m.text.trim())![2]));
    const prepares = seen.filter((s) => names.has(PREPARE.exec(s.text.trim())?.[1] ?? ''));
    if (prepares.length !== names.size)
      throw new Error(`the app's PREPARE of ${[...names].join(', ')} was not seen: the floor needs the statement's text`);
    return [...prepares, ...messages];
  }
  const begin = seen.findIndex((s) => /^begin\b/iu.test(s.text.trim()));
  const inside = begin >= 0 ? seen.slice(begin + 1) : seen;
  const end = inside.findIndex((s) => /^(commit|rollback)\b/iu.test(s.text.trim()));
  return (end >= 0 ? inside.slice(0, end) : inside).filter((s) => !/set_config\(/u.test(s.text));
}

await runBench(async () => {
  progress(`building the app on ${onPostgres ? 'a fresh PostgreSQL database (KELOLA_TEST_DATABASE_URL)' : 'an in-memory PGlite'}`);
  // The access cache as in production (the test app turns it off for the tests that edit memberships in SQL).
  const app = await buildTestApp({ DATABASE_POOL_SIZE: String(poolSize), ACCESS_CACHE_TTL_MS: '500' });
  const { platform } = app;
  const owners: Actor[] = [];
  try {
    for (let w = 0; w < SHARES.length; w++) owners.push(await newWorkspace(app));
    const big = owners[0]!;

    progress(`seeding ${orderCount.toLocaleString('en')} orders over ${SPAN_DAYS} days in ${SHARES.length} workspaces`);
    const started = Date.now();
    for (const [w, owner] of owners.entries()) {
      const n = Math.round(orderCount * SHARES[w]!);
      const shops = [uuidv7(), uuidv7(), uuidv7()];
      await platform.database.query(SEED_SQL, [owner.workspaceId, owner.businessId, shops, n]);
      for (const statement of COUNTS_SQL) await platform.database.query(statement, [owner.workspaceId]);
      progress(`  workspace ${w + 1}: ${n.toLocaleString('en')} orders (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    await platform.database.exec('vacuum analyze orders, order_counts, order_day_counts');
    if (onPostgres) await platform.database.exec('checkpoint');
    progress(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const appBase = `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}`;
    const pages = [
      { tab: 'all', date_from: jakartaDay(6), date_to: jakartaDay(0) },
      { tab: 'new', date_from: jakartaDay(6), date_to: jakartaDay(0) },
      { tab: 'ready_to_ship', date_from: jakartaDay(29), date_to: jakartaDay(0) },
      { tab: 'shipped', date_from: jakartaDay(29), date_to: jakartaDay(0) },
      { tab: 'completed', date_from: jakartaDay(89), date_to: jakartaDay(0) },
      { tab: 'canceled', date_from: jakartaDay(400), date_to: jakartaDay(370) },
    ].map((filters) => `/api/orders?${new URLSearchParams({ ...filters, size: String(PAGE_SIZE), sort: '-order_date' })}`);

    // Each page once through the app, its statements captured for the floor, its answer checked against the table.
    const statements = new Map<string, Captured[]>();
    for (const page of pages) {
      let body: { items: { id: string }[]; total_row: number; counts: Record<string, number> } | undefined;
      const captured = await capture(
        async () => {
          const response = await fetch(`${appBase}${page}`, { headers: big.headers });
          body = (await response.json()) as typeof body;
          if (response.status !== 200) throw new Error(`GET ${page} answered ${response.status}: ${JSON.stringify(body)}`);
        },
        platform.database.client.kind === 'pglite' ? platform.database.client.pglite : undefined,
      );
      if (captured.length === 0) throw new Error(`no list statement captured for ${page}`);
      statements.set(page, captured);
      if (process.env.BENCH_EXPLAIN) await explain(captured);
      await checkPage(page, body!);
      progress(`${page}: ${body!.items.length} items of ${body!.total_row}; ${captured.length} statements`);
    }

    // The floor: the same statements in the same tenant transaction, straight through pg (or PGlite), as JSON.
    const floorServer = http.createServer((request, response) => {
      const captured = statements.get(request.url ?? '');
      runFloor(captured ?? [])
        .then((result) => {
          const payload = JSON.stringify(result);
          response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
          response.end(payload);
        })
        .catch((error: unknown) => {
          lastFloorError ||= String(error);
          response.writeHead(500);
          response.end(String(error));
        });
    });
    floorServer.keepAliveTimeout = 60_000;
    const floorBase = `http://127.0.0.1:${await listen(floorServer)}`;

    const each = `${pages.length} pages in turn, ${connections} connections, ${rounds} alternating rounds of ${roundMs / 1000} s each after a warm-up of ${warmupRequests} requests per target`;
    progress(
      `floor: the same SQL through ${onPostgres ? 'pg' : 'PGlite'} behind bare node:http; app: GET /api/orders with a bearer token; ${each}`,
    );
    const run = await runInterleaved({
      floor: { connections, url: '', urls: pages.map((p) => `${floorBase}${p}`) },
      app: { connections, url: '', urls: pages.map((p) => `${appBase}${p}`), headers: big.headers },
      warmupMs,
      warmupRequests,
      rounds,
      roundMs,
      roundWarmupMs: ROUND_WARMUP_MS,
      onRound: (round, f, a) =>
        progress(
          `round ${round + 1}: floor ${f.requestsPerSecond.toFixed(0)} req/s (p99 ${f.p99Ms.toFixed(0)} ms), app ${a.requestsPerSecond.toFixed(0)} req/s (p99 ${a.p99Ms.toFixed(0)} ms): ${(a.requestsPerSecond / f.requestsPerSecond).toFixed(3)}; load ${loadAverage()}`,
        ),
    }).finally(() => floorServer.close());
    const { floor, app: measured } = run;
    for (const [label, stats] of [
      ['floor', floor],
      ['app', measured],
    ] as const) {
      if (stats.errors > 0) throw new Error(`${label}: ${stats.errors} failed requests (first: ${stats.firstError}; ${lastFloorError})`);
      if (stats.requests === 0) throw new Error(`${label}: no request completed`);
    }
    progress(`round ratios: ${run.ratios.map((r) => r.toFixed(3)).join(', ')}`);
    return results(floor, measured, run.ratios);
  } finally {
    await app.close();
  }

  /** The app's page against the orders table itself: the tab counts exact, the first row the newest of the tab. */
  async function checkPage(page: string, body: { items: { id: string }[]; total_row: number; counts: Record<string, number> }) {
    const params = new URLSearchParams(page.split('?')[1]);
    const from = `${params.get('date_from')}T00:00:00+07:00`;
    const to = `${params.get('date_to')}T00:00:00+07:00`;
    const { rows } = (await platform.database.query(
      `select status, count(*) as n from orders where workspace_id = $1 and order_date >= $2 and order_date < $3::timestamptz + interval '1 day'
       group by status`,
      [owners[0]!.workspaceId, from, to],
    )) as { rows: { status: string; n: string }[] };
    const exact = new Map(rows.map((r) => [r.status, Number(r.n)]));
    const expect = (tab: string, n: number) => {
      if (body.counts[tab] !== n) throw new Error(`${page}: count of ${tab} is ${body.counts[tab]}, the table holds ${n}`);
    };
    expect('new', exact.get('NEW') ?? 0);
    expect('completed', exact.get('COMPLETED') ?? 0);
    expect('canceled', exact.get('CANCELED') ?? 0);
    expect('draft', exact.get('DRAFT') ?? 0);
    expect(
      'all',
      [...exact].filter(([s]) => s !== 'DRAFT').reduce((sum, [, n]) => sum + n, 0),
    );
    const tab = params.get('tab')!;
    const status = tab === 'all' ? null : tab.toUpperCase();
    const first = (await platform.database.query(
      `select id from orders where workspace_id = $1 and order_date >= $2 and order_date < $3::timestamptz + interval '1 day'
       and ${status ? 'status = $4' : `status <> 'DRAFT'`} order by order_date desc, id desc limit 1`,
      status ? [owners[0]!.workspaceId, from, to, status] : [owners[0]!.workspaceId, from, to],
    )) as { rows: { id: string }[] };
    if ((first.rows[0]?.id ?? null) !== (body.items[0]?.id ?? null))
      throw new Error(`${page}: first row ${body.items[0]?.id}, the table's newest ${first.rows[0]?.id}`);
  }

  /** BENCH_EXPLAIN=1: the plans of a page's statements, as the app role in the tenant transaction, on stderr. */
  async function explain(captured: Captured[]) {
    const { client } = platform.database;
    if (client.kind === 'postgres' && captured.some((s) => EXECUTE.test(s.text.trim()))) {
      const plans = await runFloorMessage(client.pool, captured, true);
      const text = captured.find((s) => PREPARE.test(s.text.trim()))!.text;
      progress(`${text}\n${(plans[0] as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n')}`);
      return;
    }
    for (const s of captured) {
      const [plan] = await runFloor([{ text: `explain (analyze, buffers) ${s.text}`, values: s.values }]);
      progress(`${s.text}\n${(plan as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }

  /**
   * The floor of a page the app sends as one message: the same message on a pooled connection, its statement
   * prepared once per connection as the app does (under a `floor_` name, so the app's own PREPARE on a connection
   * the floor used never collides).
   */
  async function runFloorMessage(pool: pg.Pool, captured: Captured[], explainPlan = false) {
    const connection = await pool.connect();
    try {
      const prepared = floorPrepared.get(connection) ?? new Set<string>();
      floorPrepared.set(connection, prepared);
      const out: unknown[][] = [];
      for (const s of captured) {
        const text = s.text.trim();
        const prepare = PREPARE.exec(text);
        if (prepare) {
          if (!prepared.has(prepare[1]!)) await connection.query(`prepare floor_${prepare[1]} as ${prepare[2]}`);
          prepared.add(prepare[1]!);
          continue;
        }
        const [, settings, name, args] = EXECUTE.exec(text)!;
        if (explainPlan) {
          // Six runs first: from the sixth on, PostgreSQL may keep a generic plan, and EXPLAIN shows the one it uses.
          await connection.query('begin');
          try {
            for (let i = 0; i < 6; i++) await connection.query(`${settings}execute floor_${name}${args ?? ''}`);
            const results = (await connection.query(
              `${settings}explain (analyze, buffers) execute floor_${name}${args ?? ''}`,
            )) as unknown as pg.QueryResult[];
            out.push(results[results.length - 1]!.rows);
          } finally {
            await connection.query('rollback');
          }
          continue;
        }
        const results = (await connection.query(`${settings}execute floor_${name}${args ?? ''}`)) as unknown as pg.QueryResult[];
        out.push(results[results.length - 1]!.rows);
      }
      return out;
    } finally {
      connection.release();
    }
  }

  async function runFloor(captured: Captured[]) {
    const workspaceId = owners[0]!.workspaceId;
    const settings = `select set_config('app.workspace_id', '${workspaceId}', true), set_config('role', 'kelola_app', true)`;
    const { client } = platform.database;
    if (client.kind === 'postgres' && captured.some((s) => EXECUTE.test(s.text.trim()))) return runFloorMessage(client.pool, captured);
    if (client.kind === 'postgres') {
      const connection = await client.pool.connect();
      try {
        await connection.query(`begin; ${settings}`);
        const out: unknown[][] = [];
        for (const s of captured) out.push((await connection.query(s.text, s.values)).rows);
        await connection.query('commit');
        return out;
      } catch (error) {
        await connection.query('rollback');
        throw error;
      } finally {
        connection.release();
      }
    }
    return client.pglite.transaction(async (tx) => {
      await tx.query(settings);
      const out: unknown[][] = [];
      for (const s of captured) out.push((await tx.query(s.text, s.values)).rows);
      return out;
    });
  }
});

function results(floor: LoadStats, app: LoadStats, ratios: readonly number[]): BenchResult[] {
  const note = `${database}, ${orderCount.toLocaleString('en')} orders, ${connections} conns, pool ${poolSize}, ${app.requests} reqs in ${(app.elapsedMs / 1000).toFixed(1)} s over ${ratios.length} rounds; median of the rounds' ratios ${ratios.map((r) => r.toFixed(2)).join('/')}; load ${loadAverage()}`;
  return [
    {
      name: 'order-list throughput',
      value: app.requestsPerSecond,
      unit: 'req/s',
      floor: floor.requestsPerSecond,
      ratio: median(ratios),
      budget: BUDGET[database],
      note,
    },
    { name: 'order-list p50', value: app.p50Ms, unit: 'ms', floor: floor.p50Ms, ratio: floor.p50Ms / app.p50Ms },
    {
      name: `order-list p99 (cap ${P99_CAP_MS} ms)`,
      value: app.p99Ms,
      unit: 'ms',
      floor: P99_CAP_MS,
      ratio: P99_CAP_MS / app.p99Ms,
      ...(onPostgres ? { budget: 1 } : {}),
      note: `floor's p99 ${floor.p99Ms.toFixed(1)} ms; app max ${app.maxMs.toFixed(1)} ms`,
    },
  ];
}
