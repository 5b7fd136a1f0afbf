import { num, obj, str } from '../adapter-http.ts';
import type { MarketplacePushEvent, PushCapability } from '../types.ts';
import type { TiktokClient } from './tiktok.client.ts';
import { tiktokOrderStatus } from './tiktok.mappers.ts';
import { verifyTiktokPush } from './tiktok.sign.ts';

/** Webhooks carry `tts_notification_id`, TikTok's own event id (research §2.5). */
export const parseTiktokPush = (rawBody: string): MarketplacePushEvent | undefined => {
  let body: Record<string, unknown>;
  try {
    body = obj(JSON.parse(rawBody));
  } catch {
    return undefined;
  }
  if (body.type === undefined || body.shop_id === undefined) return undefined;
  const data = obj(body.data);
  const shopId = str(body.shop_id);
  const eventId = `tiktok:${str(body.tts_notification_id) || `${shopId}:${str(body.type)}:${str(data.order_id)}:${str(data.order_status)}:${str(data.update_time)}`}`;
  if (num(body.type) === 1) {
    const rawStatus = str(data.order_status);
    return {
      eventId,
      shopId,
      type: 'order_status',
      orderId: str(data.order_id),
      rawStatus,
      status: tiktokOrderStatus(rawStatus),
      occurredAt: num(data.update_time ?? body.timestamp) * 1000,
    };
  }
  return { eventId, shopId, type: 'other', occurredAt: num(body.timestamp) * 1000 };
};

/** Signed webhooks. */
export const tiktokPush = ({ config }: TiktokClient): PushCapability => ({
  verifyPush: ({ headers, rawBody }) => verifyTiktokPush(config.appKey, config.appSecret, rawBody, headers.authorization),

  parsePush: (rawBody) => parseTiktokPush(rawBody),
});
