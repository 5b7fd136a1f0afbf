import { arr, num, obj, str } from '../adapter-http.ts';
import type { ReturnCapability } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { ZaloraClient } from './zalora.client.ts';
import { list, toReturn, next } from './zalora.mappers.ts';
import { zaloraOrderReads } from './zalora.orders.ts';
import { zaloraTimestamp } from './zalora.sign.ts';

/** Returned orders (the return is the order; README choice). */
export const zaloraReturns = (client: ZaloraClient): ReturnCapability => {
  const { call } = client;
  const { orderItems } = zaloraOrderReads(client);

  return {
    // GetOrders&Status=returned is the return list; the window is the time the order turned returned (its UpdatedAt).
    listReturns: async (auth, input) => {
      const offset = Number(input.cursor ?? 0);
      const { head, body } = await call(auth, 'GetOrders', {
        Status: 'returned',
        UpdatedAfter: zaloraTimestamp(input.createdFrom ?? 0),
        ...(input.createdTo !== undefined ? { UpdatedBefore: zaloraTimestamp(input.createdTo) } : {}),
        Limit: String(Math.min(input.pageSize ?? 100, 100)),
        Offset: String(offset),
      });
      const orders = list(obj(body.Orders).Order);
      const total = num(head.TotalCount);
      if (orders.length === 0) return { items: [], total };
      const withItems = list(
        obj(
          (await call(auth, 'GetMultipleOrderItems', { OrderIdList: JSON.stringify(orders.map((order) => str(order.OrderId))) })).body
            .Orders,
        ).Order,
      );
      const itemsOf = new Map(withItems.map((entry) => [str(entry.OrderId), list(obj(entry.OrderItems).OrderItem)]));
      const items = orders.map((order) => toReturn(order, itemsOf.get(str(order.OrderId)) ?? []));
      return { items, total, ...next(offset, items.length, total) };
    },

    getReturn: async (auth, returnId) => {
      const order = list(obj((await call(auth, 'GetOrder', { OrderId: returnId })).body.Orders).Order)[0] ?? {};
      const raw = arr(obj(order.Statuses).Status).map(str)[0] ?? str(obj(order.Statuses).Status);
      if (raw !== 'returned') {
        throw new MarketplaceError({
          marketplace: 'zalora',
          kind: 'not_found',
          code: 'not_returned',
          message: `Order ${returnId} has no return`,
        });
      }
      return toReturn(order, await orderItems(auth, returnId));
    },
  };
};
