import { obj, parseJson, retrying, runtimeNow, sendHttp, str } from '../adapter-http.ts';
import type { HttpAnswer } from '../adapter-http.ts';
import { parseRetryAfter } from '../http-retry.ts';
import type { AdapterRuntime, MarketplaceErrorKind, ShopAuth } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import { shopeeSign } from './shopee.sign.ts';

/** Shopee Open Platform v2 (research §1): the signed call, its envelope and its errors, shared by every capability. */

export type ShopeeConfig = AdapterRuntime & {
  /** `https://partner.shopeemobile.com`, or the sandbox's `/shopee` base. */
  baseUrl: string;
  partnerId: number;
  partnerKey: string;
  /** Spec part 9: logistics channel 8003, enabled and not free. */
  logisticId?: number;
  /** How long to wait between shipping-document status polls. */
  labelPollMs?: number;
};

const errorKind = (answer: HttpAnswer, error: string, message: string): MarketplaceErrorKind => {
  if (answer.status === 429 || /too many request/i.test(message) || error === 'error_too_many_request') return 'rate_limited';
  if (error === 'error_sign') return 'invalid_sign';
  if (error === 'invalid_code') return 'invalid_code';
  if (error === 'error_auth' || /access_?token|refresh_token/i.test(`${error} ${message}`)) return 'auth_expired';
  if (answer.status === 404 || /not_?found|not_exist/i.test(error)) return 'not_found';
  if (answer.status >= 500 || error === 'error_server' || error === 'error_inner') return 'upstream';
  return 'bad_request';
};

export type CallInput = {
  method: 'GET' | 'POST';
  path: string;
  auth?: ShopAuth;
  query?: Record<string, string | number | string[] | undefined>;
  body?: unknown;
  form?: FormData;
  binary?: boolean;
};

export type ShopeeClient = ReturnType<typeof createShopeeClient>;

export const createShopeeClient = (config: ShopeeConfig) => {
  const now = (): number => runtimeNow(config);
  const baseUrl = config.baseUrl.replace(/\/$/, '');

  const signedUrl = (path: string, auth: ShopAuth | undefined, query: CallInput['query'] = {}): string => {
    const timestamp = Math.floor(now() / 1000);
    const sign = shopeeSign(config.partnerKey, {
      partnerId: config.partnerId,
      path,
      timestamp,
      ...(auth ? { accessToken: auth.accessToken, shopId: auth.shopId } : {}),
    });
    const params = new URLSearchParams({ partner_id: String(config.partnerId), timestamp: String(timestamp), sign });
    if (auth) {
      params.set('access_token', auth.accessToken);
      params.set('shop_id', auth.shopId);
    }
    for (const [key, value] of Object.entries(query)) {
      if (Array.isArray(value)) for (const each of value) params.append(key, each);
      else if (value !== undefined) params.set(key, String(value));
    }
    return `${baseUrl}${path}?${params.toString()}`;
  };

  const call = (input: CallInput): Promise<{ json: Record<string, unknown>; answer: HttpAnswer }> =>
    retrying(config, async () => {
      const answer = await sendHttp('shopee', config, {
        method: input.method,
        url: signedUrl(input.path, input.auth, input.query),
        ...(input.form
          ? { body: input.form }
          : input.body !== undefined
            ? { body: JSON.stringify(input.body), headers: { 'content-type': 'application/json' } }
            : {}),
      });
      if (input.binary && answer.status === 200 && !(answer.headers.get('content-type') ?? '').includes('json')) {
        return { json: {}, answer };
      }
      const json = parseJson('shopee', answer);
      const error = str(json.error);
      if (error !== '' || answer.status >= 400) {
        const message = str(json.message);
        throw new MarketplaceError({
          marketplace: 'shopee',
          kind: errorKind(answer, error, message),
          code: error || `http_${answer.status}`,
          message,
          requestId: str(json.request_id),
          httpStatus: answer.status,
          ...(answer.headers.get('retry-after') ? { retryAfterMs: parseRetryAfter(answer.headers.get('retry-after'), now()) ?? 0 } : {}),
        });
      }
      return { json, answer };
    });

  const api = async (input: CallInput): Promise<Record<string, unknown>> => obj((await call(input)).json.response);

  const sleep = (ms: number): Promise<void> => (config.retry?.sleep ?? ((wait) => new Promise((resolve) => setTimeout(resolve, wait))))(ms);

  return { config, now, baseUrl, call, api, sleep };
};
