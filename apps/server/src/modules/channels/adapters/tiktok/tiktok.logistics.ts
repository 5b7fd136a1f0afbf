import { sendHttp, str } from '../adapter-http.ts';
import type { LogisticsCapability } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { TiktokClient } from './tiktok.client.ts';
import { tiktokOrderReads } from './tiktok.orders.ts';

/** Shipping a package (pickup, drop-off or the seller's own courier) and its label. */
export const tiktokLogistics = (client: TiktokClient): LogisticsCapability => {
  const { config, call } = client;
  const { oneOrder, packageOf } = tiktokOrderReads(client);

  return {
    arrangeShipment: async (auth, input) => {
      const packageId = await packageOf(auth, input.orderId);
      await call({
        method: 'POST',
        path: `/fulfillment/202309/packages/${encodeURIComponent(packageId)}/ship`,
        auth,
        body: input.trackingNumber
          ? { self_shipment: { tracking_number: input.trackingNumber } }
          : { handover_method: input.method === 'pickup' ? 'PICKUP' : 'DROP_OFF' },
      });
      const order = await oneOrder(auth, input.orderId);
      return { orderId: input.orderId, packageId, ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}) };
    },

    getShippingLabel: async (auth, orderId) => {
      const packageId = await packageOf(auth, orderId);
      const data = await call({
        method: 'GET',
        path: `/fulfillment/202309/packages/${encodeURIComponent(packageId)}/shipping_documents`,
        auth,
        query: { document_type: 'SHIPPING_LABEL', document_size: 'A6', document_format: 'PDF' },
      });
      // doc_url is a short-lived plain download, not a signed API call.
      const answer = await sendHttp('tiktok', config, { method: 'GET', url: str(data.doc_url) });
      if (answer.status !== 200) {
        throw new MarketplaceError({
          marketplace: 'tiktok',
          kind: 'upstream',
          code: `http_${answer.status}`,
          message: 'Label download failed',
          httpStatus: answer.status,
        });
      }
      return { contentType: answer.headers.get('content-type') ?? 'application/pdf', data: answer.bytes };
    },
  };
};
