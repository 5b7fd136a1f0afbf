import { arr, num, obj, parseJson, retrying, runtimeNow, sendHttp, str } from '../adapter-http.ts';
import { parseRetryAfter } from '../http-retry.ts';
import type { AdapterRuntime, MarketplaceAdapter, MarketplaceErrorKind, MarketplaceOrderStatus, ShopAuth } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import { unsupported } from '../unsupported.ts';
import { zaloraSign, zaloraTimestamp } from './zalora.sign.ts';

/**
 * Zalora Seller Center API (research §5, thin). Sellers hand over their user id (e-mail) and API key:
 * `ShopAuth.shopId` is the user id, `accessToken` the API key.
 */

export type ZaloraConfig = AdapterRuntime & {
  /** `https://sellercenter-api.zalora.co.id` */
  baseUrl: string;
};

const ORDER_STATUS: Record<string, MarketplaceOrderStatus> = {
  pending: 'new',
  ready_to_ship: 'ready_to_ship',
  shipped: 'shipped',
  delivered: 'delivered',
  canceled: 'canceled',
  returned: 'returned',
  failed: 'returned',
};

export const zaloraOrderStatus = (raw: string): MarketplaceOrderStatus => ORDER_STATUS[raw] ?? 'on_process';

const errorKind = (status: number, code: string): MarketplaceErrorKind => {
  if (status === 429 || code === '429') return 'rate_limited';
  if (code === '7') return 'invalid_sign';
  if (code === '9' || status === 401) return 'auth_expired';
  if (status >= 500) return 'upstream';
  return 'bad_request';
};

/** Zalora sends one object instead of a one-element list. */
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map(obj) : value ? [obj(value)] : []);

/** `2025-01-15 10:00:00` in Jakarta time. */
const parseZaloraDate = (value: string): number => Date.parse(`${value.replace(' ', 'T')}+07:00`);

