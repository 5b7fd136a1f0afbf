import { SANDBOX_CREDENTIALS } from '../sandbox-credentials.ts';
import type { OrderChange } from '../core/sandbox-store.ts';

/**
 * Blibli order webhooks (research §4.4: POST to the partner URL with `requestId`, `requestTime` in ms and, once the
 * partner set OAuth on the Webhook Setting page, a `token` header). Blibli documents no body signature, and the
 * order webhook body is not in the research; the shape below is the sandbox's choice (README, Blibli).
 */

/** The token "set on the Webhook Setting page" of the sandbox's partner app; always configured in the sandbox. */
export const BLIBLI_WEBHOOK_TOKEN = SANDBOX_CREDENTIALS.blibli.webhookToken;

export const BLIBLI_ORDER_EVENT = 'ORDER_STATUS_CHANGED';

export const buildBlibliPush = (change: OrderChange): { body: string; headers: Record<string, string> } => {
  const { order, shop } = change;
  // One requestId per state change; a retry resends the same message (same requestId and body).
  const requestId = `blibli-${order.id}-${order.history.length}`;
  const requestTime = String(order.updatedAt);
  const body = JSON.stringify({
    requestId,
    requestTime: order.updatedAt,
    eventType: BLIBLI_ORDER_EVENT,
    storeCode: shop.shopId,
    data: {
      orderNo: order.id,
      orderItemNos: order.items.map((item) => item.id),
      packageId: order.packageId,
      orderItemStatus: order.status,
      previousStatus: change.from ?? null,
      updatedDate: order.updatedAt,
    },
  });
  return { body, headers: { requestid: requestId, requesttime: requestTime, token: BLIBLI_WEBHOOK_TOKEN } };
};
