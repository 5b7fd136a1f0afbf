import { arr, num, obj, str } from '../adapter-http.ts';
import type {
  Discount,
  DiscountItem,
  DiscountStatus,
  MarketplaceOrder,
  MarketplaceOrderStatus,
  MarketplaceReturn,
  ProcessingStatus,
  ProductInput,
  ProductStatus,
  ReturnStatus,
} from '../types.ts';

/** Shopee's wire shapes to and from the normalised types. */

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

export const ITEM_STATUS: Record<string, ProductStatus> = {
  NORMAL: 'active',
  UNLIST: 'inactive',
  REVIEWING: 'reviewing',
  BANNED: 'rejected',
  SELLER_DELETE: 'deleted',
  SHOPEE_DELETE: 'deleted',
};

export const shopeeOrderStatus = (raw: string): MarketplaceOrderStatus => ORDER_STATUS[raw] ?? 'on_process';

export const requestStatus = (itemStatus: string): ProcessingStatus =>
  itemStatus === 'REVIEWING' ? 'ON_PROGRESS' : itemStatus === 'NORMAL' || itemStatus === 'UNLIST' ? 'FINISHED' : 'FAILED';

export const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
};

const discountStatus = (raw: string): DiscountStatus => (raw === 'upcoming' || raw === 'ongoing' ? raw : 'expired');

export const toDiscount = (raw: Record<string, unknown>): Discount => ({
  discountId: str(raw.discount_id),
  name: str(raw.discount_name),
  status: discountStatus(str(raw.status)),
  startTime: num(raw.start_time) * 1000,
  endTime: num(raw.end_time) * 1000,
});

export const toDiscountItems = (item: Record<string, unknown>): DiscountItem[] => {
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

export const toReturn = (raw: Record<string, unknown>): MarketplaceReturn => ({
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

/** The body of add_item / update_item for the fields given. */
export const itemBody = (input: Partial<ProductInput>) => ({
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

export const toOrder = (raw: Record<string, unknown>): MarketplaceOrder => {
  const recipient = obj(raw.recipient_address);
  const rawStatus = str(raw.order_status);
  const pkg = obj(arr(raw.package_list)[0]);
  return {
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
  };
};
