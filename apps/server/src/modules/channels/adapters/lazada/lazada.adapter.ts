import { arr, chunk, fileBlob, num, obj, parseJson, retrying, runtimeNow, sendHttp, str } from '../adapter-http.ts';
import type {
  AdapterRuntime,
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
  UpdateOutcome,
} from '../types.ts';
import { MarketplaceError } from '../types.ts';
import { lazadaSign, verifyLazadaPush } from './lazada.sign.ts';

/** Lazada Open Platform (research §3). */

export type LazadaConfig = AdapterRuntime & {
  /** `https://api.lazada.co.id/rest` for Indonesia. */
  apiBaseUrl: string;
  /** `https://auth.lazada.com/rest` */
  authBaseUrl: string;
  /** `https://auth.lazada.com/oauth/authorize` */
  authorizeUrl: string;
  appKey: string;
  appSecret: string;
};

const ORDER_STATUS: Record<string, MarketplaceOrderStatus> = {
  unpaid: 'unpaid',
  pending: 'new',
  topack: 'new',
  packed: 'confirmed',
  toship: 'confirmed',
  ready_to_ship: 'ready_to_ship',
  ready_to_ship_pending: 'on_process',
  shipped: 'shipped',
  delivered: 'delivered',
  confirmed: 'completed',
  canceled: 'canceled',
  returned: 'returned',
  failed_delivery: 'returned',
  lost_by_3pl: 'canceled',
  damaged_by_3pl: 'canceled',
};

const PRODUCT_STATUS: Record<string, ProductStatus> = {
  active: 'active',
  inactive: 'inactive',
  pending: 'reviewing',
  'pending qc': 'reviewing',
  rejected: 'rejected',
  deleted: 'deleted',
};

export const lazadaOrderStatus = (statuses: string[]): MarketplaceOrderStatus => {
  // An order's items can differ; the least advanced item decides what the seller still has to do.
  const mapped = statuses.map((status) => ORDER_STATUS[status.toLowerCase()] ?? 'on_process');
  const order: MarketplaceOrderStatus[] = [
    'unpaid',
    'new',
    'confirmed',
    'on_process',
    'ready_to_ship',
    'shipped',
    'delivered',
    'completed',
    'returned',
    'cancel_requested',
    'canceled',
  ];
  return mapped.sort((a, b) => order.indexOf(a) - order.indexOf(b))[0] ?? 'on_process';
};

const requestStatus = (raw: string): ProcessingStatus => {
  const status = PRODUCT_STATUS[raw.toLowerCase()];
  return status === 'reviewing' ? 'ON_PROGRESS' : status === 'active' || status === 'inactive' ? 'FINISHED' : 'FAILED';
};

/** Delivery is at-least-once; order id, line id, status and time identify one message (research §3.5). */
export const parseLazadaPush = (rawBody: string): MarketplacePushEvent | undefined => {
  let body: Record<string, unknown>;
  try {
    body = obj(JSON.parse(rawBody));
  } catch {
    return undefined;
  }
  if (body.seller_id === undefined || body.message_type === undefined) return undefined;
  const data = obj(body.data);
  const shopId = str(body.seller_id);
  if (num(body.message_type) === 0) {
    const rawStatus = str(data.order_status);
    return {
      eventId: `lazada:${str(data.trade_order_id)}:${str(data.trade_order_line_id)}:${rawStatus}:${str(data.status_update_time)}`,
      shopId,
      type: 'order_status',
      orderId: str(data.trade_order_id),
      rawStatus,
      status: lazadaOrderStatus([rawStatus]),
      occurredAt: num(data.status_update_time) * 1000,
    };
  }
  return {
    eventId: `lazada:${shopId}:${str(body.message_type)}:${str(body.timestamp)}`,
    shopId,
    type: 'other',
    occurredAt: num(body.timestamp),
  };
};

const errorKind = (code: string, type: string): MarketplaceErrorKind => {
  if (code === 'ApiCallLimit' || code === '901' || code === 'AppApiCallLimit') return 'rate_limited';
  if (code === 'IncompleteSignature') return 'invalid_sign';
  if (code === 'IllegalAccessToken' || code === 'IllegalRefreshToken' || code === 'MissingAccessToken') return 'auth_expired';
  if (code === 'InvalidCode') return 'invalid_code';
  if (/NotFound|InvalidOrderID/i.test(code)) return 'not_found';
  if (type === 'ISP' || code === 'ServiceTimeout' || code === '998') return 'upstream';
  return 'bad_request';
};

