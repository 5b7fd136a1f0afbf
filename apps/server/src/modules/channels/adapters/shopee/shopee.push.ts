import { arr, num, obj, str } from '../adapter-http.ts';
import type { LostPushCapability, MarketplacePushEvent, PushCapability } from '../types.ts';
import type { ShopeeClient } from './shopee.client.ts';
import { safeJson, shopeeOrderStatus } from './shopee.mappers.ts';
import { verifyShopeePush } from './shopee.sign.ts';

/** Shopee pushes carry no message id, so the order, its status and the update time make the dedup key. */
export const parseShopeePush = (rawBody: string): MarketplacePushEvent | undefined => {
  const body = obj(safeJson(rawBody));
  if (body.shop_id === undefined || body.code === undefined) return undefined;
  const data = obj(body.data);
  const shopId = str(body.shop_id);
  if (num(body.code) === 3) {
    const rawStatus = str(data.status);
    return {
      eventId: `shopee:${shopId}:3:${str(data.ordersn)}:${rawStatus}:${str(data.update_time)}`,
      shopId,
      type: 'order_status',
      orderId: str(data.ordersn),
      rawStatus,
      status: shopeeOrderStatus(rawStatus),
      occurredAt: num(data.update_time ?? body.timestamp) * 1000,
    };
  }
  return {
    eventId: `shopee:${shopId}:${str(body.code)}:${str(body.timestamp)}`,
    shopId,
    type: 'other',
    occurredAt: num(body.timestamp) * 1000,
  };
};

/** Signed pushes, and the lost pushes Shopee keeps for three days. */
export const shopeePush = ({ config, api }: ShopeeClient): PushCapability & LostPushCapability => ({
  verifyPush: ({ url, headers, rawBody }) => verifyShopeePush(config.partnerKey, url, rawBody, headers.authorization),

  parsePush: (rawBody) => parseShopeePush(rawBody),

  fetchLostPushes: async () => {
    const response = await api({ method: 'GET', path: '/api/v2/push/get_lost_push_message' });
    return {
      events: arr(response.push_message_list)
        .map(obj)
        .map((message) =>
          parseShopeePush(
            JSON.stringify({
              shop_id: message.shop_id,
              code: message.code,
              timestamp: message.timestamp,
              data: safeJson(str(message.data)),
            }),
          ),
        )
        .filter((event): event is MarketplacePushEvent => event !== undefined),
      lastMessageId: str(response.last_message_id),
      hasMore: response.has_next_page === true,
    };
  },

  confirmLostPushes: async (lastMessageId) => {
    await api({
      method: 'POST',
      path: '/api/v2/push/confirm_consumed_lost_push_message',
      body: { last_message_id: Number(lastMessageId) },
    });
  },
});
