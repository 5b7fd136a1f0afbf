import { arr, num, obj, str } from '../adapter-http.ts';
import type { MarketplaceOrder, OrderCapability, ShopAuth } from '../types.ts';
import { MarketplaceError, outOfStockReason } from '../types.ts';
import type { LazadaClient } from './lazada.client.ts';
import { lazadaOrderStatus, parseLazadaDate, iso } from './lazada.mappers.ts';

/** Order reads the order and logistics capabilities share: an order's items, and orders by id with their lines. */
export const lazadaOrderReads = ({ data, call }: LazadaClient) => {
  const orderItems = async (auth: ShopAuth, orderId: string) =>
    arr(await data({ method: 'GET', path: '/order/items/get', auth, params: { order_id: orderId } })).map(obj);

  /** The buyer's open cancel request of an order: a CANCEL reverse order still REQUEST_INITIATE. */
  const openCancelRequest = async (auth: ShopAuth, orderId: string): Promise<string | undefined> => {
    const page = obj(
      (
        await call({
          method: 'GET',
          path: '/reverse/getreverseordersforseller',
          auth,
          params: {
            page_no: 1,
            page_size: 10,
            trade_order_id: orderId,
            request_type_list: JSON.stringify(['CANCEL']),
            reverse_status_list: JSON.stringify(['REQUEST_INITIATE']),
          },
        })
      ).result,
    );
    const found = arr(page.items).map(obj)[0];
    return found ? str(found.reverse_order_id) : undefined;
  };

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
      // An open order may carry a buyer's cancel request for the seller to answer (a CANCEL reverse order).
      const open = ['unpaid', 'pending', 'topack', 'packed', 'toship', 'ready_to_ship'];
      const cancelRequested =
        statuses.some((status) => open.includes(status.toLowerCase())) && (await openCancelRequest(auth, orderId)) !== undefined;
      orders.push({
        orderId: str(raw.order_id),
        rawStatus: statuses.join(','),
        status: cancelRequested ? 'cancel_requested' : lazadaOrderStatus(statuses),
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

  return { orderItems, getOrders, openCancelRequest };
};

/** Order list and detail, accept (pack), cancellation reasons and cancel. */
export const lazadaOrders = (client: LazadaClient): OrderCapability => {
  const { data, result } = client;
  const { orderItems, getOrders, openCancelRequest } = lazadaOrderReads(client);

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
      const { itemIds, validation } = await cancelValidation(auth, input.orderId);
      // A reject: Lazada's reason ids differ per order, so its out-of-stock reason comes from the validate answer.
      const reasonId =
        input.reasonId ??
        outOfStockReason(
          arr(validation.reason_options)
            .map(obj)
            .map((reason) => ({ id: str(reason.reason_id), label: str(reason.reason_name) })),
        );
      await data({
        method: 'GET',
        path: '/order/reverse/cancel/create',
        auth,
        params: { order_id: input.orderId, order_item_id_list: itemIds, reason_id: reasonId },
      });
    },

    // The buyer's cancel request is a CANCEL reverse order: the seller agrees or refuses it.
    answerCancelRequest: async (auth, input) => {
      const reverseOrderId = await openCancelRequest(auth, input.orderId);
      if (!reverseOrderId)
        throw new MarketplaceError({
          marketplace: 'lazada',
          kind: 'bad_request',
          code: 'no_cancel_request',
          message: `Order ${input.orderId} has no pending cancel request from the buyer`,
        });
      await data({
        method: 'GET',
        path: '/order/reverse/cancel/seller/decide',
        auth,
        params: { reverse_order_id: reverseOrderId, agree_cancel: input.accept ? 'true' : 'false' },
      });
    },
  };
};