/** Lazada dates look like `2025-01-15 10:00:00 +0700`. */
const parseLazadaDate = (value: string): number => {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(value);
  return match ? Date.parse(`${match[1]}T${match[2]}${match[3]}:${match[4]}`) : Date.parse(value);
};

const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

const xmlEscape = (value: string | number): string => String(value).replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

type CallInput = {
  method: 'GET' | 'POST';
  path: string;
  auth?: ShopAuth;
  params?: Record<string, string | number | undefined>;
  file?: { name: string; fileName: string; contentType: string; data: Uint8Array };
  host?: 'api' | 'auth';
};

// Reverse order line statuses (Return and Refund API).
const REVERSE_STATUS: Record<string, ReturnStatus> = {
  REQUEST_INITIATE: 'requested',
  SELLER_AGREE_RETURN: 'accepted',
  BUYER_RETURN_ITEM: 'processing',
  SELLER_CONFIRM_RECEIVE: 'processing',
  REFUND_PENDING: 'processing',
  REFUND_SUCCESS: 'refunded',
  REQUEST_REJECT: 'rejected',
  SELLER_REFUSE_RETURN: 'rejected',
  REFUND_REJECT: 'rejected',
  REQUEST_CANCEL: 'cancelled',
  CANCEL_SUCCESS: 'cancelled',
};

const toReturn = (raw: Record<string, unknown>): MarketplaceReturn => {
  const lines = arr(raw.reverse_order_lines).map(obj);
  const first = lines[0] ?? {};
  const rawStatus = str(first.reverse_status);
  const items = lines.map((line) => ({
    productId: str(obj(line.product).product_id),
    skuId: str(obj(line.product).product_sku) || str(line.platform_sku_id),
    name: str(obj(line.product).product_name),
    // Lazada has one line per unit.
    quantity: 1,
    refundAmount: num(line.refund_amount),
  }));
  return {
    returnId: str(raw.reverse_order_id),
    orderId: str(raw.trade_order_id),
    rawStatus,
    status: REVERSE_STATUS[rawStatus] ?? 'processing',
    reason: str(first.reason_text),
    refundAmount: items.reduce((sum, item) => sum + item.refundAmount, 0),
    currency: 'IDR',
    createdAt: Math.min(...lines.map((line) => num(line.return_order_line_gmt_create))),
    updatedAt: Math.max(...lines.map((line) => num(line.return_order_line_gmt_modified))),
    items,
  };
};

