import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectSandboxShop, sandboxAdmin } from '../../src/demo/demo-shops.ts';
import { channelProductFlows } from '../../src/flows/channel-products.ts';
import { orderFlows } from '../../src/flows/orders.jobs.ts';
import { startSandbox, type RunningSandbox } from '../../src/modules/channels/adapters/sandbox-harness.testing.ts';
import { channelCalls } from '../../src/modules/channels/channels.schema.ts';
import { adapterFor, channelsModule } from '../../src/modules/channels/index.ts';
import { findConnection } from '../../src/modules/channels/channels.repository.ts';
import { COALESCE_WINDOW_MS, reconcileStock } from '../../src/modules/channels/stock-push.service.ts';
import { shopAuth } from '../../src/modules/channels/channels.service.ts';
import { receiveStock } from '../../src/modules/inventory/index.ts';
import { inTenant } from '../../src/platform/db/database.ts';
import type { JobHandler, Jobs } from '../../src/platform/jobs/jobs.ts';
import { createProduct, singleForm, uniqueSku } from '../catalog/helpers.ts';
import { newWorkspace, type Actor } from '../factories.ts';
import { asActor } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newWarehouse } from '../workspaces/helpers.ts';

// Stock and price pushes to the sandbox shops (issue 15, ADR 0030): real database, real sandbox over HTTP, the job
// queue replaced by a recorder that runs jobs on drain() and moves the sandbox clock for delayed ones.

const SHOPEE = { marketplace: 'shopee', shopId: '60001001', name: 'Shopee Kelola' } as const;
const TIKTOK = {
  marketplace: 'tiktok',
  shopId: '7494000000000000001',
  name: 'TikTok Kelola',
  shopCipher: 'ROW_kelolaSandboxCipher01',
} as const;

let app: TestApp;
let sandbox: RunningSandbox;
let call: ReturnType<typeof caller>;

type Queued = { queue: string; data: object; startAfterSeconds?: number };
const queued: Queued[] = [];
const handlers = new Map<string, JobHandler<object>>();
let ids = 0;

const jobs: Jobs = {
  send: async (queue, data, options = {}) => {
    queued.push({ queue, data, ...(options.startAfterSeconds ? { startAfterSeconds: options.startAfterSeconds } : {}) });
    return String(++ids);
  },
  work: async (queue, handler) => void handlers.set(queue, handler as JobHandler<object>),
  schedule: async () => undefined,
  start: async () => undefined,
  stop: async () => undefined,
};

/** Runs queued jobs, earliest start first (moving the sandbox clock to it), until none is left. */
async function drain(limit = 2_000): Promise<number> {
  let ran = 0;
  while (queued.length > 0) {
    if (ran >= limit) throw new Error(`more than ${limit} jobs: ${JSON.stringify(queued.slice(0, 3))}`);
    queued.sort((a, b) => (a.startAfterSeconds ?? 0) - (b.startAfterSeconds ?? 0));
    const next = queued.shift()!;
    if (next.startAfterSeconds) {
      await sandbox.advance(next.startAfterSeconds * 1000);
      for (const other of queued)
        if (other.startAfterSeconds) other.startAfterSeconds = Math.max(0, other.startAfterSeconds - next.startAfterSeconds);
    }
    const handler = handlers.get(next.queue);
    if (!handler) throw new Error(`no handler for ${next.queue}`);
    await handler(next.data, { id: String(++ids), retryCount: 0 });
    ran += 1;
  }
  return ran;
}

beforeAll(async () => {
  sandbox = await startSandbox('stock-push');
  app = await buildTestApp({ MARKETPLACE_SANDBOX_URL: sandbox.origin });
  app.platform.now = () => new Date(sandbox.clock.now());
  app.platform.jobs = jobs;
  await channelsModule.workers!(app.platform);
  await channelProductFlows.workers!(app.platform);
  await orderFlows.workers!(app.platform); // a goods receipt also queues its warehouse's short orders (ADR 0069)
  call = caller(app);
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});
beforeEach(async () => {
  await drain();
  await sandbox.admin('/faults', { marketplace: 'shopee', random: 0 });
  await sandbox.admin('/faults', { marketplace: 'tiktok', random: 0 });
});

