import { arr, fileBlob, obj, parseJson, retrying, runtimeNow, sendHttp, str } from '../adapter-http.ts';
import type { AdapterRuntime, MarketplaceErrorKind, ShopAuth } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import { lazadaSign } from './lazada.sign.ts';

/** Lazada Open Platform (research §3): the signed call, its envelopes and errors, shared by every capability. */

export type LazadaConfig = AdapterRuntime & {
  /** `https://api.lazada.co.id/rest` for Indonesia. */
  apiBaseUrl: string;
  /** `https://auth.lazada.com/rest` */
  authBaseUrl: string;
  /** `https://auth.lazada.com/oauth/authorize` */
  authorizeUrl: string;
  appKey: string;
  appSecret: string;
};

const errorKind = (code: string, type: string): MarketplaceErrorKind => {
  if (code === 'ApiCallLimit' || code === '901' || code === 'AppApiCallLimit') return 'rate_limited';
  if (code === 'IncompleteSignature') return 'invalid_sign';
  if (code === 'IllegalAccessToken' || code === 'IllegalRefreshToken' || code === 'MissingAccessToken') return 'auth_expired';
  if (code === 'InvalidCode') return 'invalid_code';
  if (/NotFound|InvalidOrderID/i.test(code)) return 'not_found';
  if (type === 'ISP' || code === 'ServiceTimeout' || code === '998') return 'upstream';
  return 'bad_request';
};

export type CallInput = {
  method: 'GET' | 'POST';
  path: string;
  auth?: ShopAuth;
  params?: Record<string, string | number | undefined>;
  file?: { name: string; fileName: string; contentType: string; data: Uint8Array };
  host?: 'api' | 'auth';
};

export type LazadaClient = ReturnType<typeof createLazadaClient>;

export const createLazadaClient = (config: LazadaConfig) => {
  const now = (): number => runtimeNow(config);

  const call = (input: CallInput): Promise<Record<string, unknown>> =>
    retrying(config, async () => {
      const system: Record<string, string> = {
        app_key: config.appKey,
        timestamp: String(now()),
        sign_method: 'sha256',
        ...(input.auth ? { access_token: input.auth.accessToken } : {}),
      };
      const business: Record<string, string> = {};
      for (const [key, value] of Object.entries(input.params ?? {})) if (value !== undefined) business[key] = String(value);
      // System parameters and the signature ride in the query; business parameters in the query (GET) or the form
      // body (POST), as Lazada's SDKs send them. Files are never signed.
      const sign = lazadaSign(config.appSecret, input.path, { ...system, ...business });
      const query = new URLSearchParams({ ...system, sign, ...(input.method === 'GET' ? business : {}) });
      const base = (input.host === 'auth' ? config.authBaseUrl : config.apiBaseUrl).replace(/\/$/, '');
      let body: string | FormData | undefined;
      const headers: Record<string, string> = {};
      if (input.method === 'POST') {
        if (input.file) {
          const form = new FormData();
          for (const [key, value] of Object.entries(business)) form.append(key, value);
          form.append(input.file.name, fileBlob(input.file.data, input.file.contentType), input.file.fileName);
          body = form;
        } else {
          body = new URLSearchParams(business).toString();
          headers['content-type'] = 'application/x-www-form-urlencoded;charset=utf-8';
        }
      }
      const answer = await sendHttp('lazada', config, {
        method: input.method,
        url: `${base}${input.path}?${query.toString()}`,
        headers,
        ...(body !== undefined ? { body } : {}),
      });
      const json = parseJson('lazada', answer);
      const code = str(json.code);
      if (code !== '0' || answer.status >= 400) {
        const message = str(json.message);
        // "this ban will last 1 seconds": Lazada tells how long to wait.
        const ban = /last (\d+) seconds?/.exec(message);
        throw new MarketplaceError({
          marketplace: 'lazada',
          kind: answer.status === 429 ? 'rate_limited' : errorKind(code, str(json.type)),
          code: code || `http_${answer.status}`,
          message:
            arr(json.detail).length > 0
              ? `${message}: ${arr(json.detail)
                  .map((d) => str(obj(d).message))
                  .join('; ')}`
              : message,
          requestId: str(json.request_id),
          httpStatus: answer.status,
          ...(ban ? { retryAfterMs: Number(ban[1]) * 1000 } : {}),
        });
      }
      return json;
    });

  const data = async (input: CallInput): Promise<unknown> => (await call(input)).data;

  /** Fulfilment APIs wrap their answer in `result{success, error_code, error_msg, data}`. */
  const result = async (input: CallInput): Promise<Record<string, unknown>> => {
    const wrapped = obj((await call(input)).result);
    if (wrapped.success !== true) {
      throw new MarketplaceError({
        marketplace: 'lazada',
        kind: 'bad_request',
        code: str(wrapped.error_code) || 'failed',
        message: str(wrapped.error_msg),
      });
    }
    return obj(wrapped.data);
  };

  return { config, now, call, data, result };
};
