import { arr, num, obj, str } from '../adapter-http.ts';
import type { MarketplaceOrder, OrderCapability, ShopAuth } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { LazadaClient } from './lazada.client.ts';
import { lazadaOrderStatus, parseLazadaDate, iso } from './lazada.mappers.ts';

/** Order reads the order and logistics capabilities share: an order's items, and orders by id with their lines. */
export const lazadaOrderReads = ({ data }: LazadaClient) => {
  const orderItems = async (auth: ShopAuth, orderId: string) =>
    arr(await data({ method: 'GET', path: '/order/items/get', auth, params: { order_id: orderId } })).map(obj);

  const getOrders = async (auth: ShopAuth, orderIds: string[]): Promise<MarketplaceOrder[]> => {
    const orders: MarketplaceOrder[] = [];
    for (const orderId of orderIds) {
      const raw = obj(await data({ method: 'GET', path: '/order/get', auth, params: { order_id: orderId } }));
      const items = await orderItems(auth, orderId);
      const address = obj(raw.address_shipping);
      const lines = new Map<string, MarketplaceOrder['items'][number]>();
      for (const item of items) {
        const key = str(item.sku_id);
        const existing = lines.get(key);
        if (existing) existing.quantity += 1;
        else {
          lines.set(key, {
            itemId: str(item.order_item_id),
            productId: str(item.product_id),
            skuId: key,
            sellerSku: str(item.sku),
            name: str(item.name),
            quantity: 1,
            price: num(item.paid_price),
          });
        }
      }
      const statuses = arr(raw.statuses).map(str);
      const first = items[0] ?? {};
      orders.push({
        orderId: str(raw.order_id),
        rawStatus: statuses.join(','),
        status: lazadaOrderStatus(statuses),
        createdAt: parseLazadaDate(str(raw.created_at)),
        updatedAt: parseLazadaDate(str(raw.updated_at)),
        buyerName: `${str(raw.customer_first_name)} ${str(raw.customer_last_name)}`.trim(),
        recipient: { name: str(address.first_name), phone: str(address.phone), address: str(address.address1), city: str(address.city) },
        items: [...lines.values()],
        totalAmount: num(raw.price) + num(raw.shipping_fee),
        shippingFee: num(raw.shipping_fee),
        currency: 'IDR',
        ...(str(first.package_id) ? { packageId: str(first.package_id) } : {}),
        ...(str(first.tracking_code) ? { trackingNumber: str(first.tracking_code) } : {}),
        ...(str(first.shipment_provider) ? { courier: str(first.shipment_provider) } : {}),
        ...(str(first.reason) ? { cancelReason: str(first.reason) } : {}),
      });
    }
    return orders;
  };

  return { orderItems, getOrders };
};

/** Order list and detail, accept (pack), cancellation reasons and cancel. */
export const lazadaOrders = (client: LazadaClient): OrderCapability => {
  const { data, result } = client;
  const { orderItems, getOrders } = lazadaOrderReads(client);

  const cancelValidation = async (auth: ShopAuth, orderId: string) => {
    const items = await orderItems(auth, orderId);
    const itemIds = JSON.stringify(items.map((item) => num(item.order_item_id)));
    const validation = obj(
      await data({
        method: 'GET',
        path: '/order/reverse/cancel/validate',
        auth,
        params: { order_id: orderId, order_item_id_list: itemIds },
      }),
    );
    return { itemIds, validation };
  };

  return {
    listOrders: async (auth, input) => {
      const offset = Number(input.cursor ?? 0);
      const limit = Math.min(input.pageSize ?? 100, 100);
      const page = obj(
        await data({
          method: 'GET',
          path: '/orders/get',
          auth,
          params:
            input.timeField === 'create'
              ? {
                  created_after: iso(input.from),
                  created_before: iso(input.to),
                  sort_by: 'created_at',
                  sort_direction: 'DESC',
                  offset,
                  limit,
                }
              : {
                  update_after: iso(input.from),
                  update_before: iso(input.to),
                  sort_by: 'updated_at',
                  sort_direction: 'DESC',
                  offset,
                  limit,
                },
        }),
      );
      const items = arr(page.orders)
        .map(obj)
        .map((order) => {
          const statuses = arr(order.statuses).map(str);
          return { orderId: str(order.order_id), rawStatus: statuses.join(','), status: lazadaOrderStatus(statuses) };
        });
      const total = num(page.countTotal);
      return { items, total, ...(offset + items.length < total ? { nextCursor: String(offset + items.length) } : {}) };
    },

    getOrders,

    // "Accept" is Lazada's pack step: it allocates a package and tracking number for every item.
    acceptOrder: async (auth, orderId) => {
      const items = await orderItems(auth, orderId);
      const packed = await result({
        method: 'POST',
        path: '/order/fulfill/pack',
        auth,
        params: {
          packReq: JSON.stringify({
            pack_order_list: [{ order_id: Number(orderId), order_item_list: items.map((item) => num(item.order_item_id)) }],
            delivery_type: 'dropship',
            shipping_allocate_type: 'TFS',
          }),
        },
      });
      const failed = arr(obj(arr(packed.pack_order_list)[0]).order_item_list)
        .map(obj)
        .find((item) => str(item.item_err_code) !== '0');
      if (failed)
        throw new MarketplaceError({
          marketplace: 'lazada',
          kind: 'bad_request',
          code: str(failed.item_err_code),
          message: str(failed.msg),
        });
    },

    cancellationReasons: async (auth, orderId) => {
      const { validation } = await cancelValidation(auth, orderId);
      return arr(validation.reason_options)
        .map(obj)
        .map((reason) => ({ id: str(reason.reason_id), label: str(reason.reason_name) }));
    },

    cancelOrder: async (auth, input) => {
      const { itemIds } = await cancelValidation(auth, input.orderId);
      await data({
        method: 'GET',
        path: '/order/reverse/cancel/create',
        auth,
        params: { order_id: input.orderId, order_item_id_list: itemIds, reason_id: input.reasonId },
      });
    },
  };
};
