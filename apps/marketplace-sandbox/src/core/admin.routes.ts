import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PushSender } from './push-sender.ts';
import type { SandboxStore } from './sandbox-store.ts';

/** Test and demo controls under `/__sandbox`: move the clock, create orders, inject faults. Not part of any marketplace. */

const Marketplace = z.enum(['shopee', 'tiktok', 'lazada', 'blibli', 'zalora']);
const Advance = z.object({ ms: z.number().int().nonnegative().optional(), seconds: z.number().nonnegative().optional() });
const Generate = z.object({
  marketplace: Marketplace,
  shopId: z.string().optional(),
  count: z.number().int().min(1).max(500).default(1),
  status: z.string().optional(),
  /** Only products selling these seller SKUs, and only these SKUs of them, go into the orders. */
  sellerSkus: z.array(z.string().min(1)).max(200).optional(),
  /** The buyer asks to cancel each order at once (TikTok Shop and Lazada; a Shopee order takes status IN_CANCEL). */
  buyerCancel: z.boolean().optional(),
});
const GrantBody = z.object({ marketplace: z.enum(['shopee', 'tiktok', 'lazada']), shopId: z.string().min(1) });
const Products = z.object({
  marketplace: Marketplace,
  shopId: z.string().optional(),
  products: z
    .array(
      z.object({
        name: z.string().min(1),
        skus: z
          .array(
            z.object({ sellerSku: z.string().min(1), price: z.number().int().positive(), stock: z.number().int().min(0).default(100) }),
          )
          .min(1),
      }),
    )
    .min(1)
    .max(50),
});
/** What a demo grant lasts: the marketplaces' own refresh flow renews it after that. */
const DEMO_GRANT_MS = 4 * 60 * 60_000;
const Faults = z.object({
  marketplace: Marketplace,
  /** The next this many calls answer 429. */
  rateLimited: z.number().int().min(0).max(1000).default(0),
  /** From now on each call answers 429, 500 or 503 with this probability (0 switches it off). */
  random: z.number().min(0).max(1).optional(),
  seed: z.string().max(100).optional(),
});
const Expire = z.object({ marketplace: Marketplace });
const ProductQuery = z.object({ marketplace: Marketplace, shopId: z.string().optional() });

