import { createHmac } from 'node:crypto';
import { safeEqual } from '../safe-equal.ts';

/** Zalora Seller Center signing (research §5): HMAC over the sorted, URL-encoded query without `Signature`. */

// PHP's rawurlencode, which the reference client uses, also escapes !'()*; encodeURIComponent does not.
export const zaloraEncode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export const zaloraSignString = (params: Record<string, string>): string =>
  Object.keys(params)
    .filter((key) => key !== 'Signature')
    .sort()
    .map((key) => `${zaloraEncode(key)}=${zaloraEncode(params[key] ?? '')}`)
    .join('&');

export const zaloraSign = (apiKey: string, params: Record<string, string>): string =>
  createHmac('sha256', apiKey).update(zaloraSignString(params), 'utf8').digest('hex');

/** `2020-05-12T09:28:52+00:00`: ISO 8601 without milliseconds, with an explicit offset. */
export const zaloraTimestamp = (epochMs: number): string => `${new Date(epochMs).toISOString().slice(0, 19)}+00:00`;

/**
 * Push `X-Zalora-Signature` (Kelola's choice; the research has no Zalora push): lower-case hex
 * HMAC-SHA256(shop API key, raw body).
 */
export const zaloraPushSignature = (apiKey: string, rawBody: string): string =>
  createHmac('sha256', apiKey).update(rawBody, 'utf8').digest('hex');

export const verifyZaloraPush = (apiKey: string | undefined, rawBody: string, signature: string | undefined): boolean =>
  apiKey !== undefined &&
  apiKey !== '' &&
  signature !== undefined &&
  safeEqual(zaloraPushSignature(apiKey, rawBody), signature.trim().toLowerCase());
