import { randomUUID } from 'node:crypto';
import { arr, num, obj, parseJson, retrying, runtimeNow, sendHttp, str } from '../adapter-http.ts';
import { parseRetryAfter } from '../http-retry.ts';
import type { AdapterRuntime, MarketplaceAdapter, MarketplaceErrorKind, MarketplaceOrderStatus, ShopAuth } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import { unsupported } from '../unsupported.ts';
import { blibliSignature } from './blibli.sign.ts';

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

const errorKind = (status: number, code: string, message: string): MarketplaceErrorKind => {
  if (status === 429 || /TOO_MANY/i.test(code)) return 'rate_limited';
  if (/signature/i.test(message)) return 'invalid_sign';
  if (status === 401 || status === 403) return 'auth_expired';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'upstream';
  return 'bad_request';
};

export const createBlibliAdapter = (config: BlibliConfig): MarketplaceAdapter => {
  const now = (): number => runtimeNow(config);
  const base = config.baseUrl.replace(/\/$/, '');

  const call = (
    auth: ShopAuth,
    method: 'GET' | 'POST',
    path: string,
    input: { query?: Record<string, string | number>; body?: unknown } = {},
  ) =>
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
      if (answer.status === 204) return {};
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
      return json;
    });

  const paged = (json: Record<string, unknown>, page: number, count: number) => {
    const meta = obj(json.pageMetaData);
    const total = num(meta.totalRecords);
    return { total, ...((page + 1) * num(meta.pageSize) < total && count > 0 ? { nextCursor: String(page + 1) } : {}) };
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

    listAttributes: unsupported('blibli', 'Category attributes'),

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
        .map((point) => ({ id: str(point.code), name: str(point.name), city: str(point.cityName) })),

    uploadImage: unsupported('blibli', 'Image upload'),
    getImageStatus: unsupported('blibli', 'Image status'),
    createProduct: unsupported('blibli', 'Product creation'),
    updateProduct: unsupported('blibli', 'Product update'),
    getProductRequestStatus: unsupported('blibli', 'Product request status'),

    listProducts: async (auth, input) => {
      const page = Number(input.cursor ?? 0);
      const json = await call(auth, 'POST', '/seller/v1/products/filter', {
        body: { filter: {}, paging: { page, size: Math.min(input.pageSize ?? 50, 100) } },
      });
      const items = arr(json.content)
        .map(obj)
        .map((product) => {
          const status = str(product.status);
          return {
            productId: str(product.productSku),
            name: str(product.productName),
            status: status === 'ACTIVE' ? ('active' as const) : status === 'IN_REVIEW' ? ('reviewing' as const) : ('inactive' as const),
            categoryId: str(product.categoryCode),
            images: [],
            skus: arr(product.items)
              .map(obj)
              .map((item) => ({
                skuId: str(item.blibliSku),
                sellerSku: str(item.merchantSku),
                price: num(obj(item.price).sale ?? obj(item.price).regular),
                stock: num(obj(item.stock).available),
              })),
            updatedAt: num(product.updatedDate),
          };
        });
      return { items, ...paged(json, page, items.length) };
    },

    getProduct: unsupported('blibli', 'Product detail'),
    updateStock: unsupported('blibli', 'Stock update'),
    updatePrice: unsupported('blibli', 'Price update'),

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

    getOrders: unsupported('blibli', 'Order detail'),
    acceptOrder: unsupported('blibli', 'Accept order'),
    cancellationReasons: unsupported('blibli', 'Cancellation reasons'),
    cancelOrder: unsupported('blibli', 'Cancel order'),
    arrangeShipment: unsupported('blibli', 'Arrange shipment'),
    getShippingLabel: unsupported('blibli', 'Shipping label'),

    // Blibli webhooks carry an OAuth `token` header only if the partner configured one; there is no signature.
    verifyPush: () => true,

    parsePush: (rawBody) => {
      let body: Record<string, unknown>;
      try {
        body = obj(JSON.parse(rawBody));
      } catch {
        return undefined;
      }
      if (!body.orderNo) return undefined;
      const rawStatus = str(body.orderItemStatus);
      return {
        eventId: `blibli:${str(body.orderNo)}:${rawStatus}:${str(body.updatedDate)}`,
        shopId: str(body.storeCode),
        type: 'order_status',
        orderId: str(body.orderNo),
        rawStatus,
        status: blibliOrderStatus(rawStatus),
        occurredAt: num(body.updatedDate),
      };
    },
  };
};
