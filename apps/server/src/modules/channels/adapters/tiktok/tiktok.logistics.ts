import { arr, num, obj, sendHttp, str } from '../adapter-http.ts';
import type { LogisticsCapability, PickupSlot, ShopAuth } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { TiktokClient } from './tiktok.client.ts';
import { tiktokOrderReads } from './tiktok.orders.ts';

/** Shipping a package (pickup, drop-off or the seller's own courier) and its label. */
export const tiktokLogistics = (client: TiktokClient): LogisticsCapability => {
  const { config, call } = client;
  const { oneOrder, packageOf } = tiktokOrderReads(client);

  /** The package's pickup slots (`start_time`/`end_time` in seconds); the id is "start-end", as the ship call sends it back. */
  const slotsOfPackage = async (auth: ShopAuth, packageId: string): Promise<PickupSlot[]> => {
    const data = await call({
      method: 'GET',
      path: `/fulfillment/202309/packages/${encodeURIComponent(packageId)}/handover_time_slots`,
      auth,
    });
    return arr(data.pickup_slots)
      .map(obj)
      .filter((slot) => slot.available !== false)
      .map((slot) => {
        const start = num(slot.start_time);
        const end = num(slot.end_time);
        const hhmm = (seconds: number) =>
          new Date(seconds * 1000).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Jakarta' });
        return { id: `${start}-${end}`, start: start * 1000, end: end * 1000, label: `${hhmm(start)}-${hhmm(end)}` };
      });
  };

  return {
    pickupSlots: async (auth, orderId) => slotsOfPackage(auth, await packageOf(auth, orderId)),

    arrangeShipment: async (auth, input) => {
      const packageId = await packageOf(auth, input.orderId);
      let handover: Record<string, unknown> = { handover_method: input.method === 'pickup' ? 'PICKUP' : 'DROP_OFF' };
      if (input.method === 'pickup' && input.pickupSlotId) {
        const slot = (await slotsOfPackage(auth, packageId)).find((s) => s.id === input.pickupSlotId);
        if (!slot || slot.end === null)
          throw new MarketplaceError({
            marketplace: 'tiktok',
            kind: 'bad_request',
            code: 'pickup_slot_gone',
            message: 'The chosen pickup time slot is no longer offered',
          });
        handover = { ...handover, pickup_slot: { start_time: slot.start / 1000, end_time: slot.end / 1000 } };
      }
      await call({
        method: 'POST',
        path: `/fulfillment/202309/packages/${encodeURIComponent(packageId)}/ship`,
        auth,
        body: input.trackingNumber ? { self_shipment: { tracking_number: input.trackingNumber } } : handover,
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
