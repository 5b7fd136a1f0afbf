import { arr, chunk, num, obj, str } from '../adapter-http.ts';
import { isMarketplaceError, type CancellationReason, type MarketplaceOrder, type OrderCapability, type ShopAuth } from '../types.ts';
import type { ShopeeClient } from './shopee.client.ts';
import { shopeeOrderStatus, toOrder } from './shopee.mappers.ts';

// Shopee's seller cancellation reasons are a fixed enum; UNDELIVERABLE_AREA is TW/MY only (research §1.4).
const CANCEL_REASONS: CancellationReason[] = [
  { id: 'OUT_OF_STOCK', label: 'Out of stock' },
  { id: 'CUSTOMER_REQUEST', label: 'Customer request' },
  { id: 'COD_NOT_SUPPORTED', label: 'COD not supported' },
];

/** Order list and detail, accept (Shopee has none of its own) and cancel. */
export const shopeeOrders = ({ api }: ShopeeClient): OrderCapability => {
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
      for (const raw of arr(response.order_list).map(obj)) orders.push(await withFees(auth, toOrder(raw)));
    }
    return orders;
  };

  /**
   * The order's fees from its escrow detail (v2.payment.get_escrow_detail): commission, service fee and the seller's
   * transaction fee. An unpaid order has no escrow yet (Shopee answers an error): the order comes without its fees.
   */
  const withFees = async (auth: ShopAuth, order: MarketplaceOrder): Promise<MarketplaceOrder> => {
    if (order.status === 'unpaid') return order;
    try {
      const escrow = await api({ method: 'GET', path: '/api/v2/payment/get_escrow_detail', auth, query: { order_sn: order.orderId } });
      const income = obj(escrow.order_income);
      return { ...order, adminFee: Math.round(num(income.commission_fee) + num(income.service_fee) + num(income.seller_transaction_fee)) };
    } catch (error) {
      if (isMarketplaceError(error) && (error.kind === 'bad_request' || error.kind === 'not_found')) return order;
      throw error;
    }
  };

  return {
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
      const reason = input.reasonId ?? 'OUT_OF_STOCK';
      let itemList = input.items?.map((item) => ({ item_id: Number(item.productId), model_id: Number(item.skuId) }));
      if (reason === 'OUT_OF_STOCK' && !itemList) {
        const [order] = await orderDetails(auth, [input.orderId]);
        itemList = order?.items.map((item) => ({ item_id: Number(item.productId), model_id: Number(item.skuId) }));
      }
      await api({
        method: 'POST',
        path: '/api/v2/order/cancel_order',
        auth,
        body: { order_sn: input.orderId, cancel_reason: reason, ...(itemList ? { item_list: itemList } : {}) },
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
  };
};
