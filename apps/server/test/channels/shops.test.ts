import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importMarketplaceOrder } from '../../src/flows/import-marketplace-order.ts';
import { jobCtx } from '../../src/platform/system-ctx.ts';
import { approveConsent, startSandbox, type RunningSandbox } from '../../src/modules/channels/adapters/sandbox-harness.testing.ts';
import type { MarketplaceOrder } from '../../src/modules/channels/index.ts';
import { channelsModule, enqueueChannelCall, warehouseForShopOrder } from '../../src/modules/channels/index.ts';
import { channelConnections } from '../../src/modules/channels/channels.schema.ts';
import { QUEUES } from '../../src/modules/channels/channels.service.ts';
import { OAUTH_STATE_TTL_MS, refreshDueTokens } from '../../src/modules/channels/channel-shops.service.ts';
import { PRODUCT_IMPORT_QUEUE } from '../../src/modules/channels/channel-products.service.ts';
import { inTenant } from '../../src/platform/db/database.ts';
import { queuedJobs } from '../queued-jobs.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { asActor, newSku, receive } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newWarehouse } from '../workspaces/helpers.ts';

/**
 * Shops in the app against the bundled sandbox: connecting through each marketplace's consent page, the store form,
 * confirmation, warehouse mapping and the order import's warehouse, channel health, and the scheduled token refresh.
 */

const SHOPEE_SHOP = '60001001';
const RETURN = 'http://kelola.test/integration/shopee';

let app: TestApp;
let sandbox: RunningSandbox;
let call: ReturnType<typeof caller>;

const { jobs, queued, handlers } = queuedJobs();
/** Runs the queued channel calls (and what they queue) until none is left. */
async function drainCalls(): Promise<void> {
  for (let i = 0; i < 20; i += 1) {
    const next = queued.findIndex((job) => job.queue === QUEUES.call);
    if (next < 0) return;
    const [job] = queued.splice(next, 1);
    await handlers.get(QUEUES.call)!(job!.data, { id: `job-${i}`, retryCount: 0 });
  }
}

beforeAll(async () => {
  sandbox = await startSandbox('shops');
  app = await buildTestApp({ MARKETPLACE_SANDBOX_URL: sandbox.origin });
  app.platform.now = () => new Date(sandbox.clock.now());
  app.platform.jobs = jobs;
  await channelsModule.workers!(app.platform);
  call = caller(app);
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});
beforeEach(() => {
  queued.length = 0;
});

/** Starts the Shopee authorization as the app does, approves the sandbox consent page, and answers with the return query. */
async function shopeeConsent(as: Actor, account = `shop:${SHOPEE_SHOP}`): Promise<URLSearchParams> {
  const started = await call('POST', '/api/integrations/shopee/auth-url', as, { redirect_url: RETURN });
  expect(started.statusCode, started.body).toBe(200);
  const back = await approveConsent(started.json().url, account);
  expect(`${back.origin}${back.pathname}`).toBe(RETURN);
  return back.searchParams;
}

