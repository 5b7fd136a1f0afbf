import { arr, num, obj, str } from '../adapter-http.ts';
import type {
  MarketplaceOrder,
  MarketplaceOrderStatus,
  MarketplaceProduct,
  MarketplaceReturn,
  ProductStatus,
  ReturnStatus,
} from '../types.ts';

/** Blibli's wire shapes to and from the normalised types. */

export const ORDER_STATUS: Record<string, MarketplaceOrderStatus> = {
  FP: 'new',
  PF: 'on_process',
  PU: 'ready_to_ship',
  CX: 'shipped',
  D: 'delivered',
  X: 'canceled',
  CR: 'cancel_requested',
};

export const blibliOrderStatus = (raw: string): MarketplaceOrderStatus => ORDER_STATUS[raw] ?? 'on_process';

export const BASE64_PREFIX = 'base64:';
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

/** Blibli's `imageMap`: the same images for every variant (Kelola keeps images per product). */
export const imageMap = (images: string[], variants: string[]): Record<string, string[]> => {
  const wire = images.slice(0, 8).map((image) => (image.startsWith(BASE64_PREFIX) ? image.slice(BASE64_PREFIX.length) : image));
  return Object.fromEntries(variants.map((variant) => [variant, wire]));
};

export const PRODUCT_STATUS: Record<string, ProductStatus> = {
  ACTIVE: 'active',
  IN_REVIEW: 'reviewing',
  REJECTED: 'rejected',
  INACTIVE: 'inactive',
};

export const productFrom = (product: Record<string, unknown>): MarketplaceProduct => ({
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

export const orderFrom = (detail: Record<string, unknown>): MarketplaceOrder => {
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

// RMA statuses of Returned Order Summary / Detail (names chosen by the sandbox; see its README).
export const RMA_STATUS: Record<string, ReturnStatus> = {
  WAITING_APPROVAL: 'requested',
  APPROVED: 'accepted',
  ITEM_RECEIVED: 'processing',
  REFUNDED: 'refunded',
  REJECTED: 'rejected',
  CANCELLED: 'cancelled',
};

export const toReturn = (raw: Record<string, unknown>): MarketplaceReturn => ({
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
