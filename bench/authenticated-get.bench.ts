/**
 * Authenticated GET /api/me on the real app (fastify, bearer token check, session gate, the user's workspaces and
 * businesses read from the database, then answered from the process's copy for ACCESS_CACHE_TTL_MS: docs/adr/0049)
 * against a bare node:http server sending the same JSON body. The same keep-alive
 * clients (a worker thread) drive both. A third run, GET /api/health (no token, no database), tells the
 * framework's share from the auth + database share.
 *
 * Database: an in-memory PGlite, or a throw-away database on the PostgreSQL server named by
 * KELOLA_TEST_DATABASE_URL (as the server's integration tests do).
 * Knobs: BENCH_CONNECTIONS (32), BENCH_DURATION_MS (5000 per target), BENCH_WARMUP_MS (1000).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { newWorkspace } from '../apps/server/test/factories.ts';
import { buildTestApp } from '../apps/server/test/test-app.ts';
import { progress, runBench, type BenchResult } from './lib/harness.ts';
import { runLoad, type LoadStats } from './lib/load.ts';

/**
 * Budgets on the throughput ratio (bench/README.md). On PostgreSQL the target of issue 18: a quarter of the bare
 * server's throughput and p99 ≤ 10 ms at 32 connections (docs/adr/0037). PGlite runs one statement at a time in one
 * WebAssembly instance, so its ratio measures PGlite more than the app: a loose guard only.
 */
const BUDGET = { postgres: 0.25, pglite: 0.005 } as const;
/** p99 on PostgreSQL, in milliseconds. */
const P99_BUDGET_MS = 10;

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const connections = intEnv('BENCH_CONNECTIONS', 32);
const durationMs = intEnv('BENCH_DURATION_MS', 5_000);
const warmupMs = intEnv('BENCH_WARMUP_MS', 1_000);

const listen = (server: http.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

function check(label: string, stats: LoadStats): LoadStats {
  if (stats.errors > 0) throw new Error(`${label}: ${stats.errors} failed requests (first: ${stats.firstError})`);
  if (stats.requests === 0) throw new Error(`${label}: no request completed`);
  return stats;
}

await runBench(async () => {
  const onPostgres = Boolean(process.env.KELOLA_TEST_DATABASE_URL);
  progress(`building the app on ${onPostgres ? 'a fresh PostgreSQL database (KELOLA_TEST_DATABASE_URL)' : 'an in-memory PGlite'}`);
  // The server's own access cache setting (the test app turns it off for tests that edit memberships directly).
  const app = await buildTestApp({ ACCESS_CACHE_TTL_MS: '500' });
  try {
    const owner = await newWorkspace(app);
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const appBase = `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}`;

    // The floor serves exactly the body and content type the app sends.
    const sample = await fetch(`${appBase}/api/me`, { headers: owner.headers });
    if (sample.status !== 200) throw new Error(`GET /api/me answered ${sample.status}: ${await sample.text()}`);
    const body = Buffer.from(await sample.arrayBuffer());
    const contentType = sample.headers.get('content-type') ?? 'application/json; charset=utf-8';
    const floorServer = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      response.end(body);
    });
    floorServer.keepAliveTimeout = 60_000;
    const floorUrl = `http://127.0.0.1:${await listen(floorServer)}/api/me`;

    const load = { connections, warmupMs, durationMs, headers: owner.headers };
    const each = `${connections} keep-alive connections, ${durationMs / 1000} s after ${warmupMs / 1000} s warm-up`;
    progress(`floor: bare node:http with the same ${body.length}-byte body, ${each}`);
    const floor = check('floor', await runLoad({ ...load, url: floorUrl }).finally(() => floorServer.close()));
    progress('app: GET /api/health (framework only)');
    const health = check('health', await runLoad({ ...load, url: `${appBase}/api/health` }));
    progress('app: GET /api/me with a bearer token and workspace-id');
    const me = check('me', await runLoad({ ...load, url: `${appBase}/api/me` }));
    return results(floor, health, me, onPostgres ? 'postgres' : 'pglite');
  } finally {
    await app.close();
  }
});

function results(floor: LoadStats, health: LoadStats, me: LoadStats, database: 'pglite' | 'postgres'): BenchResult[] {
  return [
    {
      name: 'authenticated-get throughput',
      value: me.requestsPerSecond,
      unit: 'req/s',
      floor: floor.requestsPerSecond,
      ratio: me.requestsPerSecond / floor.requestsPerSecond,
      budget: BUDGET[database],
      note: `${database}, ${connections} conns, ${me.requests} reqs in ${(me.elapsedMs / 1000).toFixed(1)} s`,
    },
    { name: 'authenticated-get p50', value: me.p50Ms, unit: 'ms', floor: floor.p50Ms, ratio: floor.p50Ms / me.p50Ms },
    database === 'postgres'
      ? {
          // Against the absolute budget: ratio = 10 ms / p99, passing at ≥ 1.
          name: `authenticated-get p99 (≤ ${P99_BUDGET_MS} ms)`,
          value: me.p99Ms,
          unit: 'ms',
          floor: P99_BUDGET_MS,
          ratio: P99_BUDGET_MS / me.p99Ms,
          budget: 1,
          note: `floor server p99 ${floor.p99Ms.toFixed(2)} ms, max ${me.maxMs.toFixed(1)} ms`,
        }
      : {
          name: 'authenticated-get p99',
          value: me.p99Ms,
          unit: 'ms',
          floor: floor.p99Ms,
          ratio: floor.p99Ms / me.p99Ms,
          note: `max ${me.maxMs.toFixed(1)} ms`,
        },
    {
      name: 'unauthenticated-get (/api/health) throughput',
      value: health.requestsPerSecond,
      unit: 'req/s',
      floor: floor.requestsPerSecond,
      ratio: health.requestsPerSecond / floor.requestsPerSecond,
      note: `p50 ${health.p50Ms.toFixed(2)} ms, p99 ${health.p99Ms.toFixed(2)} ms`,
    },
  ];
}
