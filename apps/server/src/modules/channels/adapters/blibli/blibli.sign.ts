import { createHash, createHmac } from 'node:crypto';
import { safeEqual } from '../safe-equal.ts';

/** Blibli Seller API `Signature` header (research §4.3); mandatory once the seller sets a signature key. */

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Asia/Jakarta has had no daylight saving since 1964, so a fixed +7 h offset is exact for any API-era date.
const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;

const pad = (value: number): string => String(value).padStart(2, '0');

/** Java's `EEE MMM dd HH:mm:ss zz yyyy` in Asia/Jakarta, e.g. `Tue May 12 16:28:52 WIB 2020`. */
export const blibliSignatureDate = (epochMs: number): string => {
  const d = new Date(epochMs + JAKARTA_OFFSET_MS);
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())} WIB ${d.getUTCFullYear()}`;
};

/** The part after `/proxy`, with `/mta/` rewritten to `/mtaapi/` as the official clients do; query excluded. */
export const blibliSignaturePath = (urlPath: string): string => {
  const withoutQuery = urlPath.split('?')[0] ?? '';
  const index = withoutQuery.indexOf('/proxy/');
  const tail = index >= 0 ? withoutQuery.slice(index + '/proxy'.length) : withoutQuery;
  return tail.startsWith('/mta/') ? `/mtaapi/${tail.slice('/mta/'.length)}` : tail;
};

export type BlibliRawInput = { method: string; body?: string; path: string; epochMs: number };

export const blibliRawSignature = (input: BlibliRawInput): string => {
  const method = input.method.toUpperCase();
  const body = input.body ?? '';
  const bodyMd5 = body === '' ? '' : createHash('md5').update(body, 'utf8').digest('hex');
  const contentType = method === 'GET' ? '' : 'application/json';
  return [method, bodyMd5, contentType, blibliSignatureDate(input.epochMs), blibliSignaturePath(input.path)].join('\n');
};

export const blibliHmac = (signatureKey: string, raw: string): string =>
  createHmac('sha256', signatureKey).update(raw, 'utf8').digest('base64');

export const blibliSignature = (signatureKey: string, input: BlibliRawInput): string => blibliHmac(signatureKey, blibliRawSignature(input));

/**
 * Blibli webhooks (research §4.4) carry `requestId`, `requestTime` and, once the partner set OAuth on the Webhook
 * Setting page, a `token` header; no body signature is documented. Kelola checks the token when one is configured
 * and that the headers match the body's `requestId`/`requestTime` (the body's other fields are not covered).
 */
export const verifyBlibliPush = (
  webhookToken: string | undefined,
  headers: Record<string, string | undefined>,
  rawBody: string,
): boolean => {
  if (webhookToken !== undefined && webhookToken !== '' && !safeEqual(webhookToken, headers.token ?? '')) return false;
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return false;
  }
  if (typeof body !== 'object' || body === null) return false;
  const { requestId, requestTime } = body as { requestId?: unknown; requestTime?: unknown };
  return (
    typeof requestId === 'string' &&
    requestId !== '' &&
    requestId === headers.requestid &&
    (typeof requestTime === 'number' || typeof requestTime === 'string') &&
    String(requestTime) === headers.requesttime
  );
};
