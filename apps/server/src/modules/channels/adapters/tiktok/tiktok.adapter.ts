import { arr, chunk, downloadImage, fileBlob, num, obj, parseJson, retrying, runtimeNow, sendHttp, str } from '../adapter-http.ts';
import type { HttpAnswer } from '../adapter-http.ts';
import { parseRetryAfter } from '../http-retry.ts';
import type {
  AdapterRuntime,
  CancellationReason,
  MarketplaceAdapter,
  MarketplaceErrorKind,
  MarketplaceOrder,
  MarketplaceOrderStatus,
  MarketplacePushEvent,
  MarketplaceProduct,
  MarketplaceReturn,
  ProcessingStatus,
  ProductInput,
  ProductRequest,
  ProductStatus,
  ReturnStatus,
  ShopAuth,
  TokenGrant,
} from '../types.ts';
import { MarketplaceError } from '../types.ts';
import { tiktokSign, verifyTiktokPush } from './tiktok.sign.ts';

/** TikTok Shop Partner API 202309+, which also serves Tokopedia shops (research §2). */

export type TiktokConfig = AdapterRuntime & {
  /** `https://open-api.tiktokglobalshop.com` */
  apiBaseUrl: string;
  /** `https://auth.tiktok-shops.com` */
  authBaseUrl: string;
  /** `https://services.tiktokshop.com/open/authorize` */
  authorizeUrl: string;
  appKey: string;
  appSecret: string;
  serviceId: string;
  /**
   * The real redirect URL is registered in Partner Center; the sandbox has no registry, so it is told the
   * redirect in the link instead.
   */
  sendRedirectUri?: boolean;
  /** Tokopedia shops publish to `TOKOPEDIA`, TikTok shops to `TIKTOK_SHOP`, or both. */
  listingPlatforms?: ('TOKOPEDIA' | 'TIKTOK_SHOP')[];
};

const ORDER_STATUS: Record<string, MarketplaceOrderStatus> = {
  UNPAID: 'unpaid',
  ON_HOLD: 'new',
  AWAITING_SHIPMENT: 'new',
  PARTIALLY_SHIPPING: 'on_process',
  AWAITING_COLLECTION: 'ready_to_ship',
  IN_TRANSIT: 'shipped',
  DELIVERED: 'delivered',
  COMPLETED: 'completed',
  CANCELLED: 'canceled',
};

// Return and Refund API return_status values (research §2.4, returns/search).
const RETURN_STATUS: Record<string, ReturnStatus> = {
  RETURN_OR_REFUND_REQUEST_PENDING: 'requested',
  AWAITING_BUYER_SHIP: 'accepted',
  BUYER_SHIPPED_ITEM: 'processing',
  REJECT_RECEIVE_PACKAGE: 'processing',
  RETURN_OR_REFUND_REQUEST_SUCCESS: 'refunded',
  RETURN_OR_REFUND_REQUEST_COMPLETE: 'refunded',
  REFUND_OR_RETURN_REQUEST_REJECT: 'rejected',
  RETURN_OR_REFUND_REQUEST_CANCEL: 'cancelled',
};

const money = (value: unknown): number => num(obj(value).refund_total);

const toReturn = (raw: Record<string, unknown>): MarketplaceReturn => ({
  returnId: str(raw.return_id),
  orderId: str(raw.order_id),
  rawStatus: str(raw.return_status),
  status: RETURN_STATUS[str(raw.return_status)] ?? 'processing',
  reason: str(raw.return_reason_text) || str(raw.return_reason),
  refundAmount: money(raw.refund_amount),
  currency: str(obj(raw.refund_amount).currency) || 'IDR',
  createdAt: num(raw.create_time) * 1000,
  updatedAt: num(raw.update_time) * 1000,
  items: arr(raw.return_line_items)
    .map(obj)
    .map((line) => ({
      productId: str(line.product_id),
      skuId: str(line.sku_id),
      name: str(line.product_name),
      quantity: num(line.quantity) || 1,
      refundAmount: money(line.refund_amount),
    })),
});