async function connectShopee(as: Actor) {
  const query = await shopeeConsent(as);
  const res = await call('POST', '/api/integrations/shopee/authorize', as, {
    code: query.get('code'),
    shop_id: query.get('shop_id'),
    state: query.get('state'),
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().items[0] as { id: string; shop_id: string; status: string; confirmed_at: string | null; name: string };
}

const healthOf = async (as: Actor, id: string) => {
  const res = await call('GET', `/api/stores/${id}/health`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/integrations', () => {
  it('lists every marketplace with its state, Tokopedia through TikTok Shop', async () => {
    const owner = await newWorkspace(app);
    await connectShopee(owner);
    const res = await call('GET', '/api/integrations', owner);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      code: string;
      marketplace: string;
      authorization: string;
      configured: boolean;
      connected: number;
    }[];
    expect(items.map((item) => item.code)).toEqual(['shopee', 'tiktok', 'tokopedia', 'lazada', 'blibli', 'zalora']);
    expect(items.every((item) => item.configured)).toBe(true);
    expect(items.find((item) => item.code === 'shopee')).toMatchObject({ authorization: 'oauth', connected: 1 });
    expect(items.find((item) => item.code === 'tokopedia')).toMatchObject({ marketplace: 'tiktok', authorization: 'oauth' });
    expect(items.find((item) => item.code === 'blibli')).toMatchObject({ authorization: 'credentials', connected: 0 });
  });
});

describe('connecting a shop through the consent page', () => {
  it('Shopee: auth-url → consent → authorize answers 202, saves the shop unconfirmed and queues its product import; 409 once confirmed', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const shop = await connectShopee(owner);
    expect(shop).toMatchObject({ shop_id: SHOPEE_SHOP, status: 'CONNECTED', confirmed_at: null });
    expect(shop.name).not.toBe('');
    expect(queued).toContainEqual({
      queue: PRODUCT_IMPORT_QUEUE,
      data: { workspaceId: owner.workspaceId, connectionId: shop.id, importId: expect.any(String) },
    });

    // Authorizing again before confirmation renews the tokens of the same shop.
    const again = await shopeeConsent(owner);
    const renewed = await call('POST', '/api/integrations/shopee/authorize', owner, {
      code: again.get('code'),
      shop_id: SHOPEE_SHOP,
      state: again.get('state'),
    });
    expect(renewed.statusCode).toBe(202);
    expect(renewed.json().items[0].id).toBe(shop.id);

    const pending = (await call('GET', '/api/stores?confirmed=false', owner)).json().items as { id: string }[];
    expect(pending.map((store) => store.id)).toEqual([shop.id]);
    const confirm = await call('POST', `/api/stores/${shop.id}/confirm`, owner, { main_warehouse_id: wh.id, arrange_shipment: 'dropoff' });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ main_warehouse_id: wh.id, arrange_shipment: 'dropoff', auto_confirm: false });
    expect(confirm.json().confirmed_at).not.toBeNull();
    expectError(
      await call('POST', `/api/stores/${shop.id}/confirm`, owner, { main_warehouse_id: wh.id, arrange_shipment: 'pickup' }),
      409,
      'CHANNEL_ALREADY_CONFIRMED',
    );

    const third = await shopeeConsent(owner);
    const refused = await call('POST', '/api/integrations/shopee/authorize', owner, {
      code: third.get('code'),
      shop_id: SHOPEE_SHOP,
      state: third.get('state'),
    });
    expectError(refused, 409, 'CHANNEL_ALREADY_CONFIRMED');
    expect(await call('GET', `/api/stores/${shop.id}`, owner).then((res) => res.json().status)).toBe('CONNECTED');
  });

  it('a Shopee main account brings each of its shops; TikTok (as Tokopedia) and Lazada connect through their pages too', async () => {
    const owner = await newWorkspace(app);
    const main = await shopeeConsent(owner, 'main:70001');
    const res = await call('POST', '/api/integrations/shopee/authorize', owner, {
      code: main.get('code'),
      main_account_id: main.get('main_account_id'),
      state: main.get('state'),
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().items.map((store: { shop_id: string }) => store.shop_id)).toContain('60001002');

    const tiktokUrl = (
      await call('POST', '/api/integrations/tokopedia/auth-url', owner, { redirect_url: 'http://kelola.test/integration/tiktok' })
    ).json().url;
    const tiktokBack = await approveConsent(tiktokUrl);
    expect(tiktokBack.searchParams.get('app_key')).not.toBeNull();
    const tiktok = await call('POST', '/api/integrations/tokopedia/authorize', owner, {
      code: tiktokBack.searchParams.get('code'),
      app_key: tiktokBack.searchParams.get('app_key'),
      state: tiktokBack.searchParams.get('state'),
    });
    expect(tiktok.statusCode, tiktok.body).toBe(202);
    expect(tiktok.json().items[0]).toMatchObject({ marketplace: 'tiktok', shop_id: '7494000000000000001' });

    const lazadaUrl = (
      await call('POST', '/api/integrations/lazada/auth-url', owner, { redirect_url: 'http://kelola.test/integration/lazada/callback' })
    ).json().url;
    const lazadaBack = await approveConsent(lazadaUrl);
    const lazada = await call('POST', '/api/integrations/lazada/authorize', owner, {
      code: lazadaBack.searchParams.get('code'),
      state: lazadaBack.searchParams.get('state'),
    });
    expect(lazada.statusCode, lazada.body).toBe(202);
    expect(lazada.json().items[0]).toMatchObject({ marketplace: 'lazada', shop_id: '1000001' });

    const stores = (await call('GET', '/api/stores', owner)).json().items as { marketplace: string }[];
    expect(stores.map((store) => store.marketplace).sort()).toEqual(['lazada', 'shopee', 'tiktok']);
  });

  it('a spent or forged code is a 400 CHANNEL_AUTHORIZATION_FAILED and saves nothing; bad input is a 400 with fields', async () => {
    const owner = await newWorkspace(app);
    const query = await shopeeConsent(owner);
    expect(
      (
        await call('POST', '/api/integrations/shopee/authorize', owner, {
          code: query.get('code'),
          shop_id: SHOPEE_SHOP,
          state: query.get('state'),
        })
      ).statusCode,
    ).toBe(202);
    await call('PUT', `/api/stores/${(await call('GET', '/api/stores', owner)).json().items[0].id}/disconnect`, owner);
    // A fresh state (the page started again), but the marketplace's code was spent already.
    const fresh = (await call('POST', '/api/integrations/shopee/auth-url', owner, { redirect_url: RETURN })).json().state;
    const spent = await call('POST', '/api/integrations/shopee/authorize', owner, {
      code: query.get('code'),
      shop_id: SHOPEE_SHOP,
      state: fresh,
    });
    expectError(spent, 400, 'CHANNEL_AUTHORIZATION_FAILED');
    expect((await call('GET', '/api/stores', owner)).json().items[0].status).toBe('DISCONNECTED');

    expectFieldError(await call('POST', '/api/integrations/shopee/authorize', owner, {}), 'code');
    expectFieldError(await call('POST', '/api/integrations/shopee/authorize', owner, { code: 'abc' }), 'shop_id');
    expectFieldError(await call('POST', '/api/integrations/amazon/authorize', owner, { code: 'abc' }), 'params.code');
    expectFieldError(await call('POST', '/api/integrations/blibli/auth-url', owner, { redirect_url: RETURN }), 'params.code');
    expectFieldError(
      await call('POST', '/api/integrations/shopee/auth-url', owner, { redirect_url: 'javascript:alert(1)' }),
      'redirect_url',
    );
  });
});

