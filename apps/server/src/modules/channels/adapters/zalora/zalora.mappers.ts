import { arr, num, obj, str } from '../adapter-http.ts';
import type {
  MarketplaceOrder,
  MarketplaceOrderStatus,
  MarketplaceProduct,
  MarketplaceReturn,
  ProductStatus,
  ReturnStatus,
} from '../types.ts';

/** Zalora's wire shapes to and from the normalised types. */

export const ORDER_STATUS: Record<string, MarketplaceOrderStatus> = {
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

/** Zalora sends one object instead of a one-element list. */
export const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map(obj) : value ? [obj(value)] : []);

/** `2025-01-15 10:00:00` in Jakarta time. */
export const parseZaloraDate = (value: string): number => Date.parse(`${value.replace(' ', 'T')}+07:00`);

export const PRODUCT_STATUS: Record<string, ProductStatus> = {
  active: 'active',
  inactive: 'inactive',
  pending: 'reviewing',
  rejected: 'rejected',
  deleted: 'deleted',
};

/** One image comes as a string, several as a list. */
export const imagesOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(str) : value ? [str(value)] : []);

export const xmlEscape = (value: string | number): string => String(value).replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A product request is one or more feeds (ProductCreate/ProductUpdate, then Image): `feed,feed@parentSku`. */
export const requestIdOf = (feeds: string[], productId: string): string => `${feeds.join(',')}@${productId}`;
export const parseRequestId = (requestId: string): { feeds: string[]; productId: string } => {
  const at = requestId.indexOf('@');
  const feeds = (at < 0 ? requestId : requestId.slice(0, at)).split(',').filter(Boolean);
  return { feeds, productId: at < 0 ? '' : requestId.slice(at + 1) };
};

/** Zalora order items are single units; rows of the same SKU become one line with a quantity. */
export const orderFrom = (order: Record<string, unknown>, items: Record<string, unknown>[]): MarketplaceOrder => {
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
export const RETURN_STATUS: Record<string, ReturnStatus> = {
  return_waiting_for_approval: 'requested',
  return_shipped_by_customer: 'processing',
  returned: 'refunded',
  return_rejected: 'rejected',
};

export const toReturn = (order: Record<string, unknown>, items: Record<string, unknown>[]): MarketplaceReturn => {
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

/** Product rows of a GetProducts answer, grouped by parent SKU. */
export const productsOf = (head: Record<string, unknown>, body: Record<string, unknown>) => {
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

/** The ids of the order items in one of the given statuses. */
export const itemIdsIn = (items: Record<string, unknown>[], statuses: string[]) =>
  items.filter((item) => statuses.includes(str(item.Status))).map((item) => str(item.OrderItemId));

/** The Image feed's XML for a SKU (at most eight images). */
export const imageXml = (sellerSku: string, images: string[]) =>
  `<ProductImage><SellerSku>${xmlEscape(sellerSku)}</SellerSku><Images>${images
    .slice(0, 8)
    .map((url) => `<Image>${xmlEscape(url)}</Image>`)
    .join('')}</Images></ProductImage>`;

/** The next page's cursor of an offset-paged list, when there is one. */
export const next = (offset: number, count: number, total: number) =>
  offset + count < total ? { nextCursor: String(offset + count) } : {};
