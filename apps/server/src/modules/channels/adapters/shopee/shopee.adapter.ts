import { arr, chunk, downloadImage, fileBlob, num, obj, parseJson, retrying, runtimeNow, sendHttp, str } from '../adapter-http.ts';
import type { HttpAnswer } from '../adapter-http.ts';
import { parseRetryAfter } from '../http-retry.ts';
import type {
  AdapterRuntime,
  CancellationReason,
  Discount,
  DiscountItem,
  DiscountItemInput,
  DiscountItemsResult,
  DiscountStatus,
  ImageUpload,
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
import { shopeeSign, verifyShopeePush } from './shopee.sign.ts';

/** Shopee Open Platform v2 (research §1). */

export type ShopeeConfig = AdapterRuntime & {
  /** `https://partner.shopeemobile.com`, or the sandbox's `/shopee` base. */
  baseUrl: string;
  partnerId: number;
  partnerKey: string;
  /** Spec part 9: logistics channel 8003, enabled and not free. */
  logisticId?: number;
  /** How long to wait between shipping-document status polls. */
  labelPollMs?: number;
};

const REFRESH_LIFETIME_MS = 30 * 86_400_000;

const ORDER_STATUS: Record<string, MarketplaceOrderStatus> = {
  UNPAID: 'unpaid',
  INVOICE_PENDING: 'unpaid',
  READY_TO_SHIP: 'new',
  PROCESSED: 'ready_to_ship',
  RETRY_SHIP: 'ready_to_ship',
  SHIPPED: 'shipped',
  TO_CONFIRM_RECEIVE: 'delivered',
  COMPLETED: 'completed',
  IN_CANCEL: 'cancel_requested',
  CANCELLED: 'canceled',
  TO_RETURN: 'returned',
};

const ITEM_STATUS: Record<string, ProductStatus> = {
  NORMAL: 'active',
  UNLIST: 'inactive',
  REVIEWING: 'reviewing',
  BANNED: 'rejected',
  SELLER_DELETE: 'deleted',
  SHOPEE_DELETE: 'deleted',
};

// Shopee's seller cancellation reasons are a fixed enum; UNDELIVERABLE_AREA is TW/MY only (research §1.4).
const CANCEL_REASONS: CancellationReason[] = [
  { id: 'OUT_OF_STOCK', label: 'Out of stock' },
  { id: 'CUSTOMER_REQUEST', label: 'Customer request' },
  { id: 'COD_NOT_SUPPORTED', label: 'COD not supported' },
];

export const shopeeOrderStatus = (raw: string): MarketplaceOrderStatus => ORDER_STATUS[raw] ?? 'on_process';

const requestStatus = (itemStatus: string): ProcessingStatus =>
  itemStatus === 'REVIEWING' ? 'ON_PROGRESS' : itemStatus === 'NORMAL' || itemStatus === 'UNLIST' ? 'FINISHED' : 'FAILED';

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
};

/** Shopee pushes carry no message id, so the order, its status and the update time make the dedup key. */
export const parseShopeePush = (rawBody: string): MarketplacePushEvent | undefined => {
  const body = obj(safeJson(rawBody));
  if (body.shop_id === undefined || body.code === undefined) return undefined;
  const data = obj(body.data);
  const shopId = str(body.shop_id);
  if (num(body.code) === 3) {
    const rawStatus = str(data.status);
    return {
      eventId: `shopee:${shopId}:3:${str(data.ordersn)}:${rawStatus}:${str(data.update_time)}`,
      shopId,
      type: 'order_status',
      orderId: str(data.ordersn),
      rawStatus,
      status: shopeeOrderStatus(rawStatus),
      occurredAt: num(data.update_time ?? body.timestamp) * 1000,
    };
  }
  return {
    eventId: `shopee:${shopId}:${str(body.code)}:${str(body.timestamp)}`,
    shopId,
    type: 'other',
    occurredAt: num(body.timestamp) * 1000,
  };
};

const discountStatus = (raw: string): DiscountStatus => (raw === 'upcoming' || raw === 'ongoing' ? raw : 'expired');

const toDiscount = (raw: Record<string, unknown>): Discount => ({
  discountId: str(raw.discount_id),
  name: str(raw.discount_name),
  status: discountStatus(str(raw.status)),
  startTime: num(raw.start_time) * 1000,
  endTime: num(raw.end_time) * 1000,
});

const toDiscountItems = (item: Record<string, unknown>): DiscountItem[] => {
  const base = { productId: str(item.item_id), name: str(item.item_name), purchaseLimit: num(item.purchase_limit) };
  const models = arr(item.model_list).map(obj);
  if (models.length === 0) {
    return [
      {
        ...base,
        skuId: '0',
        originalPrice: num(item.item_original_price),
        promotionPrice: num(item.item_promotion_price),
        ...(item.item_promotion_stock !== undefined ? { promotionStock: num(item.item_promotion_stock) } : {}),
      },
    ];
  }
  return models.map((model) => ({
    ...base,
    skuId: str(model.model_id),
    originalPrice: num(model.model_original_price),
    promotionPrice: num(model.model_promotion_price),
    ...(model.model_promotion_stock !== undefined ? { promotionStock: num(model.model_promotion_stock) } : {}),
  }));
};