const PRODUCT_STATUS: Record<string, ProductStatus> = {
  DRAFT: 'inactive',
  PENDING: 'reviewing',
  FAILED: 'rejected',
  ACTIVATE: 'active',
  SELLER_DEACTIVATED: 'inactive',
  PLATFORM_DEACTIVATED: 'rejected',
  FREEZE: 'rejected',
  DELETED: 'deleted',
};

const UNPAID_REASONS: CancellationReason[] = [
  { id: 'seller_cancel_unpaid_reason_out_of_stock', label: 'Out of stock' },
  { id: 'seller_cancel_unpaid_reason_wrong_price', label: 'Wrong price' },
  { id: 'seller_cancel_unpaid_reason_buyer_hasnt_paid_within_time_allowed', label: "Buyer hasn't paid in time" },
];
const PAID_REASONS: CancellationReason[] = [
  { id: 'seller_cancel_reason_out_of_stock', label: 'Out of stock' },
  { id: 'seller_cancel_reason_wrong_price', label: 'Wrong price' },
  { id: 'seller_cancel_paid_reason_address_not_deliver', label: 'Address cannot be delivered to' },
];

export const tiktokOrderStatus = (raw: string, buyerRequestedCancel = false): MarketplaceOrderStatus =>
  buyerRequestedCancel && raw !== 'CANCELLED' ? 'cancel_requested' : (ORDER_STATUS[raw] ?? 'on_process');

const requestStatus = (raw: string): ProcessingStatus =>
  raw === 'PENDING' ? 'ON_PROGRESS' : raw === 'ACTIVATE' || raw === 'SELLER_DEACTIVATED' || raw === 'DRAFT' ? 'FINISHED' : 'FAILED';

/** Webhooks carry `tts_notification_id`, TikTok's own event id (research §2.5). */
export const parseTiktokPush = (rawBody: string): MarketplacePushEvent | undefined => {
  let body: Record<string, unknown>;
  try {
    body = obj(JSON.parse(rawBody));
  } catch {
    return undefined;
  }
  if (body.type === undefined || body.shop_id === undefined) return undefined;
  const data = obj(body.data);
  const shopId = str(body.shop_id);
  const eventId = `tiktok:${str(body.tts_notification_id) || `${shopId}:${str(body.type)}:${str(data.order_id)}:${str(data.order_status)}:${str(data.update_time)}`}`;
  if (num(body.type) === 1) {
    const rawStatus = str(data.order_status);
    return {
      eventId,
      shopId,
      type: 'order_status',
      orderId: str(data.order_id),
      rawStatus,
      status: tiktokOrderStatus(rawStatus),
      occurredAt: num(data.update_time ?? body.timestamp) * 1000,
    };
  }
  return { eventId, shopId, type: 'other', occurredAt: num(body.timestamp) * 1000 };
};

const errorKind = (status: number, code: number, message: string): MarketplaceErrorKind => {
  if (status === 429 || code === 36009002) return 'rate_limited';
  if (code === 106001) return 'invalid_sign';
  if (code >= 105000 && code < 105100 && code !== 105005) return 'auth_expired';
  if (status === 404 || /not exist|not found/i.test(message)) return 'not_found';
  if (status >= 500 || code === 36009003) return 'upstream';
  return 'bad_request';
};

type CallInput = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  auth?: ShopAuth;
  /** Shop-scoped calls carry shop_cipher; authorization and upload calls must not. */
  scoped?: boolean;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  form?: FormData;
};