export const registerAdmin = (app: FastifyInstance, store: SandboxStore, pushes: PushSender): void => {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof z.ZodError) return reply.status(400).send({ code: 'BAD_REQUEST', message: 'Invalid body', details: error.issues });
    return reply.status(400).send({ code: 'BAD_REQUEST', message: error instanceof Error ? error.message : String(error) });
  });

  app.get('/health', async () => ({ ok: true, now: store.clock.now() }));
  app.get('/clock', async () => ({ now: store.clock.now() }));

  app.post('/clock/advance', async (request) => {
    const body = Advance.parse(request.body ?? {});
    store.clock.advance((body.ms ?? 0) + Math.round((body.seconds ?? 0) * 1000));
    store.settle();
    pushes.retryDue();
    return { now: store.clock.now() };
  });

  const pushLog = () => ({
    pushes: pushes.records.map(({ id, marketplace, shopId, url, attempts, delivered, lastStatus, nextAttemptAt }) => ({
      id,
      marketplace,
      shopId,
      url,
      attempts,
      delivered,
      ...(lastStatus !== undefined ? { lastStatus } : {}),
      ...(nextAttemptAt !== undefined ? { nextAttemptAt } : {}),
    })),
  });
  app.get('/pushes', async () => pushLog());
  /** Waits until every push in flight has been answered. */
  app.post('/pushes/flush', async () => {
    await pushes.flush();
    return pushLog();
  });

  app.post('/orders/generate', async (request, reply) => {
    const body = Generate.parse(request.body ?? {});
    const shop = body.shopId ? store.findShop(body.marketplace, body.shopId) : store.shopsOf(body.marketplace)[0];
    if (!shop) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Unknown shop' });
    const orders = Array.from({ length: body.count }, () => {
      const order = store.generateOrder(shop, {
        ...(body.status ? { status: body.status } : {}),
        ...(body.sellerSkus ? { sellerSkus: body.sellerSkus } : {}),
      });
      if (body.buyerCancel) store.requestBuyerCancel(shop, order);
      return order;
    });
    return {
      orders: orders.map((order) => ({
        marketplace: shop.marketplace,
        shopId: shop.shopId,
        orderId: order.id,
        status: order.status,
        packageId: order.packageId,
        items: order.items.map((item) => ({ itemId: item.id, productId: item.productId, skuId: item.skuId, quantity: item.quantity })),
      })),
    };
  });

  /** A token for a shop without the consent page (the demo connects its shops with it); the shop then pushes. */
  app.post('/grants', async (request, reply) => {
    const body = GrantBody.parse(request.body ?? {});
    const shop = store.findShop(body.marketplace, body.shopId);
    if (!shop) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Unknown shop' });
    const grant = store.issueGrant(body.marketplace, { shopIds: [shop.shopId] }, DEMO_GRANT_MS, store.clock.now() + 30 * 86_400_000);
    return {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      accessTokenExpiresAt: new Date(grant.accessExpiresAt).toISOString(),
      refreshTokenExpiresAt: new Date(grant.refreshExpiresAt).toISOString(),
    };
  });

  /** Active products with the given seller SKUs (no review), so orders can carry a client's own catalogue SKUs. */
  app.post('/products', async (request, reply) => {
    const body = Products.parse(request.body ?? {});
    const shop = body.shopId ? store.findShop(body.marketplace, body.shopId) : store.shopsOf(body.marketplace)[0];
    if (!shop) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Unknown shop' });
    const created = body.products.map((input) => {
      const product = store.createProduct(shop, {
        name: input.name,
        description: input.name,
        categoryId: shop.categories[0]?.id ?? '0',
        images: [],
        weightGrams: 250,
        skus: input.skus.map((sku) => ({ ...sku, warehouseId: shop.warehouses[0]?.id ?? '0', options: {} })),
      });
      product.status = 'active';
      delete product.reviewReadyAt;
      return { productId: product.id, skus: product.skus.map((sku) => ({ skuId: sku.id, sellerSku: sku.sellerSku })) };
    });
    return { products: created };
  });

  app.get('/orders', async (request, reply) => {
    const query = z.object({ marketplace: Marketplace, shopId: z.string().optional() }).parse(request.query);
    const shop = query.shopId ? store.findShop(query.marketplace, query.shopId) : store.shopsOf(query.marketplace)[0];
    if (!shop) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Unknown shop' });
    return {
      orders: [...shop.orders.values()].map((order) => ({
        orderId: order.id,
        status: order.status,
        createdAt: order.createdAt,
        updatedAt: order.updatedAt,
        history: order.history,
        ...(order.next ? { next: order.next } : {}),
        ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
        ...(order.pickupSlot ? { pickupSlot: order.pickupSlot } : {}),
      })),
    };
  });

  app.post('/faults', async (request) => {
    const body = Faults.parse(request.body ?? {});
    store.injectRateLimit(body.marketplace, body.rateLimited);
    if (body.random !== undefined) store.setRandomFaults(body.marketplace, body.random, body.seed);
    return { ok: true };
  });

  /** How many calls the fault switch served and failed, per marketplace. */
  app.get('/faults', async () => ({ faults: store.faultCounts() }));

  /** Expires the marketplace's access tokens now, so the next call needs a refresh. */
  app.post('/tokens/expire', async (request) => {
    const body = Expire.parse(request.body ?? {});
    return { expired: store.expireAccessTokens(body.marketplace) };
  });

  /** A shop's products with each SKU's stock and price as the marketplace holds them (tests and demos read this). */
  app.get('/products', async (request, reply) => {
    const query = ProductQuery.parse(request.query ?? {});
    const shop = store.shops.find((s) => s.marketplace === query.marketplace && (!query.shopId || s.shopId === query.shopId));
    if (!shop) return reply.status(404).send({ code: 'NOT_FOUND', message: 'no such shop' });
    return {
      shopId: shop.shopId,
      products: [...shop.products.values()].map((p) => ({
        id: p.id,
        name: p.name,
        status: p.status,
        skus: p.skus.map((k) => ({ id: k.id, sellerSku: k.sellerSku, stock: k.stock, price: k.price })),
      })),
    };
  });

  app.get('/shops', async () => ({
    shops: store.shops.map((shop) => ({
      marketplace: shop.marketplace,
      shopId: shop.shopId,
      name: shop.name,
      ...(shop.cipher ? { cipher: shop.cipher } : {}),
      ...(shop.mainAccountId ? { mainAccountId: shop.mainAccountId } : {}),
      ...(shop.keys ? { keys: shop.keys } : {}),
      products: shop.products.size,
      orders: shop.orders.size,
    })),
  }));
};
