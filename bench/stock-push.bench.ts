/**
 * Stock pushes (issue 15, ADR 0030): 10,000 SKU movements across 5 connected sandbox shops (two Shopee shops, TikTok
 * Shop, Lazada, Zalora) must make at most one push per SKU per shop per coalescing window, and the pushes must keep to
 * the marketplaces' rate limits, which the sandbox enforces (a 429 from its own per-second windows counts as a breach).
 * Everything is real but the job queue: the jobs run in this process on a real-time scheduler (pg-boss adds nothing
 * to what is measured here), against the real sandbox on a real clock, on the same database the tests use.
 *
 * Lines:
 * - `stock-push coalescing`: the most pushes any (shop, SKU) got per window elapsed, against the floor of 1.
 * - `stock-push rate limits`: 429 answers from the sandbox's rate windows, against the floor of 0 (budget: none).
 * - `stock-push final numbers`: (shop, SKU) pairs whose sandbox stock equals ours at the end (budget: all).
 * - `stock-push drain time` (INFO): the time the pushes took after the last movement, against the least time the
 *   shops' paces allow for the calls that were made.
 *
 * Knobs: BENCH_SKUS (100; 10,000 movements spread over them), BENCH_MOVEMENTS (10000), BENCH_LINES_PER_TX (100).
 * Database: KELOLA_TEST_DATABASE_URL (PostgreSQL) or in-memory PGlite.
 */
import { and, eq, sql } from 'drizzle-orm';
import { createSandbox, SANDBOX_CREDENTIALS } from '@kelola/marketplace-sandbox';
import { newWorkspace } from '../apps/server/test/factories.ts';
import { newWarehouse } from '../apps/server/test/workspaces/helpers.ts';
import { buildTestApp } from '../apps/server/test/test-app.ts';
import { channelProductFlows } from '../apps/server/src/flows/channel-products.ts';
import { catalogs, products } from '../apps/server/src/modules/catalog/catalog.schema.ts';
import { channelPushStates } from '../apps/server/src/modules/channels/channel-products.schema.ts';
import { channelCalls } from '../apps/server/src/modules/channels/channels.schema.ts';
import { CALL_INTERVAL_MS } from '../apps/server/src/modules/channels/channels.service.ts';
import { channelsModule, connectChannel } from '../apps/server/src/modules/channels/index.ts';
import { COALESCE_WINDOW_MS } from '../apps/server/src/modules/channels/stock-push.service.ts';
import { receiveStock } from '../apps/server/src/modules/inventory/index.ts';
import { inTenant } from '../apps/server/src/platform/db/database.ts';
import { uuidv7 } from '../apps/server/src/platform/db/ids.ts';
import type { JobHandler, Jobs } from '../apps/server/src/platform/jobs/jobs.ts';
import { systemCtx, tenantCtxFor } from '../apps/server/src/platform/system-ctx.ts';
import type { TenantCtx } from '../apps/server/src/http/context.ts';
import { progress, runBench, type BenchResult } from './lib/harness.ts';

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const skuCount = intEnv('BENCH_SKUS', 100);
const movements = intEnv('BENCH_MOVEMENTS', 10_000);
const linesPerTx = Math.min(intEnv('BENCH_LINES_PER_TX', 100), skuCount);

/** The sandbox's published per-second limits it enforces (apps/marketplace-sandbox/src/<marketplace>/*.routes.ts). */
const SHOPS = [
  { marketplace: 'shopee', shopId: '60001001', name: 'Shopee A' },
  { marketplace: 'shopee', shopId: '60001002', name: 'Shopee B' },
  { marketplace: 'tiktok', shopId: '7494000000000000001', name: 'TikTok', shopCipher: 'ROW_kelolaSandboxCipher01' },
  { marketplace: 'lazada', shopId: '1000001', name: 'Lazada' },
  { marketplace: 'zalora', shopId: SANDBOX_CREDENTIALS.zalora.userId, name: 'Zalora' },
] as const;