export const createTiktokAdapter = (config: TiktokConfig): MarketplaceAdapter => {
  const now = (): number => runtimeNow(config);
  const apiBase = config.apiBaseUrl.replace(/\/$/, '');
  const authBase = config.authBaseUrl.replace(/\/$/, '');

  const failure = (answer: HttpAnswer, json: Record<string, unknown>): MarketplaceError =>
    new MarketplaceError({
      marketplace: 'tiktok',
      kind: errorKind(answer.status, num(json.code), str(json.message)),
      code: str(json.code) || `http_${answer.status}`,
      message: str(json.message),
      requestId: str(json.request_id),
      httpStatus: answer.status,
      ...(answer.headers.get('retry-after') ? { retryAfterMs: parseRetryAfter(answer.headers.get('retry-after'), now()) ?? 0 } : {}),
    });

  const call = (input: CallInput): Promise<Record<string, unknown>> =>
    retrying(config, async () => {
      const params: Record<string, string | number | undefined> = {
        ...input.query,
        app_key: config.appKey,
        timestamp: Math.floor(now() / 1000),
        ...(input.scoped !== false && input.auth?.shopCipher ? { shop_cipher: input.auth.shopCipher } : {}),
      };
      const body = input.body !== undefined ? JSON.stringify(input.body) : undefined;
      const sign = tiktokSign(config.appSecret, {
        path: input.path,
        params,
        ...(body !== undefined ? { body } : {}),
        ...(input.form ? { contentType: 'multipart/form-data' } : {}),
      });
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries({ ...params, sign })) if (value !== undefined) search.set(key, String(value));
      const headers: Record<string, string> = {};
      if (input.auth) headers['x-tts-access-token'] = input.auth.accessToken;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const answer = await sendHttp('tiktok', config, {
        method: input.method,
        url: `${apiBase}${input.path}?${search.toString()}`,
        headers,
        ...(input.form ? { body: input.form } : body !== undefined ? { body } : {}),
      });
      const json = parseJson('tiktok', answer);
      if (num(json.code) !== 0 || answer.status >= 400) throw failure(answer, json);
      return obj(json.data);
    });

  const tokenCall = (path: string, query: Record<string, string>): Promise<Record<string, unknown>> =>
    retrying(config, async () => {
      // The token host takes the app secret in the query and no signature (research §2.2).
      const search = new URLSearchParams({ app_key: config.appKey, app_secret: config.appSecret, ...query });
      const answer = await sendHttp('tiktok', config, { method: 'GET', url: `${authBase}${path}?${search.toString()}` });
      const json = parseJson('tiktok', answer);
      if (num(json.code) !== 0 || answer.status >= 400) throw failure(answer, json);
      return obj(json.data);
    });

  const toGrant = async (data: Record<string, unknown>): Promise<TokenGrant> => {
    const accessToken = str(data.access_token);
    const shops = await call({ method: 'GET', path: '/authorization/202309/shops', auth: { shopId: '', accessToken }, scoped: false });
    return {
      accessToken,
      refreshToken: str(data.refresh_token),
      // TikTok sends absolute expiry times in seconds, not lifetimes.
      accessTokenExpiresAt: num(data.access_token_expire_in) * 1000,
      refreshTokenExpiresAt: num(data.refresh_token_expire_in) * 1000,
      shops: arr(shops.shops)
        .map(obj)
        .map((shop) => ({ shopId: str(shop.id), name: str(shop.name), region: str(shop.region), cipher: str(shop.cipher) })),
    };
  };

  const productView = (raw: Record<string, unknown>): MarketplaceProduct => ({
    productId: str(raw.id),
    name: str(raw.title),
    status: PRODUCT_STATUS[str(raw.status)] ?? 'inactive',
    ...(arr(raw.category_chains).length > 0 ? { categoryId: str(obj(arr(raw.category_chains).at(-1)).id) } : {}),
    images: arr(raw.main_images).map((image) => str(obj(image).uri)),
    skus: arr(raw.skus)
      .map(obj)
      .map((sku) => ({
        skuId: str(sku.id),
        sellerSku: str(sku.seller_sku),
        price: num(obj(sku.price).sale_price ?? obj(sku.price).tax_exclusive_price),
        stock: arr(sku.inventory).reduce<number>((sum, line) => sum + num(obj(line).quantity), 0),
      })),
    updatedAt: num(raw.update_time) * 1000,
  });

  const defaultWarehouse = async (auth: ShopAuth): Promise<string> => {
    const data = await call({ method: 'GET', path: '/logistics/202309/warehouses', auth });
    const warehouses = arr(data.warehouses)
      .map(obj)
      .filter((w) => str(w.type) === 'SALES_WAREHOUSE');
    return str((warehouses.find((w) => w.is_default === true) ?? warehouses[0])?.id);
  };

  const productBody = async (auth: ShopAuth, input: ProductInput) => {
    const warehouse = input.skus.some((sku) => !sku.warehouseId) ? await defaultWarehouse(auth) : '';
    return {
      title: input.name,
      description: input.description,
      category_id: input.categoryId,
      ...(input.brandId ? { brand_id: input.brandId } : {}),
      main_images: input.images.map((uri) => ({ uri })),
      skus: input.skus.map((sku) => ({
        seller_sku: sku.sellerSku,
        price: { amount: String(sku.price), currency: 'IDR' },
        inventory: [{ warehouse_id: sku.warehouseId ?? warehouse, quantity: sku.stock }],
        sales_attributes: Object.entries(sku.options ?? {}).map(([name, value]) => ({ name, value_name: value })),
      })),
      // Kelola keeps grams; TikTok takes a string value with a unit (spec: weight in g is divided by 1000).
      package_weight: { value: String(input.weightGrams / 1000), unit: 'KILOGRAM' },
      ...(input.dimensionsCm
        ? {
            package_dimensions: {
              length: String(input.dimensionsCm.length),
              width: String(input.dimensionsCm.width),
              height: String(input.dimensionsCm.height),
              unit: 'CENTIMETER',
            },
          }
        : {}),
      ...(input.attributes
        ? { product_attributes: input.attributes.map((a) => ({ id: a.id, values: a.values.map((value) => ({ name: value })) })) }
        : {}),
      is_cod_allowed: false,
      ...(config.listingPlatforms ? { listing_platforms: config.listingPlatforms } : {}),
    };
  };

  const productRequest = async (auth: ShopAuth, productId: string): Promise<ProductRequest> => {
    const data = await call({ method: 'GET', path: `/product/202309/products/${encodeURIComponent(productId)}`, auth });
    const status = requestStatus(str(data.status));
    const reasons = arr(data.audit_failed_reasons).flatMap((reason) => arr(obj(reason).reasons).map(str));
    return { requestId: productId, productId, status, ...(status === 'FAILED' ? { error: reasons.join('; ') || str(data.status) } : {}) };
  };

  const orderView = (raw: Record<string, unknown>): MarketplaceOrder => {
    const recipient = obj(raw.recipient_address);
    const payment = obj(raw.payment);
    // One line item per unit: fold them back into quantities per SKU.
    const lines = new Map<string, MarketplaceOrder['items'][number]>();
    for (const line of arr(raw.line_items).map(obj)) {
      const key = str(line.sku_id);
      const existing = lines.get(key);
      if (existing) existing.quantity += 1;
      else {
        lines.set(key, {
          itemId: str(line.id),
          productId: str(line.product_id),
          skuId: key,
          sellerSku: str(line.seller_sku),
          name: str(line.product_name),
          quantity: 1,
          price: num(line.sale_price),
        });
      }
    }
    const city = arr(recipient.district_info)
      .map(obj)
      .find((d) => str(d.address_level_name) === 'City');
    const rawStatus = str(raw.status);
    return {
      orderId: str(raw.id),
      rawStatus,
      status: tiktokOrderStatus(rawStatus, raw.is_buyer_request_cancel === true),
      createdAt: num(raw.create_time) * 1000,
      updatedAt: num(raw.update_time) * 1000,
      buyerName: str(recipient.name),
      recipient: {
        name: str(recipient.name),
        phone: str(recipient.phone_number),
        address: str(recipient.full_address),
        city: str(city?.address_name),
      },
      items: [...lines.values()],
      totalAmount: num(payment.total_amount),
      shippingFee: num(payment.shipping_fee),
      currency: str(payment.currency) || 'IDR',
      ...(arr(raw.packages).length > 0 ? { packageId: str(obj(arr(raw.packages)[0]).id) } : {}),
      ...(str(raw.tracking_number) ? { trackingNumber: str(raw.tracking_number) } : {}),
      ...(str(raw.shipping_provider) ? { courier: str(raw.shipping_provider) } : {}),
      ...(str(raw.cancel_reason) ? { cancelReason: str(raw.cancel_reason) } : {}),
    };
  };

  const getOrders = async (auth: ShopAuth, orderIds: string[]): Promise<MarketplaceOrder[]> => {
    const orders: MarketplaceOrder[] = [];
    for (const ids of chunk(orderIds, 50)) {
      const data = await call({ method: 'GET', path: '/order/202309/orders', auth, query: { ids: ids.join(',') } });
      orders.push(...arr(data.orders).map(obj).map(orderView));
    }
    return orders;
  };

  const oneOrder = async (auth: ShopAuth, orderId: string): Promise<MarketplaceOrder> => {
    const [order] = await getOrders(auth, [orderId]);
    if (!order)
      throw new MarketplaceError({
        marketplace: 'tiktok',
        kind: 'not_found',
        code: 'order_not_found',
        message: `Order ${orderId} not found`,
      });
    return order;
  };

  const packageOf = async (auth: ShopAuth, orderId: string): Promise<string> => {
    const order = await oneOrder(auth, orderId);
    if (!order.packageId)
      throw new MarketplaceError({
        marketplace: 'tiktok',
        kind: 'bad_request',
        code: 'no_package',
        message: `Order ${orderId} has no package yet`,
      });
    return order.packageId;
  };

  return {
    marketplace: 'tiktok',
    authorizationStyle: 'oauth',

    authorizationUrl: ({ redirectUrl, state }) => {
      const params = new URLSearchParams({ service_id: config.serviceId, state });
      if (config.sendRedirectUri) params.set('redirect_uri', redirectUrl);
      return `${config.authorizeUrl}?${params.toString()}`;
    },

    exchangeCode: async ({ code }) => {
      let data: Record<string, unknown>;
      try {
        data = await tokenCall('/api/v2/token/get', { auth_code: code, grant_type: 'authorized_code' });
      } catch (error) {
        // The token host's codes for a bad auth_code are undocumented: any refusal that is not about the app
        // or the rate means the code is unusable.
        if (error instanceof MarketplaceError && (error.kind === 'bad_request' || error.kind === 'auth_expired')) {
          throw new MarketplaceError({
            marketplace: 'tiktok',
            kind: 'invalid_code',
            code: error.code,
            message: error.message,
            ...(error.requestId ? { requestId: error.requestId } : {}),
          });
        }
        throw error;
      }
      return toGrant(data);
    },

    refreshAccessToken: async ({ refreshToken }) =>
      toGrant(await tokenCall('/api/v2/token/refresh', { refresh_token: refreshToken, grant_type: 'refresh_token' })),

    getShopInfo: async (auth) => {
      const data = await call({ method: 'GET', path: '/authorization/202309/shops', auth, scoped: false });
      const shop = arr(data.shops)
        .map(obj)
        .find((candidate) => str(candidate.id) === auth.shopId || str(candidate.cipher) === auth.shopCipher);
      if (!shop)
        throw new MarketplaceError({
          marketplace: 'tiktok',
          kind: 'not_found',
          code: 'shop_not_authorized',
          message: `Shop ${auth.shopId} is not authorized`,
        });
      return { shopId: str(shop.id), name: str(shop.name), region: str(shop.region), status: 'active' };
    },

    listCategories: async (auth) => {
      const data = await call({ method: 'GET', path: '/product/202309/categories', auth, query: { locale: 'id-ID' } });
      return arr(data.categories)
        .map(obj)
        .map((category) => ({
          id: str(category.id),
          ...(str(category.parent_id) !== '0' && str(category.parent_id) !== '' ? { parentId: str(category.parent_id) } : {}),
          name: str(category.local_name),
          isLeaf: category.is_leaf === true,
        }));
    },

    listAttributes: async (auth, categoryId) => {
      const data = await call({
        method: 'GET',
        path: `/product/202309/categories/${encodeURIComponent(categoryId)}/attributes`,
        auth,
        query: { locale: 'id-ID' },
      });
      return arr(data.attributes)
        .map(obj)
        .map((attribute) => ({
          id: str(attribute.id),
          name: str(attribute.name),
          // TikTok's field really is spelled `is_requried`.
          mandatory: attribute.is_requried === true || attribute.is_required === true,
          inputType:
            attribute.is_multiple_selection === true ? 'multi_select' : arr(attribute.values).length > 0 ? 'single_select' : 'text',
          values: arr(attribute.values)
            .map(obj)
            .map((value) => ({ id: str(value.id), name: str(value.name) })),
        }));
    },

    listBrands: async (auth, input) => {
      const data = await call({
        method: 'GET',
        path: '/product/202309/brands',
        auth,
        query: { page_size: Math.min(input.pageSize ?? 100, 100), page_token: input.cursor, category_id: input.categoryId },
      });
      return {
        items: arr(data.brands)
          .map(obj)
          .map((brand) => ({ id: str(brand.id), name: str(brand.name) })),
        total: num(data.total_count),
        ...(str(data.next_page_token) ? { nextCursor: str(data.next_page_token) } : {}),
      };
    },

    listWarehouses: async (auth) => {
      const data = await call({ method: 'GET', path: '/logistics/202309/warehouses', auth });
      return arr(data.warehouses)
        .map(obj)
        .filter((warehouse) => str(warehouse.type) === 'SALES_WAREHOUSE')
        .map((warehouse) => ({
          id: str(warehouse.id),
          name: str(warehouse.name),
          city: str(obj(warehouse.address).city),
          isDefault: warehouse.is_default === true,
        }));
    },

    uploadImage: async (auth, input) => {
      const file = input.kind === 'url' ? await downloadImage('tiktok', config, input.url) : input;
      const form = new FormData();
      form.append('data', fileBlob(file.data, file.contentType), file.fileName);
      form.append('use_case', 'MAIN_IMAGE');
      try {
        const data = await call({ method: 'POST', path: '/product/202309/images/upload', auth, scoped: false, form });
        return { id: str(data.uri), status: 'FINISHED', url: str(data.url) };
      } catch (error) {
        if (error instanceof MarketplaceError && error.kind === 'bad_request') return { id: '', status: 'FAILED', error: error.message };
        throw error;
      }
    },

    // Uploads are synchronous on TikTok Shop: a returned uri is ready to use.
    getImageStatus: async (_auth, imageId) => ({ id: imageId, status: 'FINISHED' }),

    createProduct: async (auth, input) => {
      const data = await call({ method: 'POST', path: '/product/202309/products', auth, body: await productBody(auth, input) });
      const productId = str(data.product_id);
      // New products go to audit (PENDING) before they are live.
      return { requestId: productId, productId, status: 'ON_PROGRESS' };
    },

    updateProduct: async (auth, productId, input) => {
      const current = await call({ method: 'GET', path: `/product/202309/products/${encodeURIComponent(productId)}`, auth });
      const merged: ProductInput = {
        name: input.name ?? str(current.title),
        description: input.description ?? str(current.description),
        categoryId: input.categoryId ?? str(obj(arr(current.category_chains).at(-1)).id),
        images: input.images ?? arr(current.main_images).map((image) => str(obj(image).uri)),
        weightGrams:
          input.weightGrams ??
          Math.round(num(obj(current.package_weight).value) * (str(obj(current.package_weight).unit) === 'POUND' ? 453.6 : 1000)),
        skus:
          input.skus ??
          arr(current.skus)
            .map(obj)
            .map((sku) => ({
              sellerSku: str(sku.seller_sku),
              price: num(obj(sku.price).sale_price),
              stock: num(obj(arr(sku.inventory)[0]).quantity),
              warehouseId: str(obj(arr(sku.inventory)[0]).warehouse_id),
            })),
        ...(input.brandId ? { brandId: input.brandId } : {}),
      };
      await call({
        method: 'PUT',
        path: `/product/202309/products/${encodeURIComponent(productId)}`,
        auth,
        body: await productBody(auth, merged),
      });
      return { requestId: productId, productId, status: 'ON_PROGRESS' };
    },

    getProductRequestStatus: productRequest,

    listProducts: async (auth, input) => {
      const data = await call({
        method: 'POST',
        path: '/product/202309/products/search',
        auth,
        query: { page_size: Math.min(input.pageSize ?? 50, 100), page_token: input.cursor },
        body: {
          ...(input.updatedFrom !== undefined ? { update_time_ge: Math.floor(input.updatedFrom / 1000) } : {}),
          ...(input.updatedTo !== undefined ? { update_time_le: Math.floor(input.updatedTo / 1000) } : {}),
        },
      });
      return {
        items: arr(data.products).map(obj).map(productView),
        total: num(data.total_count),
        ...(str(data.next_page_token) ? { nextCursor: str(data.next_page_token) } : {}),
      };
    },

    getProduct: async (auth, productId) =>
      productView(await call({ method: 'GET', path: `/product/202309/products/${encodeURIComponent(productId)}`, auth })),

    updateStock: async (auth, updates) => {
      const outcomes = [];
      const byProduct = new Map<string, typeof updates>();
      for (const update of updates) byProduct.set(update.productId, [...(byProduct.get(update.productId) ?? []), update]);
      for (const [productId, list] of byProduct) {
        const needsWarehouse = list.some((update) => !update.warehouseId);
        const current = needsWarehouse
          ? await call({ method: 'GET', path: `/product/202309/products/${encodeURIComponent(productId)}`, auth })
          : {};
        const warehouseOf = (skuId: string): string =>
          str(
            obj(
              arr(
                obj(
                  arr(current.skus)
                    .map(obj)
                    .find((sku) => str(sku.id) === skuId),
                ).inventory,
              )[0],
            ).warehouse_id,
          );
        try {
          await call({
            method: 'POST',
            path: `/product/202309/products/${encodeURIComponent(productId)}/inventory/update`,
            auth,
            body: {
              skus: list.map((update) => ({
                id: update.skuId,
                inventory: [{ warehouse_id: update.warehouseId ?? warehouseOf(update.skuId), quantity: update.quantity }],
              })),
            },
          });
          outcomes.push(...list.map((update) => ({ productId, skuId: update.skuId, ok: true })));
        } catch (error) {
          if (!(error instanceof MarketplaceError) || error.kind !== 'bad_request') throw error;
          outcomes.push(...list.map((update) => ({ productId, skuId: update.skuId, ok: false, error: error.message })));
        }
      }
      return outcomes;
    },

    updatePrice: async (auth, updates) => {
      const outcomes = [];
      const byProduct = new Map<string, typeof updates>();
      for (const update of updates) byProduct.set(update.productId, [...(byProduct.get(update.productId) ?? []), update]);
      for (const [productId, list] of byProduct) {
        try {
          await call({
            method: 'POST',
            path: `/product/202309/products/${encodeURIComponent(productId)}/prices/update`,
            auth,
            body: { skus: list.map((update) => ({ id: update.skuId, price: { amount: String(update.price), currency: 'IDR' } })) },
          });
          outcomes.push(...list.map((update) => ({ productId, skuId: update.skuId, ok: true })));
        } catch (error) {
          if (!(error instanceof MarketplaceError) || error.kind !== 'bad_request') throw error;
          outcomes.push(...list.map((update) => ({ productId, skuId: update.skuId, ok: false, error: error.message })));
        }
      }
      return outcomes;
    },

    listOrders: async (auth, input) => {
      const field = input.timeField === 'create' ? 'create_time' : 'update_time';
      const data = await call({
        method: 'POST',
        path: '/order/202309/orders/search',
        auth,
        query: { page_size: Math.min(input.pageSize ?? 50, 100), page_token: input.cursor, sort_field: field, sort_order: 'DESC' },
        body: { [`${field}_ge`]: Math.floor(input.from / 1000), [`${field}_lt`]: Math.ceil(input.to / 1000) },
      });
      return {
        items: arr(data.orders)
          .map(obj)
          .map((order) => ({
            orderId: str(order.id),
            rawStatus: str(order.status),
            status: tiktokOrderStatus(str(order.status), order.is_buyer_request_cancel === true),
          })),
        total: num(data.total_count),
        ...(str(data.next_page_token) ? { nextCursor: str(data.next_page_token) } : {}),
      };
    },

    getOrders,

    // TikTok Shop has no accept call (Tokopedia's went with its API): a paid order awaiting shipment is accepted.
    acceptOrder: async (auth, orderId) => {
      const order = await oneOrder(auth, orderId);
      if (order.rawStatus !== 'AWAITING_SHIPMENT') {
        throw new MarketplaceError({
          marketplace: 'tiktok',
          kind: 'bad_request',
          code: 'order_not_acceptable',
          message: `Order is ${order.rawStatus}`,
        });
      }
    },

    cancellationReasons: async (auth, orderId) => {
      const order = await oneOrder(auth, orderId);
      return order.rawStatus === 'UNPAID'
        ? UNPAID_REASONS
        : order.rawStatus === 'ON_HOLD' || order.rawStatus === 'AWAITING_SHIPMENT'
          ? PAID_REASONS
          : [];
    },

    cancelOrder: async (auth, input) => {
      await call({
        method: 'POST',
        path: '/return_refund/202309/cancellations',
        auth,
        body: {
          order_id: input.orderId,
          cancel_reason: input.reasonId,
          ...(input.items ? { skus: input.items.map((item) => ({ sku_id: item.skuId, quantity: 1 })) } : {}),
        },
      });
    },

    arrangeShipment: async (auth, input) => {
      const packageId = await packageOf(auth, input.orderId);
      await call({
        method: 'POST',
        path: `/fulfillment/202309/packages/${encodeURIComponent(packageId)}/ship`,
        auth,
        body: input.trackingNumber
          ? { self_shipment: { tracking_number: input.trackingNumber } }
          : { handover_method: input.method === 'pickup' ? 'PICKUP' : 'DROP_OFF' },
      });
      const order = await oneOrder(auth, input.orderId);
      return { orderId: input.orderId, packageId, ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}) };
    },

    getShippingLabel: async (auth, orderId) => {
      const packageId = await packageOf(auth, orderId);
      const data = await call({
        method: 'GET',
        path: `/fulfillment/202309/packages/${encodeURIComponent(packageId)}/shipping_documents`,
        auth,
        query: { document_type: 'SHIPPING_LABEL', document_size: 'A6', document_format: 'PDF' },
      });
      // doc_url is a short-lived plain download, not a signed API call.
      const answer = await sendHttp('tiktok', config, { method: 'GET', url: str(data.doc_url) });
      if (answer.status !== 200) {
        throw new MarketplaceError({
          marketplace: 'tiktok',
          kind: 'upstream',
          code: `http_${answer.status}`,
          message: 'Label download failed',
          httpStatus: answer.status,
        });
      }
      return { contentType: answer.headers.get('content-type') ?? 'application/pdf', data: answer.bytes };
    },

    listReturns: async (auth, input) => {
      const data = await call({
        method: 'POST',
        path: '/return_refund/202309/returns/search',
        auth,
        // The documented page_size range is 10–50.
        query: {
          page_size: Math.max(10, Math.min(input.pageSize ?? 50, 50)),
          page_token: input.cursor,
          sort_field: 'create_time',
          sort_order: 'DESC',
        },
        body: {
          ...(input.createdFrom !== undefined ? { create_time_ge: Math.floor(input.createdFrom / 1000) } : {}),
          ...(input.createdTo !== undefined ? { create_time_lt: Math.ceil(input.createdTo / 1000) } : {}),
        },
      });
      return {
        items: arr(data.return_orders).map(obj).map(toReturn),
        total: num(data.total_count),
        ...(str(data.next_page_token) ? { nextCursor: str(data.next_page_token) } : {}),
      };
    },

    // The API has no single-return read; returns/search filtered by return_ids is the detail (README choice).
    getReturn: async (auth, returnId) => {
      const data = await call({
        method: 'POST',
        path: '/return_refund/202309/returns/search',
        auth,
        query: { page_size: 10 },
        body: { return_ids: [returnId] },
      });
      const found = arr(data.return_orders)
        .map(obj)
        .find((entry) => str(entry.return_id) === returnId);
      if (!found) {
        throw new MarketplaceError({
          marketplace: 'tiktok',
          kind: 'not_found',
          code: 'return_not_found',
          message: `Return ${returnId} does not exist`,
        });
      }
      return toReturn(found);
    },

    verifyPush: ({ headers, rawBody }) => verifyTiktokPush(config.appKey, config.appSecret, rawBody, headers.authorization),

    parsePush: (rawBody) => parseTiktokPush(rawBody),
  };
};
