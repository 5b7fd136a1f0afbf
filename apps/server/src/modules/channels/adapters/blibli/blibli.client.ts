import { randomUUID } from 'node:crypto';
import { num, obj, parseJson, retrying, runtimeNow, sendHttp, str } from '../adapter-http.ts';
import { parseRetryAfter } from '../http-retry.ts';
import type { AdapterRuntime, MarketplaceErrorKind, ShopAuth } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import { blibliSignature } from './blibli.sign.ts';

/**
 * Blibli Seller API (research §4). Sellers hand over an API Seller Key and store code instead of an OAuth
 * redirect, so `ShopAuth.accessToken` is the seller key and `shopId` the store code.
 */

export type BlibliConfig = AdapterRuntime & {
  /** `https://api.blibli.com/v2/proxy` */
  baseUrl: string;
  /** The integrator's API client (`mta-api-…`) and its key, from Blibli's partner onboarding. */
  clientId: string;
  clientKey: string;
  /** Sent as `channelId` and as the `requestId` prefix. */
  channelId: string;
  /**
   * The OAuth token set on Blibli's Webhook Setting page; webhooks then carry it in a `token` header and pushes
   * without it fail verification. Unset: Blibli sends no token, so only the header/body consistency is checked.
   */
  webhookToken?: string;
};

const errorKind = (status: number, code: string, message: string): MarketplaceErrorKind => {
  if (status === 429 || /TOO_MANY/i.test(code)) return 'rate_limited';
  if (/signature/i.test(message)) return 'invalid_sign';
  if (status === 401 || status === 403) return 'auth_expired';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'upstream';
  return 'bad_request';
};

export type BlibliClient = ReturnType<typeof createBlibliClient>;

/** The Seller API call (Basic client auth, the seller key, optional Signature headers), its envelope and errors. */
export const createBlibliClient = (config: BlibliConfig) => {
  const now = (): number => runtimeNow(config);
  const base = config.baseUrl.replace(/\/$/, '');

  const call = (
    auth: ShopAuth,
    method: 'GET' | 'POST',
    path: string,
    input: { query?: Record<string, string | number>; body?: unknown } = {},
  ): Promise<Record<string, unknown> & { requestId: string }> =>
    retrying(config, async () => {
      const query = new URLSearchParams({
        requestId: `${config.channelId}-${randomUUID()}`,
        storeId: '10001',
        storeCode: auth.shopId,
        channelId: config.channelId,
        username: auth.username ?? '',
      });
      for (const [key, value] of Object.entries(input.query ?? {})) query.set(key, String(value));
      const body = input.body !== undefined ? JSON.stringify(input.body) : undefined;
      const url = `${base}${path}?${query.toString()}`;
      const at = now();
      const headers: Record<string, string> = {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientKey}`).toString('base64')}`,
        'api-seller-key': auth.accessToken,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(auth.signatureKey
          ? {
              signature: blibliSignature(auth.signatureKey, {
                method,
                path: new URL(url).pathname,
                epochMs: at,
                ...(body !== undefined ? { body } : {}),
              }),
              'signature-time': String(at),
            }
          : {}),
      };
      const answer = await sendHttp('blibli', config, { method, url, headers, ...(body !== undefined ? { body } : {}) });
      if (answer.status === 204) return { requestId: query.get('requestId') ?? '' };
      const json = parseJson('blibli', answer);
      if (json.success !== true || answer.status >= 400) {
        const message = str(json.errorMessage);
        throw new MarketplaceError({
          marketplace: 'blibli',
          kind: errorKind(answer.status, str(json.errorCode), message),
          code: str(json.errorCode) || `http_${answer.status}`,
          message,
          requestId: str(json.requestId),
          httpStatus: answer.status,
          ...(answer.headers.get('retry-after') ? { retryAfterMs: parseRetryAfter(answer.headers.get('retry-after'), now()) ?? 0 } : {}),
        });
      }
      return { ...json, requestId: str(json.requestId) || query.get('requestId') || '' };
    });

  const paged = (json: Record<string, unknown>, page: number, count: number) => {
    const meta = obj(json.pageMetaData);
    const total = num(meta.totalRecords);
    return { total, ...((page + 1) * num(meta.pageSize) < total && count > 0 ? { nextCursor: String(page + 1) } : {}) };
  };

  return { config, now, call, paged };
};
