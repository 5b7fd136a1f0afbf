import type { FastifyBaseLogger } from 'fastify';
import type { TenantCtx } from '../http/context.ts';
import { eq } from 'drizzle-orm';
import { listBusinesses } from '../modules/businesses/index.ts';
import { listWarehouseOptions } from '../modules/warehouses/index.ts';
import { connectChannel, listChannels, setUpShop, shopSkuLinks, startProductImport, type ConnectInput } from '../modules/channels/index.ts';
import { catalogRefsBySku } from '../modules/catalog/index.ts';
import { createGoodsReceipt } from '../modules/inventory/index.ts';
import { createShopeePromotion, syncShopeePromotions } from '../modules/promotions/index.ts';
import { users } from '../modules/identity/identity.schema.ts';
import { memberships } from '../modules/workspaces/workspaces.schema.ts';
import { inSystem, inTenant } from '../platform/db/database.ts';
import type { Platform } from '../platform/platform.ts';
import { systemCtx, tenantCtxFor } from '../platform/system-ctx.ts';
import { DEMO_EMAIL } from './seed-demo.ts';
import { publishDemoProduct } from './demo-publish.ts';
import { DEMO_SHOP_STOCK } from './seed-demo-catalog.ts';

/** How often the running demo tops the shops' warehouse up (a goods receipt), so that its orders keep finding stock. */
const RESTOCK_EVERY_MS = 30 * 60_000;
/** The demo warehouse the shops' orders take their stock from (seed-demo.ts). */
const DEMO_SHOP_WAREHOUSE = 'Gudang Bandung';

type DemoOwner = { workspaceId: string; userId: string };

/**
 * Runs `fn` in a tenant transaction of the demo owner's workspace, as the owner (the demo shops' own work), then what
 * it left for after the commit (a product import's job, the short orders' second try after a restock), as a request does.
 */
async function inDemoWorkspace<T>(platform: Platform, owner: DemoOwner, fn: (ctx: TenantCtx) => Promise<T>): Promise<T> {
  const pending: (() => Promise<void>)[] = [];
  const result = await inTenant(platform.database.db, owner.workspaceId, (db) =>
    fn({
      ...tenantCtxFor(systemCtx(platform, db, 'demo-shops'), owner.workspaceId, owner.userId),
      afterCommit: (task) => void pending.push(task),
    }),
  );
  for (const task of pending) await task();
  return result;
}

/**
 * The demo workspace's marketplace shops (issue 13): on every start with the sandbox there, the sandbox's Shopee,
 * TikTok Shop (Tokopedia) and Lazada shops are connected to the demo workspace, sell the demo catalogue's SKUs, and
 * get orders in several states at once and then one every few seconds. The sandbox pushes each order to
 * /api/channels/push and the real import path (`import-marketplace-order`) brings it in; the sandbox itself moves
 * orders on (paid, shipped, cancel requests) and the reconciliation poll catches what a push missed.
 *
 * The sandbox keeps its shops in memory, so a restart connects the shops again with new tokens (the saved
 * connections are updated, not duplicated) and its order ids start over (Kelola keys orders by marketplace id).
 */

type SandboxMarketplace = 'shopee' | 'tiktok' | 'lazada';

export type DemoShop = {
  marketplace: SandboxMarketplace;
  shopId: string;
  name: string;
  shopCipher?: string;
  /** States the first orders are created in (the marketplace's own codes), so every tab has something. */
  states: readonly string[];
};

export const DEMO_SHOPS: readonly DemoShop[] = [
  {
    marketplace: 'shopee',
    shopId: '60001001',
    name: 'Shopee Kelola Demo',
    states: ['UNPAID', 'READY_TO_SHIP', 'READY_TO_SHIP', 'PROCESSED', 'SHIPPED', 'COMPLETED', 'IN_CANCEL', 'CANCELLED'],
  },
  {
    marketplace: 'tiktok',
    shopId: '7494000000000000001',
    name: 'Tokopedia & TikTok Shop',
    shopCipher: 'ROW_kelolaSandboxCipher01',
    states: ['UNPAID', 'AWAITING_SHIPMENT', 'AWAITING_SHIPMENT', 'AWAITING_COLLECTION', 'IN_TRANSIT', 'DELIVERED', 'CANCELLED'],
  },
  {
    marketplace: 'lazada',
    shopId: '1000001',
    name: 'Lazada Kelola Demo',
    states: ['unpaid', 'pending', 'pending', 'packed', 'ready_to_ship', 'shipped', 'delivered', 'canceled'],
  },
];

