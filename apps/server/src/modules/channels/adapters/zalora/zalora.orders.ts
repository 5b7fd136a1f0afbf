import { arr, num, obj, str } from '../adapter-http.ts';
import type { MarketplaceOrder, OrderCapability, ShopAuth } from '../types.ts';
import { MarketplaceError, outOfStockReason } from '../types.ts';
import type { ZaloraClient } from './zalora.client.ts';
import { zaloraOrderStatus, list, orderFrom, itemIdsIn, next } from './zalora.mappers.ts';
import { zaloraTimestamp } from './zalora.sign.ts';

/** The order items the order, logistics and return capabilities share. */
export const zaloraOrderReads = ({ call }: ZaloraClient) => {
  const orderItems = async (auth: ShopAuth, orderId: string) =>
    list(obj((await call(auth, 'GetOrderItems', { OrderId: orderId })).body.OrderItems).OrderItem);

  return { orderItems };
};

/** Order list and detail, accept (packed by marketplace), cancellation reasons and cancel. */
export const zaloraOrders = (client: ZaloraClient): OrderCapability => {
  const { call } = client;
  const { orderItems } = zaloraOrderReads(client);

  const capability: OrderCapability = {
    listOrders: async (auth, input) => {
      const offset = Number(input.cursor ?? 0);
      const window: Record<string, string> =
        input.timeField === 'create'
          ? { CreatedAfter: zaloraTimestamp(input.from), CreatedBefore: zaloraTimestamp(input.to) }
          : { UpdatedAfter: zaloraTimestamp(input.from), UpdatedBefore: zaloraTimestamp(input.to) };
      const { head, body } = await call(auth, 'GetOrders', {
        ...window,
        Limit: String(Math.min(input.pageSize ?? 100, 100)),
        Offset: String(offset),
      });
      const items = list(obj(body.Orders).Order).map((order) => {
        const raw = arr(obj(order.Statuses).Status).map(str)[0] ?? str(obj(order.Statuses).Status);
        return { orderId: str(order.OrderId), rawStatus: raw, status: zaloraOrderStatus(raw) };
      });
      return { items, total: num(head.TotalCount), ...next(offset, items.length, num(head.TotalCount)) };
    },

    getOrders: async (auth, orderIds) => {
      const out: MarketplaceOrder[] = [];
      for (const orderId of orderIds) {
        const order = list(obj((await call(auth, 'GetOrder', { OrderId: orderId })).body.Orders).Order)[0] ?? {};
        out.push(orderFrom(order, await orderItems(auth, orderId)));
      }
      return out;
    },

    // SetStatusToPackedByMarketplace: Zalora packs the pending items and assigns the package (pending → packed).
    acceptOrder: async (auth, orderId) => {
      const items = await orderItems(auth, orderId);
      const ids = itemIdsIn(items, ['pending']);
      if (ids.length === 0) {
        throw new MarketplaceError({
          marketplace: 'zalora',
          kind: 'bad_request',
          code: '73',
          message: `Order ${orderId} has no pending items`,
        });
      }
      await call(auth, 'SetStatusToPackedByMarketplace', {
        OrderItemIds: JSON.stringify(ids),
        DeliveryType: 'dropship',
        ShippingProvider: str(items[0]?.ShipmentProvider),
      });
    },

    cancellationReasons: async (auth, orderId) => {
      if (itemIdsIn(await orderItems(auth, orderId), ['pending', 'packed']).length === 0) return [];
      return list(obj((await call(auth, 'GetFailureReasons')).body.Reasons).Reason)
        .filter((reason) => str(reason.Type) === 'canceled')
        .map((reason) => ({ id: str(reason.Id), label: str(reason.Name) }));
    },

    // SetStatusToCanceled takes one order item at a time.
    cancelOrder: async (auth, input) => {
      const reason = input.reasonId ?? outOfStockReason(await capability.cancellationReasons(auth, input.orderId));
      const ids = input.items?.map((item) => item.itemId) ?? itemIdsIn(await orderItems(auth, input.orderId), ['pending', 'packed']);
      for (const id of ids) await call(auth, 'SetStatusToCanceled', { OrderItemId: id, ReasonId: reason ?? '' });
    },
  };
  return capability;
};