describe('the store form (Blibli, Zalora)', () => {
  const blibli = (wh: string, overrides: Record<string, unknown> = {}) => ({
    marketplace: 'blibli',
    name: 'Kopi Nusantara Blibli',
    shop_id: sandbox.credentials.blibli.storeCode,
    client_id: sandbox.credentials.blibli.username,
    api_seller_key: sandbox.credentials.blibli.sellerKey,
    client_secret: sandbox.credentials.blibli.signatureKey,
    main_warehouse_id: wh,
    arrange_shipment: 'pickup',
    ...overrides,
  });

  it('proves the keys, answers 202 confirmed with its settings, and 409 when added again', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const res = await call('POST', '/api/stores', owner, blibli(wh.id, { auto_confirm: true }));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      product_import: 'queued',
      items: [{ marketplace: 'blibli', status: 'CONNECTED', auto_confirm: true, main_warehouse_id: wh.id }],
    });
    expect(res.json().items[0].confirmed_at).not.toBeNull();
    expect(queued.map((job) => job.queue)).toContain(PRODUCT_IMPORT_QUEUE);
    expectError(await call('POST', '/api/stores', owner, blibli(wh.id)), 409, 'CHANNEL_ALREADY_CONFIRMED');

    const zalora = await call('POST', '/api/stores', owner, {
      marketplace: 'zalora',
      name: 'Kopi Nusantara Zalora',
      shop_id: sandbox.credentials.zalora.userId,
      api_seller_key: sandbox.credentials.zalora.apiKey,
      main_warehouse_id: wh.id,
      arrange_shipment: 'dropoff',
    });
    expect(zalora.statusCode, zalora.body).toBe(202);
  });

  it('PUT …/data edits the name and settings, proves new keys before saving anything, and refuses keys on an OAuth shop', async () => {
    const owner = await newWorkspace(app);
    const [a, b] = [await newWarehouse(app, owner), await newWarehouse(app, owner)];
    const added = (await call('POST', '/api/stores', owner, blibli(a.id))).json().items[0] as { id: string };
    const data = { name: 'Kopi Nusantara Resmi', main_warehouse_id: b.id, arrange_shipment: 'dropoff', auto_confirm: true };
    const res = await call('PUT', `/api/stores/${added.id}/data`, owner, data);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...data, status: 'CONNECTED' });
    expect((await call('GET', `/api/stores/${added.id}`, owner)).json()).toMatchObject(data);

    const keys = {
      client_id: sandbox.credentials.blibli.username,
      api_seller_key: sandbox.credentials.blibli.sellerKey,
      client_secret: sandbox.credentials.blibli.signatureKey,
    };
    // Wrong keys are refused by the marketplace and nothing of the request is saved.
    expectError(
      await call('PUT', `/api/stores/${added.id}/data`, owner, { ...data, name: 'Tidak Tersimpan', ...keys, api_seller_key: 'wrong' }),
      400,
      'CHANNEL_CREDENTIALS_INVALID',
    );
    expect((await call('GET', `/api/stores/${added.id}`, owner)).json().name).toBe(data.name);
    // Blibli's keys change together.
    expectFieldError(
      await call('PUT', `/api/stores/${added.id}/data`, owner, { ...data, api_seller_key: keys.api_seller_key }),
      'client_id',
    );
    const rekeyed = await call('PUT', `/api/stores/${added.id}/data`, owner, { ...data, arrange_shipment: 'pickup', ...keys });
    expect(rekeyed.statusCode, rekeyed.body).toBe(200);
    expect(rekeyed.json()).toMatchObject({ arrange_shipment: 'pickup' });

    const missing = await call('PUT', `/api/stores/${added.id}/data`, owner, {});
    for (const path of ['name', 'main_warehouse_id', 'arrange_shipment']) expectFieldError(missing, path);
    const theirs = await newWarehouse(app, await newWorkspace(app));
    expectFieldError(
      await call('PUT', `/api/stores/${added.id}/data`, owner, { ...data, main_warehouse_id: theirs.id }),
      'main_warehouse_id',
    );

    // An OAuth shop has tokens, not keys: its data is edited, keys are refused on their field.
    const shopee = await connectShopee(owner);
    expectFieldError(await call('PUT', `/api/stores/${shopee.id}/data`, owner, { ...data, api_seller_key: 'x' }), 'api_seller_key');
    expect((await call('PUT', `/api/stores/${shopee.id}/data`, owner, { ...data, name: 'Shopee Resmi' })).json()).toMatchObject({
      name: 'Shopee Resmi',
      marketplace: 'shopee',
    });
    expectError(await call('PUT', `/api/stores/${shopee.id}/data`, await newWorkspace(app), data), 404, 'CHANNEL_NOT_FOUND');
  });

  it('refuses wrong keys with 400 CHANNEL_CREDENTIALS_INVALID, missing fields with their paths, and another workspace’s warehouse', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    expectError(await call('POST', '/api/stores', owner, blibli(wh.id, { api_seller_key: 'wrong' })), 400, 'CHANNEL_CREDENTIALS_INVALID');
    const missing = await call('POST', '/api/stores', owner, { marketplace: 'blibli' });
    for (const path of ['name', 'shop_id', 'api_seller_key', 'main_warehouse_id', 'arrange_shipment']) expectFieldError(missing, path);
    expectFieldError(await call('POST', '/api/stores', owner, blibli(wh.id, { client_id: undefined })), 'client_id');
    const stranger = await newWorkspace(app);
    const theirs = await newWarehouse(app, stranger);
    expectFieldError(await call('POST', '/api/stores', owner, blibli(theirs.id)), 'main_warehouse_id');
    expect((await call('GET', '/api/stores', owner)).json().items).toEqual([]);
  });
});

