import { createHmac } from 'node:crypto';
import { safeEqual } from '../safe-equal.ts';

/** Lazada Open Platform signing (research §3.3). */

export type LazadaParams = Record<string, string | number | undefined>;

/** API name + ASCII-sorted `key+value` pairs, skipping `sign` and empty values as the Java SDK does. */
export const lazadaSignString = (apiPath: string, params: LazadaParams): string => {
  const pairs = Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}${params[key]}`)
    .join('');
  return `${apiPath}${pairs}`;
};

export const lazadaSign = (appSecret: string, apiPath: string, params: LazadaParams): string =>
  createHmac('sha256', appSecret).update(lazadaSignString(apiPath, params), 'utf8').digest('hex').toUpperCase();

/** Push `Authorization`: lower-case hex HMAC(app_secret, app_key + raw body) (research §3.5). */
export const lazadaPushSignature = (appKey: string, appSecret: string, rawBody: string): string =>
  createHmac('sha256', appSecret).update(`${appKey}${rawBody}`, 'utf8').digest('hex');

export const verifyLazadaPush = (appKey: string, appSecret: string, rawBody: string, authorization: string | undefined): boolean =>
  authorization !== undefined && safeEqual(lazadaPushSignature(appKey, appSecret, rawBody), authorization.trim().toLowerCase());