export const createLazadaAdapter = (config: LazadaConfig): MarketplaceAdapter => {
  const now = (): number => runtimeNow(config);

  const call = (input: CallInput): Promise<Record<string, unknown>> =>
    retrying(config, async () => {
      const system: Record<string, string> = {
        app_key: config.appKey,
        timestamp: String(now()),
        sign_method: 'sha256',
        ...(input.auth ? { access_token: input.auth.accessToken } : {}),
      };
      const business: Record<string, string> = {};
      for (const [key, value] of Object.entries(input.params ?? {})) if (value !== undefined) business[key] = String(value);
      // System parameters and the signature ride in the query; business parameters in the query (GET) or the form
      // body (POST), as Lazada's SDKs send them. Files are never signed.
      const sign = lazadaSign(config.appSecret, input.path, { ...system, ...business });
      const query = new URLSearchParams({ ...system, sign, ...(input.method === 'GET' ? business : {}) });
      const base = (input.host === 'auth' ? config.authBaseUrl : config.apiBaseUrl).replace(/\/$/, '');
      let body: string | FormData | undefined;
      const headers: Record<string, string> = {};
      if (input.method === 'POST') {
        if (input.file) {
          const form = new FormData();
          for (const [key, value] of Object.entries(business)) form.append(key, value);
          form.append(input.file.name, fileBlob(input.file.data, input.file.contentType), input.file.fileName);
          body = form;
        } else {
          body = new URLSearchParams(business).toString();
          headers['content-type'] = 'application/x-www-form-urlencoded;charset=utf-8';
        }
      }
      const answer = await sendHttp('lazada', config, {
        method: input.method,
        url: `${base}${input.path}?${query.toString()}`,
        headers,
        ...(body !== undefined ? { body } : {}),
      });
      const json = parseJson('lazada', answer);
      const code = str(json.code);
      if (code !== '0' || answer.status >= 400) {
        const message = str(json.message);
        // "this ban will last 1 seconds": Lazada tells how long to wait.
        const ban = /last (\d+) seconds?/.exec(message);
        throw new MarketplaceError({
          marketplace: 'lazada',
          kind: answer.status === 429 ? 'rate_limited' : errorKind(code, str(json.type)),
          code: code || `http_${answer.status}`,
          message:
            arr(json.detail).length > 0
              ? `${message}: ${arr(json.detail)
                  .map((d) => str(obj(d).message))
                  .join('; ')}`
              : message,
          requestId: str(json.request_id),
          httpStatus: answer.status,
          ...(ban ? { retryAfterMs: Number(ban[1]) * 1000 } : {}),
        });
      }
      return json;
    });

  const data = async (input: CallInput): Promise<unknown> => (await call(input)).data;

  /** Fulfilment APIs wrap their answer in `result{success, error_code, error_msg, data}`. */
  const result = async (input: CallInput): Promise<Record<string, unknown>> => {
    const wrapped = obj((await call(input)).result);
    if (wrapped.success !== true) {
      throw new MarketplaceError({
        marketplace: 'lazada',
        kind: 'bad_request',
        code: str(wrapped.error_code) || 'failed',
        message: str(wrapped.error_msg),
      });
    }
    return obj(wrapped.data);
  };

  const toGrant = (json: Record<string, unknown>): TokenGrant => {
    const info = arr(json.country_user_info).length > 0 ? arr(json.country_user_info) : arr(json.country_user_info_list);
    return {
      accessToken: str(json.access_token),
      refreshToken: str(json.refresh_token),
      accessTokenExpiresAt: now() + num(json.expires_in) * 1000,
      refreshTokenExpiresAt: now() + num(json.refresh_expires_in) * 1000,
      shops: info
        .map(obj)
        .map((entry) => ({ shopId: str(entry.seller_id), region: str(entry.country).toUpperCase(), cipher: str(entry.short_code) })),
    };
  };

  const productView = (raw: Record<string, unknown>): MarketplaceProduct => ({
    productId: str(raw.item_id),
    name: str(obj(raw.attributes).name),
    status: PRODUCT_STATUS[str(raw.status).toLowerCase()] ?? 'inactive',
    categoryId: str(raw.primary_category),
    images: arr(raw.images).map(str),
    skus: arr(raw.skus)
      .map(obj)
      .map((sku) => ({
        skuId: str(sku.SkuId),
        sellerSku: str(sku.SellerSku),
        price: num(sku.price),
        stock: num(sku.quantity),
      })),
    updatedAt: num(raw.updated_time),
  });

  const productPayload = (input: Partial<ProductInput>, itemId?: string) => ({
    Request: {
      Product: {
        ...(itemId ? { ItemId: itemId } : {}),
        ...(input.categoryId ? { PrimaryCategory: input.categoryId } : {}),
        ...(input.images ? { Images: { Image: input.images } } : {}),
        Attributes: {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(itemId ? {} : { brand: 'No Brand' }),
          ...Object.fromEntries((input.attributes ?? []).map((attribute) => [attribute.id, attribute.values.join(',')])),
        },
        ...(input.skus
          ? {
              Skus: {
                Sku: input.skus.map((sku) => ({
                  SellerSku: sku.sellerSku,
                  quantity: sku.stock,
                  price: sku.price,
                  package_weight: (input.weightGrams ?? 0) / 1000,
                  package_length: input.dimensionsCm?.length ?? 10,
                  package_width: input.dimensionsCm?.width ?? 10,
                  package_height: input.dimensionsCm?.height ?? 10,
                  ...sku.options,
                })),
              },
            }
          : {}),
      },
    },
  });

  const productRequest = async (auth: ShopAuth, itemId: string): Promise<ProductRequest> => {
    const raw = obj(await data({ method: 'GET', path: '/product/item/get', auth, params: { item_id: itemId } }));
    const status = requestStatus(str(raw.status));
    return {
      requestId: itemId,
      productId: itemId,
      status,
      ...(status === 'FAILED' ? { error: str(raw.rejectReason) || str(raw.status) } : {}),
    };
  };

  const orderItems = async (auth: ShopAuth, orderId: string) =>
    arr(await data({ method: 'GET', path: '/order/items/get', auth, params: { order_id: orderId } })).map(obj);

  const getOrders = async (auth: ShopAuth, orderIds: string[]): Promise<MarketplaceOrder[]> => {
    const orders: MarketplaceOrder[] = [];
    for (const orderId of orderIds) {
      const raw = obj(await data({ method: 'GET', path: '/order/get', auth, params: { order_id: orderId } }));
      const items = await orderItems(auth, orderId);
      const address = obj(raw.address_shipping);
      const lines = new Map<string, MarketplaceOrder['items'][number]>();
      for (const item of items) {
        const key = str(item.sku_id);
        const existing = lines.get(key);
        if (existing) existing.quantity += 1;
        else {
          lines.set(key, {
            itemId: str(item.order_item_id),
            productId: str(item.product_id),
            skuId: key,
            sellerSku: str(item.sku),
            name: str(item.name),
            quantity: 1,
            price: num(item.paid_price),
          });
        }
      }
      const statuses = arr(raw.statuses).map(str);
      const first = items[0] ?? {};
      orders.push({
        orderId: str(raw.order_id),
        rawStatus: statuses.join(','),
        status: lazadaOrderStatus(statuses),
        createdAt: parseLazadaDate(str(raw.created_at)),
        updatedAt: parseLazadaDate(str(raw.updated_at)),
        buyerName: `${str(raw.customer_first_name)} ${str(raw.customer_last_name)}`.trim(),
        recipient: { name: str(address.first_name), phone: str(address.phone), address: str(address.address1), city: str(address.city) },
        items: [...lines.values()],
        totalAmount: num(raw.price) + num(raw.shipping_fee),
        shippingFee: num(raw.shipping_fee),
        currency: 'IDR',
        ...(str(first.package_id) ? { packageId: str(first.package_id) } : {}),
        ...(str(first.tracking_code) ? { trackingNumber: str(first.tracking_code) } : {}),
        ...(str(first.shipment_provider) ? { courier: str(first.shipment_provider) } : {}),
        ...(str(first.reason) ? { cancelReason: str(first.reason) } : {}),
      });
    }
    return orders;
  };

  const priceQuantity = async (auth: ShopAuth, lines: { productId: string; skuId: string; xml: string }[]): Promise<UpdateOutcome[]> => {
    const outcomes: UpdateOutcome[] = [];
    for (const part of chunk(lines, 20)) {
      const payload = `<?xml version="1.0" encoding="UTF-8"?><Request><Product><Skus>${part
        .map((line) => `<Sku><ItemId>${xmlEscape(line.productId)}</ItemId><SkuId>${xmlEscape(line.skuId)}</SkuId>${line.xml}</Sku>`)
        .join('')}</Skus></Product></Request>`;
      try {
        await call({ method: 'POST', path: '/product/price_quantity/update', auth, params: { payload } });
        outcomes.push(...part.map((line) => ({ productId: line.productId, skuId: line.skuId, ok: true })));
      } catch (error) {
        if (!(error instanceof MarketplaceError) || error.kind !== 'bad_request') throw error;
        outcomes.push(...part.map((line) => ({ productId: line.productId, skuId: line.skuId, ok: false, error: error.message })));
      }
    }
    return outcomes;
  };

  const cancelValidation = async (auth: ShopAuth, orderId: string) => {
    const items = await orderItems(auth, orderId);
    const itemIds = JSON.stringify(items.map((item) => num(item.order_item_id)));
    const validation = obj(
      await data({
        method: 'GET',
        path: '/order/reverse/cancel/validate',
        auth,
        params: { order_id: orderId, order_item_id_list: itemIds },
      }),
    );
    return { itemIds, validation };
  };

  return {
    marketplace: 'lazada',
    authorizationStyle: 'oauth',

    authorizationUrl: ({ redirectUrl, state }) =>
      `${config.authorizeUrl}?${new URLSearchParams({ response_type: 'code', force_auth: 'true', redirect_uri: redirectUrl, client_id: config.appKey, state }).toString()}`,

    exchangeCode: async ({ code }) => toGrant(await call({ method: 'POST', path: '/auth/token/create', host: 'auth', params: { code } })),

    refreshAccessToken: async ({ refreshToken }) =>
      toGrant(await call({ method: 'POST', path: '/auth/token/refresh', host: 'auth', params: { refresh_token: refreshToken } })),

    getShopInfo: async (auth) => {
      const seller = obj(await data({ method: 'GET', path: '/seller/get', auth }));
      const status = str(seller.status).toUpperCase();
      return { shopId: str(seller.seller_id), name: str(seller.name), region: 'ID', status: status === 'ACTIVE' ? 'active' : 'inactive' };
    },

    listCategories: async (auth) => {
      const out: { id: string; parentId?: string; name: string; isLeaf: boolean }[] = [];
      const walk = (nodes: unknown[], parentId?: string): void => {
        for (const node of nodes.map(obj)) {
          out.push({ id: str(node.category_id), ...(parentId ? { parentId } : {}), name: str(node.name), isLeaf: node.leaf === true });
          walk(arr(node.children), str(node.category_id));
        }
      };
      walk(arr(await data({ method: 'GET', path: '/category/tree/get', auth, params: { language_code: 'id_ID' } })));
      return out;
    },

    listAttributes: async (auth, categoryId) =>
      arr(
        await data({
          method: 'GET',
          path: '/category/attributes/get',
          auth,
          params: { primary_category_id: categoryId, language_code: 'id_ID' },
        }),
      )
        .map(obj)
        .map((attribute) => {
          const input = str(attribute.input_type);
          return {
            id: str(attribute.name),
            name: str(attribute.label) || str(attribute.name),
            mandatory: num(attribute.is_mandatory) === 1,
            inputType:
              input === 'multiSelect' || input === 'multiEnumInput'
                ? 'multi_select'
                : input === 'singleSelect' || input === 'enumInput'
                  ? 'single_select'
                  : input === 'numeric'
                    ? 'number'
                    : 'text',
            values: arr(attribute.options)
              .map(obj)
              .map((option) => ({ id: str(option.id ?? option.name), name: str(option.name) })),
          };
        }),

    listBrands: async (auth, input) => {
      const start = Number(input.cursor ?? 0);
      const size = Math.min(input.pageSize ?? 40, 200);
      const page = obj(await data({ method: 'GET', path: '/category/brands/query', auth, params: { startRow: start, pageSize: size } }));
      const items = arr(page.module)
        .map(obj)
        .map((brand) => ({ id: str(brand.brand_id), name: str(brand.name) }));
      return {
        items,
        total: num(page.total_record),
        ...(start + items.length < num(page.total_record) ? { nextCursor: String(start + items.length) } : {}),
      };
    },

    listWarehouses: async (auth) => {
      const wrapped = obj((await call({ method: 'GET', path: '/rc/warehouse/get', auth })).result);
      if (wrapped.success !== true) {
        throw new MarketplaceError({
          marketplace: 'lazada',
          kind: 'upstream',
          code: str(wrapped.error_code) || 'failed',
          message: str(wrapped.error_msg),
        });
      }
      // Warehouse codes are what price/stock payloads name in MultiWarehouseInventories.
      return arr(wrapped.module)
        .map(obj)
        .map((warehouse) => ({
          id: str(warehouse.code),
          name: str(warehouse.name),
          city: str(warehouse.city),
          isDefault: warehouse.isDefault === true,
        }));
    },

    uploadImage: async (auth, input) => {
      if (input.kind === 'url') {
        // Lazada fetches external images itself, asynchronously: poll the batch with getImageStatus.
        const payload = `<?xml version="1.0" encoding="UTF-8"?><Request><Images><Url>${xmlEscape(input.url)}</Url></Images></Request>`;
        const json = await call({ method: 'POST', path: '/images/migrate', auth, params: { payload } });
        return { id: str(json.batch_id), status: 'ON_PROGRESS' };
      }
      try {
        const uploaded = obj(obj(await data({ method: 'POST', path: '/image/upload', auth, file: { name: 'image', ...input } })).image);
        return { id: str(uploaded.url), status: 'FINISHED', url: str(uploaded.url) };
      } catch (error) {
        if (error instanceof MarketplaceError && error.kind === 'bad_request') return { id: '', status: 'FAILED', error: error.message };
        throw error;
      }
    },

    getImageStatus: async (auth, imageId) => {
      // A URL is an image Lazada already holds; anything else is a migration batch id.
      if (/^https?:\/\//.test(imageId)) return { id: imageId, status: 'FINISHED', url: imageId };
      try {
        const response = obj(await data({ method: 'GET', path: '/image/response/get', auth, params: { batch_id: imageId } }));
        const image = obj(arr(response.images)[0]);
        if (image.url) return { id: str(image.url), status: 'FINISHED', url: str(image.url) };
        return { id: imageId, status: 'FAILED', error: str(obj(arr(response.errors)[0]).msg) || 'Image migration failed' };
      } catch (error) {
        if (error instanceof MarketplaceError && error.code === 'ResponseNotReady') return { id: imageId, status: 'ON_PROGRESS' };
        throw error;
      }
    },

    createProduct: async (auth, input) => {
      const created = obj(
        await data({ method: 'POST', path: '/product/create', auth, params: { payload: JSON.stringify(productPayload(input)) } }),
      );
      const itemId = str(created.item_id);
      return productRequest(auth, itemId);
    },

    updateProduct: async (auth, productId, input) => {
      await call({
        method: 'POST',
        path: '/product/update',
        auth,
        params: { payload: JSON.stringify(productPayload({ ...input, skus: undefined }, productId)) },
      });
      return productRequest(auth, productId);
    },

    getProductRequestStatus: productRequest,

    listProducts: async (auth, input) => {
      const offset = Number(input.cursor ?? 0);
      const limit = Math.min(input.pageSize ?? 50, 50);
      const page = obj(
        await data({
          method: 'GET',
          path: '/products/get',
          auth,
          params: {
            filter: 'all',
            offset,
            limit,
            ...(input.updatedFrom !== undefined ? { update_after: iso(input.updatedFrom) } : {}),
            ...(input.updatedTo !== undefined ? { update_before: iso(input.updatedTo) } : {}),
          },
        }),
      );
      const items = arr(page.products).map(obj).map(productView);
      const total = num(page.total_products);
      return { items, total, ...(offset + items.length < total ? { nextCursor: String(offset + items.length) } : {}) };
    },

    getProduct: async (auth, productId) =>
      productView(obj(await data({ method: 'GET', path: '/product/item/get', auth, params: { item_id: productId } }))),

    updateStock: (auth, updates) =>
      priceQuantity(
        auth,
        updates.map((update) => ({
          productId: update.productId,
          skuId: update.skuId,
          xml: update.warehouseId
            ? `<MultiWarehouseInventories><MultiWarehouseInventory><WarehouseCode>${xmlEscape(update.warehouseId)}</WarehouseCode><Quantity>${update.quantity}</Quantity></MultiWarehouseInventory></MultiWarehouseInventories><Quantity>${update.quantity}</Quantity>`
            : `<Quantity>${update.quantity}</Quantity>`,
        })),
      ),

    updatePrice: (auth, updates) =>
      priceQuantity(
        auth,
        updates.map((update) => ({ productId: update.productId, skuId: update.skuId, xml: `<Price>${update.price}</Price>` })),
      ),

    listOrders: async (auth, input) => {
      const offset = Number(input.cursor ?? 0);
      const limit = Math.min(input.pageSize ?? 100, 100);
      const page = obj(
        await data({
          method: 'GET',
          path: '/orders/get',
          auth,
          params:
            input.timeField === 'create'
              ? {
                  created_after: iso(input.from),
                  created_before: iso(input.to),
                  sort_by: 'created_at',
                  sort_direction: 'DESC',
                  offset,
                  limit,
                }
              : {
                  update_after: iso(input.from),
                  update_before: iso(input.to),
                  sort_by: 'updated_at',
                  sort_direction: 'DESC',
                  offset,
                  limit,
                },
        }),
      );
      const items = arr(page.orders)
        .map(obj)
        .map((order) => {
          const statuses = arr(order.statuses).map(str);
          return { orderId: str(order.order_id), rawStatus: statuses.join(','), status: lazadaOrderStatus(statuses) };
        });
      const total = num(page.countTotal);
      return { items, total, ...(offset + items.length < total ? { nextCursor: String(offset + items.length) } : {}) };
    },

    getOrders,

    // "Accept" is Lazada's pack step: it allocates a package and tracking number for every item.
    acceptOrder: async (auth, orderId) => {
      const items = await orderItems(auth, orderId);
      const packed = await result({
        method: 'POST',
        path: '/order/fulfill/pack',
        auth,
        params: {
          packReq: JSON.stringify({
            pack_order_list: [{ order_id: Number(orderId), order_item_list: items.map((item) => num(item.order_item_id)) }],
            delivery_type: 'dropship',
            shipping_allocate_type: 'TFS',
          }),
        },
      });
      const failed = arr(obj(arr(packed.pack_order_list)[0]).order_item_list)
        .map(obj)
        .find((item) => str(item.item_err_code) !== '0');
      if (failed)
        throw new MarketplaceError({
          marketplace: 'lazada',
          kind: 'bad_request',
          code: str(failed.item_err_code),
          message: str(failed.msg),
        });
    },

    cancellationReasons: async (auth, orderId) => {
      const { validation } = await cancelValidation(auth, orderId);
      return arr(validation.reason_options)
        .map(obj)
        .map((reason) => ({ id: str(reason.reason_id), label: str(reason.reason_name) }));
    },

    cancelOrder: async (auth, input) => {
      const { itemIds } = await cancelValidation(auth, input.orderId);
      await data({
        method: 'GET',
        path: '/order/reverse/cancel/create',
        auth,
        params: { order_id: input.orderId, order_item_id_list: itemIds, reason_id: input.reasonId },
      });
    },

    arrangeShipment: async (auth, input) => {
      const [order] = await getOrders(auth, [input.orderId]);
      if (!order?.packageId)
        throw new MarketplaceError({
          marketplace: 'lazada',
          kind: 'bad_request',
          code: 'not_packed',
          message: 'Accept (pack) the order before shipping it',
        });
      const shipped = await result({
        method: 'POST',
        path: '/order/package/rts',
        auth,
        params: { readyToShipReq: JSON.stringify({ packages: [{ package_id: order.packageId }] }) },
      });
      const failed = arr(shipped.packages)
        .map(obj)
        .find((entry) => str(entry.item_err_code) !== '0');
      if (failed)
        throw new MarketplaceError({
          marketplace: 'lazada',
          kind: 'bad_request',
          code: str(failed.item_err_code),
          message: str(failed.msg),
        });
      return {
        orderId: input.orderId,
        packageId: order.packageId,
        ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
      };
    },

    getShippingLabel: async (auth, orderId) => {
      const [order] = await getOrders(auth, [orderId]);
      if (!order?.packageId)
        throw new MarketplaceError({
          marketplace: 'lazada',
          kind: 'bad_request',
          code: 'not_packed',
          message: 'The order has no package yet',
        });
      const document = await result({
        method: 'POST',
        path: '/order/package/document/get',
        auth,
        params: { getDocumentReq: JSON.stringify({ doc_type: 'PDF', packages: [{ package_id: order.packageId }] }) },
      });
      if (str(document.file)) return { contentType: 'application/pdf', data: new Uint8Array(Buffer.from(str(document.file), 'base64')) };
      const answer = await sendHttp('lazada', config, { method: 'GET', url: str(document.pdf_url) });
      return { contentType: 'application/pdf', data: answer.bytes };
    },

    verifyPush: ({ headers, rawBody }) => verifyLazadaPush(config.appKey, config.appSecret, rawBody, headers.authorization),

    parsePush: (rawBody) => parseLazadaPush(rawBody),

    listReturns: async (auth, input) => {
      const pageNo = Number(input.cursor ?? 1);
      const pageSize = Math.min(input.pageSize ?? 50, 100);
      const page = obj(
        (
          await call({
            method: 'GET',
            path: '/reverse/getreverseordersforseller',
            auth,
            params: {
              page_no: pageNo,
              page_size: pageSize,
              // Milliseconds, inclusive (README choice for the creation-time names).
              ReverseOrderLineCreatedTimeRangeStart: input.createdFrom,
              ReverseOrderLineCreatedTimeRangeEnd: input.createdTo !== undefined ? input.createdTo - 1 : undefined,
            },
          })
        ).result,
      );
      const total = num(page.total);
      return {
        items: arr(page.items).map(obj).map(toReturn),
        total,
        ...(pageNo * pageSize < total ? { nextCursor: String(pageNo + 1) } : {}),
      };
    },

    getReturn: async (auth, returnId) =>
      toReturn(obj(await data({ method: 'GET', path: '/order/reverse/return/detail/list', auth, params: { reverse_order_id: returnId } }))),
  };
};