describe('warehouse mapping', () => {
  it("lists the shop's marketplace warehouses; maps, refuses a second map, edits, multi-maps and unmaps", async () => {
    const owner = await newWorkspace(app);
    const [a, b] = [await newWarehouse(app, owner), await newWarehouse(app, owner)];
    const shop = await connectShopee(owner);
    const listed = await call('GET', `/api/stores/${shop.id}/warehouses`, owner);
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json().items as { id: string; is_default: boolean; mapping: null }[];
    expect(listed.json().supported).toBe(true);
    expect(items).toHaveLength(2);
    expect(items.every((item) => item.mapping === null)).toBe(true);
    const [first, second] = items;

    const mapped = await call('POST', `/api/stores/${shop.id}/warehouse-mappings`, owner, {
      marketplace_warehouse_id: first!.id,
      warehouse_id: a.id,
    });
    expect(mapped.statusCode, mapped.body).toBe(201);
    expect(mapped.json()).toMatchObject({ marketplace_warehouse_id: first!.id, warehouse_id: a.id, is_default: first!.is_default });
    expectError(
      await call('POST', `/api/stores/${shop.id}/warehouse-mappings`, owner, { marketplace_warehouse_id: first!.id, warehouse_id: b.id }),
      409,
      'CHANNEL_WAREHOUSE_ALREADY_MAPPED',
    );
    const unknown = await call('POST', `/api/stores/${shop.id}/warehouse-mappings`, owner, {
      marketplace_warehouse_id: 'NOPE',
      warehouse_id: a.id,
    });
    expectError(unknown, 400, 'CHANNEL_WAREHOUSE_UNKNOWN');

    const edited = await call('PUT', `/api/stores/${shop.id}/warehouse-mappings/${mapped.json().id}`, owner, { warehouse_id: b.id });
    expect(edited.json()).toMatchObject({ id: mapped.json().id, warehouse_id: b.id });

    const multi = await call('POST', `/api/stores/${shop.id}/warehouse-mappings/multi`, owner, {
      items: [
        { marketplace_warehouse_id: first!.id, warehouse_id: a.id },
        { marketplace_warehouse_id: second!.id, warehouse_id: b.id },
      ],
    });
    expect(multi.statusCode, multi.body).toBe(200);
    expect(
      multi
        .json()
        .items.map((m: { marketplace_warehouse_id: string; warehouse_id: string }) => [m.marketplace_warehouse_id, m.warehouse_id])
        .sort(),
    ).toEqual(
      [
        [first!.id, a.id],
        [second!.id, b.id],
      ].sort(),
    );
    // All or nothing: one bad line saves none of the batch.
    const bad = await call('POST', `/api/stores/${shop.id}/warehouse-mappings/multi`, owner, {
      items: [
        { marketplace_warehouse_id: first!.id, warehouse_id: b.id },
        { marketplace_warehouse_id: 'NOPE', warehouse_id: b.id },
      ],
    });
    expectError(bad, 400, 'CHANNEL_WAREHOUSE_UNKNOWN');
    const after = (await call('GET', `/api/stores/${shop.id}/warehouses`, owner)).json().items as {
      id: string;
      mapping: { id: string; warehouse_id: string };
    }[];
    expect(after.find((item) => item.id === first!.id)!.mapping.warehouse_id).toBe(a.id);

    const secondMapping = after.find((item) => item.id === second!.id)!.mapping.id;
    const removed = await call('DELETE', `/api/stores/${shop.id}/warehouse-mappings/${secondMapping}`, owner);
    expect(removed.statusCode).toBe(204);
    expectError(
      await call('DELETE', `/api/stores/${shop.id}/warehouse-mappings/${secondMapping}`, owner),
      404,
      'CHANNEL_MAPPING_NOT_FOUND',
    );
    expect((await call('GET', '/api/stores', owner)).json().items[0].mapped_warehouses).toBe(1);
  });

  it('marketplace orders of the shop go to the mapped warehouse; an unmapped marketplace warehouse moves no stock and says so', async () => {
    const owner = await newWorkspace(app);
    const jakarta = await newWarehouse(app, owner);
    const bandung = await newWarehouse(app, owner);
    const sku = await newSku(app, owner);
    await receive(app, owner, jakarta.id, [{ catalog_id: sku.id, quantity: 5 }]);
    await receive(app, owner, bandung.id, [{ catalog_id: sku.id, quantity: 10 }]);
    const shop = await connectShopee(owner);
    const warehouses = (await call('GET', `/api/stores/${shop.id}/warehouses`, owner)).json().items as {
      id: string;
      is_default: boolean;
    }[];
    const main = warehouses.find((item) => item.is_default)!;
    const other = warehouses.find((item) => !item.is_default)!;
    await call('POST', `/api/stores/${shop.id}/warehouse-mappings`, owner, { marketplace_warehouse_id: main.id, warehouse_id: bandung.id });

    const order = (orderId: string, warehouseId?: string): MarketplaceOrder => ({
      orderId,
      status: 'new',
      rawStatus: 'READY_TO_SHIP',
      createdAt: sandbox.clock.now(),
      updatedAt: sandbox.clock.now(),
      buyerName: 'Siti',
      recipient: { name: 'Siti Aminah', phone: '+6281311112222', address: 'Jl. Merdeka 5', city: 'Bandung' },
      items: [{ itemId: 'i1', productId: 'p1', skuId: 's1', sellerSku: sku.sku, name: 'Kopi Gayo 250g', quantity: 2, price: 50_000 }],
      totalAmount: 110_000,
      shippingFee: 10_000,
      currency: 'IDR',
      ...(warehouseId ? { warehouseId } : {}),
    });
    const importOrder = (mo: MarketplaceOrder) =>
      inTenant(app.platform.database.db, owner.workspaceId, (db) =>
        importMarketplaceOrder(jobCtx(app.platform, db, owner.workspaceId), { id: shop.id, marketplace: 'shopee', businessId: null }, mo, {
          type: 'MARKETPLACE',
          id: 'push',
        }),
      );
    expect(await importOrder(order('SHP-MAP-1'))).toBe('created');
    expect(await importOrder(order('SHP-MAP-2', other.id))).toBe('created');

    const list = (await call('GET', `/api/orders?channel_id=${shop.id}`, owner)).json().items as { id: string; order_number: string }[];
    const detail = async (number: string) =>
      (await call('GET', `/api/orders/${list.find((o) => o.order_number === number)!.id}`, owner)).json();
    const mapped = await detail('SHP-MAP-1');
    expect(mapped.warehouse_id).toBe(bandung.id);
    expect(mapped.timeline.map((t: { event: string }) => t.event)).toEqual(['IMPORTED']);
    const unmapped = await detail('SHP-MAP-2');
    expect(unmapped.warehouse_id).toBeNull();
    expect(unmapped.timeline).toContainEqual(expect.objectContaining({ event: 'WAREHOUSE_UNMAPPED', note: other.id }));

    const stock = async (wh: string) =>
      ((await call('GET', `/api/inventory?warehouse_id=${wh}`, owner)).json().items as { catalog_id: string; in_order: number }[]).find(
        (item) => item.catalog_id === sku.id,
      )!.in_order;
    expect(await stock(bandung.id)).toBe(2);
    expect(await stock(jakarta.id)).toBe(0);
  });

  it('a shop without mappings sends its orders to its main warehouse, whichever of the visible ones it is', async () => {
    for (const pick of [0, 1]) {
      const owner = await newWorkspace(app);
      const visible = [await newWarehouse(app, owner), await newWarehouse(app, owner)];
      const main = visible[pick]!;
      const shop = await connectShopee(owner);
      const confirm = await call('POST', `/api/stores/${shop.id}/confirm`, owner, {
        main_warehouse_id: main.id,
        arrange_shipment: 'dropoff',
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      const outcome = await inTenant(app.platform.database.db, owner.workspaceId, async (db) =>
        warehouseForShopOrder(jobCtx(app.platform, db, owner.workspaceId), shop.id, undefined),
      );
      expect(outcome).toEqual({ warehouseId: main.id, rule: 'fallback' });
    }
  });
});

describe('channel health', () => {
  it('shows the token countdown, a failed push with the marketplace message and retries it; disconnect and reconnect', async () => {
    const owner = await newWorkspace(app);
    const shop = await connectShopee(owner);
    let health = await healthOf(owner, shop.id);
    expect(health.token.auto_refresh).toBe(true);
    expect(health.token.seconds_left).toBeGreaterThan(3_000);
    expect(health).toMatchObject({ banner: null, failed_calls: [], last_stock_push_at: null });

    // A push for a product the shop does not have: Shopee refuses it, which is not worth retrying by itself.
    await asActor(app, owner, (ctx) =>
      enqueueChannelCall({ ...ctx, afterCommit: (task) => void task() }, shop.id, 'updateStock', {
        updates: [{ productId: '999999', skuId: '0', quantity: 3 }],
      }),
    );
    await drainCalls();
    health = await healthOf(owner, shop.id);
    expect(health.failed_calls).toHaveLength(1);
    const failed = health.failed_calls[0];
    expect(failed).toMatchObject({ operation: 'updateStock', retried_at: null });
    expect(failed.error_message).toMatch(/not found/i);

    const retried = await call('POST', `/api/stores/${shop.id}/failed-calls/${failed.id}/retry`, owner);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json().retried_at).not.toBeNull();
    expect(queued.filter((job) => job.queue === QUEUES.call)).toHaveLength(1);
    await drainCalls();
    expect((await healthOf(owner, shop.id)).failed_calls).toHaveLength(2);

    const off = await call('PUT', `/api/stores/${shop.id}/disconnect`, owner);
    expect(off.json()).toMatchObject({ status: 'DISCONNECTED', status_reason: 'MANUAL' });
    expect((await healthOf(owner, shop.id)).banner).toBe('DISCONNECTED');
    expectError(await call('POST', `/api/stores/${shop.id}/failed-calls/${failed.id}/retry`, owner), 409, 'CHANNEL_NOT_CONNECTED');
    const menu = (await call('GET', '/api/me/menu', owner)).json().channels as { id: string }[];
    expect(menu.map((channel) => channel.id)).not.toContain(shop.id);

    const on = await call('PUT', `/api/stores/${shop.id}/reconnect`, owner);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ status: 'CONNECTED', status_reason: null });
    expect((await call('GET', '/api/me/menu', owner)).json().channels.map((channel: { id: string }) => channel.id)).toContain(shop.id);
    const calls = (await call('GET', `/api/channels/${shop.id}/calls`, owner)).json().items as { operation: string }[];
    expect(calls.map((c) => c.operation)).toContain('getShopInfo');
  });

  it('the scheduled job refreshes tokens about to expire; a refused refresh disconnects the shop with the REVOKED banner, once', async () => {
    const owner = await newWorkspace(app);
    const shop = await connectShopee(owner);
    const row = async () =>
      (await app.platform.database.db.select().from(channelConnections).where(eq(channelConnections.id, shop.id)))[0]!;
    const before = await row();
    // Nothing is due yet.
    expect((await refreshDueTokens(app.platform)).refreshed).toBe(0);
    await sandbox.advance(before.accessTokenExpiresAt!.getTime() - sandbox.clock.now() - 10 * 60_000);
    const run = await refreshDueTokens(app.platform);
    expect(run.refreshed).toBeGreaterThanOrEqual(1);
    const after = await row();
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessTokenExpiresAt!.getTime()).toBeGreaterThan(before.accessTokenExpiresAt!.getTime());

    // The seller revoked the app: the marketplace refuses the refresh token.
    await app.platform.database.db
      .update(channelConnections)
      .set({ refreshToken: 'revoked-by-seller', accessTokenExpiresAt: new Date(sandbox.clock.now() + 60_000) })
      .where(eq(channelConnections.id, shop.id));
    const revoked = await refreshDueTokens(app.platform);
    expect(revoked.failed).toBeGreaterThanOrEqual(1);
    const health = await healthOf(owner, shop.id);
    expect(health).toMatchObject({ banner: 'REVOKED', channel: { status: 'DISCONNECTED', status_reason: 'REVOKED' } });
    expect(health.channel.status_message).not.toBeNull();
    expectError(await call('PUT', `/api/stores/${shop.id}/reconnect`, owner), 409, 'CHANNEL_REAUTHORIZE_REQUIRED');
    // Not picked again: a disconnected shop is left alone until the seller authorizes again.
    const ids = (await refreshDueTokens(app.platform)).failed;
    expect(ids).toBe(0);

    // Authorizing again reconnects it and clears the banner.
    const query = await shopeeConsent(owner);
    expect(
      (
        await call('POST', '/api/integrations/shopee/authorize', owner, {
          code: query.get('code'),
          shop_id: SHOPEE_SHOP,
          state: query.get('state'),
        })
      ).statusCode,
    ).toBe(202);
    expect((await healthOf(owner, shop.id)).banner).toBeNull();
  });
});

