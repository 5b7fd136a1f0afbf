import { hmacHex } from '../core/signatures.ts';
import type { OrderChange } from '../core/sandbox-store.ts';

/**
 * Zalora order pushes. The research (§5) covers only the v1 Seller Center API and says nothing about pushes, so
 * everything here is the sandbox's choice (README, Zalora): a JSON body with the event name and the order, signed
 * with HMAC-SHA256 of the raw body under the shop's API key (the only secret a Zalora seller hands over), sent in
 * `X-Zalora-Signature` as lower-case hex. `UserID` in the body tells the receiver which shop's key to use.
 */

export const ZALORA_SIGNATURE_HEADER = 'x-zalora-signature';
export const ZALORA_ORDER_EVENT = 'onOrderItemsStatusChanged';

export const buildZaloraPush = (change: OrderChange): { body: string; headers: Record<string, string> } | undefined => {
  const { order, shop } = change;
  const apiKey = shop.keys?.apiKey;
  if (!apiKey) return undefined;
  const body = JSON.stringify({
    event: ZALORA_ORDER_EVENT,
    UserID: shop.shopId,
    payload: {
      OrderId: order.id,
      OrderItemIds: order.items.map((item) => item.id),
      NewStatus: order.status,
      PreviousStatus: change.from ?? null,
      UpdatedAt: order.updatedAt,
    },
  });
  return { body, headers: { [ZALORA_SIGNATURE_HEADER]: hmacHex(apiKey, body) } };
};
