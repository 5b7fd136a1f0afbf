import { arr, chunk, num, obj, parseJson, retrying, runtimeNow, sendHttp, str } from '../adapter-http.ts';
import { parseRetryAfter } from '../http-retry.ts';
import type {
  AdapterRuntime,
  MarketplaceAdapter,
  MarketplaceCategory,
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
import { verifyZaloraPush, zaloraSign, zaloraTimestamp } from './zalora.sign.ts';

/**
 * Zalora Seller Center API (research §5, thin). Sellers hand over their user id (e-mail) and API key:
 * `ShopAuth.shopId` is the user id, `accessToken` the API key.
 */

export type ZaloraConfig = AdapterRuntime & {
  /** `https://sellercenter-api.zalora.co.id` */
  baseUrl: string;
  /**
   * The API key of a connected seller by user id, for push verification (pushes are signed with the shop's key).
   * Unset, or an unknown user: every push fails verification.
   */
  pushKeyFor?: (userId: string) => string | undefined;
};

const ORDER_STATUS: Record<string, MarketplaceOrderStatus> = {
  pending: 'new',
  packed: 'confirmed',
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
  // E007 signature mismatch; E003 a Timestamp outside the window, i.e. a signature that can no longer be valid.
  if (code === '7' || code === '3') return 'invalid_sign';
  if (code === '9' || status === 401) return 'auth_expired';
  if (status >= 500) return 'upstream';
  return 'bad_request';
};

const pushBody = (rawBody: string): Record<string, unknown> | undefined => {
  try {
    const body: unknown = JSON.parse(rawBody);
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** The seller a push claims to be for; its API key is what the push must be signed with. */
const zaloraPushUser = (rawBody: string): string | undefined => {
  const userId = pushBody(rawBody)?.UserID;
  return typeof userId === 'string' && userId !== '' ? userId : undefined;
};

/** A Zalora push (README, Zalora: shape chosen by Kelola); one event id per order, status and change time. */
export const parseZaloraPush = (rawBody: string): MarketplacePushEvent | undefined => {
  const body = pushBody(rawBody);
  if (!body || !body.event || !body.UserID) return undefined;
  const shopId = str(body.UserID);
  const payload = obj(body.payload);
  if (body.event === 'onOrderItemsStatusChanged' && payload.OrderId !== undefined) {
    const rawStatus = str(payload.NewStatus);
    return {
      eventId: `zalora:${str(payload.OrderId)}:${rawStatus}:${str(payload.UpdatedAt)}`,
      shopId,
      type: 'order_status',
      orderId: str(payload.OrderId),
      rawStatus,
      status: zaloraOrderStatus(rawStatus),
      occurredAt: num(payload.UpdatedAt),
    };
  }
  return {
    eventId: `zalora:${shopId}:${str(body.event)}:${str(payload.UpdatedAt)}`,
    shopId,
    type: 'other',
    occurredAt: num(payload.UpdatedAt),
  };
};

/** Zalora sends one object instead of a one-element list. */
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map(obj) : value ? [obj(value)] : []);

/** `2025-01-15 10:00:00` in Jakarta time. */
const parseZaloraDate = (value: string): number => Date.parse(`${value.replace(' ', 'T')}+07:00`);

const PRODUCT_STATUS: Record<string, ProductStatus> = {
  active: 'active',
  inactive: 'inactive',
  pending: 'reviewing',
  rejected: 'rejected',
  deleted: 'deleted',
};

/** One image comes as a string, several as a list. */
const imagesOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(str) : value ? [str(value)] : []);

const xmlEscape = (value: string | number): string => String(value).replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A product request is one or more feeds (ProductCreate/ProductUpdate, then Image): `feed,feed@parentSku`. */
const requestIdOf = (feeds: string[], productId: string): string => `${feeds.join(',')}@${productId}`;
const parseRequestId = (requestId: string): { feeds: string[]; productId: string } => {
  const at = requestId.indexOf('@');
  const feeds = (at < 0 ? requestId : requestId.slice(0, at)).split(',').filter(Boolean);
  return { feeds, productId: at < 0 ? '' : requestId.slice(at + 1) };
};

/** Zalora order items are single units; rows of the same SKU become one line with a quantity. */
const orderFrom = (order: Record<string, unknown>, items: Record<string, unknown>[]): MarketplaceOrder => {
  const lines = new Map<string, MarketplaceOrder['items'][number]>();
  for (const item of items) {
    const shopSku = str(item.ShopSku);
    const key = `${shopSku}:${str(item.Status)}`;
    const line = lines.get(key);
    if (line) line.quantity += 1;
    else
      lines.set(key, {
        itemId: str(item.OrderItemId),
        productId: shopSku.slice(0, shopSku.lastIndexOf('-')),
        skuId: str(item.Sku),
        sellerSku: str(item.Sku),
        name: str(item.Name),
        quantity: 1,
        price: num(item.PaidPrice || item.ItemPrice),
      });
  }
  const statuses = arr(obj(order.Statuses).Status).map(str);
  const rawStatus = statuses[0] ?? str(obj(order.Statuses).Status);
  const address = obj(order.AddressShipping);
  const first = items.find((item) => str(item.Status) !== 'canceled') ?? items[0] ?? {};
  const reason = items.map((item) => str(item.Reason)).find(Boolean);
  return {
    orderId: str(order.OrderId),
    status: zaloraOrderStatus(rawStatus),
    rawStatus,
    createdAt: parseZaloraDate(str(order.CreatedAt)),
    updatedAt: parseZaloraDate(str(order.UpdatedAt)),
    buyerName: str(order.CustomerFirstName),
    recipient: { name: str(address.FirstName), phone: str(address.Phone), address: str(address.Address1), city: str(address.City) },
    items: [...lines.values()],
    totalAmount: num(order.Price),
    shippingFee: num(order.ShippingFee),
    currency: str(first.Currency) || 'IDR',
    ...(first.PackageId ? { packageId: str(first.PackageId) } : {}),
    ...(first.TrackingCode ? { trackingNumber: str(first.TrackingCode) } : {}),
    ...(first.ShipmentProvider ? { courier: str(first.ShipmentProvider) } : {}),
    ...(reason ? { cancelReason: reason } : {}),
  };
};

// Return statuses of Zalora order items (the return is the order; README choice).
const RETURN_STATUS: Record<string, ReturnStatus> = {
  return_waiting_for_approval: 'requested',
  return_shipped_by_customer: 'processing',
  returned: 'refunded',
  return_rejected: 'rejected',
};

const toReturn = (order: Record<string, unknown>, items: Record<string, unknown>[]): MarketplaceReturn => {
  const returning = items.filter((item) => str(item.Status) !== 'canceled');
  const first = returning[0] ?? {};
  const rawStatus = str(first.Status) || 'returned';
  // Zalora lists one item per unit; fold them into lines by SKU.
  const lines = new Map<string, MarketplaceReturn['items'][number]>();
  for (const item of returning) {
    const key = str(item.Sku);
    const line = lines.get(key) ?? {
      productId: str(item.ShopSku).split('-')[0] ?? '',
      skuId: key,
      name: str(item.Name),
      quantity: 0,
      refundAmount: 0,
    };
    line.quantity += 1;
    line.refundAmount += num(item.PaidPrice);
    lines.set(key, line);
  }
  const lineItems = [...lines.values()];
  return {
    returnId: str(order.OrderId),
    orderId: str(order.OrderId),
    rawStatus,
    status: RETURN_STATUS[rawStatus] ?? 'processing',
    reason: str(first.Reason),
    refundAmount: lineItems.reduce((sum, line) => sum + line.refundAmount, 0),
    currency: str(first.Currency) || 'IDR',
    createdAt: str(first.ReturnRequestedAt) ? parseZaloraDate(str(first.ReturnRequestedAt)) : parseZaloraDate(str(order.UpdatedAt)),
    updatedAt: str(first.ReturnUpdatedAt) ? parseZaloraDate(str(first.ReturnUpdatedAt)) : parseZaloraDate(str(order.UpdatedAt)),
    items: lineItems,
  };
};

export const createZaloraAdapter = (config: ZaloraConfig): MarketplaceAdapter => {
  const now = (): number => runtimeNow(config);
  const base = config.baseUrl.replace(/\/$/, '');

  const call = (auth: ShopAuth, action: string, extra: Record<string, string> = {}, xml?: string) =>
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
      const url = `${base}/?${query.toString()}`;
      // Writes carry an XML document; only the query is signed.
      const answer = await sendHttp(
        'zalora',
        config,
        xml === undefined
          ? { method: 'GET', url }
          : {
              method: 'POST',
              url,
              headers: { 'content-type': 'application/xml' },
              body: `<?xml version="1.0" encoding="UTF-8"?><Request>${xml}</Request>`,
            },
      );
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

  const productsOf = (head: Record<string, unknown>, body: Record<string, unknown>) => {
    // Each Zalora row is one SKU; rows sharing a ParentSku are one product. skuId is the SellerSku, the key
    // Zalora's write calls (ProductUpdate, Image) take.
    const products = new Map<string, MarketplaceProduct>();
    for (const row of list(obj(body.Products).Product)) {
      const parent = str(row.ParentSku) || str(row.SellerSku);
      const product = products.get(parent) ?? {
        productId: parent,
        name: str(row.Name),
        status: PRODUCT_STATUS[str(row.Status)] ?? 'inactive',
        ...(row.PrimaryCategory ? { categoryId: str(row.PrimaryCategory) } : {}),
        images: imagesOf(obj(row.Images).Image),
        skus: [],
        updatedAt: parseZaloraDate(str(row.UpdatedAt)),
      };
      product.skus.push({ skuId: str(row.SellerSku), sellerSku: str(row.SellerSku), price: num(row.Price), stock: num(row.Quantity) });
      products.set(parent, product);
    }
    return { products: [...products.values()], total: num(head.TotalCount) };
  };

  const feedStatus = async (auth: ShopAuth, feedId: string) => {
    const detail = obj((await call(auth, 'FeedStatus', { FeedID: feedId })).body.FeedDetail);
    const errors = list(obj(detail.FeedErrors).Error).map((error) => ({ sellerSku: str(error.SellerSku), message: str(error.Message) }));
    return { status: str(detail.Status), failed: num(detail.FailedRecords), errors };
  };

  /** ProductUpdate rows keyed by SellerSku; price and stock feeds finish at once, so their errors are read right away. */
  const productUpdate = async <U extends { productId: string; skuId: string }>(auth: ShopAuth, rows: { update: U; xml: string }[]) => {
    const outcomes: UpdateOutcome[] = [];
    for (const part of chunk(rows, 100)) {
      const { head } = await call(auth, 'ProductUpdate', {}, part.map((row) => `<Product>${row.xml}</Product>`).join(''));
      const feed = await feedStatus(auth, str(head.RequestId));
      const failed = new Map(feed.errors.map((error) => [error.sellerSku, error.message]));
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

  const orderItems = async (auth: ShopAuth, orderId: string) =>
    list(obj((await call(auth, 'GetOrderItems', { OrderId: orderId })).body.OrderItems).OrderItem);

  const itemIdsIn = (items: Record<string, unknown>[], statuses: string[]) =>
    items.filter((item) => statuses.includes(str(item.Status))).map((item) => str(item.OrderItemId));

  const brandName = async (auth: ShopAuth, brandId: string): Promise<string> => {
    const { body } = await call(auth, 'GetBrands');
    const brand = list(obj(body.Brands).Brand).find((candidate) => str(candidate.BrandId) === brandId);
    if (!brand)
      throw new MarketplaceError({
        marketplace: 'zalora',
        kind: 'bad_request',
        code: 'unknown_brand',
        message: `Brand ${brandId} is not on Zalora`,
      });
    return str(brand.Name);
  };

  const imageXml = (sellerSku: string, images: string[]) =>
    `<ProductImage><SellerSku>${xmlEscape(sellerSku)}</SellerSku><Images>${images
      .slice(0, 8)
      .map((url) => `<Image>${xmlEscape(url)}</Image>`)
      .join('')}</Images></ProductImage>`;

  const findProduct = async (auth: ShopAuth, productId: string): Promise<MarketplaceProduct> => {
    const { head, body } = await call(auth, 'GetProducts', { Filter: 'all', Search: productId, Limit: '100', Offset: '0' });
    const product = productsOf(head, body).products.find((candidate) => candidate.productId === productId);
    if (!product)
      throw new MarketplaceError({
        marketplace: 'zalora',
        kind: 'not_found',
        code: 'not_found',
        message: `Product ${productId} is not on Zalora`,
      });
    return product;
  };

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

    listCategories: async (auth) => {
      const out: MarketplaceCategory[] = [];
      const walk = (nodes: Record<string, unknown>[], parentId?: string): void => {
        for (const node of nodes) {
          const children = list(obj(node.Children).Category);
          out.push({ id: str(node.CategoryId), ...(parentId ? { parentId } : {}), name: str(node.Name), isLeaf: children.length === 0 });
          walk(children, str(node.CategoryId));
        }
      };
      walk(list(obj((await call(auth, 'GetCategoryTree')).body.Categories).Category));
      return out;
    },

    listAttributes: async (auth, categoryId) =>
      list((await call(auth, 'GetCategoryAttributes', { PrimaryCategory: categoryId })).body.Attribute).map((attribute) => {
        const type = str(attribute.AttributeType);
        return {
          // Zalora names attributes; the name is what ProductData takes.
          id: str(attribute.Name),
          name: str(attribute.Label) || str(attribute.Name),
          mandatory: str(attribute.isMandatory) === '1',
          inputType:
            type === 'multi_option' ? ('multi_select' as const) : type === 'option' ? ('single_select' as const) : ('text' as const),
          values: list(obj(attribute.Options).Option).map((option) => ({ id: str(option.Name), name: str(option.Name) })),
        };
      }),

    listBrands: async (auth) => {
      const { body } = await call(auth, 'GetBrands');
      return { items: list(obj(body.Brands).Brand).map((brand) => ({ id: str(brand.BrandId), name: str(brand.Name) })) };
    },

    // Seller Center v1 has no warehouse or pickup-point call: Zalora collects from the seller's registered address.
    listWarehouses: unsupported('zalora', 'Warehouses'),

    // Zalora downloads images itself: the `Image` action takes public URLs for a SKU and processes them as a feed.
    // An "upload" is therefore only a URL check; the download happens (and can fail) in the Image feed that
    // createProduct / updateProduct send, and that feed is part of the request polled with getProductRequestStatus.
    uploadImage: async (_auth, input) => {
      if (input.kind !== 'url' || !/^https?:\/\//i.test(input.url)) {
        throw new MarketplaceError({
          marketplace: 'zalora',
          kind: 'bad_request',
          code: 'image_url_required',
          message: 'Zalora takes images by public URL only; host the file first',
        });
      }
      return { id: input.url, status: 'FINISHED', url: input.url };
    },
    getImageStatus: async (_auth, imageId) => ({ id: imageId, status: 'FINISHED', url: imageId }),

    createProduct: async (auth, input) => {
      const parentSku = input.skus[0]?.sellerSku ?? '';
      const brand = input.brandId ? await brandName(auth, input.brandId) : '';
      const productData = `<ProductData><PackageWeight>${input.weightGrams / 1000}</PackageWeight>${(input.attributes ?? [])
        .map((attribute) => `<${attribute.id}>${xmlEscape(attribute.values.join(','))}</${attribute.id}>`)
        .join('')}</ProductData>`;
      const rows = input.skus
        .map(
          (sku) =>
            `<Product><SellerSku>${xmlEscape(sku.sellerSku)}</SellerSku><ParentSku>${xmlEscape(parentSku)}</ParentSku><Status>active</Status>` +
            `<Name>${xmlEscape(input.name)}</Name>${sku.options ? `<Variation>${xmlEscape(Object.values(sku.options).join(' / '))}</Variation>` : ''}` +
            `<PrimaryCategory>${xmlEscape(input.categoryId)}</PrimaryCategory><Description>${xmlEscape(input.description)}</Description>` +
            `<Brand>${xmlEscape(brand)}</Brand><Price>${sku.price}</Price><Quantity>${sku.stock}</Quantity>${productData}</Product>`,
        )
        .join('');
      const feeds = [str((await call(auth, 'ProductCreate', {}, rows)).head.RequestId)];
      if (input.images.length > 0) feeds.push(str((await call(auth, 'Image', {}, imageXml(parentSku, input.images))).head.RequestId));
      return { requestId: requestIdOf(feeds, parentSku), productId: parentSku, status: 'ON_PROGRESS' };
    },

    updateProduct: async (auth, productId, input) => {
      const product = await findProduct(auth, productId);
      const feeds: string[] = [];
      const content = `${input.name !== undefined ? `<Name>${xmlEscape(input.name)}</Name>` : ''}${
        input.description !== undefined ? `<Description>${xmlEscape(input.description)}</Description>` : ''
      }`;
      if (content) {
        const rows = product.skus.map((sku) => `<Product><SellerSku>${xmlEscape(sku.sellerSku)}</SellerSku>${content}</Product>`).join('');
        feeds.push(str((await call(auth, 'ProductUpdate', {}, rows)).head.RequestId));
      }
      if (input.images !== undefined && input.images.length > 0) {
        feeds.push(str((await call(auth, 'Image', {}, imageXml(product.skus[0]?.sellerSku ?? '', input.images))).head.RequestId));
      }
      return { requestId: requestIdOf(feeds, productId), productId, status: feeds.length > 0 ? 'ON_PROGRESS' : 'FINISHED' };
    },

    // FINISHED once every feed of the request is Finished without failed records; FAILED when any has one.
    getProductRequestStatus: async (auth, requestId) => {
      const { feeds, productId } = parseRequestId(requestId);
      let finished = true;
      for (const feed of feeds) {
        const state = await feedStatus(auth, feed);
        if (state.status === 'Canceled' || (state.status === 'Finished' && state.failed > 0)) {
          return {
            requestId,
            productId,
            status: 'FAILED',
            error: state.errors.map((error) => error.message).join('; ') || `Feed ${state.status}`,
          };
        }
        if (state.status !== 'Finished') finished = false;
      }
      return { requestId, productId, status: finished ? 'FINISHED' : 'ON_PROGRESS' };
    },

    listProducts: async (auth, input) => {
      const offset = Number(input.cursor ?? 0);
      const { head, body } = await call(auth, 'GetProducts', {
        Filter: 'all',
        Limit: String(Math.min(input.pageSize ?? 100, 100)),
        Offset: String(offset),
        ...(input.updatedFrom !== undefined ? { UpdatedAfter: zaloraTimestamp(input.updatedFrom) } : {}),
      });
      const { products, total } = productsOf(head, body);
      return { items: products, total, ...next(offset, products.length, total) };
    },

    getProduct: (auth, productId) => findProduct(auth, productId),

    updateStock: (auth, updates) =>
      productUpdate(
        auth,
        updates.map((update) => ({
          update,
          xml: `<SellerSku>${xmlEscape(update.skuId)}</SellerSku><Quantity>${update.quantity}</Quantity>`,
        })),
      ),
    updatePrice: (auth, updates) =>
      productUpdate(
        auth,
        updates.map((update) => ({ update, xml: `<SellerSku>${xmlEscape(update.skuId)}</SellerSku><Price>${update.price}</Price>` })),
      ),

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

    getOrders: async (auth, orderIds) => {
      const out: MarketplaceOrder[] = [];
      for (const orderId of orderIds) {
        const order = list(obj((await call(auth, 'GetOrder', { OrderId: orderId })).body.Orders).Order)[0] ?? {};
        out.push(orderFrom(order, await orderItems(auth, orderId)));
      }
      return out;
    },

    // SetStatusToPackedByMarketplace: Zalora packs the pending items and assigns the package (pending → packed).
    acceptOrder: async (auth, orderId) => {
      const items = await orderItems(auth, orderId);
      const ids = itemIdsIn(items, ['pending']);
      if (ids.length === 0) {
        throw new MarketplaceError({
          marketplace: 'zalora',
          kind: 'bad_request',
          code: '73',
          message: `Order ${orderId} has no pending items`,
        });
      }
      await call(auth, 'SetStatusToPackedByMarketplace', {
        OrderItemIds: JSON.stringify(ids),
        DeliveryType: 'dropship',
        ShippingProvider: str(items[0]?.ShipmentProvider),
      });
    },

    cancellationReasons: async (auth, orderId) => {
      if (itemIdsIn(await orderItems(auth, orderId), ['pending', 'packed']).length === 0) return [];
      return list(obj((await call(auth, 'GetFailureReasons')).body.Reasons).Reason)
        .filter((reason) => str(reason.Type) === 'canceled')
        .map((reason) => ({ id: str(reason.Id), label: str(reason.Name) }));
    },

    // SetStatusToCanceled takes one order item at a time.
    cancelOrder: async (auth, input) => {
      const ids = input.items?.map((item) => item.itemId) ?? itemIdsIn(await orderItems(auth, input.orderId), ['pending', 'packed']);
      for (const id of ids) await call(auth, 'SetStatusToCanceled', { OrderItemId: id, ReasonId: input.reasonId });
    },

    arrangeShipment: async (auth, input) => {
      const items = await orderItems(auth, input.orderId);
      const ids = itemIdsIn(items, ['packed']);
      const { body } = await call(auth, 'SetStatusToReadyToShip', {
        OrderItemIds: JSON.stringify(ids.length > 0 ? ids : itemIdsIn(items, ['pending'])),
        DeliveryType: input.method === 'pickup' ? 'pickup' : 'dropship',
        ShippingProvider: str(items[0]?.ShipmentProvider),
        ...(input.trackingNumber ? { TrackingNumber: input.trackingNumber } : {}),
      });
      const packageId = str(list(obj(body.OrderItems).OrderItem)[0]?.PurchaseOrderId);
      const tracking = str((await orderItems(auth, input.orderId))[0]?.TrackingCode);
      return { orderId: input.orderId, ...(packageId ? { packageId } : {}), ...(tracking ? { trackingNumber: tracking } : {}) };
    },

    getShippingLabel: async (auth, orderId) => {
      const ids = itemIdsIn(await orderItems(auth, orderId), ['ready_to_ship', 'shipped', 'delivered']);
      const { body } = await call(auth, 'GetDocument', { DocumentType: 'shippingParcel', OrderItemIds: JSON.stringify(ids) });
      const document = list(obj(body.Documents).Document)[0] ?? {};
      return { contentType: str(document.MimeType) || 'application/pdf', data: new Uint8Array(Buffer.from(str(document.File), 'base64')) };
    },

    // Kelola's choice (README, Zalora): X-Zalora-Signature = hex HMAC-SHA256(the shop's API key, raw body).
    verifyPush: ({ headers, rawBody }) => {
      const userId = zaloraPushUser(rawBody);
      return userId !== undefined && verifyZaloraPush(config.pushKeyFor?.(userId), rawBody, headers['x-zalora-signature']);
    },
    parsePush: (rawBody) => parseZaloraPush(rawBody),

    // GetOrders&Status=returned is the return list; the window is the time the order turned returned (its UpdatedAt).
    listReturns: async (auth, input) => {
      const offset = Number(input.cursor ?? 0);
      const { head, body } = await call(auth, 'GetOrders', {
        Status: 'returned',
        UpdatedAfter: zaloraTimestamp(input.createdFrom ?? 0),
        ...(input.createdTo !== undefined ? { UpdatedBefore: zaloraTimestamp(input.createdTo) } : {}),
        Limit: String(Math.min(input.pageSize ?? 100, 100)),
        Offset: String(offset),
      });
      const orders = list(obj(body.Orders).Order);
      const total = num(head.TotalCount);
      if (orders.length === 0) return { items: [], total };
      const withItems = list(
        obj(
          (await call(auth, 'GetMultipleOrderItems', { OrderIdList: JSON.stringify(orders.map((order) => str(order.OrderId))) })).body
            .Orders,
        ).Order,
      );
      const itemsOf = new Map(withItems.map((entry) => [str(entry.OrderId), list(obj(entry.OrderItems).OrderItem)]));
      const items = orders.map((order) => toReturn(order, itemsOf.get(str(order.OrderId)) ?? []));
      return { items, total, ...next(offset, items.length, total) };
    },

    getReturn: async (auth, returnId) => {
      const order = list(obj((await call(auth, 'GetOrder', { OrderId: returnId })).body.Orders).Order)[0] ?? {};
      const raw = arr(obj(order.Statuses).Status).map(str)[0] ?? str(obj(order.Statuses).Status);
      if (raw !== 'returned') {
        throw new MarketplaceError({
          marketplace: 'zalora',
          kind: 'not_found',
          code: 'not_returned',
          message: `Order ${returnId} has no return`,
        });
      }
      return toReturn(order, await orderItems(auth, returnId));
    },
  };
};