describe('tenancy and permissions', () => {
  it("another workspace's shop, mappings, health and failed calls are 404", async () => {
    const owner = await newWorkspace(app);
    const shop = await connectShopee(owner);
    const wh = await newWarehouse(app, owner);
    const mapping = (
      await call('POST', `/api/stores/${shop.id}/warehouse-mappings`, owner, {
        marketplace_warehouse_id: (await call('GET', `/api/stores/${shop.id}/warehouses`, owner)).json().items[0].id,
        warehouse_id: wh.id,
      })
    ).json();
    const stranger = await newWorkspace(app);
    const theirWh = await newWarehouse(app, stranger);
    for (const [method, url, body] of [
      ['GET', `/api/stores/${shop.id}`, undefined],
      ['GET', `/api/stores/${shop.id}/warehouses`, undefined],
      ['GET', `/api/stores/${shop.id}/health`, undefined],
      ['PUT', `/api/stores/${shop.id}/disconnect`, undefined],
      ['PUT', `/api/stores/${shop.id}/reconnect`, undefined],
      ['POST', `/api/stores/${shop.id}/confirm`, { main_warehouse_id: theirWh.id, arrange_shipment: 'pickup' }],
      ['PUT', `/api/stores/${shop.id}/warehouse-mappings/${mapping.id}`, { warehouse_id: theirWh.id }],
      ['DELETE', `/api/stores/${shop.id}/warehouse-mappings/${mapping.id}`, undefined],
      ['POST', `/api/stores/${shop.id}/failed-calls/${mapping.id}/retry`, undefined],
    ] as const) {
      expectError(await call(method, url, stranger, body), 404, 'CHANNEL_NOT_FOUND');
    }
    expect((await call('GET', '/api/stores', stranger)).json().items).toEqual([]);
    expect((await call('GET', `/api/stores/${shop.id}`, owner)).json().status).toBe('CONNECTED');
  });

  it('READ on store-list may look but not connect, map or disconnect; without it nothing', async () => {
    const owner = await newWorkspace(app);
    const shop = await connectShopee(owner);
    const reader = await newMember(app, owner, { 'store-list': 'READ' });
    expect((await call('GET', '/api/stores', reader)).statusCode).toBe(200);
    expect((await call('GET', `/api/stores/${shop.id}/health`, reader)).statusCode).toBe(200);
    expectError(await call('POST', '/api/integrations/shopee/auth-url', reader, { redirect_url: RETURN }), 403, 'FORBIDDEN');
    expectError(await call('PUT', `/api/stores/${shop.id}/disconnect`, reader), 403, 'FORBIDDEN');
    expectError(
      await call('POST', `/api/stores/${shop.id}/warehouse-mappings`, reader, { marketplace_warehouse_id: 'x', warehouse_id: shop.id }),
      403,
      'FORBIDDEN',
    );
    const outsider = await newMember(app, owner, { dashboard: 'READ' });
    expectError(await call('GET', '/api/stores', outsider), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/integrations', outsider), 403, 'FORBIDDEN');
    expect((await call('GET', `/api/stores/${shop.id}`, owner)).json().status).toBe('CONNECTED');
  });
});

describe('the OAuth state (ADR 0039)', () => {
  it("refuses a return page whose state is missing, another member's, another marketplace's, spent or expired", async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const authorize = (as: Actor, query: URLSearchParams, state: string | null) =>
      call('POST', '/api/integrations/shopee/authorize', as, {
        code: query.get('code'),
        shop_id: query.get('shop_id'),
        ...(state === null ? {} : { state }),
      });

    // Shopee echoes no state of its own: it comes back inside the redirect URL the auth-url call built.
    const started = (await call('POST', '/api/integrations/shopee/auth-url', owner, { redirect_url: RETURN })).json();
    const back = await approveConsent(started.url, `shop:${SHOPEE_SHOP}`);
    expect(back.searchParams.get('state')).toBe(started.state);

    expectError(await authorize(owner, back.searchParams, null), 400, 'CHANNEL_AUTHORIZATION_STATE_INVALID');
    expectError(await authorize(owner, back.searchParams, 'forged'), 400, 'CHANNEL_AUTHORIZATION_STATE_INVALID');
    // A code planted in another member's session: that member never started this round trip.
    expectError(await authorize(other, back.searchParams, started.state), 400, 'CHANNEL_AUTHORIZATION_STATE_INVALID');
    // Another marketplace's state.
    const lazadaState = (
      await call('POST', '/api/integrations/lazada/auth-url', owner, { redirect_url: 'http://kelola.test/integration/lazada/callback' })
    ).json().state;
    expectError(await authorize(owner, back.searchParams, lazadaState), 400, 'CHANNEL_AUTHORIZATION_STATE_INVALID');
    // None of the refusals saved a shop or spent the state: the right one goes through, once.
    expect((await call('GET', '/api/stores', owner)).json().items).toEqual([]);
    expect((await authorize(owner, back.searchParams, started.state)).statusCode).toBe(202);
    expectError(await authorize(owner, back.searchParams, started.state), 400, 'CHANNEL_AUTHORIZATION_STATE_INVALID');

    // Expired: the seller took longer than the state lives.
    const late = await shopeeConsent(other);
    await sandbox.advance(OAUTH_STATE_TTL_MS + 1_000);
    expectError(await authorize(other, late, late.get('state')), 400, 'CHANNEL_AUTHORIZATION_STATE_INVALID');
    expect((await call('GET', '/api/stores', other)).json().items).toEqual([]);
  });
});
