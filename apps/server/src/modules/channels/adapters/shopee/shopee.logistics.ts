import { arr, num, obj, str } from '../adapter-http.ts';
import type { LogisticsCapability, PickupSlot } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { ShopeeClient } from './shopee.client.ts';

/** Arranging shipment (pickup or drop-off) and the thermal air waybill, polled until Shopee has made it. */
/** The pickup address of a shipping parameter answer: the one flagged for pickup, else the first. */
const pickupAddress = (parameter: Record<string, unknown>) => {
  const addresses = arr(obj(parameter.pickup).address_list).map(obj);
  return addresses.find((a) => arr(a.address_flag).includes('pickup_address')) ?? addresses[0];
};

/** Shopee's time slots (`date` in seconds, `time_text` such as "09:00-12:00") as pickup slots. */
const slotsOf = (address: Record<string, unknown> | undefined): PickupSlot[] =>
  arr(address?.time_slot_list)
    .map(obj)
    .filter((slot) => slot.pickup_time_id !== undefined && slot.pickup_time_id !== '')
    .map((slot) => ({ id: str(slot.pickup_time_id), start: num(slot.date) * 1000, end: null, label: str(slot.time_text) }));

/** Arranging shipment (pickup at a chosen time slot, or drop-off) and the thermal air waybill, polled until Shopee has made it. */
export const shopeeLogistics = ({ config, call, api, sleep }: ShopeeClient): LogisticsCapability => ({
  pickupSlots: async (auth, orderId) => {
    const parameter = await api({ method: 'GET', path: '/api/v2/logistics/get_shipping_parameter', auth, query: { order_sn: orderId } });
    return slotsOf(pickupAddress(parameter));
  },

  arrangeShipment: async (auth, input) => {
    const parameter = await api({
      method: 'GET',
      path: '/api/v2/logistics/get_shipping_parameter',
      auth,
      query: { order_sn: input.orderId },
    });
    let body: Record<string, unknown>;
    if (input.method === 'pickup') {
      const address = pickupAddress(parameter);
      const slots = slotsOf(address);
      const slot = input.pickupSlotId ? slots.find((s) => s.id === input.pickupSlotId) : slots[0];
      if (!address || !slot) {
        throw new MarketplaceError({
          marketplace: 'shopee',
          kind: 'bad_request',
          code: input.pickupSlotId ? 'pickup_slot_gone' : 'no_pickup_slot',
          message: input.pickupSlotId ? 'The chosen pickup time slot is no longer offered' : 'No pickup address or time slot offered',
        });
      }
      body = { order_sn: input.orderId, pickup: { address_id: num(address.address_id), pickup_time_id: slot.id } };
    } else {
      body = { order_sn: input.orderId, dropoff: input.trackingNumber ? { tracking_number: input.trackingNumber } : {} };
    }
    await api({ method: 'POST', path: '/api/v2/logistics/ship_order', auth, body });
    const tracking = await api({
      method: 'GET',
      path: '/api/v2/logistics/get_tracking_number',
      auth,
      query: { order_sn: input.orderId },
    });
    return { orderId: input.orderId, ...(tracking.tracking_number ? { trackingNumber: str(tracking.tracking_number) } : {}) };
  },

  getShippingLabel: async (auth, orderId) => {
    const tracking = await api({ method: 'GET', path: '/api/v2/logistics/get_tracking_number', auth, query: { order_sn: orderId } });
    const orderList = [{ order_sn: orderId, tracking_number: str(tracking.tracking_number) }];
    const type = 'THERMAL_AIR_WAYBILL';
    const created = await api({
      method: 'POST',
      path: '/api/v2/logistics/create_shipping_document',
      auth,
      body: { order_list: orderList.map((o) => ({ ...o, shipping_document_type: type })) },
    });
    const createFailure = obj(arr(created.result_list)[0]);
    if (str(createFailure.fail_error) !== '') {
      throw new MarketplaceError({
        marketplace: 'shopee',
        kind: 'bad_request',
        code: str(createFailure.fail_error),
        message: str(createFailure.fail_message),
      });
    }
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const result = await api({
        method: 'POST',
        path: '/api/v2/logistics/get_shipping_document_result',
        auth,
        body: { order_list: [{ order_sn: orderId }], shipping_document_type: type },
      });
      const status = str(obj(arr(result.result_list)[0]).status);
      if (status === 'READY') {
        const { answer } = await call({
          method: 'POST',
          path: '/api/v2/logistics/download_shipping_document',
          auth,
          body: { shipping_document_type: type, order_list: [{ order_sn: orderId }] },
          binary: true,
        });
        return { contentType: answer.headers.get('content-type') ?? 'application/pdf', data: answer.bytes };
      }
      if (status === 'FAILED') break;
      await sleep(config.labelPollMs ?? 1000);
    }
    throw new MarketplaceError({
      marketplace: 'shopee',
      kind: 'upstream',
      code: 'shipping_document_not_ready',
      message: `Label for ${orderId} is not ready`,
    });
  },
});
