import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CREDENTIALS } from '../sandbox-credentials.ts';
import { bodyObject, newRequestId, pathBelow, queryOf, rawBodyOf } from '../core/http-helpers.ts';
import { blibliExpectedSignature, sameText } from '../core/signatures.ts';
import type { SandboxStore } from '../core/sandbox-store.ts';
import type { SandboxOrder, SandboxShop } from '../core/sandbox-types.ts';

/**
 * Blibli Seller API below `/v2/proxy` (research §4). No OAuth: Basic auth with the integrator's API client, the
 * seller's `Api-Seller-Key`, and `Signature` headers once the seller has set a signature key. Envelope
 * `{requestId, headers, errorMessage, errorCode, success, content | value}`; paging `pageMetaData`.
 */

const PREFIX = '/blibli/v2/proxy';
const PER_MINUTE = 25;
// The 15-minute validity is from the older Merchant API documentation; the Seller API's is unconfirmed.
const SIGNATURE_WINDOW_MS = 15 * 60_000;
const { clientId: CLIENT_ID, clientKey: CLIENT_KEY } = SANDBOX_CREDENTIALS.blibli;

class BlibliFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
const fail = (status: number, code: string, message: string): never => {
  throw new BlibliFailure(status, code, message);
};

const envelope = (requestId: string, body: { content?: unknown; value?: unknown; pageMetaData?: unknown }) => ({
  requestId,
  headers: null,
  errorMessage: null,
  errorCode: null,
  success: true,
  ...body,
});

type Ctx = { shop: SandboxShop; requestId: string; query: Record<string, string>; body: Record<string, unknown> };

