import { arr, obj, str } from '../adapter-http.ts';
import type { OrderCapability, ShopAuth } from '../types.ts';
import { MarketplaceError, outOfStockReason } from '../types.ts';
import type { BlibliClient } from './blibli.client.ts';
import { blibliOrderStatus, orderFrom } from './blibli.mappers.ts';

/** The order detail the order and logistics capabilities share. */
export const blibliOrderReads = ({ call }: BlibliClient) => {
  const orderDetail = async (auth: ShopAuth, orderId: string): Promise<Record<string, unknown>> =>
    obj((await call(auth, 'GET', '/mta/api/businesspartner/v1/order/orderDetail', { query: { orderNo: orderId } })).value);

  return { orderDetail };
};

/** Package-level order list, order detail, accept, cancellation reasons and cancel. */
export const blibliOrders = (client: BlibliClient): OrderCapability => {
  const { call, paged } = client;
  const { orderDetail } = blibliOrderReads(client);

  const capability: OrderCapability = {
    // Package-level Order List V2 filters by when items reached FP (new), so both time fields use that range.
    listOrders: async (auth, input) => {
      const page = Number(input.cursor ?? 0);
      const json = await call(auth, 'POST', '/seller/v1/orders/packages/filter', {
        body: {
          filter: { statusFPDateRange: { start: input.from, end: input.to - 1 } },
          sorting: { by: 'statusFPUpdatedTimestamp', direction: 'DESC' },
          paging: { page, size: Math.min(input.pageSize ?? 50, 100) },
        },
      });
      const items = arr(json.content)
        .map(obj)
        .map((pkg) => {
          const raw = str(obj(arr(pkg.orderItems)[0]).status);
          return { orderId: str(pkg.orderId), rawStatus: raw, status: blibliOrderStatus(raw) };
        });
      return { items, ...paged(json, page, items.length) };
    },

    getOrders: async (auth, orderIds) => {
      const orders = [];
      for (const orderId of orderIds) orders.push(orderFrom(await orderDetail(auth, orderId)));
      return orders;
    },

    // Create Package packs every FP item of the order (FP → PF).
    acceptOrder: async (auth, orderId) => {
      const detail = await orderDetail(auth, orderId);
      const orderItemIds = arr(detail.orderItems)
        .map(obj)
        .filter((item) => str(item.status) === 'FP')
        .map((item) => str(item.orderItemId));
      if (orderItemIds.length === 0) {
        throw new MarketplaceError({
          marketplace: 'blibli',
          kind: 'bad_request',
          code: 'INVALID_ORDER_STATUS',
          message: `Order ${orderId} has no FP items to pack`,
        });
      }
      await call(auth, 'POST', '/mta/api/businesspartner/v1/order/createPackage', { body: { orderItemIds } });
    },

    cancellationReasons: async (auth, orderId) => {
      const detail = await orderDetail(auth, orderId);
      if (
        !arr(detail.orderItems)
          .map(obj)
          .some((item) => ['FP', 'PF'].includes(str(item.status)))
      )
        return [];
      return arr((await call(auth, 'GET', '/seller/v1/orders/cancellation-reasons')).content)
        .map(obj)
        .map((reason) => ({ id: str(reason.reason), label: str(reason.reason) }));
    },

    // Cancellation is per order item; the reason text is the id (case-sensitive on Blibli's side).
    cancelOrder: async (auth, input) => {
      const reason = input.reasonId ?? outOfStockReason(await capability.cancellationReasons(auth, input.orderId));
      const itemIds =
        input.items?.map((item) => item.itemId) ??
        arr((await orderDetail(auth, input.orderId)).orderItems).map((item) => str(obj(item).orderItemId));
      for (const itemId of itemIds) {
        await call(auth, 'POST', `/seller/v1/orders/items/${encodeURIComponent(itemId)}/cancellations`, {
          body: { reason },
        });
      }
    },
  };
  return capability;
};
