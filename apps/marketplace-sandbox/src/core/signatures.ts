import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox's own implementation of each marketplace's signing, written from the research notes and kept apart
 * from the server's adapters on purpose: if both sides shared one function, a mistake in it would pass unnoticed.
 */

export const hmacHex = (key: string, message: string): string => createHmac('sha256', key).update(message, 'utf8').digest('hex');

export const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export const shopeeExpectedSign = (partnerKey: string, parts: (string | number)[]): string => hmacHex(partnerKey, parts.join(''));

export const tiktokExpectedSign = (appSecret: string, path: string, query: Record<string, string>, body: string): string => {
  const pairs = Object.keys(query)
    .filter((key) => key !== 'sign' && key !== 'access_token')
    .sort()
    .map((key) => `${key}${query[key]}`)
    .join('');
  return hmacHex(appSecret, `${appSecret}${path}${pairs}${body}${appSecret}`);
};

export const lazadaExpectedSign = (appSecret: string, apiPath: string, params: Record<string, string>): string => {
  const pairs = Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== '')
    .sort()
    .map((key) => `${key}${params[key]}`)
    .join('');
  return hmacHex(appSecret, `${apiPath}${pairs}`).toUpperCase();
};

const JAKARTA_MS = 7 * 3_600_000;
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => String(n).padStart(2, '0');

export const blibliExpectedSignature = (key: string, method: string, body: string, path: string, epochMs: number): string => {
  const d = new Date(epochMs + JAKARTA_MS);
  const date = `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} WIB ${d.getUTCFullYear()}`;
  const signedPath = path.startsWith('/mta/') ? `/mtaapi/${path.slice(5)}` : path;
  const upper = method.toUpperCase();
  const raw = [
    upper,
    body === '' ? '' : createHash('md5').update(body).digest('hex'),
    upper === 'GET' ? '' : 'application/json',
    date,
    signedPath,
  ].join('\n');
  return createHmac('sha256', key).update(raw, 'utf8').digest('base64');
};

const rawUrlEncode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export const zaloraExpectedSign = (apiKey: string, params: Record<string, string>): string =>
  hmacHex(
    apiKey,
    Object.keys(params)
      .filter((key) => key !== 'Signature')
      .sort()
      .map((key) => `${rawUrlEncode(key)}=${rawUrlEncode(params[key] ?? '')}`)
      .join('&'),
  );
