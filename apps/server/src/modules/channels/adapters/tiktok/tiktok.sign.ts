import { createHmac } from 'node:crypto';
import { safeEqual } from '../safe-equal.ts';

/** TikTok Shop 202309+ signing (research §2.3). */

export type TiktokSignInput = {
  /** Path without host, e.g. `/authorization/202309/shops`. */
  path: string;
  /** Query parameters; `sign` and `access_token` are never signed. */
  params: Record<string, string | number | undefined>;
  /** Raw body exactly as sent. */
  body?: string;
  contentType?: string;
};

const UNSIGNED = new Set(['sign', 'access_token']);

/** path + sorted `{key}{value}` pairs + body (unless multipart), before the secret wrap. */
export const tiktokSignString = (input: TiktokSignInput): string => {
  const pairs = Object.keys(input.params)
    .filter((key) => !UNSIGNED.has(key) && input.params[key] !== undefined)
    .sort()
    .map((key) => `${key}${input.params[key]}`)
    .join('');
  const isMultipart = input.contentType?.toLowerCase().startsWith('multipart/form-data') ?? false;
  return `${input.path}${pairs}${isMultipart ? '' : (input.body ?? '')}`;
};

export const tiktokHmac = (appSecret: string, message: string): string =>
  createHmac('sha256', appSecret).update(message, 'utf8').digest('hex');

export const tiktokSign = (appSecret: string, input: TiktokSignInput): string =>
  tiktokHmac(appSecret, `${appSecret}${tiktokSignString(input)}${appSecret}`);

/** Webhook `Authorization`: HMAC(app_secret, app_key + raw body), the SDK's reading of the docs (research §2.5). */
export const tiktokPushSignature = (appKey: string, appSecret: string, rawBody: string): string =>
  tiktokHmac(appSecret, `${appKey}${rawBody}`);

export const verifyTiktokPush = (appKey: string, appSecret: string, rawBody: string, authorization: string | undefined): boolean =>
  authorization !== undefined && safeEqual(tiktokPushSignature(appKey, appSecret, rawBody), authorization.trim().toLowerCase());
