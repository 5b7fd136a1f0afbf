import type { OrderStatus } from './order-state.ts';

/**
 * Each marketplace's own order statuses mapped onto the one order state machine, one table per marketplace
 * (research: marketplace-apis.md §1.4, §2.4, §3.4, §4.4, §5). A status missing from a table is unknown: the import
 * keeps the order where it is and shows the raw status beside ours.
 */
export const MARKETPLACE_ORDER_STATUS = {
  /** Shopee v2 `order_status`. READY_TO_SHIP means paid and waiting for the seller ("to ship"), PROCESSED = arranged. */
  shopee: {
    UNPAID: 'UNPAID',
    INVOICE_PENDING: 'UNPAID',
    READY_TO_SHIP: 'NEW',
    PROCESSED: 'READY_TO_SHIP',
    RETRY_SHIP: 'READY_TO_SHIP',
    SHIPPED: 'SHIPPED',
    TO_CONFIRM_RECEIVE: 'DELIVERED',
    COMPLETED: 'COMPLETED',
    IN_CANCEL: 'CANCEL_REQUESTED',
    CANCELLED: 'CANCELED',
    TO_RETURN: 'CANCEL_CONFIRMATION',
  },
  /** TikTok Shop 202309 `order_status`; Tokopedia orders come through the same API (research §2). */
  tiktok: {
    UNPAID: 'UNPAID',
    ON_HOLD: 'NEW',
    AWAITING_SHIPMENT: 'NEW',
    PARTIALLY_SHIPPING: 'ON_PROCESS',
    AWAITING_COLLECTION: 'READY_TO_SHIP',
    IN_TRANSIT: 'SHIPPED',
    DELIVERED: 'DELIVERED',
    COMPLETED: 'COMPLETED',
    CANCELLED: 'CANCELED',
    /** Not a TikTok status: the adapter's name for `is_buyer_request_cancel` on an open order. */
    BUYER_REQUEST_CANCEL: 'CANCEL_REQUESTED',
  },
  /** Lazada order item `statuses[]` (lower case); the least advanced item decides. */
  lazada: {
    unpaid: 'UNPAID',
    pending: 'NEW',
    topack: 'NEW',
    packed: 'CONFIRMED',
    toship: 'CONFIRMED',
    ready_to_ship_pending: 'ON_PROCESS',
    ready_to_ship: 'READY_TO_SHIP',
    shipped: 'SHIPPED',
    delivered: 'DELIVERED',
    confirmed: 'COMPLETED',
    canceled: 'CANCELED',
    returned: 'CANCEL_CONFIRMATION',
    failed_delivery: 'CANCEL_CONFIRMATION',
    lost_by_3pl: 'CANCELED',
    damaged_by_3pl: 'CANCELED',
  },
  /** Blibli order item status codes (FP for fulfilment pending …). */
  blibli: {
    FP: 'NEW',
    PF: 'ON_PROCESS',
    PU: 'READY_TO_SHIP',
    CX: 'SHIPPED',
    D: 'DELIVERED',
    X: 'CANCELED',
    CR: 'CANCEL_REQUESTED',
  },
  /** Zalora Seller Center order item `Status`. */
  zalora: {
    pending: 'NEW',
    packed: 'CONFIRMED',
    ready_to_ship: 'READY_TO_SHIP',
    shipped: 'SHIPPED',
    delivered: 'DELIVERED',
    canceled: 'CANCELED',
    returned: 'CANCEL_CONFIRMATION',
    failed: 'CANCEL_CONFIRMATION',
  },
} as const satisfies Record<string, Record<string, OrderStatus>>;

export type OrderMarketplace = keyof typeof MARKETPLACE_ORDER_STATUS;

/** Our state for a marketplace's raw status, or null when the table does not know it. Lazada is matched in lower case. */
export function mapMarketplaceStatus(marketplace: OrderMarketplace, raw: string): OrderStatus | null {
  const table = MARKETPLACE_ORDER_STATUS[marketplace] as Record<string, OrderStatus>;
  return table[raw] ?? table[raw.toLowerCase()] ?? null;
}

/**
 * Lazada and Zalora report a status per order item: the least advanced open item decides what the seller still has
 * to do; only when every item is cancelled is the order cancelled.
 */
export function combineItemStatuses(statuses: readonly OrderStatus[], progress: Record<OrderStatus, number>): OrderStatus | null {
  const open = statuses.filter((s) => s !== 'CANCELED');
  if (open.length === 0) return statuses.length > 0 ? 'CANCELED' : null;
  return [...open].sort((a, b) => progress[a] - progress[b])[0]!;
}
