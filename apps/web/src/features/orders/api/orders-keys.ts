import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * Query keys of the orders feature (one factory, every resource under `orders`). The workspace is part of every key:
 * the same user sees other orders in another workspace. An order action invalidates `ordersKeys.all` (the list, its
 * tab counts and the detail change together) and the inventory keys (stock is reserved or released).
 */

const orders = queryKeys.orders;

export const ordersKeys = {
  ...orders,
  reasons: (workspaceId: string | null, orderId: string) => orders.of(workspaceId, 'cancellation-reasons', orderId),
  channels: (workspaceId: string | null) => orders.of(workspaceId, 'channels'),
  /** The prices manual order lines would get (customer, date and SKUs in the key). */
  manualPrices: (workspaceId: string | null, customerId: string, date: string, catalogIds: readonly string[]) =>
    orders.of(workspaceId, 'manual-prices', customerId, date, catalogIds.join(',')),
  /** What a voucher code would take off the manual form (the whole check body in the key). */
  manualVoucher: (workspaceId: string | null, body: string) => orders.of(workspaceId, 'manual-voucher', body),
  manualQuote: (workspaceId: string | null, body: string) => orders.of(workspaceId, 'manual-quote', body),
};
