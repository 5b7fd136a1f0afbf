import { randomUUID } from 'node:crypto';
import { arr, chunk, num, obj, parseJson, retrying, runtimeNow, sendHttp, str } from '../adapter-http.ts';
import { parseRetryAfter } from '../http-retry.ts';
import type {
  AdapterRuntime,
  MarketplaceAdapter,
  MarketplaceErrorKind,
  MarketplaceOrder,
  MarketplaceOrderStatus,
  MarketplaceProduct,
  MarketplacePushEvent,
  MarketplaceReturn,
  ProductStatus,
  ReturnStatus,
  ShopAuth,
  UpdateOutcome,
} from '../types.ts';
import { MarketplaceError } from '../types.ts';
import { unsupported } from '../unsupported.ts';
import { blibliSignature, verifyBlibliPush } from './blibli.sign.ts';

/**
 * Blibli Seller API (research §4). Sellers hand over an API Seller Key and store code instead of an OAuth
 * redirect, so `ShopAuth.accessToken` is the seller key and `shopId` the store code.
 */

export type BlibliConfig = AdapterRuntime & {
  /** `https://api.blibli.com/v2/proxy` */
  baseUrl: string;
  /** The integrator's API client (`mta-api-…`) and its key, from Blibli's partner onboarding. */
  clientId: string;
  clientKey: string;
  /** Sent as `channelId` and as the `requestId` prefix. */
  channelId: string;
  /**
   * The OAuth token set on Blibli's Webhook Setting page; webhooks then carry it in a `token` header and pushes
   * without it fail verification. Unset: Blibli sends no token, so only the header/body consistency is checked.
   */
  webhookToken?: string;
};

const ORDER_STATUS: Record<string, MarketplaceOrderStatus> = {
  FP: 'new',
  PF: 'on_process',
  PU: 'ready_to_ship',
  CX: 'shipped',
  D: 'delivered',
  X: 'canceled',
  CR: 'cancel_requested',
};

export const blibliOrderStatus = (raw: string): MarketplaceOrderStatus => ORDER_STATUS[raw] ?? 'on_process';

/**
 * A Blibli webhook (README, Blibli: the body shape is the sandbox's choice). The event id leaves out `requestId`, so
 * a resend under a new request id still deduplicates: one id per order, status and change time.
 */
export const parseBlibliPush = (rawBody: string): MarketplacePushEvent | undefined => {
  let body: Record<string, unknown>;
  try {
    body = obj(JSON.parse(rawBody));
  } catch {
    return undefined;
  }
  if (!body.eventType || !body.storeCode) return undefined;
  const data = obj(body.data);
  const shopId = str(body.storeCode);
  if (body.eventType === 'ORDER_STATUS_CHANGED' && data.orderNo) {
    const rawStatus = str(data.orderItemStatus);
    return {
      eventId: `blibli:${str(data.orderNo)}:${rawStatus}:${str(data.updatedDate)}`,
      shopId,
      type: 'order_status',
      orderId: str(data.orderNo),
      rawStatus,
      status: blibliOrderStatus(rawStatus),
      occurredAt: num(data.updatedDate),
    };
  }
  return {
    eventId: `blibli:${shopId}:${str(body.eventType)}:${str(body.requestId)}`,
    shopId,
    type: 'other',
    occurredAt: num(body.requestTime),
  };
};

const BASE64_PREFIX = 'base64:';
const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

/** Blibli's `imageMap`: the same images for every variant (Kelola keeps images per product). */
const imageMap = (images: string[], variants: string[]): Record<string, string[]> => {
  const wire = images.slice(0, 8).map((image) => (image.startsWith(BASE64_PREFIX) ? image.slice(BASE64_PREFIX.length) : image));
  return Object.fromEntries(variants.map((variant) => [variant, wire]));
};

const PRODUCT_STATUS: Record<string, ProductStatus> = {
  ACTIVE: 'active',
  IN_REVIEW: 'reviewing',
  REJECTED: 'rejected',
  INACTIVE: 'inactive',
};

