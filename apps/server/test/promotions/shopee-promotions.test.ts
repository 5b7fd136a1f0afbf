import { randomBytes } from 'node:crypto';
import { jakartaDate } from '@kelola/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSandboxShop, demoShopeePromotion, sandboxAdmin } from '../../src/demo/demo-shops.ts';
import { channelProductFlows } from '../../src/flows/channel-products.ts';
import { startSandbox, type RunningSandbox } from '../../src/modules/channels/adapters/sandbox-harness.testing.ts';
import { adapterFor, channelsModule } from '../../src/modules/channels/index.ts';
import { findConnection } from '../../src/modules/channels/channels.repository.ts';
import { shopAuth } from '../../src/modules/channels/channels.service.ts';
import { inTenant } from '../../src/platform/db/database.ts';
import { queuedJobs } from '../queued-jobs.ts';
import { createProduct, singleForm, uniqueSku } from '../catalog/helpers.ts';
import { newMember, newWorkspace } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError } from '../workspaces/helpers.ts';

/**
 * Shopee promotions (issue 16, spec part 7) through the Shopee adapter against the real sandbox over HTTP: create
 * with items, detail, sync all and one, sync status, items available, end, delete, and the clash with our own
 * discount programme on the same SKU (ADR 0032, ADR 0040).
 */

const SHOPEE = { marketplace: 'shopee', shopId: '60001001', name: 'Shopee Kelola' } as const;
const HOUR = 3_600_000;

let app: TestApp;
let sandbox: RunningSandbox;
let call: ReturnType<typeof caller>;
const { jobs, queued, handlers } = queuedJobs();
async function drain(): Promise<void> {
  for (let i = 0; i < 500 && queued.length > 0; i += 1) {
    const next = queued.shift()!;
    await handlers.get(next.queue)?.(next.data, { id: `job-${i}`, retryCount: 0 });
  }
}