type SandboxProducts = {
  products: { id: string; name: string; skus: { id: string; sellerSku: string; stock: number; price: number }[] }[];
};
const shopProducts = async (shop: { marketplace: string; shopId: string }) =>
  (await (
    await fetch(`${sandbox.origin}/__sandbox/products?marketplace=${shop.marketplace}&shopId=${shop.shopId}`)
  ).json()) as SandboxProducts;
const shopSku = async (shop: { marketplace: string; shopId: string }, sellerSku: string) => {
  for (const product of (await shopProducts(shop)).products) {
    const sku = product.skus.find((s) => s.sellerSku === sellerSku);
    if (sku) return { productId: product.id, ...sku };
  }
  throw new Error(`${sellerSku} is not in ${shop.marketplace}`);
};

/** A workspace with a warehouse, `count` single SKUs listed (same seller SKU) in the Shopee and TikTok sandbox shops, imported and mapped. */
async function setUp(count = 1, options: { shopeePercent?: number } = {}) {
  const owner = await newWorkspace(app);
  const warehouse = await newWarehouse(app, owner);
  const skus: { id: string; sku: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const product = await createProduct(
      app,
      owner,
      singleForm({
        name: `Kopi Uji ${randomBytes(3).toString('hex')}`,
        catalogs: [{ sku: uniqueSku('PUSH'), price: 25_000, weight: 250 }],
      }),
    );
    skus.push({ id: product.catalogs[0]!.id, sku: product.catalogs[0]!.sku });
  }
  const admin = sandboxAdmin(sandbox.origin);
  const listings = skus.map((s, i) => ({ name: `Listing ${i} ${s.sku}`, skus: [{ sellerSku: s.sku, price: 99_000, stock: 55 }] }));
  for (const shop of [SHOPEE, TIKTOK]) await admin('/products', { marketplace: shop.marketplace, shopId: shop.shopId, products: listings });
  const target = { workspaceId: owner.workspaceId, userId: owner.userId };
  const shopee = await connectSandboxShop(app.platform, admin, target, { ...SHOPEE, states: [] });
  const tiktok = await connectSandboxShop(app.platform, admin, target, { ...TIKTOK, states: [] });
  if (options.shopeePercent !== undefined) {
    const res = await call('POST', '/api/inventory/stock-allocation', owner, {
      warehouse_id: warehouse.id,
      rules: [{ channel_id: shopee, mode: 'PERCENTAGE', value: options.shopeePercent, buffer: 0 }],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const channel of [shopee, tiktok]) {
    const res = await call('POST', `/api/channels/${channel}/products/synchronize`, owner);
    expect(res.statusCode, res.body).toBe(200);
  }
  await drain();
  return { owner, warehouse, skus, shopee, tiktok };
}

const receive = (owner: Actor, warehouseId: string, catalogId: string, quantity: number) =>
  asActor(app, owner, (ctx) =>
    receiveStock(
      { ...ctx, afterCommit: (task) => void task() },
      { referenceKey: `test:${randomBytes(6).toString('hex')}`, referenceType: 'TEST', lines: [{ warehouseId, catalogId, quantity }] },
    ),
  );

/** Calls of one kind to a shop that the marketplace accepted / refused. */
async function calls(owner: Actor, channelId: string, operation: string) {
  const rows = await inTenant(app.platform.database.db, owner.workspaceId, (db) =>
    db
      .select()
      .from(channelCalls)
      .where(and(eq(channelCalls.connectionId, channelId), eq(channelCalls.operation, operation))),
  );
  return { ok: rows.filter((r) => r.outcome === 'ok').length, error: rows.filter((r) => r.outcome === 'error').length, rows };
}

describe('products on channels: import and mapping', () => {
  it('imports the shop, maps by seller SKU, then by name, leaves the rest unconfirmed, and unmaps with catalog_id null', async () => {
    const { owner, skus, shopee } = await setUp(1);
    const named = await createProduct(
      app,
      owner,
      singleForm({ name: `Teh Melati ${randomBytes(3).toString('hex')}`, catalogs: [{ sku: uniqueSku('TEH'), price: 12_000 }] }),
    );
    const stranger = `Barang Asing ${randomBytes(3).toString('hex')}`;
    await sandboxAdmin(sandbox.origin)('/products', {
      marketplace: 'shopee',
      shopId: SHOPEE.shopId,
      products: [
        { name: named.name, skus: [{ sellerSku: `OTHER-${randomBytes(3).toString('hex')}`, price: 15_000 }] },
        { name: stranger, skus: [{ sellerSku: `NONE-${randomBytes(3).toString('hex')}`, price: 15_000 }] },
      ],
    });
    expect((await call('POST', `/api/channels/${shopee}/products/synchronize`, owner)).json().status).toBe('ONPROGRESS');
    await drain();

    const list = (await call('GET', `/api/channels/${shopee}/products?size=100`, owner)).json();
    expect(list.import).toMatchObject({ status: 'SUCCESS', reason: null });
    expect(list.counts.all).toBe(list.counts.active + list.counts.inactive);
    expect(list.counts.all).toBeGreaterThan(2);
    const bySku = list.items.find((p: { skus: { seller_sku: string }[] }) => p.skus.some((s) => s.seller_sku === skus[0]!.sku));
    expect(bySku).toMatchObject({ mapping: 'CONFIRMED', variant_count: 1, price_min: 99_000, price_max: 99_000 });
    expect(bySku.skus[0]).toMatchObject({ catalog_id: skus[0]!.id, mapping: 'CONFIRMED', mapped_by: 'SKU' });
    const byName = list.items.find((p: { name: string }) => p.name === named.name);
    expect(byName.skus[0]).toMatchObject({ catalog_id: named.catalogs[0]!.id, mapping: 'CONFIRMED', mapped_by: 'NAME' });
    const none = list.items.find((p: { name: string }) => p.name === stranger);
    expect(none).toMatchObject({ mapping: 'UNCONFIRMED' });
    expect(none.skus[0]).toMatchObject({ catalog_id: null, mapping: 'UNCONFIRMED' });
    // The demo listing's variant product: none of its SKUs exist in this workspace.
    const kaos = list.items.find((p: { name: string; variant_count: number }) => p.variant_count === 4);
    expect(kaos).toMatchObject({ mapping: 'UNCONFIRMED', price_min: 65_000, price_max: 68_000 });

    // Confirming one of its SKUs by hand makes it part confirmed.
    const confirmed = await call('PUT', `/api/channels/${shopee}/products/${kaos.product_id}/skus/${kaos.skus[0].sku_id}/mapping`, owner, {
      catalog_id: skus[0]!.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().items.find((p: { product_id: string }) => p.product_id === kaos.product_id).mapping).toBe('PART_CONFIRMED');

    // Unmapping (Zalora's UNCONFIRMED PUT as well) takes the catalog away; a new import does not map it again.
    const unmapped = await call(
      'PUT',
      `/api/channels/${shopee}/products/${byName.product_id}/skus/${byName.skus[0].sku_id}/mapping`,
      owner,
      {
        catalog_id: null,
      },
    );
    const after = unmapped.json().items.find((p: { product_id: string }) => p.product_id === byName.product_id);
    expect(after.skus[0]).toMatchObject({ catalog_id: null, mapping: 'UNCONFIRMED', mapped_by: 'MANUAL' });
    await call('POST', `/api/channels/${shopee}/products/synchronize`, owner);
    await drain();
    const again = (await call('GET', `/api/channels/${shopee}/products?size=100&mapping=UNCONFIRMED`, owner)).json();
    expect(again.items.some((p: { product_id: string }) => p.product_id === byName.product_id)).toBe(true);
  });

  it('answers 404 for another workspace, 400 with field errors for bad input', async () => {
    const { shopee, skus } = await setUp(1);
    const other = await newWorkspace(app);
    expectError(await call('GET', `/api/channels/${shopee}/products`, other), 404, 'CHANNEL_NOT_FOUND');
    expectError(await call('GET', `/api/channels/${shopee}/pushes`, other), 404, 'CHANNEL_NOT_FOUND');
    expectError(await call('POST', `/api/channels/${shopee}/products/synchronize`, other), 404, 'CHANNEL_NOT_FOUND');
    expectError(
      await call('PUT', `/api/channels/${shopee}/products/1/skus/1/mapping`, other, { catalog_id: null }),
      404,
      'CHANNEL_NOT_FOUND',
    );
    expect((await call('GET', `/api/channel-pushes?catalog_id=${skus[0]!.id}`, other)).json().items).toEqual([]);

    const { owner } = await setUp(1);
    expectFieldError(await call('GET', '/api/channels/nope/products', owner), 'params.id');
    expectFieldError(await call('GET', `/api/channels/${shopee}/products?status=maybe`, owner), 'status');
    expectFieldError(await call('GET', '/api/channel-pushes?catalog_id=x', owner), 'catalog_id');
    expectFieldError(await call('PUT', `/api/channels/${shopee}/products/1/skus/1/mapping`, owner, { catalog_id: 'x' }), 'catalog_id');
  });
});

describe('stock and price pushes', () => {
  it("pushes a goods receipt's stock to every shop by the allocation rules, with the explanation, and the channel price", async () => {
    const { owner, warehouse, skus, shopee, tiktok } = await setUp(1, { shopeePercent: 70 });
    const [sku] = skus;
    const res = await call('POST', '/api/inventory/goods-receipts', owner, {
      date: '2026-11-20',
      warehouse_id: warehouse.id,
      supplier_reference: 'PO-PUSH',
      lines: [{ catalog_id: sku!.id, quantity: 10 }],
      post: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    await drain();

    expect((await shopSku(SHOPEE, sku!.sku)).stock).toBe(7);
    expect((await shopSku(TIKTOK, sku!.sku)).stock).toBe(10);
    // The price each shop was told is the SKU's channel price (its base price here), not the listing's.
    expect((await shopSku(SHOPEE, sku!.sku)).price).toBe(25_000);

    const pushes = (await call('GET', `/api/channels/${shopee}/pushes`, owner)).json().items;
    const stock = pushes.find((p: { kind: string; catalog_id: string }) => p.kind === 'STOCK' && p.catalog_id === sku!.id);
    expect(stock).toMatchObject({ value: 7, pending: false, error: null, channel_name: SHOPEE.name });
    expect(stock.explanation).toContain(`${SHOPEE.name} mendapat 7 = 10 tersedia × 70%`);
    expect(stock.explanation).toContain('dikurangi buffer 0');
    const english = (await call('GET', `/api/channel-pushes?catalog_id=${sku!.id}`, owner, undefined, { 'accept-language': 'en' })).json()
      .items;
    expect(english.find((p: { channel_id: string; kind: string }) => p.channel_id === tiktok && p.kind === 'STOCK').explanation).toContain(
      `${TIKTOK.name} got 10 = 10 available × 100%`,
    );
    expect(english.find((p: { channel_id: string; kind: string }) => p.channel_id === shopee && p.kind === 'PRICE')).toMatchObject({
      value: 25_000,
    });
  });

  it('coalesces a burst of 100 movements on one SKU into one push per shop with the newest number', async () => {
    const { owner, warehouse, skus, shopee, tiktok } = await setUp(1);
    const [sku] = skus;
    await receive(owner, warehouse.id, sku!.id, 1);
    await drain();
    const before = { shopee: (await calls(owner, shopee, 'updateStock')).ok, tiktok: (await calls(owner, tiktok, 'updateStock')).ok };
    for (let i = 0; i < 100; i += 1) await receive(owner, warehouse.id, sku!.id, 1);
    await drain();
    expect((await calls(owner, shopee, 'updateStock')).ok - before.shopee).toBe(1);
    expect((await calls(owner, tiktok, 'updateStock')).ok - before.tiktok).toBe(1);
    expect((await shopSku(SHOPEE, sku!.sku)).stock).toBe(101);
    expect((await shopSku(TIKTOK, sku!.sku)).stock).toBe(101);
  });

  it('under random 429 and 5xx answers every number lands, in order, none is lost or pushed twice', { timeout: 240_000 }, async () => {
    const ROUNDS = 4;
    const { owner, warehouse, skus, shopee, tiktok } = await setUp(3);
    await sandbox.admin('/faults', { marketplace: 'shopee', random: 0.4, seed: 'run-1' });
    await sandbox.admin('/faults', { marketplace: 'tiktok', random: 0.4, seed: 'run-1' });
    const expected = new Map(skus.map((s) => [s.sku, 0]));
    const seen = new Map<string, number[]>();
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [i, sku] of skus.entries()) {
        const quantity = ((round + i) % 3) + 1;
        await receive(owner, warehouse.id, sku.id, quantity);
        expected.set(sku.sku, expected.get(sku.sku)! + quantity);
      }
      await drain();
      await sandbox.advance(COALESCE_WINDOW_MS);
      for (const sku of skus) {
        for (const shop of [SHOPEE, TIKTOK]) {
          const stock = (await shopSku(shop, sku.sku)).stock;
          expect(stock, `${shop.marketplace} ${sku.sku} after round ${round}`).toBe(expected.get(sku.sku));
          seen.set(`${shop.marketplace}|${sku.sku}`, [...(seen.get(`${shop.marketplace}|${sku.sku}`) ?? []), stock]);
        }
      }
    }
    // Numbers only grew (receipts only): no older number overtook a newer one.
    for (const values of seen.values()) expect([...values].sort((a, b) => a - b)).toEqual(values);
    const faults = (await sandbox.admin('/faults')) as { faults: Record<string, { faulted: number }> };
    expect(faults.faults.shopee!.faulted + faults.faults.tiktok!.faulted).toBeGreaterThan(0);
    // Every accepted call is one push of one SKU (single-SKU products): push counts and accepted calls agree.
    for (const channel of [shopee, tiktok]) {
      const stock = await calls(owner, channel, 'updateStock');
      expect(stock.error).toBeGreaterThan(0);
      const pushes = (await call('GET', `/api/channels/${channel}/pushes`, owner))
        .json()
        .items.filter((p: { kind: string }) => p.kind === 'STOCK');
      expect(pushes.reduce((sum: number, p: { push_count: number }) => sum + p.push_count, 0)).toBe(stock.ok);
      // At most one accepted push per SKU per round (one coalescing window each).
      expect(stock.ok).toBeLessThanOrEqual(skus.length * ROUNDS);
      expect(pushes.every((p: { pending: boolean }) => !p.pending)).toBe(true);
    }
  });

  it('refreshes an expired token and retries the push', async () => {
    const { owner, warehouse, skus, shopee } = await setUp(1);
    const [sku] = skus;
    await sandbox.admin('/tokens/expire', { marketplace: 'shopee' });
    await receive(owner, warehouse.id, sku!.id, 3);
    await drain();
    expect((await shopSku(SHOPEE, sku!.sku)).stock).toBe(3);
    const refreshed = await calls(owner, shopee, 'refreshAccessToken');
    expect(refreshed.ok).toBeGreaterThanOrEqual(1);
  });

  it('reconciliation finds a shop number that drifted and pushes ours again', async () => {
    const { owner, warehouse, skus, shopee } = await setUp(1);
    const [sku] = skus;
    await receive(owner, warehouse.id, sku!.id, 5);
    await drain();
    const listed = await shopSku(SHOPEE, sku!.sku);
    expect(listed.stock).toBe(5);
    // Someone changes the stock in the marketplace's seller centre.
    const connection = await inTenant(app.platform.database.db, owner.workspaceId, (db) =>
      findConnection({ db, workspaceId: owner.workspaceId }, shopee),
    );
    await adapterFor(app.platform, 'shopee').updateStock(shopAuth(connection!), [
      { productId: listed.productId, skuId: listed.id, quantity: 42 },
    ]);
    expect((await shopSku(SHOPEE, sku!.sku)).stock).toBe(42);

    await sandbox.advance(COALESCE_WINDOW_MS);
    const result = await reconcileStock(app.platform, owner.workspaceId, shopee);
    expect(result).toMatchObject({ drifted: 1 });
    await drain();
    expect((await shopSku(SHOPEE, sku!.sku)).stock).toBe(5);
    const push = (await call('GET', `/api/channels/${shopee}/pushes`, owner))
      .json()
      .items.find((p: { kind: string }) => p.kind === 'STOCK');
    expect(push).toMatchObject({ value: 5, reason: 'reconcile' });
  });
});

describe('what a shop is told: its own warehouses, and bundles (ADR 0039)', () => {
  const pushOf = async (owner: Actor, channel: string, catalogId: string) =>
    (await call('GET', `/api/channels/${channel}/pushes`, owner))
      .json()
      .items.find((p: { kind: string; catalog_id: string }) => p.kind === 'STOCK' && p.catalog_id === catalogId) as {
      value: number;
      explanation: string;
    };
  // The test warehouses' names (see newWarehouse).
  const warehouseName = async (_owner: Actor, id: string) => `Gudang ${id.slice(-6)}`;

  it('counts only the warehouses mapped to the shop, names them, and pushes again when the mapping changes', async () => {
    const { owner, warehouse, skus, shopee, tiktok } = await setUp(1);
    const [sku] = skus;
    const other = await newWarehouse(app, owner);
    const [first] = (await call('GET', `/api/stores/${shopee}/warehouses`, owner)).json().items as { id: string }[];
    const mapped = await call('POST', `/api/stores/${shopee}/warehouse-mappings`, owner, {
      marketplace_warehouse_id: first!.id,
      warehouse_id: warehouse.id,
    });
    expect(mapped.statusCode, mapped.body).toBe(201);
    await receive(owner, warehouse.id, sku!.id, 10);
    await receive(owner, other.id, sku!.id, 4);
    await drain();

    // Shopee sells from the mapped warehouse only: 10, not 14.
    expect((await shopSku(SHOPEE, sku!.sku)).stock).toBe(10);
    const push = await pushOf(owner, shopee, sku!.id);
    expect(push.value).toBe(10);
    const mappedName = await warehouseName(owner, warehouse.id);
    expect(push.explanation).toContain(`dihitung dari gudang yang dipetakan ke toko: ${mappedName}`);
    expect(push.explanation).not.toContain((await warehouseName(owner, other.id))!);
    // TikTok has no mapping: it counts the one warehouse its orders fall back to, never the sum of both.
    const tiktokStock = (await shopSku(TIKTOK, sku!.sku)).stock;
    expect([10, 4]).toContain(tiktokStock);
    expect((await pushOf(owner, tiktok, sku!.id)).explanation).toContain('belum ada gudang yang dipetakan');

    // Moving the mapping to the other warehouse tells the shop that warehouse's stock, without any stock movement.
    await sandbox.advance(COALESCE_WINDOW_MS);
    const edited = await call('PUT', `/api/stores/${shopee}/warehouse-mappings/${mapped.json().id}`, owner, { warehouse_id: other.id });
    expect(edited.statusCode, edited.body).toBe(200);
    await drain();
    expect((await shopSku(SHOPEE, sku!.sku)).stock).toBe(4);
    expect((await pushOf(owner, shopee, sku!.id)).explanation).toContain(
      `gudang yang dipetakan ke toko: ${await warehouseName(owner, other.id)}`,
    );
  });

  it("pushes a bundle as the whole bundles its components make, and a component's movement pushes the bundle again", async () => {
    const { owner, warehouse, skus, shopee } = await setUp(1);
    const [kopi] = skus;
    const gelas = await createProduct(
      app,
      owner,
      singleForm({ name: `Gelas ${randomBytes(3).toString('hex')}`, catalogs: [{ sku: uniqueSku('GLS'), price: 15_000 }] }),
    );
    const paket = await createProduct(app, owner, {
      type: 'BUNDLING',
      name: `Paket Ngopi ${randomBytes(3).toString('hex')}`,
      status: 'ACTIVE',
      catalogs: [{ sku: uniqueSku('PKT'), price: 60_000 }],
      bundle: {
        components: [
          { catalog_id: kopi!.id, quantity: 2 },
          { catalog_id: gelas.catalogs[0]!.id, quantity: 1 },
        ],
      },
    });
    const bundle = paket.catalogs[0]!;
    await sandboxAdmin(sandbox.origin)('/products', {
      marketplace: SHOPEE.marketplace,
      shopId: SHOPEE.shopId,
      products: [{ name: paket.name, skus: [{ sellerSku: bundle.sku, price: 60_000, stock: 55 }] }],
    });
    expect((await call('POST', `/api/channels/${shopee}/products/synchronize`, owner)).statusCode).toBe(200);
    await drain();

    await receive(owner, warehouse.id, kopi!.id, 7);
    await receive(owner, warehouse.id, gelas.catalogs[0]!.id, 2);
    await drain();
    // min(⌊7 / 2⌋, ⌊2 / 1⌋) = 2
    expect((await shopSku(SHOPEE, bundle.sku)).stock).toBe(2);
    const push = await pushOf(owner, shopee, bundle.id);
    expect(push.value).toBe(2);
    expect(push.explanation).toContain('2 paket');
    expect(push.explanation).toContain(`${kopi!.sku} ⌊7 ÷ 2⌋ = 3`);

    // Only a component moves; the bundle follows: min(⌊7 / 2⌋, ⌊5 / 1⌋) = 3, then min(⌊11 / 2⌋, 5) = 5.
    await sandbox.advance(COALESCE_WINDOW_MS);
    await receive(owner, warehouse.id, gelas.catalogs[0]!.id, 3);
    await drain();
    expect((await shopSku(SHOPEE, bundle.sku)).stock).toBe(3);
    await sandbox.advance(COALESCE_WINDOW_MS);
    await receive(owner, warehouse.id, kopi!.id, 4);
    await drain();
    expect((await shopSku(SHOPEE, bundle.sku)).stock).toBe(5);

    // The bundle's recipe changes (3 coffees a bundle now): the shop is told min(⌊11 / 3⌋, 5) = 3 without any movement.
    await sandbox.advance(COALESCE_WINDOW_MS);
    const edited = await call('PUT', `/api/products/${paket.id}`, owner, {
      type: 'BUNDLING',
      name: paket.name,
      status: 'ACTIVE',
      catalogs: [{ id: bundle.id, sku: bundle.sku, price: 60_000 }],
      bundle: {
        components: [
          { catalog_id: kopi!.id, quantity: 3 },
          { catalog_id: gelas.catalogs[0]!.id, quantity: 1 },
        ],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await drain();
    expect((await shopSku(SHOPEE, bundle.sku)).stock).toBe(3);
  });
});
