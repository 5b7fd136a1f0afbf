import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CREDENTIALS } from '../sandbox-credentials.ts';
import { bodyObject, newRequestId, pathBelow, queryOf, rawBodyOf } from '../core/http-helpers.ts';
import { blibliExpectedSignature, sameText } from '../core/signatures.ts';
import { renderLabelPdf } from '../core/label-pdf.ts';
import type { SandboxStore } from '../core/sandbox-store.ts';
import type { SandboxOrder, SandboxProduct, SandboxShop, SandboxSku } from '../core/sandbox-types.ts';

/**
 * Blibli Seller API below `/v2/proxy` (research §4). No OAuth: Basic auth with the integrator's API client, the
 * seller's `Api-Seller-Key`, and `Signature` headers once the seller has set a signature key. Envelope
 * `{requestId, headers, errorMessage, errorCode, success, content | value}`; paging `pageMetaData`.
 */

const PREFIX = '/blibli/v2/proxy';
const PER_MINUTE = 25;
const CANCEL_REASONS = ['Stok produk kosong', 'Harga produk salah', 'Toko sedang tutup', 'Alamat pengiriman tidak terjangkau'];
// The 15-minute validity is from the older Merchant API documentation; the Seller API's is unconfirmed.
const SIGNATURE_WINDOW_MS = 15 * 60_000;
const { clientId: CLIENT_ID, clientKey: CLIENT_KEY } = SANDBOX_CREDENTIALS.blibli;

class BlibliFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
const fail = (status: number, code: string, message: string, retryAfterSeconds?: number): never => {
  throw new BlibliFailure(status, code, message, retryAfterSeconds);
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
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.status)
        .send({ requestId, headers: null, errorMessage: error.message, errorCode: error.code, success: false, content: null });
    }
    return reply.status(500).send({
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
      // Quotas reset on the minute; the sandbox says when in `Retry-After` (the real over-limit answer is unconfirmed).
      fail(429, 'TOO_MANY_REQUESTS', 'Request quota for this API is exceeded, try again later', 60 - (Math.floor(now() / 1000) % 60));
    return { shop: shop as SandboxShop, requestId: query.requestId ?? '', query, body: bodyObject(request.body) };
  };

  const route = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    handler: (ctx: Ctx, request: FastifyRequest, reply: FastifyReply) => unknown,
  ) =>
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

  const STATUS_NAME: Record<string, string> = { active: 'ACTIVE', reviewing: 'IN_REVIEW', rejected: 'REJECTED', inactive: 'INACTIVE' };
  const productView = (shop: SandboxShop, product: SandboxProduct) => ({
    productSku: `${shop.shopId}-${product.id}`,
    productName: product.name,
    status: STATUS_NAME[product.status] ?? 'INACTIVE',
    categoryCode: `CAT-${product.categoryId}`,
    brandCode: product.brandId ? `BR-${product.brandId}` : null,
    description: Buffer.from(product.description, 'utf8').toString('base64'),
    images: product.images,
    rejectedReason: product.status === 'rejected' ? (product.rejectReason ?? null) : null,
    updatedDate: product.updatedAt,
    items: product.skus.map((sku) => ({
      blibliSku: `${shop.shopId}-${product.id}-${sku.id}`,
      merchantSku: sku.sellerSku,
      pickupPointCode: `PP-${sku.warehouseId}`,
      attributes: sku.options,
      price: { regular: sku.price, sale: sku.price },
      stock: { available: sku.stock },
    })),
  });

  /** `KEL-60001-<product id>` → the product, or a 404 in Blibli's shape. */
  const productOf = (shop: SandboxShop, productSku: string): SandboxProduct => {
    const prefix = `${shop.shopId}-`;
    const product = productSku.startsWith(prefix) ? shop.products.get(productSku.slice(prefix.length)) : undefined;
    if (!product || product.status === 'deleted') return fail(404, 'NOT_FOUND', `Product ${productSku} is not found`);
    return product;
  };

  const skuOf = (shop: SandboxShop, gdnSku: string): { product: SandboxProduct; sku: SandboxSku } | undefined => {
    for (const product of shop.products.values()) {
      const sku = product.skus.find((candidate) => `${shop.shopId}-${product.id}-${candidate.id}` === gdnSku);
      if (sku && product.status !== 'deleted') return { product, sku };
    }
    return undefined;
  };

  // ------------------------------------------------------------------ reference data

  // Category Attributes V2. Blibli calls variant-defining attributes DEFINING_ATTRIBUTE; the answer shape is the
  // sandbox's choice (research §4.4 names the path only).
  route('GET', '/seller/v1/categories/:categoryCode/attributes', ({ shop }, request) => {
    const code = (request.params as { categoryCode: string }).categoryCode;
    const category = shop.categories.find((candidate) => `CAT-${candidate.id}` === code);
    if (!category) return fail(404, 'NOT_FOUND', `Category ${code} is not found`);
    if (!category.leaf) return fail(400, 'BAD_REQUEST', `Category ${code} is not a leaf category`);
    return {
      content: (shop.attributes.get(category.id) ?? []).map((attribute) => ({
        attributeCode: `AT-${attribute.id}`,
        name: attribute.name,
        attributeType: attribute.sales
          ? 'DEFINING_ATTRIBUTE'
          : attribute.inputType === 'text'
            ? 'DESCRIPTIVE_ATTRIBUTE'
            : 'PREDEFINED_ATTRIBUTE',
        mandatory: attribute.mandatory,
        options: attribute.values.map((value) => ({ code: value.id, value: value.name })),
      })),
    };
  });

  // ------------------------------------------------------------------ asynchronous product create / update

  /** Each async call is queued under the `requestId` it was sent with (Queue Detail V1). */
  type QueueEntry = { requestId: string; action: 'CREATE_PRODUCT' | 'UPDATE_PRODUCT'; productId?: string; createdAt: number };
  const queue = new Map<string, QueueEntry>();
  const IMAGE_OK = /^(https:\/\/\S+\.(jpe?g|png|webp)(\?\S*)?|[A-Za-z0-9+/]+={0,2})$/i;

  /** Base64 images are stored like an upload would be, under a sandbox URL. */
  const keepImage = (image: string): string =>
    image.startsWith('https://')
      ? image
      : `https://sandbox.kelola.test/img/blibli/${createHash('sha1').update(image).digest('hex').slice(0, 24)}.jpg`;

  const checkImages = (imageMap: Record<string, unknown>): string[] => {
    const all: string[] = [];
    for (const [variant, images] of Object.entries(imageMap)) {
      if (!Array.isArray(images) || images.length === 0) fail(400, 'BAD_REQUEST', `imageMap.${variant} must list images`);
      const list = images as unknown[];
      if (list.length > 8) fail(400, 'BAD_REQUEST', `imageMap.${variant}: at most 8 images per variant`);
      for (const image of list) {
        if (typeof image !== 'string' || !IMAGE_OK.test(image))
          fail(400, 'BAD_REQUEST', `imageMap.${variant}: images must be https JPG/PNG/WEBP URLs or Base64 without prefix`);
        all.push(image as string);
      }
    }
    return all;
  };

  const decodeDescription = (value: unknown): string => {
    const text = typeof value === 'string' ? value : '';
    const decoded = Buffer.from(text, 'base64').toString('utf8');
    if (text === '' || Buffer.from(decoded, 'utf8').toString('base64').replace(/=+$/, '') !== text.replace(/=+$/, ''))
      return fail(400, 'BAD_REQUEST', 'description must be Base64 encoded');
    return decoded;
  };

  route('POST', '/seller/v1/products/async', ({ shop, requestId, body }) => {
    const products = Array.isArray(body.product) ? (body.product as unknown[]).map(bodyObject) : [];
    if (products.length === 0 || products.length > 10) fail(400, 'BAD_REQUEST', 'product must hold 1 to 10 products');
    const prepared = products.map((input) => {
      const name = String(input.name ?? '').trim();
      if (!name) fail(400, 'BAD_REQUEST', 'product.name is mandatory');
      const category = shop.categories.find((candidate) => `CAT-${candidate.id}` === input.categoryCode && candidate.leaf);
      if (!category) fail(400, 'BAD_REQUEST', `Unknown or non-leaf categoryCode ${String(input.categoryCode)}`);
      // The category's mandatory (non-defining) attributes go in `attributes` under their attribute codes.
      const sentAttributes = bodyObject(input.attributes);
      for (const attribute of shop.attributes.get(category?.id ?? '') ?? []) {
        if (attribute.mandatory && !attribute.sales && String(sentAttributes[`AT-${attribute.id}`] ?? '').trim() === '')
          fail(400, 'BAD_REQUEST', `attributes.AT-${attribute.id} (${attribute.name}) is mandatory`);
      }
      const brand = shop.brands.find((candidate) => `BR-${candidate.id}` === input.brandCode);
      if (input.brandCode !== undefined && !brand) fail(400, 'BAD_REQUEST', `Unknown brandCode ${String(input.brandCode)}`);
      const pickup = shop.warehouses.find((candidate) => `PP-${candidate.id}` === input.pickupPointCode);
      if (!pickup) fail(400, 'BAD_REQUEST', `Unknown pickupPointCode ${String(input.pickupPointCode)}`);
      const items = Array.isArray(input.productItems) ? (input.productItems as unknown[]).map(bodyObject) : [];
      if (items.length === 0) fail(400, 'BAD_REQUEST', 'productItems must not be empty');
      const images = checkImages(bodyObject(input.imageMap));
      if (images.length === 0) fail(400, 'BAD_REQUEST', 'imageMap must hold at least one image');
      const weight = Number(bodyObject(input.dimension).weight ?? 0);
      if (!(weight > 0)) fail(400, 'BAD_REQUEST', 'dimension.weight (grams) must be positive');
      return {
        name,
        description: decodeDescription(input.description),
        categoryId: category?.id ?? '',
        ...(brand ? { brandId: brand.id } : {}),
        images: [...new Set(images)].map(keepImage),
        failing: images.some((image) => /fail/i.test(image)),
        weightGrams: weight,
        skus: items.map((item) => {
          const price = bodyObject(item.price);
          const regular = Number(price.regular ?? 0);
          const stock = Number(item.stock ?? -1);
          if (!item.merchantSku || !(regular > 0) || !(stock >= 0))
            fail(400, 'BAD_REQUEST', 'productItems need merchantSku, price.regular > 0 and stock >= 0');
          return {
            sellerSku: String(item.merchantSku),
            price: Number(price.sale ?? regular),
            stock,
            warehouseId: pickup?.id ?? '',
            options: Object.fromEntries(Object.entries(bodyObject(item.attributes)).map(([key, value]) => [key, String(value)])),
          };
        }),
      };
    });
    // Only the first product is tracked per queue entry; Kelola sends one product per request.
    let productId: string | undefined;
    for (const input of prepared) {
      const { failing, ...rest } = input;
      const product = store.createProduct(shop, rest);
      if (failing) product.rejectReason = 'Gambar tidak dapat diproses (sandbox).';
      productId ??= product.id;
    }
    queue.set(requestId, { requestId, action: 'CREATE_PRODUCT', ...(productId ? { productId } : {}), createdAt: now() });
    return { value: { requestId } };
  });

  // Update Detail Product V1: queued like create; the product goes back to review until the queue finishes.
  route('POST', '/mta/api/businesspartner/v1/product/updateDetailProduct', ({ shop, requestId, body }) => {
    const product = productOf(shop, String(body.productSku ?? ''));
    if (body.name !== undefined) {
      const name = String(body.name).trim();
      if (!name) fail(400, 'BAD_REQUEST', 'name must not be empty');
      product.name = name;
    }
    if (body.description !== undefined) product.description = decodeDescription(body.description);
    if (body.categoryCode !== undefined) {
      const category = shop.categories.find((candidate) => `CAT-${candidate.id}` === body.categoryCode && candidate.leaf);
      if (!category) return fail(400, 'BAD_REQUEST', `Unknown or non-leaf categoryCode ${String(body.categoryCode)}`);
      // A category sent on edit needs its mandatory attributes, refused as on create.
      const sentAttributes = bodyObject(body.attributes);
      for (const attribute of shop.attributes.get(category.id) ?? []) {
        if (attribute.mandatory && !attribute.sales && String(sentAttributes[`AT-${attribute.id}`] ?? '').trim() === '')
          fail(400, 'BAD_REQUEST', `attributes.AT-${attribute.id} (${attribute.name}) is mandatory`);
      }
      product.categoryId = category.id;
    }
    if (body.brandCode !== undefined) {
      const brand = shop.brands.find((candidate) => `BR-${candidate.id}` === body.brandCode);
      if (!brand) return fail(400, 'BAD_REQUEST', `Unknown brandCode ${String(body.brandCode)}`);
      product.brandId = brand.id;
    }
    if (body.imageMap !== undefined) product.images = [...new Set(checkImages(bodyObject(body.imageMap)))].map(keepImage);
    if (body.dimension !== undefined) {
      const weight = Number(bodyObject(body.dimension).weight ?? 0);
      if (!(weight > 0)) fail(400, 'BAD_REQUEST', 'dimension.weight (grams) must be positive');
      product.weightGrams = weight;
    }
    store.review(product);
    queue.set(requestId, { requestId, action: 'UPDATE_PRODUCT', productId: product.id, createdAt: now() });
    return { value: { requestId } };
  });

  // Queue Detail V1: ON_PROGRESS while the product is processed (sandbox: under review), then FINISHED or FAILED.
  route('GET', '/mta/api/businesspartner/v1/feed/detail', ({ shop, query }) => {
    const entry = queue.get(query.queueRequestId ?? '');
    if (!entry) return fail(404, 'NOT_FOUND', `No queue entry for request ${query.queueRequestId ?? ''}`);
    const product = entry.productId ? shop.products.get(entry.productId) : undefined;
    const status = !product
      ? 'FAILED'
      : product.status === 'reviewing'
        ? 'ON_PROGRESS'
        : product.status === 'rejected'
          ? 'FAILED'
          : 'FINISHED';
    return {
      value: {
        requestId: entry.requestId,
        action: entry.action,
        status,
        createdDate: entry.createdAt,
        productSku: product && status === 'FINISHED' ? `${shop.shopId}-${product.id}` : null,
        errorMessage: status === 'FAILED' ? (product?.rejectReason ?? 'Product is not found') : null,
      },
    };
  });

  // Product Detail V2.
  route('GET', '/seller/v1/products/:productSku', ({ shop }, request) => ({
    value: productView(shop, productOf(shop, (request.params as { productSku: string }).productSku)),
  }));

  // Update Bulk Product V1: `price` and `salePrice` together, `stock` a delta or `exactStock` absolute, ≤100 gdnSkus.
  // Blibli queues it; the sandbox applies it at once and lists refused SKUs in `value.failedItems` (its choice).
  route('POST', '/mta/api/businesspartner/v1/product/updateProduct', ({ shop, requestId, body }) => {
    const rows = Array.isArray(body.products) ? (body.products as unknown[]).map(bodyObject) : [];
    if (rows.length === 0 || rows.length > 100) fail(400, 'BAD_REQUEST', 'products must hold 1 to 100 gdnSku rows');
    const failedItems: { gdnSku: string; errorCode: string; errorMessage: string }[] = [];
    for (const row of rows) {
      const gdnSku = String(row.gdnSku ?? '');
      if ((row.price === undefined) !== (row.salePrice === undefined))
        return fail(400, 'BAD_REQUEST', `${gdnSku}: price and salePrice must be sent together`);
      if (row.stock !== undefined && row.exactStock !== undefined)
        return fail(400, 'BAD_REQUEST', `${gdnSku}: send either stock (delta) or exactStock, not both`);
      const found = skuOf(shop, gdnSku);
      if (!found) {
        failedItems.push({ gdnSku, errorCode: 'NOT_FOUND', errorMessage: `gdnSku ${gdnSku} is not found` });
        continue;
      }
      const nextStock = row.exactStock !== undefined ? Number(row.exactStock) : found.sku.stock + Number(row.stock ?? 0);
      if (!(nextStock >= 0)) {
        failedItems.push({ gdnSku, errorCode: 'INVALID_STOCK', errorMessage: 'Stock cannot go below 0' });
        continue;
      }
      if (row.salePrice !== undefined && !(Number(row.salePrice) > 0 && Number(row.salePrice) <= Number(row.price))) {
        failedItems.push({ gdnSku, errorCode: 'INVALID_PRICE', errorMessage: 'salePrice must be positive and not above price' });
        continue;
      }
      found.sku.stock = nextStock;
      if (row.salePrice !== undefined) found.sku.price = Number(row.salePrice);
      found.product.updatedAt = now();
    }
    return { value: { requestId, failedItems } };
  });

  route('POST', '/seller/v1/products/filter', ({ shop, query, body }) => {
    const { page, size } = paging(query, body);
    const products = [...shop.products.values()]
      .filter((product) => product.status !== 'deleted')
      .sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
    return {
      content: products.slice(page * size, page * size + size).map((product) => productView(shop, product)),
      pageMetaData: { pageNumber: page, pageSize: size, totalRecords: products.length },
    };
  });

  /** Items cancelled one by one; the order itself becomes X once every item is. */
  const cancelledItems = new Set<string>();

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
      status: cancelledItems.has(item.id) ? 'X' : order.status,
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

  const orderOf = (shop: SandboxShop, orderNo: string): SandboxOrder =>
    shop.orders.get(orderNo) ?? fail(404, 'NOT_FOUND', `Order ${orderNo} is not found`);

  const orderByItem = (shop: SandboxShop, orderItemId: string): SandboxOrder => {
    for (const order of shop.orders.values()) if (order.items.some((item) => item.id === orderItemId)) return order;
    return fail(404, 'NOT_FOUND', `Order item ${orderItemId} is not found`);
  };

  const orderByPackage = (shop: SandboxShop, packageId: string): SandboxOrder => {
    for (const order of shop.orders.values()) if (order.packageId === packageId) return order;
    return fail(404, 'NOT_FOUND', `Package ${packageId} is not found`);
  };

  // Order Detail (MTA v1). The sandbox answers every item of `orderNo` when `orderItemNo` is left out (its choice:
  // the order-item-level Order Detail V2 needs item ids a caller holding only the order number does not have).
  route('GET', '/mta/api/businesspartner/v1/order/orderDetail', ({ shop, query }) => {
    const order = orderOf(shop, query.orderNo ?? '');
    const view = packageView(shop, order);
    const items = query.orderItemNo ? view.orderItems.filter((item) => item.orderItemId === query.orderItemNo) : view.orderItems;
    if (items.length === 0) fail(404, 'NOT_FOUND', `Order item ${query.orderItemNo ?? ''} is not found`);
    return {
      value: {
        ...view,
        orderItems: items,
        shippingCost: order.shippingFee,
        currency: 'IDR',
        cancellationReason: order.cancelReason ?? null,
      },
    };
  });

  // Create Package: the seller accepts and packs FP items; they move to PF.
  route('POST', '/mta/api/businesspartner/v1/order/createPackage', ({ shop, body }) => {
    const ids = Array.isArray(body.orderItemIds) ? (body.orderItemIds as unknown[]).map(String) : [];
    if (ids.length === 0) fail(400, 'BAD_REQUEST', 'orderItemIds must not be empty');
    const order = orderByItem(shop, ids[0] ?? '');
    if (ids.some((id) => !order.items.some((item) => item.id === id)))
      fail(400, 'BAD_REQUEST', 'All orderItemIds must belong to one order');
    if (order.status !== 'FP') fail(400, 'INVALID_ORDER_STATUS', `Order item status is ${order.status}, expected FP`);
    store.setOrderStatus(shop, order, 'PF');
    return { value: { packageId: order.packageId, orderItemIds: ids } };
  });

  // Fulfil regular: `awbNo` from the seller's booking; an empty one lets Blibli's logistics assign it (sandbox choice).
  route('POST', '/seller/v1/orders/regular/:packageId/fulfill', ({ shop, body }, request) => {
    const order = orderByPackage(shop, (request.params as { packageId: string }).packageId);
    if (order.status !== 'PF') fail(400, 'INVALID_ORDER_STATUS', `Package status is ${order.status}, create the package (PF) first`);
    const awbNo = typeof body.awbNo === 'string' ? body.awbNo.trim() : '';
    if (awbNo) order.trackingNumber = awbNo;
    store.setOrderStatus(shop, order, 'PU');
    return { value: { packageId: order.packageId, awbNo: order.trackingNumber ?? null } };
  });

  // Shipping label: the PDF as Base64 in `value.document` (the envelope field is the sandbox's choice).
  route('GET', '/seller/v1/orders/:packageId/shippingLabel', async ({ shop }, request) => {
    const order = orderByPackage(shop, (request.params as { packageId: string }).packageId);
    if (!['PU', 'CX', 'D'].includes(order.status))
      fail(400, 'INVALID_ORDER_STATUS', `No shipping label before fulfilment (${order.status})`);
    const pdf = await renderLabelPdf(shop, order);
    return {
      value: {
        packageId: order.packageId,
        awbNo: order.trackingNumber ?? null,
        contentType: 'application/pdf',
        document: pdf.toString('base64'),
      },
    };
  });

  // Cancellation reasons (path unconfirmed, research §8). The reason text is what the cancel call takes, case-sensitive.
  route('GET', '/seller/v1/orders/cancellation-reasons', () => ({
    content: CANCEL_REASONS.map((reason) => ({ reason })),
  }));

  route('POST', '/seller/v1/orders/items/:orderItemId/cancellations', ({ shop, body }, request) => {
    const orderItemId = (request.params as { orderItemId: string }).orderItemId;
    const order = orderByItem(shop, orderItemId);
    const reason = String(body.reason ?? '');
    if (!CANCEL_REASONS.includes(reason)) fail(400, 'INVALID_REASON', `Unknown cancellation reason "${reason}"`);
    if (cancelledItems.has(orderItemId) || (order.status !== 'FP' && order.status !== 'PF'))
      fail(400, 'INVALID_ORDER_STATUS', `Order item status ${cancelledItems.has(orderItemId) ? 'X' : order.status} cannot be cancelled`);
    cancelledItems.add(orderItemId);
    order.updatedAt = now();
    if (order.items.every((item) => cancelledItems.has(item.id))) {
      order.cancelReason = reason;
      store.setOrderStatus(shop, order, 'X');
    }
    return { value: { orderItemId, status: 'X' } };
  });

  // ------------------------------------------------------------------------------------------- returns (research §4.4)
  // Returned Order Summary / Detail (MTA v1). Blibli's order lifecycle has no return state, so the sandbox chose:
  // every other delivered (D) order (picked by its id) gets a return (RMA) one day after delivery, which moves on the
  // clock WAITING_APPROVAL → (2 days) APPROVED → (1 day) ITEM_RECEIVED → (3 days) REFUNDED. Query and field names
  // are the sandbox's choice (the stored docs name the calls only).
  const DAY = 86_400_000;
  const RMA_STEPS: readonly [number, string][] = [
    [0, 'WAITING_APPROVAL'],
    [2 * DAY, 'APPROVED'],
    [3 * DAY, 'ITEM_RECEIVED'],
    [6 * DAY, 'REFUNDED'],
  ];
  const buyerReturns = (orderId: string): boolean =>
    [...orderId].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7) % 2 === 0;
  const rmaOf = (shop: SandboxShop, order: SandboxOrder) => {
    const delivered = order.history.find((step) => step.status === 'D')?.at;
    if (delivered === undefined || !buyerReturns(order.id)) return undefined;
    const createdDate = delivered + DAY;
    if (createdDate > now()) return undefined;
    const [offset, rmaStatus] = RMA_STEPS.filter(([after]) => createdDate + after <= now()).at(-1) ?? RMA_STEPS[0]!;
    const items = order.items.map((item) => ({
      orderItemNo: item.id,
      gdnSku: `${shop.shopId}-${item.productId}-${item.skuId}`,
      merchantSku: item.sellerSku,
      productName: item.name,
      quantity: item.quantity,
      refundAmount: item.price * item.quantity,
    }));
    return {
      rmaId: `RMA-${order.id}`,
      orderNo: order.id,
      rmaStatus,
      returnReason: 'Produk tidak sesuai deskripsi',
      createdDate,
      updatedDate: createdDate + offset,
      refundAmount: items.reduce((sum, item) => sum + item.refundAmount, 0),
      currency: 'IDR',
      items,
    };
  };
  const rmasOf = (shop: SandboxShop) =>
    [...shop.orders.values()].map((order) => rmaOf(shop, order)).filter((entry): entry is NonNullable<typeof entry> => entry !== undefined);

  route('GET', '/mta/api/businesspartner/v1/order/getReturnedOrderSummary', ({ shop, query, body }) => {
    const { page, size } = paging(query, body);
    const start = query.startDate !== undefined ? Number(query.startDate) : undefined;
    const end = query.endDate !== undefined ? Number(query.endDate) : undefined;
    const rmas = rmasOf(shop)
      .filter((entry) => (start === undefined || entry.createdDate >= start) && (end === undefined || entry.createdDate <= end))
      .sort((a, b) => b.createdDate - a.createdDate || a.rmaId.localeCompare(b.rmaId));
    return {
      content: rmas.slice(page * size, page * size + size).map(({ items, ...summary }) => ({ ...summary, itemCount: items.length })),
      pageMetaData: { pageNumber: page, pageSize: size, totalRecords: rmas.length },
    };
  });

  route('GET', '/mta/api/businesspartner/v1/order/getReturnedOrderDetail', ({ shop, query }) => ({
    value: rmasOf(shop).find((entry) => entry.rmaId === query.rmaId) ?? fail(404, 'NOT_FOUND', `Return ${query.rmaId ?? ''} is not found`),
  }));
};
