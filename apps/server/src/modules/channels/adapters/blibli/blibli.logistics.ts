import { obj, str } from '../adapter-http.ts';
import type { LogisticsCapability } from '../types.ts';
import type { BlibliClient } from './blibli.client.ts';
import { blibliOrderReads } from './blibli.orders.ts';

/** Regular fulfilment and the shipping label. */
export const blibliLogistics = (client: BlibliClient): LogisticsCapability => {
  const { call } = client;
  const { orderDetail } = blibliOrderReads(client);

  return {
    // Regular fulfilment with the seller's AWB; without one Blibli's logistics assigns it.
    arrangeShipment: async (auth, input) => {
      const packageId = str((await orderDetail(auth, input.orderId)).packageId);
      const value = obj(
        (
          await call(auth, 'POST', `/seller/v1/orders/regular/${encodeURIComponent(packageId)}/fulfill`, {
            body: { awbNo: input.trackingNumber ?? '' },
          })
        ).value,
      );
      return { orderId: input.orderId, packageId, ...(value.awbNo ? { trackingNumber: str(value.awbNo) } : {}) };
    },

    getShippingLabel: async (auth, orderId) => {
      const packageId = str((await orderDetail(auth, orderId)).packageId);
      const value = obj((await call(auth, 'GET', `/seller/v1/orders/${encodeURIComponent(packageId)}/shippingLabel`)).value);
      return { contentType: str(value.contentType) || 'application/pdf', data: new Uint8Array(Buffer.from(str(value.document), 'base64')) };
    },
  };
};
