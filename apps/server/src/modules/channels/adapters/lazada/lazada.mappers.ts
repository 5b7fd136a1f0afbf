import { arr, num, obj, str } from '../adapter-http.ts';
import type {
  MarketplaceOrderStatus,
  MarketplaceProduct,
  MarketplaceReturn,
  ProcessingStatus,
  ProductInput,
  ProductStatus,
  ReturnStatus,
} from '../types.ts';

/** Lazada's wire shapes to and from the normalised types. */

export const ORDER_STATUS: Record<string, MarketplaceOrderStatus> = {
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

export const PRODUCT_STATUS: Record<string, ProductStatus> = {
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

export const requestStatus = (raw: string): ProcessingStatus => {
  const status = PRODUCT_STATUS[raw.toLowerCase()];
  return status === 'reviewing' ? 'ON_PROGRESS' : status === 'active' || status === 'inactive' ? 'FINISHED' : 'FAILED';
};

/** Lazada dates look like `2025-01-15 10:00:00 +0700`. */
export const parseLazadaDate = (value: string): number => {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(value);
  return match ? Date.parse(`${match[1]}T${match[2]}${match[3]}:${match[4]}`) : Date.parse(value);
};

export const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

export const xmlEscape = (value: string | number): string => String(value).replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

// Reverse order line statuses (Return and Refund API).
export const REVERSE_STATUS: Record<string, ReturnStatus> = {
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

export const toReturn = (raw: Record<string, unknown>): MarketplaceReturn => {
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

export const productView = (raw: Record<string, unknown>): MarketplaceProduct => ({
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

export const productPayload = (input: Partial<ProductInput>, itemId?: string) => ({
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
