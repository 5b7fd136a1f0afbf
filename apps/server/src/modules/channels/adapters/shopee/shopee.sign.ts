import { createHmac } from 'node:crypto';
import { safeEqual } from '../safe-equal.ts';

/**
 * Shopee Open Platform v2 signing (research §1.3). The partner key is used as its UTF-8 text, never hex-decoded,
 * exactly as the official demo code does.
 */

export type ShopeeSignInput = {
  partnerId: string | number;
  /** Path without host, e.g. `/api/v2/shop/get_shop_info`. */
  path: string;
  /** Unix seconds. */
  timestamp: number;
  accessToken?: string;
  /** Shop APIs sign the shop id; merchant APIs sign the merchant id in the same position. */
  shopId?: string | number;
  merchantId?: string | number;
};

/** Public: partner_id+path+timestamp; Shop/Merchant add access_token and shop_id/merchant_id. */
export const shopeeBaseString = (input: ShopeeSignInput): string => {
  const head = `${input.partnerId}${input.path}${input.timestamp}`;
  if (input.accessToken === undefined) return head;
  const owner = input.shopId ?? input.merchantId;
  if (owner === undefined) throw new Error('Shopee shop and merchant APIs sign a shop_id or merchant_id');
  return `${head}${input.accessToken}${owner}`;
};

export const shopeeHmac = (partnerKey: string, message: string): string =>
  createHmac('sha256', Buffer.from(partnerKey, 'utf8')).update(message, 'utf8').digest('hex');

export const shopeeSign = (partnerKey: string, input: ShopeeSignInput): string => shopeeHmac(partnerKey, shopeeBaseString(input));

/** Push `Authorization` header: HMAC of `<callback url>|<raw body>` (research §1.5). */
export const shopeePushSignature = (partnerKey: string, url: string, rawBody: string): string =>
  shopeeHmac(partnerKey, `${url}|${rawBody}`);

export const verifyShopeePush = (partnerKey: string, url: string, rawBody: string, authorization: string | undefined): boolean =>
  authorization !== undefined && safeEqual(shopeePushSignature(partnerKey, url, rawBody), authorization.trim().toLowerCase());