export const createZaloraAdapter = (config: ZaloraConfig): MarketplaceAdapter => {
  const now = (): number => runtimeNow(config);
  const base = config.baseUrl.replace(/\/$/, '');

  const call = (auth: ShopAuth, action: string, extra: Record<string, string> = {}) =>
    retrying(config, async () => {
      const params: Record<string, string> = {
        Action: action,
        Format: 'JSON',
        Timestamp: zaloraTimestamp(now()),
        UserID: auth.shopId,
        Version: '1.0',
        ...extra,
      };
      const query = new URLSearchParams({ ...params, Signature: zaloraSign(auth.accessToken, params) });
      const answer = await sendHttp('zalora', config, { method: 'GET', url: `${base}/?${query.toString()}` });
      const json = parseJson('zalora', answer);
      const error = obj(obj(json.ErrorResponse).Head);
      if (json.ErrorResponse !== undefined || answer.status >= 400) {
        throw new MarketplaceError({
          marketplace: 'zalora',
          kind: errorKind(answer.status, str(error.ErrorCode)),
          code: str(error.ErrorCode) || `http_${answer.status}`,
          message: str(error.ErrorMessage),
          httpStatus: answer.status,
          ...(answer.headers.get('retry-after') ? { retryAfterMs: parseRetryAfter(answer.headers.get('retry-after'), now()) ?? 0 } : {}),
        });
      }
      const success = obj(json.SuccessResponse);
      return { head: obj(success.Head), body: obj(success.Body) };
    });

  const next = (offset: number, count: number, total: number) => (offset + count < total ? { nextCursor: String(offset + count) } : {});

  return {
    marketplace: 'zalora',
    authorizationStyle: 'credentials',

    authorizationUrl: () => {
      throw new MarketplaceError({
        marketplace: 'zalora',
        kind: 'unsupported',
        code: 'unsupported',
        message: 'Zalora shops connect with an API key, not a redirect',
      });
    },
    exchangeCode: unsupported('zalora', 'OAuth code exchange'),
    refreshAccessToken: unsupported('zalora', 'Token refresh'),

    // The v1 API has no shop profile call; a signed GetBrands proves the user id and key.
    getShopInfo: async (auth) => {
      await call(auth, 'GetBrands');
      return { shopId: auth.shopId, name: auth.shopId, region: 'ID', status: 'active' };
    },

    listCategories: unsupported('zalora', 'Categories'),
    listAttributes: unsupported('zalora', 'Attributes'),

    listBrands: async (auth) => {
      const { body } = await call(auth, 'GetBrands');
      return { items: list(obj(body.Brands).Brand).map((brand) => ({ id: str(brand.BrandId), name: str(brand.Name) })) };
    },

    listWarehouses: unsupported('zalora', 'Warehouses'),
    uploadImage: unsupported('zalora', 'Image upload'),
    getImageStatus: unsupported('zalora', 'Image status'),
    createProduct: unsupported('zalora', 'Product creation'),
    updateProduct: unsupported('zalora', 'Product update'),
    getProductRequestStatus: unsupported('zalora', 'Product request status'),

    listProducts: async (auth, input) => {
      const offset = Number(input.cursor ?? 0);
      const { head, body } = await call(auth, 'GetProducts', {
        Filter: 'all',
        Limit: String(Math.min(input.pageSize ?? 100, 100)),
        Offset: String(offset),
        ...(input.updatedFrom !== undefined ? { UpdatedAfter: zaloraTimestamp(input.updatedFrom) } : {}),
      });
      // Each Zalora row is one SKU; rows sharing a ParentSku are one product.
      const products = new Map<
        string,
        {
          productId: string;
          name: string;
          status: 'active' | 'inactive';
          images: string[];
          skus: { skuId: string; sellerSku: string; price: number; stock: number }[];
          updatedAt: number;
        }
      >();
      const rows = list(obj(body.Products).Product);
      for (const row of rows) {
        const parent = str(row.ParentSku) || str(row.SellerSku);
        const product = products.get(parent) ?? {
          productId: parent,
          name: str(row.Name),
          status: str(row.Status) === 'active' ? 'active' : 'inactive',
          images: [],
          skus: [],
          updatedAt: parseZaloraDate(str(row.UpdatedAt)),
        };
        product.skus.push({ skuId: str(row.ShopSku), sellerSku: str(row.SellerSku), price: num(row.Price), stock: num(row.Quantity) });
        products.set(parent, product);
      }
      return { items: [...products.values()], total: num(head.TotalCount), ...next(offset, products.size, num(head.TotalCount)) };
    },

    getProduct: unsupported('zalora', 'Product detail'),
    updateStock: unsupported('zalora', 'Stock update'),
    updatePrice: unsupported('zalora', 'Price update'),

    listOrders: async (auth, input) => {
      const offset = Number(input.cursor ?? 0);
      const window: Record<string, string> =
        input.timeField === 'create'
          ? { CreatedAfter: zaloraTimestamp(input.from), CreatedBefore: zaloraTimestamp(input.to) }
          : { UpdatedAfter: zaloraTimestamp(input.from), UpdatedBefore: zaloraTimestamp(input.to) };
      const { head, body } = await call(auth, 'GetOrders', {
        ...window,
        Limit: String(Math.min(input.pageSize ?? 100, 100)),
        Offset: String(offset),
      });
      const items = list(obj(body.Orders).Order).map((order) => {
        const raw = arr(obj(order.Statuses).Status).map(str)[0] ?? str(obj(order.Statuses).Status);
        return { orderId: str(order.OrderId), rawStatus: raw, status: zaloraOrderStatus(raw) };
      });
      return { items, total: num(head.TotalCount), ...next(offset, items.length, num(head.TotalCount)) };
    },

    getOrders: unsupported('zalora', 'Order detail'),
    acceptOrder: unsupported('zalora', 'Accept order'),
    cancellationReasons: unsupported('zalora', 'Cancellation reasons'),
    cancelOrder: unsupported('zalora', 'Cancel order'),
    arrangeShipment: unsupported('zalora', 'Arrange shipment'),
    getShippingLabel: unsupported('zalora', 'Shipping label'),

    // No push signing is documented for this API version.
    verifyPush: () => true,
    parsePush: () => undefined,
  };
};