/** The demo catalogue's SKUs as the shops list them (seed-demo-catalog.ts), at marketplace prices. */
export const DEMO_LISTINGS = [
  {
    name: 'Kaos Polos Katun Combed 30s',
    skus: [
      { sellerSku: 'KPK-HITAM-M', price: 65_000 },
      { sellerSku: 'KPK-HITAM-L', price: 68_000 },
      { sellerSku: 'KPK-PUTIH-M', price: 65_000 },
      { sellerSku: 'KPK-PUTIH-L', price: 68_000 },
    ],
  },
  { name: 'Kopi Gayo Arabika 250 g', skus: [{ sellerSku: 'KOPI-GAYO-250', price: 89_000 }] },
] as const;
const DEMO_SKUS = DEMO_LISTINGS.flatMap((p) => p.skus.map((s) => s.sellerSku));

type Admin = (path: string, body: unknown) => Promise<Record<string, unknown>>;

export function sandboxAdmin(origin: string): Admin {
  return async (path, body) => {
    const response = await fetch(`${origin}/__sandbox${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
}

/**
 * Connects one sandbox shop to a workspace (a grant from the sandbox, the demo SKUs listed in it) through the
 * channel module's `connectChannel`; keeps the name of a connection that already exists.
 */
export async function connectSandboxShop(
  platform: Platform,
  admin: Admin,
  target: { workspaceId: string; userId: string; businessId?: string | undefined },
  shop: DemoShop,
): Promise<string> {
  const grant = (await admin('/grants', { marketplace: shop.marketplace, shopId: shop.shopId })) as {
    accessToken: string;
    refreshToken: string;
    accessTokenExpiresAt: string;
    refreshTokenExpiresAt: string;
  };
  await admin('/products', { marketplace: shop.marketplace, shopId: shop.shopId, products: DEMO_LISTINGS });
  return inDemoWorkspace(platform, target, async (ctx) => {
    const existing = (await listChannels(ctx)).items.find((c) => c.marketplace === shop.marketplace && c.shop_id === shop.shopId);
    const input: ConnectInput = {
      marketplace: shop.marketplace,
      shopId: shop.shopId,
      name: existing?.name ?? shop.name,
      region: 'ID',
      businessId: existing ? (existing.business_id ?? undefined) : target.businessId,
      grant: {
        accessToken: grant.accessToken,
        refreshToken: grant.refreshToken,
        accessTokenExpiresAt: Date.parse(grant.accessTokenExpiresAt),
        refreshTokenExpiresAt: Date.parse(grant.refreshTokenExpiresAt),
      },
      ...(shop.shopCipher ? { shopCipher: shop.shopCipher } : {}),
    };
    return (await connectChannel(ctx, input)).id;
  });
}

/** Starts the import of a connected shop's products (its job maps them to the catalogue and pushes stock). */
async function importSandboxProducts(platform: Platform, owner: DemoOwner, channelId: string) {
  await inDemoWorkspace(platform, owner, (ctx) => startProductImport(ctx, channelId));
}

/** Asks the sandbox for an order of the demo SKUs in a shop; it pushes it to Kelola. */
export async function sandboxOrder(admin: Admin, shop: DemoShop, status?: string): Promise<string> {
  const answer = (await admin('/orders/generate', {
    marketplace: shop.marketplace,
    shopId: shop.shopId,
    sellerSkus: DEMO_SKUS,
    ...(status ? { status } : {}),
  })) as { orders: { orderId: string }[] };
  return answer.orders[0]?.orderId ?? '';
}

/**
 * Starts the demo shops in the background (after listen: nothing here delays start-up). Returns the stop function.
 * Does nothing without `config.demoShops` or for a marketplace configured with real keys.
 */
export function startDemoShops(platform: Platform, log: FastifyBaseLogger): () => Promise<void> {
  const { demoShops, marketplaces } = platform.config;
  // Only against a sandbox (embedded, or MARKETPLACE_SANDBOX_URL): never real marketplaces.
  if (!demoShops || !marketplaces.sandbox) return async () => {};
  const shops = DEMO_SHOPS.filter((shop) => marketplaces[shop.marketplace]?.sandbox);
  const admin = sandboxAdmin(marketplaces.sandbox.origin);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const started = (async () => {
    const owner = await inSystem(platform.database.db, async (db) => {
      const [row] = await db
        .select({ userId: users.id, workspaceId: memberships.workspaceId })
        .from(users)
        .innerJoin(memberships, eq(memberships.userId, users.id))
        .where(eq(users.email, DEMO_EMAIL));
      return row;
    });
    if (!owner || stopped) return;
    const businessId = await inDemoWorkspace(
      platform,
      owner,
      async (ctx) => (await listBusinesses(ctx)).find((b) => b.name === 'Demo Fashion')?.id,
    );
    for (const shop of shops) {
      if (stopped) return;
      const channelId = await connectSandboxShop(platform, admin, { ...owner, businessId }, shop);
      // Each shop's default warehouse maps to Bandung, which holds every SKU the shops sell (DEMO_SHOP_STOCK), so
      // marketplace orders take their stock there. Its other warehouse maps to Jakarta, so the stock a shop is told
      // (only its mapped warehouses count, ADR 0039) covers the whole demo catalogue.
      await inDemoWorkspace(platform, owner, async (ctx) => {
        const options = await listWarehouseOptions(ctx);
        const bandung = options.find((warehouse) => warehouse.name === DEMO_SHOP_WAREHOUSE);
        const jakarta = options.find((warehouse) => warehouse.name === 'Gudang Jakarta Barat');
        if (bandung) await setUpShop(ctx, channelId, bandung.id, jakarta?.id ?? bandung.id);
      }).catch((error: unknown) => log.warn({ err: error, shop: shop.shopId }, 'demo shop warehouses not mapped'));
      // The shop's products are imported and mapped to the demo catalogue by SKU; stock pushes follow (issue 15).
      await importSandboxProducts(platform, owner, channelId).catch((error: unknown) =>
        log.warn({ err: error }, 'demo shop products not imported'),
      );
      // One demo product is published from Kelola to each shop (issue 15, ADR 0038); its stock and price pushes follow.
      await publishDemoProduct(platform, owner, channelId).catch((error: unknown) =>
        log.warn({ err: error }, 'demo product not published'),
      );
      if (shop.marketplace === 'shopee')
        void demoShopeePromotion(platform, owner, channelId, () => stopped).catch((error: unknown) =>
          log.warn({ err: error }, 'demo Shopee promotion not created'),
        );
    }
    // Round-robin over the shops, so each shop's first orders come in first (the import takes a job per order).
    const rounds = Math.max(0, ...shops.map((shop) => shop.states.length));
    for (let i = 0; i < rounds; i += 1)
      for (const shop of shops) {
        const status = shop.states[i];
        if (status && !stopped) await sandboxOrder(admin, shop, status);
      }
    log.info({ shops: shops.length }, 'demo shops connected to the marketplace sandbox');
    if (demoShops.orderEveryMs > 0 && shops.length > 0 && !stopped) {
      let turn = 0;
      const restockEvery = Math.max(1, Math.round(RESTOCK_EVERY_MS / demoShops.orderEveryMs));
      timer = setInterval(() => {
        if (turn > 0 && turn % restockEvery === 0)
          topUpDemoStock(platform, owner).catch((error: unknown) => log.warn({ err: error }, 'demo stock not topped up'));
        const shop = shops[turn % shops.length]!;
        // Most new orders arrive paid (to be accepted); every third one unpaid, which the buyer pays or abandons later.
        const status = turn % 3 === 2 ? undefined : shop.states[1];
        turn += 1;
        sandboxOrder(admin, shop, status).catch((error: unknown) => log.warn({ err: error }, 'demo order not created in the sandbox'));
      }, demoShops.orderEveryMs);
      timer.unref();
    }
  })().catch((error: unknown) => log.warn({ err: error }, 'demo shops not connected to the marketplace sandbox'));
  return async () => {
    stopped = true;
    if (timer) clearInterval(timer);
    await started;
  };
}

/**
 * Brings the demo shops' SKUs in Gudang Bandung back to their starting stock (DEMO_SHOP_STOCK) with one posted goods
 * receipt, as a merchant restocks: the demo's orders, one every few seconds, would otherwise empty it within hours
 * and every later order would arrive stock-short. Nothing is received when every SKU is at its level or above.
 */
export async function topUpDemoStock(platform: Platform, owner: DemoOwner): Promise<number> {
  return inDemoWorkspace(platform, owner, async (ctx) => {
    const bandung = (await listWarehouseOptions(ctx)).find((warehouse) => warehouse.name === DEMO_SHOP_WAREHOUSE);
    if (!bandung) return 0;
    const skus = await catalogRefsBySku(ctx, Object.keys(DEMO_SHOP_STOCK));
    const stock = await platform.ports.stock.availableByCatalog(
      ctx,
      skus.map((sku) => sku.id),
    );
    const lines = skus
      .map((sku) => ({
        catalog_id: sku.id,
        quantity: DEMO_SHOP_STOCK[sku.sku]! - (stock.get(sku.id)?.warehouses.get(bandung.id) ?? 0),
      }))
      .filter((line) => line.quantity > 0);
    if (lines.length === 0) return 0;
    await createGoodsReceipt(ctx, {
      date: platform.now().toISOString().slice(0, 10),
      warehouse_id: bandung.id,
      supplier_reference: 'SJ-RESTOCK-DEMO',
      note: 'Restok demo',
      lines,
      post: true,
    });
    return lines.length;
  });
}

/**
 * A Shopee seller discount on the demo shop (issue 16): the sandbox forgets its discounts on a restart, so each start
 * syncs (which drops what the sandbox no longer has) and creates "Flash Sale Kaos" on the black T-shirt when none is
 * there, once the product import has mapped it. It starts in two hours (Shopee's one-hour rule) and overlaps the
 * demo's payday programme on the same SKU, so the clash view has something to show.
 */
export async function demoShopeePromotion(platform: Platform, owner: DemoOwner, channelId: string, stopped: () => boolean): Promise<void> {
  const inDemo = <T>(fn: (ctx: TenantCtx) => Promise<T>) => inDemoWorkspace(platform, owner, fn);
  for (let attempt = 0; attempt < 60 && !stopped(); attempt += 1) {
    const link = await inDemo(async (ctx) => {
      const [sku] = await catalogRefsBySku(ctx, ['KPK-HITAM-M']);
      if (!sku) return null;
      const [found] = await shopSkuLinks(ctx, channelId, { catalogIds: [sku.id] });
      return found ? { ...found, catalogId: sku.id } : null;
    });
    if (link) {
      const synced = await inDemo((ctx) => syncShopeePromotions(ctx, { shop_id: channelId }));
      if (synced.synced > 0) return;
      const now = platform.now().getTime();
      const hour = 3_600_000;
      await inDemo((ctx) =>
        createShopeePromotion(ctx, {
          shop_id: channelId,
          name: 'Flash Sale Kaos',
          start_time: new Date(Math.ceil((now + 2 * hour) / hour) * hour).toISOString(),
          end_time: new Date(Math.ceil((now + 7 * 24 * hour) / hour) * hour).toISOString(),
          items: [{ catalog_id: link.catalogId, promotion_price: Math.round((link.price * 0.85) / 100) * 100, purchase_limit: 2 }],
        }),
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