// Shopee return statuses (returns module): REQUESTED, ACCEPTED, PROCESSING, SELLER_DISPUTE, JUDGING, REFUND_PAID, CLOSED, CANCELLED.
const RETURN_STATUS: Record<string, ReturnStatus> = {
  REQUESTED: 'requested',
  ACCEPTED: 'accepted',
  PROCESSING: 'processing',
  SELLER_DISPUTE: 'processing',
  JUDGING: 'processing',
  REFUND_PAID: 'refunded',
  CLOSED: 'closed',
  CANCELLED: 'cancelled',
};

const toReturn = (raw: Record<string, unknown>): MarketplaceReturn => ({
  returnId: str(raw.return_sn),
  orderId: str(raw.order_sn),
  rawStatus: str(raw.status),
  status: RETURN_STATUS[str(raw.status)] ?? 'processing',
  reason: str(raw.reason),
  refundAmount: num(raw.refund_amount),
  currency: str(raw.currency) || 'IDR',
  createdAt: num(raw.create_time) * 1000,
  updatedAt: num(raw.update_time) * 1000,
  items: arr(raw.item)
    .map(obj)
    .map((item) => ({
      productId: str(item.item_id),
      skuId: str(item.model_id),
      name: str(item.name),
      quantity: num(item.amount),
      refundAmount: num(item.refund_amount),
    })),
});

const errorKind = (answer: HttpAnswer, error: string, message: string): MarketplaceErrorKind => {
  if (answer.status === 429 || /too many request/i.test(message) || error === 'error_too_many_request') return 'rate_limited';
  if (error === 'error_sign') return 'invalid_sign';
  if (error === 'invalid_code') return 'invalid_code';
  if (error === 'error_auth' || /access_?token|refresh_token/i.test(`${error} ${message}`)) return 'auth_expired';
  if (answer.status === 404 || /not_?found|not_exist/i.test(error)) return 'not_found';
  if (answer.status >= 500 || error === 'error_server' || error === 'error_inner') return 'upstream';
  return 'bad_request';
};

type CallInput = {
  method: 'GET' | 'POST';
  path: string;
  auth?: ShopAuth;
  query?: Record<string, string | number | string[] | undefined>;
  body?: unknown;
  form?: FormData;
  binary?: boolean;
};

