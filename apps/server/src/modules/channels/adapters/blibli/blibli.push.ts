import { num, obj, str } from '../adapter-http.ts';
import type { MarketplacePushEvent, PushCapability } from '../types.ts';
import type { BlibliClient } from './blibli.client.ts';
import { blibliOrderStatus } from './blibli.mappers.ts';
import { verifyBlibliPush } from './blibli.sign.ts';

/**
 * A Blibli webhook (README, Blibli: the body shape is the sandbox's choice). The event id leaves out `requestId`, so
 * a resend under a new request id still deduplicates: one id per order, status and change time.
 */
export const parseBlibliPush = (rawBody: string): MarketplacePushEvent | undefined => {
  let body: Record<string, unknown>;
  try {
    body = obj(JSON.parse(rawBody));
  } catch {
    return undefined;
  }
  if (!body.eventType || !body.storeCode) return undefined;
  const data = obj(body.data);
  const shopId = str(body.storeCode);
  if (body.eventType === 'ORDER_STATUS_CHANGED' && data.orderNo) {
    const rawStatus = str(data.orderItemStatus);
    return {
      eventId: `blibli:${str(data.orderNo)}:${rawStatus}:${str(data.updatedDate)}`,
      shopId,
      type: 'order_status',
      orderId: str(data.orderNo),
      rawStatus,
      status: blibliOrderStatus(rawStatus),
      occurredAt: num(data.updatedDate),
    };
  }
  return {
    eventId: `blibli:${shopId}:${str(body.eventType)}:${str(body.requestId)}`,
    shopId,
    type: 'other',
    occurredAt: num(body.requestTime),
  };
};

/** Webhooks, checked by their optional token. */
export const blibliPush = ({ config }: BlibliClient): PushCapability => ({
  // Blibli webhooks carry an OAuth `token` header only if the partner configured one; there is no signature.
  verifyPush: ({ headers, rawBody }) => verifyBlibliPush(config.webhookToken, headers, rawBody),

  parsePush: (rawBody) => parseBlibliPush(rawBody),
});
