import { arr, num, obj, str } from '../adapter-http.ts';
import type { LogisticsCapability } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { ShopeeClient } from './shopee.client.ts';

/** Arranging shipment (pickup or drop-off) and the thermal air waybill, polled until Shopee has made it. */
export const shopeeLogistics = ({ config, call, api, sleep }: ShopeeClient): LogisticsCapability => ({
  arrangeShipment: async (auth, input) => {
    const parameter = await api({
      method: 'GET',
      path: '/api/v2/logistics/get_shipping_parameter',
      auth,
      query: { order_sn: input.orderId },
    });
    let body: Record<string, unknown>;
    if (input.method === 'pickup') {
      const addresses = arr(obj(parameter.pickup).address_list).map(obj);
      const address = addresses.find((a) => arr(a.address_flag).includes('pickup_address')) ?? addresses[0];
      const slot = obj(arr(address?.time_slot_list)[0]);
      if (!address || !slot.pickup_time_id) {
        throw new MarketplaceError({
          marketplace: 'shopee',
          kind: 'bad_request',
          code: 'no_pickup_slot',
          message: 'No pickup address or time slot offered',
        });
      }
      body = { order_sn: input.orderId, pickup: { address_id: num(address.address_id), pickup_time_id: str(slot.pickup_time_id) } };
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
