import { num, obj, str } from '../adapter-http.ts';
import type { MarketplacePushEvent, PushCapability } from '../types.ts';
import type { LazadaClient } from './lazada.client.ts';
import { lazadaOrderStatus } from './lazada.mappers.ts';
import { verifyLazadaPush } from './lazada.sign.ts';

/** Delivery is at-least-once; order id, line id, status and time identify one message (research §3.5). */
export const parseLazadaPush = (rawBody: string): MarketplacePushEvent | undefined => {
  let body: Record<string, unknown>;
  try {
    body = obj(JSON.parse(rawBody));
  } catch {
    return undefined;
  }
  if (body.seller_id === undefined || body.message_type === undefined) return undefined;
  const data = obj(body.data);
  const shopId = str(body.seller_id);
  if (num(body.message_type) === 0) {
    const rawStatus = str(data.order_status);
    return {
      eventId: `lazada:${str(data.trade_order_id)}:${str(data.trade_order_line_id)}:${rawStatus}:${str(data.status_update_time)}`,
      shopId,
      type: 'order_status',
      orderId: str(data.trade_order_id),
      rawStatus,
      status: lazadaOrderStatus([rawStatus]),
      occurredAt: num(data.status_update_time) * 1000,
    };
  }
  return {
    eventId: `lazada:${shopId}:${str(body.message_type)}:${str(body.timestamp)}`,
    shopId,
    type: 'other',
    occurredAt: num(body.timestamp),
  };
};

/** Signed pushes. */
export const lazadaPush = ({ config }: LazadaClient): PushCapability => ({
  verifyPush: ({ headers, rawBody }) => verifyLazadaPush(config.appKey, config.appSecret, rawBody, headers.authorization),

  parsePush: (rawBody) => parseLazadaPush(rawBody),
});
