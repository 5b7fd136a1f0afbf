import { num, obj, parseJson, retrying, runtimeNow, sendHttp, str } from '../adapter-http.ts';
import type { HttpAnswer } from '../adapter-http.ts';
import { parseRetryAfter } from '../http-retry.ts';
import type { AdapterRuntime, MarketplaceErrorKind, ShopAuth } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import { tiktokSign } from './tiktok.sign.ts';

/**
 * TikTok Shop Partner API 202309+, which also serves Tokopedia shops (research §2): the signed call, the token
 * host, the envelope and its errors, shared by every capability.
 */

export type TiktokConfig = AdapterRuntime & {
  /** `https://open-api.tiktokglobalshop.com` */
  apiBaseUrl: string;
  /** `https://auth.tiktok-shops.com` */
  authBaseUrl: string;
  /** `https://services.tiktokshop.com/open/authorize` */
  authorizeUrl: string;
  appKey: string;
  appSecret: string;
  serviceId: string;
  /**
   * The real redirect URL is registered in Partner Center; the sandbox has no registry, so it is told the
   * redirect in the link instead.
   */
  sendRedirectUri?: boolean;
  /** Tokopedia shops publish to `TOKOPEDIA`, TikTok shops to `TIKTOK_SHOP`, or both. */
  listingPlatforms?: ('TOKOPEDIA' | 'TIKTOK_SHOP')[];
};

const errorKind = (status: number, code: number, message: string): MarketplaceErrorKind => {
  if (status === 429 || code === 36009002) return 'rate_limited';
  if (code === 106001) return 'invalid_sign';
  if (code >= 105000 && code < 105100 && code !== 105005) return 'auth_expired';
  if (status === 404 || /not exist|not found/i.test(message)) return 'not_found';
  if (status >= 500 || code === 36009003) return 'upstream';
  return 'bad_request';
};

export type CallInput = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  auth?: ShopAuth;
  /** Shop-scoped calls carry shop_cipher; authorization and upload calls must not. */
  scoped?: boolean;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  form?: FormData;
};

export type TiktokClient = ReturnType<typeof createTiktokClient>;

export const createTiktokClient = (config: TiktokConfig) => {
  const now = (): number => runtimeNow(config);
  const apiBase = config.apiBaseUrl.replace(/\/$/, '');
  const authBase = config.authBaseUrl.replace(/\/$/, '');

  const failure = (answer: HttpAnswer, json: Record<string, unknown>): MarketplaceError =>
    new MarketplaceError({
      marketplace: 'tiktok',
      kind: errorKind(answer.status, num(json.code), str(json.message)),
      code: str(json.code) || `http_${answer.status}`,
      message: str(json.message),
      requestId: str(json.request_id),
      httpStatus: answer.status,
      ...(answer.headers.get('retry-after') ? { retryAfterMs: parseRetryAfter(answer.headers.get('retry-after'), now()) ?? 0 } : {}),
    });

  const call = (input: CallInput): Promise<Record<string, unknown>> =>
    retrying(config, async () => {
      const params: Record<string, string | number | undefined> = {
        ...input.query,
        app_key: config.appKey,
        timestamp: Math.floor(now() / 1000),
        ...(input.scoped !== false && input.auth?.shopCipher ? { shop_cipher: input.auth.shopCipher } : {}),
      };
      const body = input.body !== undefined ? JSON.stringify(input.body) : undefined;
      const sign = tiktokSign(config.appSecret, {
        path: input.path,
        params,
        ...(body !== undefined ? { body } : {}),
        ...(input.form ? { contentType: 'multipart/form-data' } : {}),
      });
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries({ ...params, sign })) if (value !== undefined) search.set(key, String(value));
      const headers: Record<string, string> = {};
      if (input.auth) headers['x-tts-access-token'] = input.auth.accessToken;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const answer = await sendHttp('tiktok', config, {
        method: input.method,
        url: `${apiBase}${input.path}?${search.toString()}`,
        headers,
        ...(input.form ? { body: input.form } : body !== undefined ? { body } : {}),
      });
      const json = parseJson('tiktok', answer);
      if (num(json.code) !== 0 || answer.status >= 400) throw failure(answer, json);
      return obj(json.data);
    });

  const tokenCall = (path: string, query: Record<string, string>): Promise<Record<string, unknown>> =>
    retrying(config, async () => {
      // The token host takes the app secret in the query and no signature (research §2.2).
      const search = new URLSearchParams({ app_key: config.appKey, app_secret: config.appSecret, ...query });
      const answer = await sendHttp('tiktok', config, { method: 'GET', url: `${authBase}${path}?${search.toString()}` });
      const json = parseJson('tiktok', answer);
      if (num(json.code) !== 0 || answer.status >= 400) throw failure(answer, json);
      return obj(json.data);
    });

  return { config, now, call, tokenCall };
};
