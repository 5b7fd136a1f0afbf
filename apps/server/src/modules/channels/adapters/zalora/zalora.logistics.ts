import { obj, str } from '../adapter-http.ts';
import type { LogisticsCapability } from '../types.ts';
import type { ZaloraClient } from './zalora.client.ts';
import { list, itemIdsIn } from './zalora.mappers.ts';
import { zaloraOrderReads } from './zalora.orders.ts';

/** Ready to ship (pickup or dropship) and the shipping parcel document. */
export const zaloraLogistics = (client: ZaloraClient): LogisticsCapability => {
  const { call } = client;
  const { orderItems } = zaloraOrderReads(client);

  return {
    arrangeShipment: async (auth, input) => {
      const items = await orderItems(auth, input.orderId);
      const ids = itemIdsIn(items, ['packed']);
      const { body } = await call(auth, 'SetStatusToReadyToShip', {
        OrderItemIds: JSON.stringify(ids.length > 0 ? ids : itemIdsIn(items, ['pending'])),
        DeliveryType: input.method === 'pickup' ? 'pickup' : 'dropship',
        ShippingProvider: str(items[0]?.ShipmentProvider),
        ...(input.trackingNumber ? { TrackingNumber: input.trackingNumber } : {}),
      });
      const packageId = str(list(obj(body.OrderItems).OrderItem)[0]?.PurchaseOrderId);
      const tracking = str((await orderItems(auth, input.orderId))[0]?.TrackingCode);
      return { orderId: input.orderId, ...(packageId ? { packageId } : {}), ...(tracking ? { trackingNumber: tracking } : {}) };
    },

    getShippingLabel: async (auth, orderId) => {
      const ids = itemIdsIn(await orderItems(auth, orderId), ['ready_to_ship', 'shipped', 'delivered']);
      const { body } = await call(auth, 'GetDocument', { DocumentType: 'shippingParcel', OrderItemIds: JSON.stringify(ids) });
      const document = list(obj(body.Documents).Document)[0] ?? {};
      return { contentType: str(document.MimeType) || 'application/pdf', data: new Uint8Array(Buffer.from(str(document.File), 'base64')) };
    },
  };
};