/** A real-time in-process job queue: jobs start when due, a few at once. */
function realTimeJobs() {
  const queue: { due: number; name: string; data: object }[] = [];
  const handlers = new Map<string, JobHandler<object>>();
  let running = 0;
  let ids = 0;
  let stopped = false;
  const jobs: Jobs = {
    send: async (name, data, options = {}) => {
      queue.push({ due: Date.now() + (options.startAfterSeconds ?? 0) * 1000, name, data });
      return String(++ids);
    },
    work: async (name, handler) => void handlers.set(name, handler as JobHandler<object>),
    schedule: async () => undefined,
    start: async () => undefined,
    stop: async () => undefined,
  };
  const loop = async (): Promise<void> => {
    while (!stopped) {
      queue.sort((a, b) => a.due - b.due);
      const next = queue[0];
      if (!next || next.due > Date.now()) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      queue.shift();
      running += 1;
      try {
        await handlers.get(next.name)?.(next.data, { id: String(++ids), retryCount: 0 });
      } catch (error) {
        process.stderr.write(`job ${next.name} failed: ${String(error)}\n`);
      } finally {
        running -= 1;
      }
    }
  };
  const workers = Array.from({ length: 6 }, () => loop());
  return {
    jobs,
    idle: () => queue.length === 0 && running === 0,
    pending: () => queue.length + running,
    stop: async () => {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

await runBench(async (): Promise<BenchResult[]> => {
  const sandbox = createSandbox({ seed: 'bench', orderIntervalMs: 0 });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const address = sandbox.server.address();
  if (!address || typeof address === 'string') throw new Error('sandbox did not listen');
  const origin = `http://127.0.0.1:${address.port}`;
  const admin = async (path: string, body?: unknown) => {
    const response = await fetch(`${origin}/__sandbox${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const app = await buildTestApp({ MARKETPLACE_SANDBOX_URL: origin });
  const scheduler = realTimeJobs();
  app.platform.jobs = scheduler.jobs;
  await channelsModule.workers!(app.platform);
  await channelProductFlows.workers!(app.platform);
  const waitIdle = async (label: string) => {
    let quiet = 0;
    const started = Date.now();
    while (quiet < 3) {
      await new Promise((r) => setTimeout(r, 200));
      quiet = scheduler.idle() ? quiet + 1 : 0;
      if (Date.now() - started > 15 * 60_000) throw new Error(`${label}: still ${scheduler.pending()} jobs after 15 min`);
    }
  };
  try {
    const db = app.platform.database.db;
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const ctxIn = <T>(fn: (ctx: TenantCtx) => Promise<T>) =>
      inTenant(db, owner.workspaceId, (tx) =>
        fn({ ...tenantCtxFor(systemCtx(app.platform, tx), owner.workspaceId, owner.userId), afterCommit: (task) => void task() }),
      );

    progress(`seeding ${skuCount} SKUs and listing them in ${SHOPS.length} shops`);
    const productId = uuidv7();
    await db
      .insert(products)
      .values({ id: productId, workspaceId: owner.workspaceId, type: 'VARIANT', name: 'Bench', slug: `bench-${productId}` });
    const skuIds = Array.from({ length: skuCount }, () => uuidv7());
    await db
      .insert(catalogs)
      .values(
        skuIds.map((id, i) => ({ id, workspaceId: owner.workspaceId, productId, sku: `PUSH-${i}`, name: `Bench ${i}`, price: 1000n })),
      );
    const channelIds: string[] = [];
    for (const shop of SHOPS) {
      for (let i = 0; i < skuCount; i += 50) {
        const listings = Array.from({ length: Math.min(50, skuCount - i) }, (_v, j) => ({
          name: `Bench ${i + j}`,
          skus: [{ sellerSku: `PUSH-${i + j}`, price: 1000, stock: 0 }],
        }));
        await admin('/products', { marketplace: shop.marketplace, shopId: shop.shopId, products: listings });
      }
      const grant =
        shop.marketplace === 'zalora'
          ? { accessToken: SANDBOX_CREDENTIALS.zalora.apiKey, refreshToken: '' }
          : await (async () => {
              const g = (await admin('/grants', { marketplace: shop.marketplace, shopId: shop.shopId })) as Record<string, string>;
              return {
                accessToken: g.accessToken!,
                refreshToken: g.refreshToken!,
                accessTokenExpiresAt: Date.parse(g.accessTokenExpiresAt!),
                refreshTokenExpiresAt: Date.parse(g.refreshTokenExpiresAt!),
              };
            })();
      const channel = await ctxIn((ctx) =>
        connectChannel(ctx, {
          marketplace: shop.marketplace,
          shopId: shop.shopId,
          name: shop.name,
          grant,
          ...('shopCipher' in shop ? { shopCipher: shop.shopCipher } : {}),
        }),
      );
      channelIds.push(channel.id);
      const res = await app.fastify.inject({
        method: 'POST',
        url: `/api/channels/${channel.id}/products/synchronize`,
        headers: owner.headers,
      });
      if (res.statusCode !== 200) throw new Error(`synchronize ${shop.name}: ${res.statusCode} ${res.body}`);
    }
    await waitIdle('import');
    const mapped = await inTenant(db, owner.workspaceId, (tx) =>
      tx.execute(sql`select count(*)::int as n from channel_product_skus where mapping = 'CONFIRMED' and catalog_id is not null`),
    );
    const mappedCount = (mapped as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    if (mappedCount < skuCount * SHOPS.length) throw new Error(`only ${mappedCount} of ${skuCount * SHOPS.length} SKUs mapped`);
    await waitIdle('first pushes');
    const before = await inTenant(db, owner.workspaceId, (tx) =>
      tx
        .select({ connectionId: channelPushStates.connectionId, catalogId: channelPushStates.catalogId, n: channelPushStates.pushCount })
        .from(channelPushStates)
        .where(eq(channelPushStates.kind, 'STOCK')),
    );
    const firstPushes = new Map(before.map((r) => [`${r.connectionId}|${r.catalogId}`, r.n]));
    const callsBefore = new Date();

    progress(`${movements} movements in transactions of ${linesPerTx} lines`);
    const expected = new Map(skuIds.map((id) => [id, 0]));
    const moveStarted = Date.now();
    let cursor = 0;
    for (let done = 0; done < movements; done += linesPerTx) {
      const lines = Array.from({ length: Math.min(linesPerTx, movements - done) }, () => {
        const catalogId = skuIds[cursor++ % skuIds.length]!;
        const quantity = 1 + (cursor % 3);
        expected.set(catalogId, expected.get(catalogId)! + quantity);
        return { warehouseId: wh.id, catalogId, quantity };
      });
      await ctxIn((ctx) => receiveStock(ctx, { referenceKey: `bench:${done}`, referenceType: 'BENCH', lines }));
    }
    const moveEnded = Date.now();
    progress(`movements took ${((moveEnded - moveStarted) / 1000).toFixed(1)} s; waiting for the pushes`);
    // The sweep's job (every minute in production) is not scheduled here: the wakes alone must carry every movement.
    await waitIdle('pushes');
    const drained = Date.now();

    const states = await inTenant(db, owner.workspaceId, (tx) =>
      tx.select().from(channelPushStates).where(eq(channelPushStates.kind, 'STOCK')),
    );
    const windows = Math.ceil((drained - moveStarted) / COALESCE_WINDOW_MS) + 1;
    const maxPerWindow = Math.max(
      ...states.map((s) => (s.pushCount - (firstPushes.get(`${s.connectionId}|${s.catalogId}`) ?? 0)) / windows),
    );
    const maxPushes = Math.max(...states.map((s) => s.pushCount - (firstPushes.get(`${s.connectionId}|${s.catalogId}`) ?? 0)));
    const wanted = states.filter((s) => s.wantedVersion > s.pushedVersion).length;

    const calls = await inTenant(db, owner.workspaceId, (tx) =>
      tx
        .select()
        .from(channelCalls)
        .where(and(eq(channelCalls.operation, 'updateStock'), sql`${channelCalls.at} >= ${callsBefore.toISOString()}::timestamptz`)),
    );
    const limited = calls.filter((c) => c.errorKind === 'rate_limited').length;
    const failedCalls = calls.filter((c) => c.outcome === 'error').length;

    let right = 0;
    for (const shop of SHOPS) {
      const listed = (await (await fetch(`${origin}/__sandbox/products?marketplace=${shop.marketplace}&shopId=${shop.shopId}`)).json()) as {
        products: { skus: { sellerSku: string; stock: number }[] }[];
      };
      const stockOf = new Map(listed.products.flatMap((p) => p.skus.map((s) => [s.sellerSku, s.stock])));
      skuIds.forEach((id, i) => {
        if (stockOf.get(`PUSH-${i}`) === expected.get(id)) right += 1;
      });
    }
    // The least time the shops' paces allow for the calls made (each shop in parallel, the slowest decides).
    const after = calls.filter((c) => c.at.getTime() >= moveEnded);
    const paceFloorMs = Math.max(
      1,
      ...SHOPS.map((shop, i) => after.filter((c) => c.connectionId === channelIds[i]).length * CALL_INTERVAL_MS[shop.marketplace]),
    );
    const drainMs = Math.max(1, drained - moveEnded);
    const database = process.env.KELOLA_TEST_DATABASE_URL ? 'postgres' : 'pglite';
    return [
      {
        name: 'stock-push coalescing',
        value: maxPerWindow,
        unit: 'max pushes per SKU per shop per window',
        floor: 1,
        ratio: maxPerWindow <= 1 ? 1 : 1 / maxPerWindow,
        budget: 1,
        note: `${database}, ${movements} movements over ${skuCount} SKUs × ${SHOPS.length} shops, ${windows} windows of ${COALESCE_WINDOW_MS} ms; most pushes of one (shop, SKU) ${maxPushes}; ${calls.length} calls, ${wanted} rows still wanted`,
      },
      {
        name: 'stock-push rate limits',
        value: limited,
        unit: '429 answers',
        floor: 0,
        ratio: limited === 0 ? 1 : 0,
        budget: 1,
        note: `${failedCalls} refused calls in all`,
      },
      {
        name: 'stock-push final numbers',
        value: right,
        unit: `(shop, SKU) pairs right of ${skuCount * SHOPS.length}`,
        floor: skuCount * SHOPS.length,
        ratio: right / (skuCount * SHOPS.length),
        budget: 1,
      },
      {
        name: 'stock-push drain time',
        value: drainMs,
        unit: 'ms after the last movement',
        floor: paceFloorMs,
        ratio: paceFloorMs / drainMs,
        note: 'floor: calls made after the last movement × the shop pace (CALL_INTERVAL_MS), slowest shop',
      },
    ];
  } finally {
    await scheduler.stop();
    await app.close();
    await sandbox.close();
  }
});
