import { arr, num, obj, str } from '../adapter-http.ts';
import type {
  MarketplaceOrder,
  MarketplaceOrderStatus,
  MarketplaceProduct,
  MarketplaceReturn,
  ProcessingStatus,
  ProductStatus,
  ReturnStatus,
} from '../types.ts';

/** TikTok Shop's wire shapes to and from the normalised types. */

export const ORDER_STATUS: Record<string, MarketplaceOrderStatus> = {
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
export const RETURN_STATUS: Record<string, ReturnStatus> = {
  RETURN_OR_REFUND_REQUEST_PENDING: 'requested',
  AWAITING_BUYER_SHIP: 'accepted',
  BUYER_SHIPPED_ITEM: 'processing',
  REJECT_RECEIVE_PACKAGE: 'processing',
  RETURN_OR_REFUND_REQUEST_SUCCESS: 'refunded',
  RETURN_OR_REFUND_REQUEST_COMPLETE: 'refunded',
  REFUND_OR_RETURN_REQUEST_REJECT: 'rejected',
  RETURN_OR_REFUND_REQUEST_CANCEL: 'cancelled',
};

export const money = (value: unknown): number => num(obj(value).refund_total);

export const toReturn = (raw: Record<string, unknown>): MarketplaceReturn => ({
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

export const PRODUCT_STATUS: Record<string, ProductStatus> = {
  DRAFT: 'inactive',
  PENDING: 'reviewing',
  FAILED: 'rejected',
  ACTIVATE: 'active',
  SELLER_DEACTIVATED: 'inactive',
  PLATFORM_DEACTIVATED: 'rejected',
  FREEZE: 'rejected',
  DELETED: 'deleted',
};

export const tiktokOrderStatus = (raw: string, buyerRequestedCancel = false): MarketplaceOrderStatus =>
  buyerRequestedCancel && raw !== 'CANCELLED' ? 'cancel_requested' : (ORDER_STATUS[raw] ?? 'on_process');

export const requestStatus = (raw: string): ProcessingStatus =>
  raw === 'PENDING' ? 'ON_PROGRESS' : raw === 'ACTIVATE' || raw === 'SELLER_DEACTIVATED' || raw === 'DRAFT' ? 'FINISHED' : 'FAILED';

export const productView = (raw: Record<string, unknown>): MarketplaceProduct => ({
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

export const orderView = (raw: Record<string, unknown>): MarketplaceOrder => {
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
    ...(str(raw.warehouse_id) ? { warehouseId: str(raw.warehouse_id) } : {}),
  };
};