const productFrom = (product: Record<string, unknown>): MarketplaceProduct => ({
  productId: str(product.productSku),
  name: str(product.productName),
  status: PRODUCT_STATUS[str(product.status)] ?? 'inactive',
  categoryId: str(product.categoryCode),
  images: arr(product.images).map(str),
  skus: arr(product.items)
    .map(obj)
    .map((item) => ({
      skuId: str(item.blibliSku),
      sellerSku: str(item.merchantSku),
      price: num(obj(item.price).sale ?? obj(item.price).regular),
      stock: num(obj(item.stock).available),
    })),
  updatedAt: num(product.updatedDate),
});

const orderFrom = (detail: Record<string, unknown>): MarketplaceOrder => {
  const items = arr(detail.orderItems).map(obj);
  const rawStatus = str(items[0]?.status);
  const address = obj(detail.shippingAddress);
  const lines = items.map((item) => {
    const blibliSku = str(item.blibliSku);
    return {
      itemId: str(item.orderItemId),
      // blibliSku is `<productSku>-<item>`; the product SKU is everything before the last dash.
      productId: blibliSku.slice(0, blibliSku.lastIndexOf('-')),
      skuId: blibliSku,
      sellerSku: str(item.merchantSku),
      name: str(item.productName),
      quantity: num(item.quantity),
      price: num(item.price),
    };
  });
  const first = items[0] ?? {};
  return {
    orderId: str(detail.orderId),
    status: blibliOrderStatus(rawStatus),
    rawStatus,
    createdAt: num(detail.createdDate),
    updatedAt: num(detail.updatedDate),
    buyerName: str(detail.customerName),
    recipient: { name: str(address.name), phone: str(address.phone), address: str(address.address), city: str(address.city) },
    items: lines,
    totalAmount: lines.reduce((sum, line) => sum + line.price * line.quantity, 0),
    shippingFee: num(detail.shippingCost),
    currency: str(detail.currency) || 'IDR',
    ...(detail.packageId ? { packageId: str(detail.packageId) } : {}),
    ...(first.awbNumber ? { trackingNumber: str(first.awbNumber) } : {}),
    ...(first.logisticsProvider ? { courier: str(first.logisticsProvider) } : {}),
    ...(detail.cancellationReason ? { cancelReason: str(detail.cancellationReason) } : {}),
  };
};

const errorKind = (status: number, code: string, message: string): MarketplaceErrorKind => {
  if (status === 429 || /TOO_MANY/i.test(code)) return 'rate_limited';
  if (/signature/i.test(message)) return 'invalid_sign';
  if (status === 401 || status === 403) return 'auth_expired';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'upstream';
  return 'bad_request';
};

// RMA statuses of Returned Order Summary / Detail (names chosen by the sandbox; see its README).
const RMA_STATUS: Record<string, ReturnStatus> = {
  WAITING_APPROVAL: 'requested',
  APPROVED: 'accepted',
  ITEM_RECEIVED: 'processing',
  REFUNDED: 'refunded',
  REJECTED: 'rejected',
  CANCELLED: 'cancelled',
};

const toReturn = (raw: Record<string, unknown>): MarketplaceReturn => ({
  returnId: str(raw.rmaId),
  orderId: str(raw.orderNo),
  rawStatus: str(raw.rmaStatus),
  status: RMA_STATUS[str(raw.rmaStatus)] ?? 'processing',
  reason: str(raw.returnReason),
  refundAmount: num(raw.refundAmount),
  currency: str(raw.currency) || 'IDR',
  createdAt: num(raw.createdDate),
  updatedAt: num(raw.updatedDate),
  items: arr(raw.items)
    .map(obj)
    .map((item) => {
      // gdnSku is <storeCode>-<product>-<sku>, as everywhere in this adapter.
      const parts = str(item.gdnSku).split('-');
      return {
        productId: parts.slice(0, -1).join('-'),
        skuId: str(item.gdnSku),
        name: str(item.productName),
        quantity: num(item.quantity),
        refundAmount: num(item.refundAmount),
      };
    }),
});