export const createShopeeAdapter = (config: ShopeeConfig): MarketplaceAdapter => {
  const now = (): number => runtimeNow(config);
  const baseUrl = config.baseUrl.replace(/\/$/, '');

  const signedUrl = (path: string, auth: ShopAuth | undefined, query: CallInput['query'] = {}): string => {
    const timestamp = Math.floor(now() / 1000);
    const sign = shopeeSign(config.partnerKey, {
      partnerId: config.partnerId,
      path,
      timestamp,
      ...(auth ? { accessToken: auth.accessToken, shopId: auth.shopId } : {}),
    });
    const params = new URLSearchParams({ partner_id: String(config.partnerId), timestamp: String(timestamp), sign });
    if (auth) {
      params.set('access_token', auth.accessToken);
      params.set('shop_id', auth.shopId);
    }
    for (const [key, value] of Object.entries(query)) {
      if (Array.isArray(value)) for (const each of value) params.append(key, each);
      else if (value !== undefined) params.set(key, String(value));
    }
    return `${baseUrl}${path}?${params.toString()}`;
  };

  const call = (input: CallInput): Promise<{ json: Record<string, unknown>; answer: HttpAnswer }> =>
    retrying(config, async () => {
      const answer = await sendHttp('shopee', config, {
        method: input.method,
        url: signedUrl(input.path, input.auth, input.query),
        ...(input.form
          ? { body: input.form }
          : input.body !== undefined
            ? { body: JSON.stringify(input.body), headers: { 'content-type': 'application/json' } }
            : {}),
      });
      if (input.binary && answer.status === 200 && !(answer.headers.get('content-type') ?? '').includes('json')) {
        return { json: {}, answer };
      }
      const json = parseJson('shopee', answer);
      const error = str(json.error);
      if (error !== '' || answer.status >= 400) {
        const message = str(json.message);
        throw new MarketplaceError({
          marketplace: 'shopee',
          kind: errorKind(answer, error, message),
          code: error || `http_${answer.status}`,
          message,
          requestId: str(json.request_id),
          httpStatus: answer.status,
          ...(answer.headers.get('retry-after') ? { retryAfterMs: parseRetryAfter(answer.headers.get('retry-after'), now()) ?? 0 } : {}),
        });
      }
      return { json, answer };
    });

  const api = async (input: CallInput): Promise<Record<string, unknown>> => obj((await call(input)).json.response);

  const toGrant = (json: Record<string, unknown>, shopIds: string[], mainAccountId?: string): TokenGrant => ({
    accessToken: str(json.access_token),
    refreshToken: str(json.refresh_token),
    accessTokenExpiresAt: now() + num(json.expire_in) * 1000,
    refreshTokenExpiresAt: now() + REFRESH_LIFETIME_MS,
    shops: shopIds.map((shopId) => ({ shopId })),
    ...(mainAccountId ? { mainAccountId } : {}),
  });

  const itemDetails = async (auth: ShopAuth, itemIds: string[]): Promise<MarketplaceProduct[]> => {
    const products: MarketplaceProduct[] = [];
    for (const ids of chunk(itemIds, 50)) {
      const response = await api({
        method: 'GET',
        path: '/api/v2/product/get_item_base_info',
        auth,
        query: { item_id_list: ids.join(',') },
      });
      for (const raw of arr(response.item_list).map(obj)) {
        const itemId = str(raw.item_id);
        let skus: MarketplaceProduct['skus'];
        if (raw.has_model === true) {
          const models = await api({ method: 'GET', path: '/api/v2/product/get_model_list', auth, query: { item_id: itemId } });
          skus = arr(models.model)
            .map(obj)
            .map((model) => ({
              skuId: str(model.model_id),
              sellerSku: str(model.model_sku),
              price: num(obj(arr(model.price_info)[0]).original_price),
              stock: num(obj(obj(model.stock_info_v2).summary_info).total_available_stock),
            }));
        } else {
          skus = [
            {
              skuId: '0',
              sellerSku: str(raw.item_sku),
              price: num(obj(arr(raw.price_info)[0]).original_price),
              stock: num(obj(obj(raw.stock_info_v2).summary_info).total_available_stock),
            },
          ];
        }
        products.push({
          productId: itemId,
          name: str(raw.item_name),
          status: ITEM_STATUS[str(raw.item_status)] ?? 'inactive',
          categoryId: str(raw.category_id),
          images: arr(obj(raw.image).image_id_list).map(str),
          skus,
          updatedAt: num(raw.update_time) * 1000,
        });
      }
    }
    return products;
  };

  const itemBody = (input: Partial<ProductInput>) => ({
    ...(input.name !== undefined ? { item_name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.categoryId !== undefined ? { category_id: Number(input.categoryId) } : {}),
    ...(input.images !== undefined ? { image: { image_id_list: input.images } } : {}),
    // Shopee wants kilograms; Kelola keeps grams (spec: "Tiktok and Shopee weight in g is divided by 1000").
    ...(input.weightGrams !== undefined ? { weight: input.weightGrams / 1000 } : {}),
    ...(input.dimensionsCm
      ? {
          dimension: {
            package_length: input.dimensionsCm.length,
            package_width: input.dimensionsCm.width,
            package_height: input.dimensionsCm.height,
          },
        }
      : {}),
    ...(input.attributes
      ? {
          attribute_list: input.attributes.map((attribute) => ({
            attribute_id: Number(attribute.id),
            attribute_value_list: attribute.values.map((value) =>
              /^\d+$/.test(value) ? { value_id: Number(value) } : { value_id: 0, original_value_name: value },
            ),
          })),
        }
      : {}),
  });

  const productRequest = async (auth: ShopAuth, itemId: string): Promise<ProductRequest> => {
    const response = await api({ method: 'GET', path: '/api/v2/product/get_item_base_info', auth, query: { item_id_list: itemId } });
    const item = obj(arr(response.item_list)[0]);
    if (!item.item_id)
      throw new MarketplaceError({ marketplace: 'shopee', kind: 'not_found', code: 'item_not_found', message: `Item ${itemId} not found` });
    const status = requestStatus(str(item.item_status));
    return {
      requestId: itemId,
      productId: itemId,
      status,
      ...(status === 'FAILED' ? { error: `Item status ${str(item.item_status)}` } : {}),
    };
  };

  const orderDetails = async (auth: ShopAuth, orderIds: string[]): Promise<MarketplaceOrder[]> => {
    const orders: MarketplaceOrder[] = [];
    for (const ids of chunk(orderIds, 50)) {
      const response = await api({
        method: 'GET',
        path: '/api/v2/order/get_order_detail',
        auth,
        query: {
          order_sn_list: ids.join(','),
          response_optional_fields:
            'buyer_username,recipient_address,item_list,pay_time,package_list,shipping_carrier,total_amount,actual_shipping_fee,cancel_reason',
        },
      });
      for (const raw of arr(response.order_list).map(obj)) {
        const recipient = obj(raw.recipient_address);
        const rawStatus = str(raw.order_status);
        const pkg = obj(arr(raw.package_list)[0]);
        orders.push({
          orderId: str(raw.order_sn),
          rawStatus,
          status: shopeeOrderStatus(rawStatus),
          createdAt: num(raw.create_time) * 1000,
          updatedAt: num(raw.update_time) * 1000,
          buyerName: str(raw.buyer_username),
          recipient: {
            name: str(recipient.name),
            phone: str(recipient.phone),
            address: str(recipient.full_address),
            city: str(recipient.city),
          },
          items: arr(raw.item_list)
            .map(obj)
            .map((item) => ({
              itemId: `${str(item.item_id)}:${str(item.model_id)}`,
              productId: str(item.item_id),
              skuId: str(item.model_id),
              sellerSku: str(item.model_sku) || str(item.item_sku),
              name: str(item.item_name),
              quantity: num(item.model_quantity_purchased),
              price: num(item.model_discounted_price),
            })),
          totalAmount: num(raw.total_amount),
          shippingFee: num(raw.actual_shipping_fee),
          currency: str(raw.currency) || 'IDR',
          ...(pkg.package_number ? { packageId: str(pkg.package_number) } : {}),
          ...(raw.shipping_carrier ? { courier: str(raw.shipping_carrier) } : {}),
          ...(raw.cancel_reason ? { cancelReason: str(raw.cancel_reason) } : {}),
        });
      }
    }
    return orders;
  };

  const updateModels = async (
    auth: ShopAuth,
    path: string,
    listField: 'stock_list' | 'price_list',
    updates: { productId: string; skuId: string; entry: Record<string, unknown> }[],
  ): Promise<UpdateOutcome[]> => {
    const outcomes: UpdateOutcome[] = [];
    const byItem = new Map<string, typeof updates>();
    for (const update of updates) byItem.set(update.productId, [...(byItem.get(update.productId) ?? []), update]);
    for (const [itemId, list] of byItem) {
      for (const part of chunk(list, 50)) {
        const response = await api({
          method: 'POST',
          path,
          auth,
          body: { item_id: Number(itemId), [listField]: part.map((update) => ({ model_id: Number(update.skuId), ...update.entry })) },
        });
        const failures = new Map(
          arr(response.failure_list)
            .map(obj)
            .map((failure) => [str(failure.model_id), str(failure.failed_reason)]),
        );
        for (const update of part) {
          const error = failures.get(String(Number(update.skuId)));
          outcomes.push({ productId: itemId, skuId: update.skuId, ok: error === undefined, ...(error !== undefined ? { error } : {}) });
        }
      }
    }
    return outcomes;
  };

  const sleep = (ms: number): Promise<void> => (config.retry?.sleep ?? ((wait) => new Promise((resolve) => setTimeout(resolve, wait))))(ms);

  return {
    marketplace: 'shopee',
    authorizationStyle: 'oauth',

    authorizationUrl: ({ redirectUrl }) => {
      const path = '/api/v2/shop/auth_partner';
      const timestamp = Math.floor(now() / 1000);
      const sign = shopeeSign(config.partnerKey, { partnerId: config.partnerId, path, timestamp });
      const params = new URLSearchParams({
        partner_id: String(config.partnerId),
        timestamp: String(timestamp),
        sign,
        redirect: redirectUrl,
      });
      return `${baseUrl}${path}?${params.toString()}`;
    },

    exchangeCode: async ({ code, shopId, mainAccountId }) => {
      const body = {
        code,
        partner_id: config.partnerId,
        ...(mainAccountId ? { main_account_id: Number(mainAccountId) } : { shop_id: Number(shopId) }),
      };
      try {
        const { json } = await call({ method: 'POST', path: '/api/v2/auth/token/get', body });
        const shopIds = mainAccountId ? arr(json.shop_id_list).map(str) : [str(shopId)];
        return toGrant(json, shopIds, mainAccountId);
      } catch (error) {
        // Whatever Shopee calls it, a refused code means the seller must authorize again.
        if (error instanceof MarketplaceError && error.kind === 'bad_request') {
          throw new MarketplaceError({
            marketplace: 'shopee',
            kind: 'invalid_code',
            code: error.code,
            message: error.message,
            ...(error.requestId ? { requestId: error.requestId } : {}),
          });
        }
        throw error;
      }
    },

    refreshAccessToken: async ({ refreshToken, shopId, mainAccountId }) => {
      const body = {
        refresh_token: refreshToken,
        partner_id: config.partnerId,
        ...(shopId ? { shop_id: Number(shopId) } : { merchant_id: Number(mainAccountId) }),
      };
      const { json } = await call({ method: 'POST', path: '/api/v2/auth/access_token/get', body });
      return toGrant(json, shopId ? [shopId] : [], mainAccountId);
    },

    getShopInfo: async (auth) => {
      const { json } = await call({ method: 'GET', path: '/api/v2/shop/get_shop_info', auth });
      const status = str(json.status);
      return {
        shopId: auth.shopId,
        name: str(json.shop_name),
        region: str(json.region),
        status: status === 'NORMAL' ? 'active' : status === 'BANNED' ? 'banned' : 'inactive',
      };
    },

    listCategories: async (auth) => {
      const response = await api({ method: 'GET', path: '/api/v2/product/get_category', auth, query: { language: 'id' } });
      return arr(response.category_list)
        .map(obj)
        .map((category) => ({
          id: str(category.category_id),
          ...(num(category.parent_category_id) !== 0 ? { parentId: str(category.parent_category_id) } : {}),
          name: str(category.display_category_name) || str(category.original_category_name),
          isLeaf: category.has_children !== true,
        }));
    },

    listAttributes: async (auth, categoryId) => {
      const response = await api({
        method: 'GET',
        path: '/api/v2/product/get_attribute_tree',
        auth,
        query: { category_id_list: categoryId, language: 'id' },
      });
      const entry = arr(response.list)
        .map(obj)
        .find((item) => str(item.category_id) === categoryId);
      return arr(entry?.attribute_tree)
        .map(obj)
        .map((attribute) => {
          const inputType = str(obj(attribute.attribute_info).input_type);
          return {
            id: str(attribute.attribute_id),
            name: str(attribute.name),
            mandatory: attribute.mandatory === true,
            inputType:
              inputType === 'MULTIPLE_SELECT' || inputType === 'MULTIPLE_SELECT_COMBO_BOX'
                ? 'multi_select'
                : inputType.includes('DROP_DOWN') || inputType.includes('COMBO_BOX')
                  ? 'single_select'
                  : 'text',
            values: arr(attribute.attribute_value_list)
              .map(obj)
              .map((value) => ({ id: str(value.value_id), name: str(value.name) })),
          };
        });
    },

    listBrands: async (auth, input) => {
      const response = await api({
        method: 'GET',
        path: '/api/v2/product/get_brand_list',
        auth,
        query: {
          offset: input.cursor ?? '0',
          page_size: Math.min(input.pageSize ?? 100, 100),
          status: 1,
          category_id: input.categoryId,
          language: 'id',
        },
      });
      return {
        items: arr(response.brand_list)
          .map(obj)
          .map((brand) => ({ id: str(brand.brand_id), name: str(brand.display_brand_name) || str(brand.original_brand_name) })),
        ...(response.has_next_page === true ? { nextCursor: str(response.next_offset) } : {}),
      };
    },

    listWarehouses: async (auth) => {
      const { json } = await call({ method: 'GET', path: '/api/v2/shop/get_warehouse_detail', auth, query: { warehouse_type: 1 } });
      // Stock is addressed by location_id, so that is the warehouse id Kelola maps to.
      return arr(json.response)
        .map(obj)
        .map((warehouse, index) => ({
          id: str(warehouse.location_id),
          name: str(warehouse.warehouse_name),
          city: str(warehouse.city),
          isDefault: index === 0,
        }));
    },

    uploadImage: async (_auth, input) => {
      const file = input.kind === 'url' ? await downloadImage('shopee', config, input.url) : input;
      const form = new FormData();
      form.append('image', fileBlob(file.data, file.contentType), file.fileName);
      form.append('scene', 'normal');
      const { json } = await call({ method: 'POST', path: '/api/v2/media_space/upload_image', form });
      const response = obj(json.response);
      const first = obj(arr(response.image_info_list)[0]);
      if (str(first.error) !== '') return { id: '', status: 'FAILED', error: str(first.message) || str(first.error) };
      const info = obj(response.image_info);
      return { id: str(info.image_id), status: 'FINISHED', url: str(obj(arr(info.image_url_list)[0]).image_url) };
    },

    // Shopee processes images inside the upload call; an image id, once returned, is final.
    getImageStatus: async (_auth, imageId): Promise<ImageUpload> => ({ id: imageId, status: 'FINISHED' }),

    createProduct: async (auth, input) => {
      const single = input.skus.length === 1 && Object.keys(input.skus[0]?.options ?? {}).length === 0 ? input.skus[0] : undefined;
      const first = input.skus[0];
      if (!first)
        throw new MarketplaceError({
          marketplace: 'shopee',
          kind: 'bad_request',
          code: 'no_sku',
          message: 'A product needs at least one SKU',
        });
      const response = await api({
        method: 'POST',
        path: '/api/v2/product/add_item',
        auth,
        body: {
          ...itemBody(input),
          original_price: first.price,
          item_status: 'NORMAL',
          pre_order: { is_pre_order: false, days_to_ship: 3 },
          logistic_info: [{ logistic_id: config.logisticId ?? 8003, enabled: true, is_free: false }],
          condition: 'NEW',
          brand: input.brandId ? { brand_id: Number(input.brandId) } : { brand_id: 0, original_brand_name: 'NoBrand' },
          ...(single ? { item_sku: single.sellerSku, seller_stock: [{ stock: single.stock }] } : {}),
        },
      });
      const itemId = str(response.item_id);
      if (!single) {
        const names = [...new Set(input.skus.flatMap((sku) => Object.keys(sku.options ?? {})))].slice(0, 2);
        const options = names.map((name) => [...new Set(input.skus.map((sku) => sku.options?.[name] ?? ''))]);
        await api({
          method: 'POST',
          path: '/api/v2/product/init_tier_variation',
          auth,
          body: {
            item_id: Number(itemId),
            tier_variation: names.map((name, tier) => ({ name, option_list: (options[tier] ?? []).map((option) => ({ option })) })),
            model: input.skus.map((sku) => ({
              tier_index: names.map((name, tier) => (options[tier] ?? []).indexOf(sku.options?.[name] ?? '')),
              original_price: sku.price,
              model_sku: sku.sellerSku,
              seller_stock: [{ stock: sku.stock }],
            })),
          },
        });
      }
      const status = requestStatus(str(response.item_status) || 'REVIEWING');
      return { requestId: itemId, productId: itemId, status };
    },

    updateProduct: async (auth, productId, input) => {
      await api({ method: 'POST', path: '/api/v2/product/update_item', auth, body: { item_id: Number(productId), ...itemBody(input) } });
      return productRequest(auth, productId);
    },

    getProductRequestStatus: productRequest,

    listProducts: async (auth, input) => {
      const pageSize = Math.min(input.pageSize ?? 50, 50);
      const response = await api({
        method: 'GET',
        path: '/api/v2/product/get_item_list',
        auth,
        query: {
          offset: input.cursor ?? '0',
          page_size: pageSize,
          item_status: ['NORMAL', 'UNLIST', 'REVIEWING', 'BANNED'],
          update_time_from: input.updatedFrom !== undefined ? Math.floor(input.updatedFrom / 1000) : undefined,
          update_time_to: input.updatedTo !== undefined ? Math.floor(input.updatedTo / 1000) : undefined,
        },
      });
      const ids = arr(response.item).map((item) => str(obj(item).item_id));
      return {
        items: ids.length > 0 ? await itemDetails(auth, ids) : [],
        total: num(response.total_count),
        ...(response.has_next_page === true ? { nextCursor: str(response.next_offset) } : {}),
      };
    },

    getProduct: async (auth, productId) => {
      const [product] = await itemDetails(auth, [productId]);
      if (!product)
        throw new MarketplaceError({
          marketplace: 'shopee',
          kind: 'not_found',
          code: 'item_not_found',
          message: `Item ${productId} not found`,
        });
      return product;
    },

    updateStock: (auth, updates) =>
      updateModels(
        auth,
        '/api/v2/product/update_stock',
        'stock_list',
        updates.map((update) => ({
          productId: update.productId,
          skuId: update.skuId,
          entry: { seller_stock: [{ ...(update.warehouseId ? { location_id: update.warehouseId } : {}), stock: update.quantity }] },
        })),
      ),

    updatePrice: (auth, updates) =>
      updateModels(
        auth,
        '/api/v2/product/update_price',
        'price_list',
        updates.map((update) => ({ productId: update.productId, skuId: update.skuId, entry: { original_price: update.price } })),
      ),

    listOrders: async (auth, input) => {
      const response = await api({
        method: 'GET',
        path: '/api/v2/order/get_order_list',
        auth,
        query: {
          time_range_field: input.timeField === 'create' ? 'create_time' : 'update_time',
          time_from: Math.floor(input.from / 1000),
          time_to: Math.floor((input.to - 1) / 1000),
          page_size: Math.min(input.pageSize ?? 100, 100),
          cursor: input.cursor ?? '',
          response_optional_fields: 'order_status',
        },
      });
      return {
        items: arr(response.order_list)
          .map(obj)
          .map((order) => ({
            orderId: str(order.order_sn),
            rawStatus: str(order.order_status),
            status: shopeeOrderStatus(str(order.order_status)),
          })),
        ...(response.more === true ? { nextCursor: str(response.next_cursor) } : {}),
      };
    },

    getOrders: orderDetails,

    // Shopee has no accept call: a paid order is accepted by arranging shipment. Asking for the shipping
    // parameters confirms the order can be arranged, so "accept" fails early when it cannot.
    acceptOrder: async (auth, orderId) => {
      await api({ method: 'GET', path: '/api/v2/logistics/get_shipping_parameter', auth, query: { order_sn: orderId } });
    },

    cancellationReasons: async () => CANCEL_REASONS,

    cancelOrder: async (auth, input) => {
      let itemList = input.items?.map((item) => ({ item_id: Number(item.productId), model_id: Number(item.skuId) }));
      if (input.reasonId === 'OUT_OF_STOCK' && !itemList) {
        const [order] = await orderDetails(auth, [input.orderId]);
        itemList = order?.items.map((item) => ({ item_id: Number(item.productId), model_id: Number(item.skuId) }));
      }
      await api({
        method: 'POST',
        path: '/api/v2/order/cancel_order',
        auth,
        body: { order_sn: input.orderId, cancel_reason: input.reasonId, ...(itemList ? { item_list: itemList } : {}) },
      });
    },

    answerCancelRequest: async (auth, input) => {
      await api({
        method: 'POST',
        path: '/api/v2/order/handle_buyer_cancellation',
        auth,
        body: { order_sn: input.orderId, operation: input.accept ? 'ACCEPT' : 'REJECT' },
      });
    },

    arrangeShipment: async (auth, input) => {
      const parameter = await api({
        method: 'GET',
        path: '/api/v2/logistics/get_shipping_parameter',
        auth,
        query: { order_sn: input.orderId },
      });
      let body: Record<string, unknown>;
      if (input.method === 'pickup') {
        const addresses = arr(obj(parameter.pickup).address_list).map(obj);
        const address = addresses.find((a) => arr(a.address_flag).includes('pickup_address')) ?? addresses[0];
        const slot = obj(arr(address?.time_slot_list)[0]);
        if (!address || !slot.pickup_time_id) {
          throw new MarketplaceError({
            marketplace: 'shopee',
            kind: 'bad_request',
            code: 'no_pickup_slot',
            message: 'No pickup address or time slot offered',
          });
        }
        body = { order_sn: input.orderId, pickup: { address_id: num(address.address_id), pickup_time_id: str(slot.pickup_time_id) } };
      } else {
        body = { order_sn: input.orderId, dropoff: input.trackingNumber ? { tracking_number: input.trackingNumber } : {} };
      }
      await api({ method: 'POST', path: '/api/v2/logistics/ship_order', auth, body });
      const tracking = await api({
        method: 'GET',
        path: '/api/v2/logistics/get_tracking_number',
        auth,
        query: { order_sn: input.orderId },
      });
      return { orderId: input.orderId, ...(tracking.tracking_number ? { trackingNumber: str(tracking.tracking_number) } : {}) };
    },

    getShippingLabel: async (auth, orderId) => {
      const tracking = await api({ method: 'GET', path: '/api/v2/logistics/get_tracking_number', auth, query: { order_sn: orderId } });
      const orderList = [{ order_sn: orderId, tracking_number: str(tracking.tracking_number) }];
      const type = 'THERMAL_AIR_WAYBILL';
      const created = await api({
        method: 'POST',
        path: '/api/v2/logistics/create_shipping_document',
        auth,
        body: { order_list: orderList.map((o) => ({ ...o, shipping_document_type: type })) },
      });
      const createFailure = obj(arr(created.result_list)[0]);
      if (str(createFailure.fail_error) !== '') {
        throw new MarketplaceError({
          marketplace: 'shopee',
          kind: 'bad_request',
          code: str(createFailure.fail_error),
          message: str(createFailure.fail_message),
        });
      }
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const result = await api({
          method: 'POST',
          path: '/api/v2/logistics/get_shipping_document_result',
          auth,
          body: { order_list: [{ order_sn: orderId }], shipping_document_type: type },
        });
        const status = str(obj(arr(result.result_list)[0]).status);
        if (status === 'READY') {
          const { answer } = await call({
            method: 'POST',
            path: '/api/v2/logistics/download_shipping_document',
            auth,
            body: { shipping_document_type: type, order_list: [{ order_sn: orderId }] },
            binary: true,
          });
          return { contentType: answer.headers.get('content-type') ?? 'application/pdf', data: answer.bytes };
        }
        if (status === 'FAILED') break;
        await sleep(config.labelPollMs ?? 1000);
      }
      throw new MarketplaceError({
        marketplace: 'shopee',
        kind: 'upstream',
        code: 'shipping_document_not_ready',
        message: `Label for ${orderId} is not ready`,
      });
    },

    listDiscounts: async (auth, input) => {
      const pageNo = Number(input.cursor ?? '1');
      const response = await api({
        method: 'GET',
        path: '/api/v2/discount/get_discount_list',
        auth,
        query: { discount_status: input.status ?? 'all', page_no: pageNo, page_size: Math.min(input.pageSize ?? 50, 100) },
      });
      return {
        items: arr(response.discount_list).map(obj).map(toDiscount),
        ...(response.more === true ? { nextCursor: String(pageNo + 1) } : {}),
      };
    },

    getDiscount: async (auth, discountId, page = {}) => {
      const pageNo = Number(page.cursor ?? '1');
      const response = await api({
        method: 'GET',
        path: '/api/v2/discount/get_discount',
        auth,
        query: { discount_id: discountId, page_no: pageNo, page_size: Math.min(page.pageSize ?? 100, 100) },
      });
      return { ...toDiscount(response), items: arr(response.item_list).map(obj).flatMap(toDiscountItems), more: response.more === true };
    },

    createDiscount: async (auth, input) => {
      const response = await api({
        method: 'POST',
        path: '/api/v2/discount/add_discount',
        auth,
        body: { discount_name: input.name, start_time: Math.floor(input.startTime / 1000), end_time: Math.floor(input.endTime / 1000) },
      });
      return { ...input, discountId: str(response.discount_id), status: input.startTime > now() ? 'upcoming' : 'ongoing' };
    },

    updateDiscount: async (auth, discountId, input) => {
      await api({
        method: 'POST',
        path: '/api/v2/discount/update_discount',
        auth,
        body: {
          discount_id: Number(discountId),
          ...(input.name !== undefined ? { discount_name: input.name } : {}),
          ...(input.startTime !== undefined ? { start_time: Math.floor(input.startTime / 1000) } : {}),
          ...(input.endTime !== undefined ? { end_time: Math.floor(input.endTime / 1000) } : {}),
        },
      });
    },

    addDiscountItems: async (auth, discountId, items) => {
      // One entry per item; variants of the same item travel together in its model_list.
      const byItem = new Map<string, DiscountItemInput[]>();
      for (const item of items) byItem.set(item.productId, [...(byItem.get(item.productId) ?? []), item]);
      const itemList = [...byItem].map(([itemId, entries]) => {
        const models = entries.filter((entry) => entry.skuId !== undefined && entry.skuId !== '0');
        const first = entries[0];
        return {
          item_id: Number(itemId),
          purchase_limit: first?.purchaseLimit ?? 0,
          ...(models.length > 0
            ? {
                model_list: models.map((entry) => ({
                  model_id: Number(entry.skuId),
                  model_promotion_price: entry.promotionPrice,
                  ...(entry.promotionStock !== undefined ? { model_promotion_stock: entry.promotionStock } : {}),
                })),
              }
            : {
                item_promotion_price: first?.promotionPrice,
                ...(first?.promotionStock !== undefined ? { item_promotion_stock: first.promotionStock } : {}),
              }),
        };
      });
      let added = 0;
      const failures: DiscountItemsResult['failures'] = [];
      // Shopee takes at most 1000 items per call; 50 keeps each answer small.
      for (const part of chunk(itemList, 50)) {
        const response = await api({
          method: 'POST',
          path: '/api/v2/discount/add_discount_item',
          auth,
          body: { discount_id: Number(discountId), item_list: part },
        });
        added += num(response.count);
        for (const failure of arr(response.error_list).map(obj)) {
          failures.push({
            productId: str(failure.item_id),
            skuId: str(failure.model_id ?? 0),
            code: str(failure.fail_error),
            message: str(failure.fail_message),
          });
        }
      }
      return { added, failures };
    },

    endDiscount: async (auth, discountId) => {
      await api({ method: 'POST', path: '/api/v2/discount/end_discount', auth, body: { discount_id: Number(discountId) } });
    },

    deleteDiscount: async (auth, discountId) => {
      await api({ method: 'POST', path: '/api/v2/discount/delete_discount', auth, body: { discount_id: Number(discountId) } });
    },

    // Shopee has no such list: active items, less those a running or upcoming discount already holds
    // (product/get_item_promotion), which add_discount_item would refuse.
    listDiscountableItems: async (auth, input) => {
      const pageSize = Math.min(input.pageSize ?? 50, 50);
      const list = await api({
        method: 'GET',
        path: '/api/v2/product/get_item_list',
        auth,
        query: { offset: input.cursor ?? '0', page_size: pageSize, item_status: ['NORMAL'] },
      });
      const ids = arr(list.item).map((item) => str(obj(item).item_id));
      let busy = new Set<string>();
      if (ids.length > 0) {
        const promotions = await api({
          method: 'GET',
          path: '/api/v2/product/get_item_promotion',
          auth,
          query: { item_id_list: ids.join(',') },
        });
        busy = new Set(
          arr(promotions.success_list)
            .map(obj)
            .filter((entry) =>
              arr(entry.promotion)
                .map(obj)
                .some((promotion) => str(promotion.promotion_type) === 'Discount' && num(promotion.end_time) * 1000 > now()),
            )
            .map((entry) => str(entry.item_id)),
        );
      }
      const free = ids.filter((id) => !busy.has(id));
      const products = free.length > 0 ? await itemDetails(auth, free) : [];
      return {
        items: products.map((product) => ({ productId: product.productId, name: product.name, skus: product.skus })),
        ...(list.has_next_page === true ? { nextCursor: str(list.next_offset) } : {}),
      };
    },

    listReturns: async (auth, input) => {
      const pageNo = Number(input.cursor ?? '0');
      const response = await api({
        method: 'GET',
        path: '/api/v2/returns/get_return_list',
        auth,
        query: {
          page_no: pageNo,
          page_size: Math.min(input.pageSize ?? 50, 100),
          create_time_from: input.createdFrom !== undefined ? Math.floor(input.createdFrom / 1000) : undefined,
          create_time_to: input.createdTo !== undefined ? Math.floor(input.createdTo / 1000) : undefined,
        },
      });
      return {
        items: arr(response.return).map(obj).map(toReturn),
        ...(response.more === true ? { nextCursor: String(pageNo + 1) } : {}),
      };
    },

    getReturn: async (auth, returnId) =>
      toReturn(await api({ method: 'GET', path: '/api/v2/returns/get_return_detail', auth, query: { return_sn: returnId } })),

    verifyPush: ({ url, headers, rawBody }) => verifyShopeePush(config.partnerKey, url, rawBody, headers.authorization),

    parsePush: (rawBody) => parseShopeePush(rawBody),

    fetchLostPushes: async () => {
      const response = await api({ method: 'GET', path: '/api/v2/push/get_lost_push_message' });
      return {
        events: arr(response.push_message_list)
          .map(obj)
          .map((message) =>
            parseShopeePush(
              JSON.stringify({
                shop_id: message.shop_id,
                code: message.code,
                timestamp: message.timestamp,
                data: safeJson(str(message.data)),
              }),
            ),
          )
          .filter((event): event is MarketplacePushEvent => event !== undefined),
        lastMessageId: str(response.last_message_id),
        hasMore: response.has_next_page === true,
      };
    },

    confirmLostPushes: async (lastMessageId) => {
      await api({
        method: 'POST',
        path: '/api/v2/push/confirm_consumed_lost_push_message',
        body: { last_message_id: Number(lastMessageId) },
      });
    },
  };
};
