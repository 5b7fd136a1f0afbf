import { arr, chunk, num, obj, str } from '../adapter-http.ts';
import type { CancellationReason, MarketplaceOrder, OrderCapability, ShopAuth } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { TiktokClient } from './tiktok.client.ts';
import { tiktokOrderStatus, orderView } from './tiktok.mappers.ts';

const UNPAID_REASONS: CancellationReason[] = [
  { id: 'seller_cancel_unpaid_reason_out_of_stock', label: 'Out of stock' },
  { id: 'seller_cancel_unpaid_reason_wrong_price', label: 'Wrong price' },
  { id: 'seller_cancel_unpaid_reason_buyer_hasnt_paid_within_time_allowed', label: "Buyer hasn't paid in time" },
];
const PAID_REASONS: CancellationReason[] = [
  { id: 'seller_cancel_reason_out_of_stock', label: 'Out of stock' },
  { id: 'seller_cancel_reason_wrong_price', label: 'Wrong price' },
  { id: 'seller_cancel_paid_reason_address_not_deliver', label: 'Address cannot be delivered to' },
];

/** Order reads the order and logistics capabilities share: by id in batches of 50, one order, its package. */
export const tiktokOrderReads = ({ call }: TiktokClient) => {
  const getOrders = async (auth: ShopAuth, orderIds: string[]): Promise<MarketplaceOrder[]> => {
    const orders: MarketplaceOrder[] = [];
    for (const ids of chunk(orderIds, 50)) {
      const data = await call({ method: 'GET', path: '/order/202309/orders', auth, query: { ids: ids.join(',') } });
      orders.push(...arr(data.orders).map(obj).map(orderView));
    }
    return orders;
  };

  const oneOrder = async (auth: ShopAuth, orderId: string): Promise<MarketplaceOrder> => {
    const [order] = await getOrders(auth, [orderId]);
    if (!order)
      throw new MarketplaceError({
        marketplace: 'tiktok',
        kind: 'not_found',
        code: 'order_not_found',
        message: `Order ${orderId} not found`,
      });
    return order;
  };

  const packageOf = async (auth: ShopAuth, orderId: string): Promise<string> => {
    const order = await oneOrder(auth, orderId);
    if (!order.packageId)
      throw new MarketplaceError({
        marketplace: 'tiktok',
        kind: 'bad_request',
        code: 'no_package',
        message: `Order ${orderId} has no package yet`,
      });
    return order.packageId;
  };

  return { getOrders, oneOrder, packageOf };
};

/** Order search and detail, accept (a paid order awaiting shipment), cancellation reasons and cancel. */
export const tiktokOrders = (client: TiktokClient): OrderCapability => {
  const { call } = client;
  const { getOrders, oneOrder } = tiktokOrderReads(client);

  return {
    listOrders: async (auth, input) => {
      const field = input.timeField === 'create' ? 'create_time' : 'update_time';
      const data = await call({
        method: 'POST',
        path: '/order/202309/orders/search',
        auth,
        query: { page_size: Math.min(input.pageSize ?? 50, 100), page_token: input.cursor, sort_field: field, sort_order: 'DESC' },
        body: { [`${field}_ge`]: Math.floor(input.from / 1000), [`${field}_lt`]: Math.ceil(input.to / 1000) },
      });
      return {
        items: arr(data.orders)
          .map(obj)
          .map((order) => ({
            orderId: str(order.id),
            rawStatus: str(order.status),
            status: tiktokOrderStatus(str(order.status), order.is_buyer_request_cancel === true),
          })),
        total: num(data.total_count),
        ...(str(data.next_page_token) ? { nextCursor: str(data.next_page_token) } : {}),
      };
    },

    getOrders,

    // TikTok Shop has no accept call (Tokopedia's went with its API): a paid order awaiting shipment is accepted.
    acceptOrder: async (auth, orderId) => {
      const order = await oneOrder(auth, orderId);
      if (order.rawStatus !== 'AWAITING_SHIPMENT') {
        throw new MarketplaceError({
          marketplace: 'tiktok',
          kind: 'bad_request',
          code: 'order_not_acceptable',
          message: `Order is ${order.rawStatus}`,
        });
      }
    },

    cancellationReasons: async (auth, orderId) => {
      const order = await oneOrder(auth, orderId);
      return order.rawStatus === 'UNPAID'
        ? UNPAID_REASONS
        : order.rawStatus === 'ON_HOLD' || order.rawStatus === 'AWAITING_SHIPMENT'
          ? PAID_REASONS
          : [];
    },

    cancelOrder: async (auth, input) => {
      // A reject: TikTok's out-of-stock reason for the order's status (the unpaid one differs).
      const reason =
        input.reasonId ?? ((await oneOrder(auth, input.orderId)).rawStatus === 'UNPAID' ? UNPAID_REASONS[0]!.id : PAID_REASONS[0]!.id);
      await call({
        method: 'POST',
        path: '/return_refund/202309/cancellations',
        auth,
        body: {
          order_id: input.orderId,
          cancel_reason: reason,
          ...(input.items ? { skus: input.items.map((item) => ({ sku_id: item.skuId, quantity: 1 })) } : {}),
        },
      });
    },

    // A buyer's cancel request is a BUYER_CANCEL cancellation pending the seller's answer: approve it, or reject it
    // with a reject reason TikTok offers for it (the first one: the product is already packed).
    answerCancelRequest: async (auth, input) => {
      const found = await call({
        method: 'POST',
        path: '/return_refund/202309/cancellations/search',
        auth,
        query: { page_size: 10 },
        body: { order_ids: [input.orderId], cancel_types: ['BUYER_CANCEL'], cancel_status: ['CANCELLATION_REQUEST_PENDING'] },
      });
      const cancelId = str(obj(arr(found.cancellations)[0]).cancel_id);
      if (!cancelId)
        throw new MarketplaceError({
          marketplace: 'tiktok',
          kind: 'bad_request',
          code: 'no_cancel_request',
          message: `Order ${input.orderId} has no pending cancel request from the buyer`,
        });
      const path = `/return_refund/202309/cancellations/${encodeURIComponent(cancelId)}`;
      if (input.accept) {
        await call({ method: 'POST', path: `${path}/approve`, auth, body: {} });
        return;
      }
      const reasons = arr(
        (await call({ method: 'GET', path: '/return_refund/202309/reject_reasons', auth, query: { return_or_cancel_id: cancelId } }))
          .reasons,
      ).map(obj);
      await call({ method: 'POST', path: `${path}/reject`, auth, body: { reject_reason: str(reasons[0]?.name) } });
    },
  };
};