beforeAll(async () => {
  sandbox = await startSandbox('shopee-promotions');
  app = await buildTestApp({ MARKETPLACE_SANDBOX_URL: sandbox.origin });
  app.platform.now = () => new Date(sandbox.clock.now());
  app.platform.jobs = jobs;
  await channelsModule.workers!(app.platform);
  await channelProductFlows.workers!(app.platform);
  call = caller(app);
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

/** A workspace with a SKU listed on the Shopee sandbox shop at Rp 99.000, imported and mapped by its seller SKU. */
async function setUp() {
  const owner = await newWorkspace(app);
  const product = await createProduct(
    app,
    owner,
    singleForm({ name: `Kopi Promo ${randomBytes(3).toString('hex')}`, catalogs: [{ sku: uniqueSku('SHP'), price: 90_000 }] }),
  );
  const sku = { id: product.catalogs[0]!.id, sku: product.catalogs[0]!.sku };
  const admin = sandboxAdmin(sandbox.origin);
  await admin('/products', {
    marketplace: 'shopee',
    shopId: SHOPEE.shopId,
    products: [{ name: `Listing ${sku.sku}`, skus: [{ sellerSku: sku.sku, price: 99_000, stock: 40 }] }],
  });
  const shop = await connectSandboxShop(
    app.platform,
    admin,
    { workspaceId: owner.workspaceId, userId: owner.userId },
    { ...SHOPEE, states: [] },
  );
  const res = await call('POST', `/api/channels/${shop}/products/synchronize`, owner);
  expect(res.statusCode, res.body).toBe(200);
  await drain();
  return { owner, shop, sku };
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('demo Shopee promotion', () => {
  // First in this file: the sandbox shop has no discount yet, as after a demo start.
  it('the demo creates "Flash Sale Kaos" on the black T-shirt once it is mapped, and only once', async () => {
    const { owner, shop } = await setUp();
    await createProduct(app, owner, singleForm({ name: 'Kaos Polos Hitam M', catalogs: [{ sku: 'KPK-HITAM-M', price: 59_000 }] }));
    expect((await call('POST', `/api/channels/${shop}/products/synchronize`, owner)).statusCode).toBe(200);
    await drain();
    const target = { workspaceId: owner.workspaceId, userId: owner.userId };
    await demoShopeePromotion(app.platform, target, shop, () => false);
    await demoShopeePromotion(app.platform, target, shop, () => false);
    const list = (await call('GET', `/api/shopee-promotions?shop_id=${shop}`, owner)).json();
    expect(list.items.map((p: { name: string }) => p.name)).toEqual(['Flash Sale Kaos']);
    const detail = (await call('GET', `/api/shopee-promotions/${list.items[0].id}`, owner)).json();
    expect(detail.items).toMatchObject([{ sku: 'KPK-HITAM-M', original_price: 65_000, promotion_price: 55_300, purchase_limit: 2 }]);
  });
});

describe('Shopee promotions through the sandbox', () => {
  it('creates a discount with an item, reads it back from Shopee, lists, syncs, ends and shows the clash with our programme', async () => {
    const { owner, shop, sku } = await setUp();
    const now = sandbox.clock.now();
    // Shopee's own rule: the start must be at least an hour ahead (the sandbox refuses otherwise: 422 with its message)
    const tooSoon = await call('POST', '/api/shopee-promotions', owner, {
      shop_id: shop,
      name: 'Terlalu cepat',
      start_time: iso(now + 10 * 60_000),
      end_time: iso(now + 3 * HOUR),
    });
    expectError(tooSoon, 422, 'SHOPEE_PROMOTION_REFUSED');
    expect(tooSoon.json().details.marketplace_message).toMatch(/hour/u);

    const created = await call('POST', '/api/shopee-promotions', owner, {
      shop_id: shop,
      name: 'Flash Sale 12.12',
      start_time: iso(now + 2 * HOUR),
      end_time: iso(now + 3 * 24 * HOUR),
      items: [{ catalog_id: sku.id, promotion_price: 80_000, purchase_limit: 2 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const promo = created.json();
    expect(promo).toMatchObject({ name: 'Flash Sale 12.12', status: 'upcoming', item_count: 1, failures: [], clashes: [] });
    expect(promo.items[0]).toMatchObject({ catalog_id: sku.id, sku: sku.sku, original_price: 99_000, promotion_price: 80_000 });

    // The sandbox holds it: Shopee's own get_discount answers it with the item at the promotion price.
    const connection = await inTenant(app.platform.database.db, owner.workspaceId, (db) =>
      findConnection({ db, workspaceId: owner.workspaceId }, shop),
    );
    const onShopee = await adapterFor(app.platform, 'shopee').getDiscount!(shopAuth(connection!), promo.discount_id);
    expect(onShopee).toMatchObject({ name: 'Flash Sale 12.12', status: 'upcoming' });
    expect(onShopee.items).toMatchObject([{ promotionPrice: 80_000, originalPrice: 99_000, purchaseLimit: 2 }]);

    // A Kelola 10 % programme on the same SKU for this shop: Shopee's Rp 80.000 beats our Rp 89.100 for the buyer.
    const day = jakartaDate(new Date(now));
    const checker = await newMember(app, owner, { 'promotion-channel': 'READ', 'promotion-approval': 'WRITE' });
    const program = await call('POST', '/api/promotions/discounts', owner, {
      program_name: 'Gajian Shopee',
      tier: 'NATIONAL',
      start_date: day,
      end_date: jakartaDate(new Date(now + 10 * 24 * HOUR)),
      format: 'PERCENTAGE',
      value: 10,
      target: { channel_ids: [shop] },
      items: [{ catalog_id: sku.id }],
    });
    expect(program.statusCode, program.body).toBe(201);
    const detail = (await call('GET', `/api/shopee-promotions/${promo.id}`, owner)).json();
    expect(detail.clashes).toEqual([
      {
        catalog_id: sku.id,
        sku: sku.sku,
        program_id: program.json().id,
        program_name: 'Gajian Shopee',
        shopee_price: 80_000,
        kelola_price: 89_100,
        winner: 'SHOPEE',
      },
    ]);
    // The checker's approval screen shows the same overlap, with the Shopee discount as the winner.
    const impact = await call('GET', `/api/promotions/discounts/${program.json().id}/impact`, checker);
    expect(impact.statusCode, impact.body).toBe(200);
    expect(impact.json().overlaps).toEqual([
      { catalog_id: sku.id, sku: sku.sku, other_id: promo.id, other_name: 'Flash Sale 12.12', other_source: 'SHOPEE', winner_id: promo.id },
    ]);
    // An exclusive programme always wins (ADR 0032), even at a worse price.
    await call('PUT', `/api/promotions/discounts/${program.json().id}`, owner, {
      program_name: 'Gajian Shopee',
      tier: 'NATIONAL',
      start_date: day,
      end_date: jakartaDate(new Date(now + 10 * 24 * HOUR)),
      format: 'PERCENTAGE',
      value: 10,
      exclusive: true,
      target: { channel_ids: [shop] },
      items: [{ catalog_id: sku.id }],
    });
    await call('POST', `/api/promotions/discounts/${program.json().id}/approve`, checker, {});
    const list = await call('GET', `/api/shopee-promotions?shop_id=${shop}`, owner);
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().items.find((p: { id: string }) => p.id === promo.id);
    expect(listed.clashes[0]).toMatchObject({ winner: 'KELOLA', kelola_price: 89_100 });

    // Sync all: the shop's discounts come in (ours among them); the sync status says so.
    const synced = await call('POST', '/api/shopee-promotions/sync', owner, { shop_id: shop });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json()).toMatchObject({ status: 'DONE' });
    expect(synced.json().synced).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/api/shopee-promotions/sync-status?shop_id=${shop}`, owner)).json()).toMatchObject({ status: 'DONE' });

    // Items available: our SKU is in a discount now, so it is not offered again.
    const available = await call('POST', '/api/shopee-promotions/items-available', owner, { shop_id: shop });
    expect(available.statusCode, available.body).toBe(200);
    expect(available.json().items.some((i: { catalog_id: string | null }) => i.catalog_id === sku.id)).toBe(false);

    // Update the name; an upcoming discount cannot be ended (Shopee: only ongoing), it can be once it runs.
    const renamed = await call('PUT', `/api/shopee-promotions/${promo.id}`, owner, { name: 'Flash Sale 12.12 Besar' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Flash Sale 12.12 Besar');
    // Reprice the item (add_discount_item again), then take it out (delete_discount_item) and put it back.
    const repriced = await call('PUT', `/api/shopee-promotions/${promo.id}`, owner, {
      items: [{ catalog_id: sku.id, promotion_price: 75_000, purchase_limit: 2 }],
    });
    expect(repriced.json().items).toMatchObject([{ catalog_id: sku.id, promotion_price: 75_000 }]);
    const removed = await call('PUT', `/api/shopee-promotions/${promo.id}`, owner, { remove_catalog_ids: [sku.id] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ item_count: 0, clashes: [] });
    expect((await adapterFor(app.platform, 'shopee').getDiscount!(shopAuth(connection!), promo.discount_id)).items).toEqual([]);
    expectFieldError(
      await call('PUT', `/api/shopee-promotions/${promo.id}`, owner, { remove_catalog_ids: [sku.id] }),
      'remove_catalog_ids.0',
    );
    await call('PUT', `/api/shopee-promotions/${promo.id}`, owner, {
      items: [{ catalog_id: sku.id, promotion_price: 80_000, purchase_limit: 2 }],
    });
    expectError(await call('POST', `/api/shopee-promotions/${promo.id}/end`, owner), 422, 'SHOPEE_PROMOTION_REFUSED');
    await sandbox.advance(3 * HOUR);
    const ended = await call('POST', `/api/shopee-promotions/${promo.id}/end`, owner);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().status).toBe('expired');
  });

  it('deletes an upcoming discount on Shopee and here; refuses a SKU not on the shop; another workspace gets 404', async () => {
    const { owner, shop, sku } = await setUp();
    const now = sandbox.clock.now();
    const stranger = await createProduct(app, owner, singleForm({ catalogs: [{ sku: uniqueSku('NOPE'), price: 10_000 }] }));
    expectFieldError(
      await call('POST', '/api/shopee-promotions', owner, {
        shop_id: shop,
        name: 'Salah SKU',
        start_time: iso(now + 2 * HOUR),
        end_time: iso(now + 5 * HOUR),
        items: [{ catalog_id: stranger.catalogs[0]!.id, promotion_price: 5_000 }],
      }),
      'items.0.catalog_id',
    );
    expectFieldError(
      await call('POST', '/api/shopee-promotions', owner, {
        shop_id: shop,
        name: 'Harga naik',
        start_time: iso(now + 2 * HOUR),
        end_time: iso(now + 5 * HOUR),
        items: [{ catalog_id: sku.id, promotion_price: 150_000 }],
      }),
      'items.0.promotion_price',
    );
    expectFieldError(
      await call('POST', '/api/shopee-promotions', owner, { shop_id: shop, name: '', start_time: 'kemarin', end_time: iso(now) }),
      'name',
    );
    const created = await call('POST', '/api/shopee-promotions', owner, {
      shop_id: shop,
      name: 'Dihapus',
      start_time: iso(now + 2 * HOUR),
      end_time: iso(now + 5 * HOUR),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;

    const other = await newWorkspace(app);
    expectError(await call('GET', `/api/shopee-promotions/${id}`, other), 404, 'SHOPEE_PROMOTION_NOT_FOUND');
    expectError(await call('DELETE', `/api/shopee-promotions/${id}`, other), 404, 'SHOPEE_PROMOTION_NOT_FOUND');
    expectError(await call('GET', `/api/shopee-promotions?shop_id=${shop}`, other), 404, 'CHANNEL_NOT_FOUND');

    const deleted = await call('DELETE', `/api/shopee-promotions/${id}`, owner);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expectError(await call('GET', `/api/shopee-promotions/${id}`, owner), 404, 'SHOPEE_PROMOTION_NOT_FOUND');
    // Sync one: Shopee no longer knows it (a refusal, recorded in the sync status).
    const one = await call('POST', '/api/shopee-promotions/sync', owner, { shop_id: shop, discount_id: created.json().discount_id });
    expectError(one, 422, 'SHOPEE_PROMOTION_REFUSED');
  });
});
