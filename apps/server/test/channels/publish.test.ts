import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectSandboxShop, sandboxAdmin } from '../../src/demo/demo-shops.ts';
import { publishFlows } from '../../src/flows/publish-product.ts';
import { DEMO_PUBLISHED_PRODUCT, publishDemoProduct } from '../../src/demo/demo-publish.ts';
import { startSandbox, type RunningSandbox } from '../../src/modules/channels/adapters/sandbox-harness.testing.ts';
import { channelsModule, PUBLISH_QUEUE, setPublishTiming, setUpShop } from '../../src/modules/channels/index.ts';
import { receiveStock } from '../../src/modules/inventory/index.ts';
import { channelPublications } from '../../src/modules/channels/channel-publish.schema.ts';
import type { JobHandler, Jobs } from '../../src/platform/jobs/jobs.ts';
import { createProduct, singleForm, uniqueSku, variantForm } from '../catalog/helpers.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { asActor } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newWarehouse } from '../workspaces/helpers.ts';

// Publishing master products to the sandbox shops (issue 15, ADR 0038): real database, real sandbox over HTTP, the
// job queue replaced by a recorder; the publish job's 2-second polls move the sandbox clock instead of waiting.

const SHOPEE = { marketplace: 'shopee', shopId: '60001001', name: 'Shopee Publish' } as const;
const TIKTOK = {
  marketplace: 'tiktok',
  shopId: '7494000000000000001',
  name: 'TikTok Publish',
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
const sleeps: number[] = [];

/** Runs queued jobs, earliest start first (moving the sandbox clock to it), until none is left. */
async function drain(limit = 500): Promise<void> {
  for (let ran = 0; queued.length > 0; ran += 1) {
    if (ran >= limit) throw new Error(`more than ${limit} jobs`);
    queued.sort((a, b) => (a.startAfterSeconds ?? 0) - (b.startAfterSeconds ?? 0));
    const next = queued.shift()!;
    if (next.startAfterSeconds) {
      await sandbox.advance(next.startAfterSeconds * 1000);
      for (const other of queued)
        if (other.startAfterSeconds) other.startAfterSeconds = Math.max(0, other.startAfterSeconds - next.startAfterSeconds);
    }
    await handlers.get(next.queue)!(next.data, { id: String(++ids), retryCount: 0 });
  }
}

beforeAll(async () => {
  sandbox = await startSandbox('publish');
  app = await buildTestApp({ MARKETPLACE_SANDBOX_URL: sandbox.origin });
  // The sandbox clock, moved on by real time as well as by the job polls: each call's pacing slot (100 ms on Shopee)
  // comes round without a sleep, and the server's clock never runs ahead of the sandbox's, so the marketplaces'
  // timestamp windows (TikTok takes at most 30 s ahead) hold however long the file runs on a busy machine.
  let last = Date.now();
  app.platform.now = () => {
    const real = Date.now();
    sandbox.clock.advance(real - last);
    last = real;
    return new Date(sandbox.clock.now());
  };
  app.platform.jobs = jobs;
  setPublishTiming(app.platform, {
    pollMs: 2_000,
    maxPolls: 30,
    sleep: async (ms) => {
      sleeps.push(ms);
      await sandbox.advance(ms);
    },
  });
  await channelsModule.workers!(app.platform);
  await publishFlows.workers!(app.platform);
  call = caller(app);
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});
beforeEach(async () => {
  await drain();
  sleeps.length = 0;
});

const png = async (width = 120, height = 120) =>
  (
    await sharp({ create: { width, height, channels: 3, background: '#7a4b2a' } })
      .png()
      .toBuffer()
  ).toString('base64');

/** A PNG over 1 MB: random pixels do not compress. */
const bigPng = async () =>
  (
    await sharp(randomBytes(720 * 720 * 3), { raw: { width: 720, height: 720, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer()
  ).toString('base64');

async function addImage(owner: Actor, productId: string, content: string, name = 'depan.png'): Promise<string> {
  const res = await call('POST', `/api/products/${productId}/images`, owner, { file_name: name, content_base64: content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

type SandboxProducts = {
  products: { id: string; name: string; status: string; skus: { id: string; sellerSku: string; stock: number; price: number }[] }[];
};
const shopProducts = async (shop: { marketplace: string; shopId: string }) =>
  (await (
    await fetch(`${sandbox.origin}/__sandbox/products?marketplace=${shop.marketplace}&shopId=${shop.shopId}`)
  ).json()) as SandboxProducts;

/** A workspace with a warehouse mapped to the Shopee and TikTok sandbox shops, and a leaf category (with its path) of each. */
async function setUp() {
  const owner = await newWorkspace(app);
  const warehouse = await newWarehouse(app, owner);
  const admin = sandboxAdmin(sandbox.origin);
  const target = { workspaceId: owner.workspaceId, userId: owner.userId };
  const shopee = await connectSandboxShop(app.platform, admin, target, { ...SHOPEE, states: [] });
  const tiktok = await connectSandboxShop(app.platform, admin, target, { ...TIKTOK, states: [] });
  for (const channel of [shopee, tiktok]) await asActor(app, owner, (ctx) => setUpShop(ctx, channel, warehouse.id));
  const leafPath = async (channel: string) => {
    const res = await call('GET', `/api/channels/${channel}/categories`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { id: string; parent_id: string | null; is_leaf: boolean }[];
    const leaf = items.find((c) => c.is_leaf && c.parent_id)!;
    expect(leaf).toBeDefined();
    return [leaf.parent_id!, leaf.id];
  };
  // The marketplaces refuse a product without its category's mandatory attributes: a listed value for each, and on
  // TikTok a custom text (sent by name) for the free-text warranty.
  const attributesFor = async (channel: string, path: string[], custom: Record<string, string> = {}) => {
    const res = await call('GET', `/api/channels/${channel}/categories/${path.at(-1)!}/attributes`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { id: string; name: string; mandatory: boolean; values: { id: string }[] }[];
    expect(items.some((a) => a.mandatory)).toBe(true);
    return [
      ...items.filter((a) => a.mandatory).map((a) => ({ id: a.id, values: [a.values[0]!.id] })),
      ...items.filter((a) => custom[a.name] !== undefined).map((a) => ({ id: a.id, values: [custom[a.name]!] })),
    ];
  };
  const shopeePath = await leafPath(shopee);
  const tiktokPath = await leafPath(tiktok);
  return {
    owner,
    warehouse,
    shopee,
    tiktok,
    shopeePath,
    tiktokPath,
    shopeeAttributes: await attributesFor(shopee, shopeePath),
    tiktokAttributes: await attributesFor(tiktok, tiktokPath, { 'Masa Garansi': '12 bulan' }),
  };
}

const batchOf = async (owner: Actor, id: string) => {
  const res = await call('GET', `/api/publish-batches/${id}`, owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    done: boolean;
    items: {
      status: string;
      target: string;
      mode: string;
      channel_product_id: string | null;
      errors: string[];
      attempts: number;
      mapped_skus: number;
      draft: Record<string, unknown> | null;
    }[];
  };
};

describe('publishing a master product to Shopee and TikTok Shop', () => {
  it('uploads images, saves drafts with the spec defaults, polls every 2 s, links and maps the SKUs, and pushes the stock', async () => {
    const { owner, warehouse, shopee, tiktok, shopeePath, tiktokPath, shopeeAttributes, tiktokAttributes } = await setUp();
    const product = await createProduct(app, owner, variantForm({ name: `Kaos Terbit ${randomBytes(3).toString('hex')}` }));
    await addImage(owner, product.id, await png());
    await addImage(owner, product.id, await png(90, 90), 'samping.png');
    await asActor(app, owner, (ctx) =>
      receiveStock(
        { ...ctx, afterCommit: (task) => void task() },
        {
          referenceKey: `test:${randomBytes(6).toString('hex')}`,
          referenceType: 'TEST',
          lines: [{ warehouseId: warehouse.id, catalogId: product.catalogs[0]!.id, quantity: 17 }],
        },
      ),
    );
    await drain();
    const res = await call('POST', `/api/products/${product.id}/publish`, owner, {
      channels: [
        {
          channel_id: shopee,
          category_path: shopeePath,
          attributes: shopeeAttributes,
          description: '<p>Kaos <b>katun</b> &amp; adem</p>',
          weight_grams: 250,
        },
        {
          channel_id: tiktok,
          category_path: tiktokPath,
          attributes: tiktokAttributes,
          prices: [{ catalog_id: product.catalogs[1]!.id, price: 70_000 }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json();
    expect(started.items.map((i: { status: string; target: string }) => [i.target, i.status])).toEqual([
      ['shopee', 'PENDING'],
      ['tiktok', 'PENDING'],
    ]);
    expect(queued).toContainEqual({ queue: PUBLISH_QUEUE, data: { workspaceId: owner.workspaceId, batchId: started.id } });

    await drain();
    const batch = await batchOf(owner, started.id);
    expect(batch.done).toBe(true);
    const [onShopee, onTiktok] = batch.items;
    expect(onShopee).toMatchObject({ status: 'FINISHED', mapped_skus: 4, attempts: 1, errors: [] });
    expect(onTiktok).toMatchObject({ status: 'FINISHED', mapped_skus: 4, attempts: 1, errors: [] });
    // The deepest category, the stripped description, the marketplace's weight unit and the spec's defaults.
    expect(onShopee!.draft).toMatchObject({
      category_id: shopeePath[1],
      description: 'Kaos katun & adem',
      weight: { value: 0.25, unit: 'KG' },
      defaults: { item_status: 'NORMAL', pre_order: false, days_to_ship: 3, logistic_id: 8003 },
    });
    expect((onShopee!.draft!.images as string[]).length).toBe(2);
    expect(onTiktok!.draft).toMatchObject({ defaults: { cod: false, stock: 0 } });
    // TikTok's review took more than one poll of 2 s.
    expect(sleeps.length).toBeGreaterThan(0);
    expect(sleeps.every((ms) => ms === 2_000)).toBe(true);

    // The products are in the sandbox shops with every SKU, and the stock push sent the warehouse's 17.
    const inShopee = (await shopProducts(SHOPEE)).products.find((p) => p.id === onShopee!.channel_product_id)!;
    expect(inShopee.name).toBe(product.name);
    expect(inShopee.skus.map((s) => s.sellerSku).sort()).toEqual(product.catalogs.map((c) => c.sku).sort());
    expect(inShopee.skus.find((s) => s.sellerSku === product.catalogs[0]!.sku)!.stock).toBe(17);
    const inTiktok = (await shopProducts(TIKTOK)).products.find((p) => p.id === onTiktok!.channel_product_id)!;
    expect(inTiktok.status).toBe('active');
    expect(inTiktok.skus.find((s) => s.sellerSku === product.catalogs[0]!.sku)!.stock).toBe(17);
    expect(inTiktok.skus.find((s) => s.sellerSku === product.catalogs[1]!.sku)!.price).toBe(70_000);

    // The product edit screen lists the shops it was published to, newest first; another workspace sees none.
    const publications = await call('GET', `/api/products/${product.id}/publications`, owner);
    expect(publications.statusCode, publications.body).toBe(200);
    expect(publications.json().items.map((p: { target: string; status: string }) => [p.target, p.status])).toEqual([
      ['tiktok', 'FINISHED'],
      ['shopee', 'FINISHED'],
    ]);
    // The channel product list shows them mapped to the master SKUs (ADR 0031), by publishing.
    const list = await call('GET', `/api/channels/${shopee}/products?size=100`, owner);
    const listed = list.json().items.find((p: { product_id: string }) => p.product_id === onShopee!.channel_product_id);
    expect(listed).toMatchObject({ mapping: 'CONFIRMED', variant_count: 4 });
    expect(listed.skus.every((s: { mapped_by: string }) => s.mapped_by === 'PUBLISH')).toBe(true);
  });

  it('fails a channel whose product the marketplace rejects; a Tokopedia attempt removes its draft and tries once more', async () => {
    const { owner, shopee, tiktok, shopeePath, tiktokPath, shopeeAttributes, tiktokAttributes } = await setUp();
    const product = await createProduct(
      app,
      owner,
      singleForm({ name: `Produk fail ${randomBytes(3).toString('hex')}`, catalogs: [{ sku: uniqueSku('FAIL'), price: 10_000 }] }),
    );
    await addImage(owner, product.id, await png());
    const res = await call('POST', `/api/products/${product.id}/publish`, owner, {
      channels: [
        { channel_id: tiktok, target: 'tokopedia', category_path: tiktokPath, attributes: tiktokAttributes },
        { channel_id: shopee, category_path: shopeePath, attributes: shopeeAttributes },
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    await drain();
    const batch = await batchOf(owner, res.json().id);
    const [tokopedia, onShopee] = batch.items;
    expect(tokopedia).toMatchObject({ target: 'tokopedia', status: 'FAILED', attempts: 2 });
    expect(tokopedia!.errors).toHaveLength(2);
    expect(tokopedia!.errors[0]).toContain('verifikasi');
    expect(tokopedia!.draft).toMatchObject({ defaults: { status: 'LIMITED', stock: 1, min_order: 1 } });
    expect((tokopedia!.draft!.skus as { stock: number }[])[0]!.stock).toBe(1);
    // Shopee started after Tokopedia ended, and failed once (no retry for Shopee).
    expect(onShopee).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(onShopee!.errors).toHaveLength(1);
  });

  it('fails when every image fails at the marketplace, before any draft', async () => {
    const { owner, shopee, shopeePath, shopeeAttributes } = await setUp();
    const product = await createProduct(app, owner, singleForm({ catalogs: [{ sku: uniqueSku('IMG'), price: 10_000 }] }));
    await addImage(owner, product.id, await png(), 'fail-depan.png');
    const res = await call('POST', `/api/products/${product.id}/publish`, owner, {
      channels: [{ channel_id: shopee, category_path: shopeePath, attributes: shopeeAttributes }],
    });
    await drain();
    const [only] = (await batchOf(owner, res.json().id)).items;
    expect(only).toMatchObject({ status: 'FAILED', attempts: 0, draft: null, channel_product_id: null });
  });

  it('edits a published product (edit-product-*): starts from the last choices and updates the product on the shop', async () => {
    const { owner, shopee, shopeePath, shopeeAttributes } = await setUp();
    const product = await createProduct(
      app,
      owner,
      singleForm({ name: `Kopi Edit ${randomBytes(3).toString('hex')}`, catalogs: [{ sku: uniqueSku('EDT'), price: 40_000 }] }),
    );
    await addImage(owner, product.id, await png());
    const first = await call('POST', `/api/products/${product.id}/publish`, owner, {
      channels: [{ channel_id: shopee, category_path: shopeePath, attributes: shopeeAttributes }],
    });
    await drain();
    const channelProductId = (await batchOf(owner, first.json().id)).items[0]!.channel_product_id!;

    const start = await call('GET', `/api/channels/${shopee}/products/${channelProductId}/edit`, owner);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ product_id: product.id, category_path: shopeePath, name: product.name, target: 'shopee' });
    expect(start.json().last).toMatchObject({ status: 'FINISHED' });

    const edit = await call('PUT', `/api/channels/${shopee}/products/${channelProductId}/publish`, owner, {
      category_path: shopeePath,
      attributes: shopeeAttributes,
      name: `${product.name} Baru`,
    });
    expect(edit.statusCode, edit.body).toBe(202);
    await drain();
    const [updated] = (await batchOf(owner, edit.json().id)).items;
    expect(updated).toMatchObject({ status: 'FINISHED', mode: 'UPDATE', channel_product_id: channelProductId });
    expect((await shopProducts(SHOPEE)).products.find((p) => p.id === channelProductId)!.name).toBe(`${product.name} Baru`);

    expectError(await call('GET', `/api/channels/${shopee}/products/no-such-product/edit`, owner), 404, 'CHANNEL_PRODUCT_NOT_FOUND');
  });
});

describe('a run cut short', () => {
  it('polls the request of a product already created instead of creating it again', async () => {
    const { owner, shopee, shopeePath, shopeeAttributes } = await setUp();
    const product = await createProduct(
      app,
      owner,
      singleForm({ name: `Kopi Lanjut ${randomBytes(3).toString('hex')}`, catalogs: [{ sku: uniqueSku('RES'), price: 30_000 }] }),
    );
    await addImage(owner, product.id, await png());
    const first = await call('POST', `/api/products/${product.id}/publish`, owner, {
      channels: [{ channel_id: shopee, category_path: shopeePath, attributes: shopeeAttributes }],
    });
    await drain();
    const created = (await batchOf(owner, first.json().id)).items[0]!.channel_product_id!;
    // A second run whose worker stopped while Shopee reviewed the product it had created.
    const second = await call('POST', `/api/products/${product.id}/publish`, owner, {
      channels: [{ channel_id: shopee, category_path: shopeePath, attributes: shopeeAttributes }],
    });
    await app.platform.database.db
      .update(channelPublications)
      .set({ status: 'ON_PROGRESS', requestId: created, channelProductId: created, attempts: 1 })
      .where(eq(channelPublications.batchId, second.json().id));
    await drain();
    expect((await batchOf(owner, second.json().id)).items[0]).toMatchObject({
      status: 'FINISHED',
      attempts: 1,
      channel_product_id: created,
    });
    expect((await shopProducts(SHOPEE)).products.filter((p) => p.name === product.name)).toHaveLength(1);
  });
});

describe('/product/bulk-publish', () => {
  it('publishes each product as its own batch with its own result', async () => {
    const { owner, tiktok, tiktokPath, tiktokAttributes } = await setUp();
    const good = await createProduct(
      app,
      owner,
      singleForm({ name: `Teh Bulk ${randomBytes(3).toString('hex')}`, catalogs: [{ sku: uniqueSku('BLK'), price: 12_000 }] }),
    );
    const bad = await createProduct(
      app,
      owner,
      singleForm({ name: `Teh fail ${randomBytes(3).toString('hex')}`, catalogs: [{ sku: uniqueSku('BLK'), price: 12_000 }] }),
    );
    for (const p of [good, bad]) await addImage(owner, p.id, await png());
    const res = await call('POST', '/api/products/bulk-publish', owner, {
      product_ids: [good.id, bad.id],
      channels: [{ channel_id: tiktok, category_path: tiktokPath, attributes: tiktokAttributes }],
    });
    expect(res.statusCode, res.body).toBe(202);
    const batches = res.json().batches as { id: string }[];
    expect(batches).toHaveLength(2);
    await drain();
    expect((await batchOf(owner, batches[0]!.id)).items[0]).toMatchObject({ status: 'FINISHED' });
    expect((await batchOf(owner, batches[1]!.id)).items[0]).toMatchObject({ status: 'FAILED' });
  });

  it("lets a product carry its own category and attributes instead of the shop's choice", async () => {
    const { owner, tiktok, tiktokPath, tiktokAttributes } = await setUp();
    const make = async (label: string) => {
      const p = await createProduct(
        app,
        owner,
        singleForm({ name: `Teh ${label} ${randomBytes(3).toString('hex')}`, catalogs: [{ sku: uniqueSku('OWN'), price: 15_000 }] }),
      );
      await addImage(owner, p.id, await png());
      return p;
    };
    const mine = await make('Sendiri');
    const plain = await make('Bersama');
    // The shop's choice has no attributes (TikTok refuses it); the first product brings its own.
    const stray = await call('POST', '/api/products/bulk-publish', owner, {
      product_ids: [mine.id],
      channels: [{ channel_id: tiktok, category_path: tiktokPath }],
      choices: [{ product_id: plain.id, channel_id: tiktok, category_path: tiktokPath, attributes: tiktokAttributes }],
    });
    expectFieldError(stray, 'choices.0.product_id');
    const res = await call('POST', '/api/products/bulk-publish', owner, {
      product_ids: [mine.id, plain.id],
      channels: [{ channel_id: tiktok, category_path: tiktokPath }],
      choices: [{ product_id: mine.id, channel_id: tiktok, category_path: tiktokPath, attributes: tiktokAttributes }],
    });
    expect(res.statusCode, res.body).toBe(202);
    const batches = res.json().batches as { id: string }[];
    await drain();
    const first = (await batchOf(owner, batches[0]!.id)).items[0]!;
    const second = (await batchOf(owner, batches[1]!.id)).items[0]!;
    expect(first.status).toBe('FINISHED');
    expect(second.status).toBe('FAILED');
    expect(second.errors.join(' ')).toMatch(/Bahan/);
  });
});

describe('bad input, tenancy and permissions', () => {
  it('refuses images over 1 MB, a Tokopedia target on a Shopee shop and a missing category', async () => {
    const { owner, shopee, shopeePath, shopeeAttributes } = await setUp();
    const product = await createProduct(app, owner, singleForm({ catalogs: [{ sku: uniqueSku('BAD'), price: 10_000 }] }));
    const big = await addImage(owner, product.id, await bigPng(), 'besar.png');
    const tooBig = await call('POST', `/api/products/${product.id}/publish`, owner, {
      channels: [{ channel_id: shopee, category_path: shopeePath, attributes: shopeeAttributes, image_ids: [big] }],
    });
    expectFieldError(tooBig, 'channels.0.image_ids.0');
    expect(tooBig.json().details.fields[0].code).toBe('CHANNEL_IMAGE_TOO_LARGE');

    const mismatch = await call('POST', `/api/products/${product.id}/publish`, owner, {
      channels: [{ channel_id: shopee, target: 'tokopedia', category_path: shopeePath, attributes: shopeeAttributes }],
    });
    expectFieldError(mismatch, 'channels.0.target');

    const noCategory = await call('POST', `/api/products/${product.id}/publish`, owner, {
      channels: [{ channel_id: shopee, category_path: [] }],
    });
    expectFieldError(noCategory, 'channels.0.category_path');
  });

  it('publishes the demo product with the mandatory attributes the marketplace asks for', async () => {
    const { owner, tiktok } = await setUp();
    const product = await createProduct(
      app,
      owner,
      singleForm({ name: DEMO_PUBLISHED_PRODUCT, catalogs: [{ sku: uniqueSku('TORAJA'), price: 95_000 }] }),
    );
    await publishDemoProduct(app.platform, { workspaceId: owner.workspaceId, userId: owner.userId }, tiktok);
    await drain();
    const res = await call('GET', `/api/products/${product.id}/publications`, owner);
    expect(res.json().items.map((p: { target: string; status: string; errors: string[] }) => [p.target, p.status, p.errors])).toEqual([
      ['tiktok', 'FINISHED', []],
    ]);
  });

  it("another workspace's shop, product and batch are 404; READ on product may look but not publish", async () => {
    const { owner, shopee, shopeePath, shopeeAttributes } = await setUp();
    const product = await createProduct(app, owner, singleForm({ catalogs: [{ sku: uniqueSku('TEN'), price: 10_000 }] }));
    await addImage(owner, product.id, await png());
    const started = await call('POST', `/api/products/${product.id}/publish`, owner, {
      channels: [{ channel_id: shopee, category_path: shopeePath, attributes: shopeeAttributes }],
    });
    expect(started.statusCode).toBe(202);
    const other = await newWorkspace(app);
    const own = await createProduct(app, other, singleForm({ catalogs: [{ sku: uniqueSku('OTH'), price: 10_000 }] }));
    expectError(await call('GET', `/api/publish-batches/${started.json().id}`, other), 404, 'PUBLISH_BATCH_NOT_FOUND');
    expectError(
      await call('POST', `/api/products/${own.id}/publish`, other, {
        channels: [{ channel_id: shopee, category_path: shopeePath, attributes: shopeeAttributes }],
      }),
      404,
      'CHANNEL_NOT_FOUND',
    );
    expectError(
      await call('POST', `/api/products/${product.id}/publish`, other, {
        channels: [{ channel_id: shopee, category_path: shopeePath, attributes: shopeeAttributes }],
      }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectError(await call('GET', `/api/channels/${shopee}/categories`, other), 404, 'CHANNEL_NOT_FOUND');
    expectError(await call('GET', `/api/products/${product.id}/publications`, other), 404, 'PRODUCT_NOT_FOUND');

    const reader = await newMember(app, owner, { product: 'READ' });
    expect((await call('GET', `/api/publish-batches/${started.json().id}`, reader)).statusCode).toBe(200);
    expectError(
      await call('POST', `/api/products/${product.id}/publish`, reader, {
        channels: [{ channel_id: shopee, category_path: shopeePath, attributes: shopeeAttributes }],
      }),
      403,
      'FORBIDDEN',
    );
    await drain();
  });
});
