import { num, obj, str } from '../adapter-http.ts';
import type { MarketplacePushEvent, PushCapability } from '../types.ts';
import type { ZaloraClient } from './zalora.client.ts';
import { zaloraOrderStatus } from './zalora.mappers.ts';
import { verifyZaloraPush } from './zalora.sign.ts';

const pushBody = (rawBody: string): Record<string, unknown> | undefined => {
  try {
    const body: unknown = JSON.parse(rawBody);
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** The seller a push claims to be for; its API key is what the push must be signed with. */
const zaloraPushUser = (rawBody: string): string | undefined => {
  const userId = pushBody(rawBody)?.UserID;
  return typeof userId === 'string' && userId !== '' ? userId : undefined;
};

/** A Zalora push (README, Zalora: shape chosen by Kelola); one event id per order, status and change time. */
export const parseZaloraPush = (rawBody: string): MarketplacePushEvent | undefined => {
  const body = pushBody(rawBody);
  if (!body || !body.event || !body.UserID) return undefined;
  const shopId = str(body.UserID);
  const payload = obj(body.payload);
  if (body.event === 'onOrderItemsStatusChanged' && payload.OrderId !== undefined) {
    const rawStatus = str(payload.NewStatus);
    return {
      eventId: `zalora:${str(payload.OrderId)}:${rawStatus}:${str(payload.UpdatedAt)}`,
      shopId,
      type: 'order_status',
      orderId: str(payload.OrderId),
      rawStatus,
      status: zaloraOrderStatus(rawStatus),
      occurredAt: num(payload.UpdatedAt),
    };
  }
  return {
    eventId: `zalora:${shopId}:${str(body.event)}:${str(payload.UpdatedAt)}`,
    shopId,
    type: 'other',
    occurredAt: num(payload.UpdatedAt),
  };
};

/** Pushes signed with the shop's API key. */
export const zaloraPush = ({ config }: ZaloraClient): PushCapability => ({
  // Kelola's choice (README, Zalora): X-Zalora-Signature = hex HMAC-SHA256(the shop's API key, raw body).
  verifyPush: ({ headers, rawBody }) => {
    const userId = zaloraPushUser(rawBody);
    return userId !== undefined && verifyZaloraPush(config.pushKeyFor?.(userId), rawBody, headers['x-zalora-signature']);
  },
  parsePush: (rawBody) => parseZaloraPush(rawBody),
});