export const registerBlibli = (app: FastifyInstance, store: SandboxStore): void => {
  const now = (): number => store.clock.now();

  app.setErrorHandler((error, request, reply) => {
    const requestId = queryOf(request).requestId ?? newRequestId();
    if (error instanceof BlibliFailure) {
      return reply
        .status(error.status)
        .send({ requestId, headers: null, errorMessage: error.message, errorCode: error.code, success: false, content: null });
    }
    return reply
      .status(500)
      .send({
        requestId,
        headers: null,
        errorMessage: error instanceof Error ? error.message : String(error),
        errorCode: 'SYSTEM_ERROR',
        success: false,
        content: null,
      });
  });

  const verify = (request: FastifyRequest): Ctx => {
    const query = queryOf(request);
    const basic = String(request.headers.authorization ?? '');
    const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_KEY}`).toString('base64')}`;
    if (!sameText(basic, expected)) fail(401, 'UNAUTHORIZED', 'Invalid API client credentials');
    if (!query.requestId || query.storeId !== '10001' || !query.channelId)
      fail(400, 'BAD_REQUEST', 'requestId, storeId=10001 and channelId are mandatory');
    const storeCode = query.storeCode ?? query.businessPartnerCode ?? query.merchantCode ?? '';
    const shop = store.findShop('blibli', storeCode);
    const sellerKey = String(request.headers['api-seller-key'] ?? '');
    if (!shop || !sameText(sellerKey, shop.keys?.sellerKey ?? '')) fail(401, 'UNAUTHORIZED', 'Invalid Api-Seller-Key for this store');
    if (query.username !== shop?.keys?.username) fail(401, 'UNAUTHORIZED', 'Username does not match the store');
    const signatureKey = shop?.keys?.signatureKey;
    if (signatureKey) {
      const signature = String(request.headers.signature ?? '');
      const time = Number(request.headers['signature-time'] ?? NaN);
      if (!signature || !Number.isFinite(time)) fail(401, 'UNAUTHORIZED', 'Signature and Signature-Time are mandatory for this store');
      if (Math.abs(time - now()) > SIGNATURE_WINDOW_MS) fail(401, 'UNAUTHORIZED', 'Signature-Time is expired');
      const path = pathBelow(request, PREFIX);
      if (!sameText(blibliExpectedSignature(signatureKey, request.method, rawBodyOf(request), path, time), signature))
        fail(401, 'UNAUTHORIZED', 'Invalid signature');
    }
    // Blibli's quotas are per minute and per store (e.g. 25 req/min for product calls).
    const minuteKey = `${pathBelow(request, PREFIX)}:${storeCode}:${Math.floor(now() / 60_000)}`;
    if (store.isRateLimited('blibli', minuteKey, PER_MINUTE))
      fail(429, 'TOO_MANY_REQUESTS', 'Request quota for this API is exceeded, try again later');
    return { shop: shop as SandboxShop, requestId: query.requestId ?? '', query, body: bodyObject(request.body) };
  };

  const route = (method: 'GET' | 'POST', url: string, handler: (ctx: Ctx, request: FastifyRequest, reply: FastifyReply) => unknown) =>
    app.route({
      method,
      url,
      handler: async (request, reply) => {
        const ctx = verify(request);
        const result = await handler(ctx, request, reply);
        if (!reply.sent) return reply.send(envelope(ctx.requestId, bodyObject(result)));
      },
    });

  const paging = (query: Record<string, string>, body: Record<string, unknown>) => {
    const fromBody = bodyObject(body.paging);
    const page = Number(fromBody.page ?? query.page ?? 0);
    const size = Number(fromBody.size ?? query.size ?? 10);
    if (!(size >= 1 && size <= 100) || !(page >= 0)) fail(400, 'BAD_REQUEST', 'paging must have page >= 0 and 1 <= size <= 100');
    return { page, size };
  };

  route('GET', '/mta/api/businesspartner/v1/product/getCategory', ({ shop }) => ({
    content: shop.categories.map((category) => ({
      categoryCode: `CAT-${category.id}`,
      categoryName: category.name,
      parentCategoryCode: category.parentId ? `CAT-${category.parentId}` : null,
      leaf: category.leaf,
    })),
  }));

  route('GET', '/mta/api/businesspartner/v1/product/getPickupPoint', ({ shop }) => ({
    content: shop.warehouses.map((warehouse) => ({
      code: `PP-${warehouse.id}`,
      name: warehouse.name,
      address: warehouse.address,
      cityName: warehouse.city,
    })),
  }));

  route('GET', '/mta/api/businesspartner/v2/product/getBrands', ({ shop, query, body }) => {
    const { page, size } = paging(query, body);
    const name = (query.brandName ?? '').toLowerCase();
    const matching = shop.brands.filter((brand) => brand.name.toLowerCase().includes(name));
    return {
      content: matching.slice(page * size, page * size + size).map((brand) => ({ brandCode: `BR-${brand.id}`, brandName: brand.name })),
      pageMetaData: { pageNumber: page, pageSize: size, totalRecords: matching.length },
    };
  });

  route('POST', '/seller/v1/products/filter', ({ shop, query, body }) => {
    const { page, size } = paging(query, body);
    const products = [...shop.products.values()]
      .filter((product) => product.status !== 'deleted')
      .sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
    return {
      content: products.slice(page * size, page * size + size).map((product) => ({
        productSku: `${shop.shopId}-${product.id}`,
        productName: product.name,
        status: product.status === 'active' ? 'ACTIVE' : product.status === 'reviewing' ? 'IN_REVIEW' : 'INACTIVE',
        categoryCode: `CAT-${product.categoryId}`,
        updatedDate: product.updatedAt,
        items: product.skus.map((sku) => ({
          blibliSku: `${shop.shopId}-${product.id}-${sku.id}`,
          merchantSku: sku.sellerSku,
          price: { regular: sku.price, sale: sku.price },
          stock: { available: sku.stock },
        })),
      })),
      pageMetaData: { pageNumber: page, pageSize: size, totalRecords: products.length },
    };
  });

  const packageView = (shop: SandboxShop, order: SandboxOrder) => ({
    packageId: order.packageId,
    orderId: order.id,
    createdDate: order.createdAt,
    updatedDate: order.updatedAt,
    customerName: order.buyerName,
    shippingAddress: {
      name: order.recipient.name,
      phone: order.recipient.phone,
      address: order.recipient.address,
      city: order.recipient.city,
    },
    orderItems: order.items.map((item) => ({
      orderItemId: item.id,
      status: order.status,
      merchantSku: item.sellerSku,
      blibliSku: `${shop.shopId}-${item.productId}-${item.skuId}`,
      productName: item.name,
      quantity: item.quantity,
      price: item.price,
      awbNumber: order.trackingNumber ?? null,
      logisticsProvider: order.courier,
    })),
  });

  route('POST', '/seller/v1/orders/packages/filter', ({ shop, query, body }) => {
    const { page, size } = paging(query, body);
    const filter = bodyObject(body.filter);
    const range = bodyObject(filter.statusFPDateRange);
    if (range.start === undefined || range.end === undefined)
      fail(400, 'BAD_REQUEST', 'filter.statusFPDateRange.start and end are mandatory');
    const statuses = (filter.orderItemStatuses as string[] | undefined) ?? [];
    const orders = [...shop.orders.values()]
      .filter((order) => order.createdAt >= Number(range.start) && order.createdAt <= Number(range.end))
      .filter((order) => statuses.length === 0 || statuses.includes(order.status))
      .sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
    return {
      content: orders.slice(page * size, page * size + size).map((order) => packageView(shop, order)),
      pageMetaData: { pageNumber: page, pageSize: size, totalRecords: orders.length },
    };
  });
};