export const createBlibliAdapter = (config: BlibliConfig): MarketplaceAdapter => {
  const now = (): number => runtimeNow(config);
  const base = config.baseUrl.replace(/\/$/, '');

  const call = (
    auth: ShopAuth,
    method: 'GET' | 'POST',
    path: string,
    input: { query?: Record<string, string | number>; body?: unknown } = {},
  ): Promise<Record<string, unknown> & { requestId: string }> =>
    retrying(config, async () => {
      const query = new URLSearchParams({
        requestId: `${config.channelId}-${randomUUID()}`,
        storeId: '10001',
        storeCode: auth.shopId,
        channelId: config.channelId,
        username: auth.username ?? '',
      });
      for (const [key, value] of Object.entries(input.query ?? {})) query.set(key, String(value));
      const body = input.body !== undefined ? JSON.stringify(input.body) : undefined;
      const url = `${base}${path}?${query.toString()}`;
      const at = now();
      const headers: Record<string, string> = {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientKey}`).toString('base64')}`,
        'api-seller-key': auth.accessToken,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(auth.signatureKey
          ? {
              signature: blibliSignature(auth.signatureKey, {
                method,
                path: new URL(url).pathname,
                epochMs: at,
                ...(body !== undefined ? { body } : {}),
              }),
              'signature-time': String(at),
            }
          : {}),
      };
      const answer = await sendHttp('blibli', config, { method, url, headers, ...(body !== undefined ? { body } : {}) });
      if (answer.status === 204) return { requestId: query.get('requestId') ?? '' };
      const json = parseJson('blibli', answer);
      if (json.success !== true || answer.status >= 400) {
        const message = str(json.errorMessage);
        throw new MarketplaceError({
          marketplace: 'blibli',
          kind: errorKind(answer.status, str(json.errorCode), message),
          code: str(json.errorCode) || `http_${answer.status}`,
          message,
          requestId: str(json.requestId),
          httpStatus: answer.status,
          ...(answer.headers.get('retry-after') ? { retryAfterMs: parseRetryAfter(answer.headers.get('retry-after'), now()) ?? 0 } : {}),
        });
      }
      return { ...json, requestId: str(json.requestId) || query.get('requestId') || '' };
    });

  const paged = (json: Record<string, unknown>, page: number, count: number) => {
    const meta = obj(json.pageMetaData);
    const total = num(meta.totalRecords);
    return { total, ...((page + 1) * num(meta.pageSize) < total && count > 0 ? { nextCursor: String(page + 1) } : {}) };
  };

  const defaultPickupPoint = async (auth: ShopAuth): Promise<string> =>
    str(obj(arr((await call(auth, 'GET', '/mta/api/businesspartner/v1/product/getPickupPoint')).content)[0]).code);

  const orderDetail = async (auth: ShopAuth, orderId: string): Promise<Record<string, unknown>> =>
    obj((await call(auth, 'GET', '/mta/api/businesspartner/v1/order/orderDetail', { query: { orderNo: orderId } })).value);

  /** Update Bulk Product V1, ≤100 gdnSkus a call; SKUs Blibli refuses come back in `failedItems`. */
  const bulkUpdate = async <U extends { productId: string; skuId: string }>(
    auth: ShopAuth,
    rows: { update: U; row: Record<string, unknown> }[],
  ) => {
    const outcomes: UpdateOutcome[] = [];
    for (const part of chunk(rows, 100)) {
      const value = obj(
        (await call(auth, 'POST', '/mta/api/businesspartner/v1/product/updateProduct', { body: { products: part.map((r) => r.row) } }))
          .value,
      );
      const failed = new Map(
        arr(value.failedItems)
          .map(obj)
          .map((item) => [str(item.gdnSku), str(item.errorMessage)]),
      );
      for (const { update } of part) {
        const error = failed.get(update.skuId);
        outcomes.push({
          productId: update.productId,
          skuId: update.skuId,
          ok: error === undefined,
          ...(error !== undefined ? { error } : {}),
        });
      }
    }
    return outcomes;
  };

  return {
    marketplace: 'blibli',
    authorizationStyle: 'credentials',

    authorizationUrl: () => {
      throw new MarketplaceError({
        marketplace: 'blibli',
        kind: 'unsupported',
        code: 'unsupported',
        message: 'Blibli shops connect with an API Seller Key, not a redirect',
      });
    },
    exchangeCode: unsupported('blibli', 'OAuth code exchange'),
    refreshAccessToken: unsupported('blibli', 'Token refresh'),

    // No store-information path is confirmed (research §8); a cheap authenticated call proves the keys instead.
    getShopInfo: async (auth) => {
      await call(auth, 'GET', '/mta/api/businesspartner/v1/product/getCategory');
      return { shopId: auth.shopId, name: auth.shopId, region: 'ID', status: 'active' };
    },

    listCategories: async (auth) =>
      arr((await call(auth, 'GET', '/mta/api/businesspartner/v1/product/getCategory')).content)
        .map(obj)
        .map((category) => ({
          id: str(category.categoryCode),
          ...(category.parentCategoryCode ? { parentId: str(category.parentCategoryCode) } : {}),
          name: str(category.categoryName),
          isLeaf: category.leaf !== false,
        })),

    // Category Attributes V2; DEFINING_ATTRIBUTE ones define variants (sent per product item).
    listAttributes: async (auth, categoryId) =>
      arr((await call(auth, 'GET', `/seller/v1/categories/${encodeURIComponent(categoryId)}/attributes`)).content)
        .map(obj)
        .map((attribute) => {
          const options = arr(attribute.options).map(obj);
          return {
            id: str(attribute.attributeCode),
            name: str(attribute.name),
            mandatory: attribute.mandatory === true,
            inputType: options.length > 0 ? ('single_select' as const) : ('text' as const),
            values: options.map((option) => ({ id: str(option.code), name: str(option.value) })),
          };
        }),

    listBrands: async (auth, input) => {
      const page = Number(input.cursor ?? 0);
      const json = await call(auth, 'GET', '/mta/api/businesspartner/v2/product/getBrands', {
        query: { page, size: Math.min(input.pageSize ?? 50, 100), brandName: '' },
      });
      const items = arr(json.content)
        .map(obj)
        .map((brand) => ({ id: str(brand.brandCode), name: str(brand.brandName) }));
      return { items, ...paged(json, page, items.length) };
    },

    listWarehouses: async (auth) =>
      arr((await call(auth, 'GET', '/mta/api/businesspartner/v1/product/getPickupPoint')).content)
        .map(obj)
        .map((point, index) => ({ id: str(point.code), name: str(point.name), city: str(point.cityName), isDefault: index === 0 })),

    // Blibli has no upload call: images travel inside the product payload as https URLs or Base64 without prefix
    // (research §4.4). The "upload" only turns bytes into that Base64 form, so it is finished at once.
    uploadImage: async (_auth, input) => {
      if (input.kind === 'url') {
        if (!/^https:\/\//i.test(input.url))
          throw new MarketplaceError({
            marketplace: 'blibli',
            kind: 'bad_request',
            code: 'image_url',
            message: 'Blibli takes https image URLs only',
          });
        return { id: input.url, status: 'FINISHED', url: input.url };
      }
      if (input.data.byteLength > MAX_IMAGE_BYTES)
        throw new MarketplaceError({
          marketplace: 'blibli',
          kind: 'bad_request',
          code: 'image_size',
          message: 'Blibli images are at most 4 MB',
        });
      return { id: `${BASE64_PREFIX}${Buffer.from(input.data).toString('base64')}`, status: 'FINISHED' };
    },
    getImageStatus: async (_auth, imageId) => ({
      id: imageId,
      status: 'FINISHED',
      ...(imageId.startsWith(BASE64_PREFIX) ? {} : { url: imageId }),
    }),

    createProduct: async (auth, input) => {
      const pickupPointCode = input.skus[0]?.warehouseId ?? (await defaultPickupPoint(auth));
      const json = await call(auth, 'POST', '/seller/v1/products/async', {
        body: {
          product: [
            {
              name: input.name,
              categoryCode: input.categoryId,
              ...(input.brandId ? { brandCode: input.brandId } : {}),
              description: Buffer.from(input.description, 'utf8').toString('base64'),
              attributes: Object.fromEntries((input.attributes ?? []).map((attribute) => [attribute.id, attribute.values.join(',')])),
              productItems: input.skus.map((sku) => ({
                merchantSku: sku.sellerSku,
                price: { regular: sku.price, sale: sku.price },
                stock: sku.stock,
                attributes: sku.options ?? {},
              })),
              imageMap: imageMap(
                input.images,
                input.skus.map((sku) => sku.sellerSku),
              ),
              dimension: {
                weight: input.weightGrams,
                ...(input.dimensionsCm
                  ? { length: input.dimensionsCm.length, width: input.dimensionsCm.width, height: input.dimensionsCm.height }
                  : {}),
              },
              pickupPointCode,
              productType: 1,
            },
          ],
        },
      });
      return { requestId: str(obj(json.value).requestId) || json.requestId, status: 'ON_PROGRESS' };
    },

    updateProduct: async (auth, productId, input) => {
      const json = await call(auth, 'POST', '/mta/api/businesspartner/v1/product/updateDetailProduct', {
        body: {
          productSku: productId,
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: Buffer.from(input.description, 'utf8').toString('base64') } : {}),
          ...(input.categoryId !== undefined ? { categoryCode: input.categoryId } : {}),
          ...(input.brandId !== undefined ? { brandCode: input.brandId } : {}),
          ...(input.images !== undefined ? { imageMap: imageMap(input.images, ['COMMON']) } : {}),
          ...(input.weightGrams !== undefined ? { dimension: { weight: input.weightGrams } } : {}),
        },
      });
      return { requestId: str(obj(json.value).requestId) || json.requestId, productId, status: 'ON_PROGRESS' };
    },

    // Queue Detail V1: the async call's requestId is the queue key.
    getProductRequestStatus: async (auth, requestId) => {
      const value = obj(
        (await call(auth, 'GET', '/mta/api/businesspartner/v1/feed/detail', { query: { queueRequestId: requestId } })).value,
      );
      const raw = str(value.status);
      const status = raw === 'FINISHED' ? 'FINISHED' : raw === 'FAILED' ? 'FAILED' : 'ON_PROGRESS';
      return {
        requestId,
        status,
        ...(value.productSku ? { productId: str(value.productSku) } : {}),
        ...(status === 'FAILED' ? { error: str(value.errorMessage) } : {}),
      };
    },

    getProduct: async (auth, productId) =>
      productFrom(obj((await call(auth, 'GET', `/seller/v1/products/${encodeURIComponent(productId)}`)).value)),

    updateStock: async (auth, updates) =>
      bulkUpdate(
        auth,
        updates.map((update) => ({ update, row: { gdnSku: update.skuId, exactStock: update.quantity } })),
      ),

    // Blibli wants `price` and `salePrice` together; Kelola keeps one price, so both carry it.
    updatePrice: async (auth, updates) =>
      bulkUpdate(
        auth,
        updates.map((update) => ({ update, row: { gdnSku: update.skuId, price: update.price, salePrice: update.price } })),
      ),

    listProducts: async (auth, input) => {
      const page = Number(input.cursor ?? 0);
      const json = await call(auth, 'POST', '/seller/v1/products/filter', {
        body: { filter: {}, paging: { page, size: Math.min(input.pageSize ?? 50, 100) } },
      });
      const items = arr(json.content).map(obj).map(productFrom);
      return { items, ...paged(json, page, items.length) };
    },

    // Package-level Order List V2 filters by when items reached FP (new), so both time fields use that range.
    listOrders: async (auth, input) => {
      const page = Number(input.cursor ?? 0);
      const json = await call(auth, 'POST', '/seller/v1/orders/packages/filter', {
        body: {
          filter: { statusFPDateRange: { start: input.from, end: input.to - 1 } },
          sorting: { by: 'statusFPUpdatedTimestamp', direction: 'DESC' },
          paging: { page, size: Math.min(input.pageSize ?? 50, 100) },
        },
      });
      const items = arr(json.content)
        .map(obj)
        .map((pkg) => {
          const raw = str(obj(arr(pkg.orderItems)[0]).status);
          return { orderId: str(pkg.orderId), rawStatus: raw, status: blibliOrderStatus(raw) };
        });
      return { items, ...paged(json, page, items.length) };
    },

    getOrders: async (auth, orderIds) => {
      const orders = [];
      for (const orderId of orderIds) orders.push(orderFrom(await orderDetail(auth, orderId)));
      return orders;
    },

    // Create Package packs every FP item of the order (FP → PF).
    acceptOrder: async (auth, orderId) => {
      const detail = await orderDetail(auth, orderId);
      const orderItemIds = arr(detail.orderItems)
        .map(obj)
        .filter((item) => str(item.status) === 'FP')
        .map((item) => str(item.orderItemId));
      if (orderItemIds.length === 0) {
        throw new MarketplaceError({
          marketplace: 'blibli',
          kind: 'bad_request',
          code: 'INVALID_ORDER_STATUS',
          message: `Order ${orderId} has no FP items to pack`,
        });
      }
      await call(auth, 'POST', '/mta/api/businesspartner/v1/order/createPackage', { body: { orderItemIds } });
    },

    cancellationReasons: async (auth, orderId) => {
      const detail = await orderDetail(auth, orderId);
      if (
        !arr(detail.orderItems)
          .map(obj)
          .some((item) => ['FP', 'PF'].includes(str(item.status)))
      )
        return [];
      return arr((await call(auth, 'GET', '/seller/v1/orders/cancellation-reasons')).content)
        .map(obj)
        .map((reason) => ({ id: str(reason.reason), label: str(reason.reason) }));
    },

    // Cancellation is per order item; the reason text is the id (case-sensitive on Blibli's side).
    cancelOrder: async (auth, input) => {
      const itemIds =
        input.items?.map((item) => item.itemId) ??
        arr((await orderDetail(auth, input.orderId)).orderItems).map((item) => str(obj(item).orderItemId));
      for (const itemId of itemIds) {
        await call(auth, 'POST', `/seller/v1/orders/items/${encodeURIComponent(itemId)}/cancellations`, {
          body: { reason: input.reasonId },
        });
      }
    },

    // Regular fulfilment with the seller's AWB; without one Blibli's logistics assigns it.
    arrangeShipment: async (auth, input) => {
      const packageId = str((await orderDetail(auth, input.orderId)).packageId);
      const value = obj(
        (
          await call(auth, 'POST', `/seller/v1/orders/regular/${encodeURIComponent(packageId)}/fulfill`, {
            body: { awbNo: input.trackingNumber ?? '' },
          })
        ).value,
      );
      return { orderId: input.orderId, packageId, ...(value.awbNo ? { trackingNumber: str(value.awbNo) } : {}) };
    },

    getShippingLabel: async (auth, orderId) => {
      const packageId = str((await orderDetail(auth, orderId)).packageId);
      const value = obj((await call(auth, 'GET', `/seller/v1/orders/${encodeURIComponent(packageId)}/shippingLabel`)).value);
      return { contentType: str(value.contentType) || 'application/pdf', data: new Uint8Array(Buffer.from(str(value.document), 'base64')) };
    },

    // Blibli webhooks carry an OAuth `token` header only if the partner configured one; there is no signature.
    verifyPush: ({ headers, rawBody }) => verifyBlibliPush(config.webhookToken, headers, rawBody),

    listReturns: async (auth, input) => {
      const page = Number(input.cursor ?? 0);
      const json = await call(auth, 'GET', '/mta/api/businesspartner/v1/order/getReturnedOrderSummary', {
        query: {
          page,
          size: Math.min(input.pageSize ?? 50, 100),
          ...(input.createdFrom !== undefined ? { startDate: input.createdFrom } : {}),
          ...(input.createdTo !== undefined ? { endDate: input.createdTo - 1 } : {}),
        },
      });
      const items = arr(json.content).map(obj).map(toReturn);
      return { items, ...paged(json, page, items.length) };
    },

    getReturn: async (auth, returnId) =>
      toReturn(
        obj((await call(auth, 'GET', '/mta/api/businesspartner/v1/order/getReturnedOrderDetail', { query: { rmaId: returnId } })).value),
      ),

    parsePush: (rawBody) => parseBlibliPush(rawBody),
  };
};
