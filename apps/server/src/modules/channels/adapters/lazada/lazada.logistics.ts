import { arr, obj, sendHttp, str } from '../adapter-http.ts';
import type { LogisticsCapability } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { LazadaClient } from './lazada.client.ts';
import { lazadaOrderReads } from './lazada.orders.ts';

/** Ready-to-ship (pickup or drop-off) and the airway bill. */
export const lazadaLogistics = (client: LazadaClient): LogisticsCapability => {
  const { config, result } = client;
  const { getOrders } = lazadaOrderReads(client);

  return {
    arrangeShipment: async (auth, input) => {
      const [order] = await getOrders(auth, [input.orderId]);
      if (!order?.packageId)
        throw new MarketplaceError({
          marketplace: 'lazada',
          kind: 'bad_request',
          code: 'not_packed',
          message: 'Accept (pack) the order before shipping it',
        });
      const shipped = await result({
        method: 'POST',
        path: '/order/package/rts',
        auth,
        params: { readyToShipReq: JSON.stringify({ packages: [{ package_id: order.packageId }] }) },
      });
      const failed = arr(shipped.packages)
        .map(obj)
        .find((entry) => str(entry.item_err_code) !== '0');
      if (failed)
        throw new MarketplaceError({
          marketplace: 'lazada',
          kind: 'bad_request',
          code: str(failed.item_err_code),
          message: str(failed.msg),
        });
      return {
        orderId: input.orderId,
        packageId: order.packageId,
        ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
      };
    },

    getShippingLabel: async (auth, orderId) => {
      const [order] = await getOrders(auth, [orderId]);
      if (!order?.packageId)
        throw new MarketplaceError({
          marketplace: 'lazada',
          kind: 'bad_request',
          code: 'not_packed',
          message: 'The order has no package yet',
        });
      const document = await result({
        method: 'POST',
        path: '/order/package/document/get',
        auth,
        params: { getDocumentReq: JSON.stringify({ doc_type: 'PDF', packages: [{ package_id: order.packageId }] }) },
      });
      if (str(document.file)) return { contentType: 'application/pdf', data: new Uint8Array(Buffer.from(str(document.file), 'base64')) };
      const answer = await sendHttp('lazada', config, { method: 'GET', url: str(document.pdf_url) });
      return { contentType: 'application/pdf', data: answer.bytes };
    },
  };
};
