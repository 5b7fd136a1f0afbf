import { createHmac } from 'node:crypto';

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
