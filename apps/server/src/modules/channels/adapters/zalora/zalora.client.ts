import { obj, parseJson, retrying, runtimeNow, sendHttp, str } from '../adapter-http.ts';
import { parseRetryAfter } from '../http-retry.ts';
import type { AdapterRuntime, MarketplaceErrorKind, ShopAuth } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import { zaloraSign, zaloraTimestamp } from './zalora.sign.ts';

/**
 * Zalora Seller Center API (research §5, thin). Sellers hand over their user id (e-mail) and API key:
 * `ShopAuth.shopId` is the user id, `accessToken` the API key.
 */

export type ZaloraConfig = AdapterRuntime & {
  /** `https://sellercenter-api.zalora.co.id` */
  baseUrl: string;
  /**
   * The API key of a connected seller by user id, for push verification (pushes are signed with the shop's key).
   * Unset, or an unknown user: every push fails verification.
   */
  pushKeyFor?: (userId: string) => string | undefined;
};

const errorKind = (status: number, code: string): MarketplaceErrorKind => {
  if (status === 429 || code === '429') return 'rate_limited';
  // E007 signature mismatch; E003 a Timestamp outside the window, i.e. a signature that can no longer be valid.
  if (code === '7' || code === '3') return 'invalid_sign';
  if (code === '9' || status === 401) return 'auth_expired';
  if (status >= 500) return 'upstream';
  return 'bad_request';
};

export type ZaloraClient = ReturnType<typeof createZaloraClient>;

/** The Seller Center v1 call (signed query, XML writes), its envelope and errors. */
export const createZaloraClient = (config: ZaloraConfig) => {
  const now = (): number => runtimeNow(config);
  const base = config.baseUrl.replace(/\/$/, '');

  const call = (auth: ShopAuth, action: string, extra: Record<string, string> = {}, xml?: string) =>
    retrying(config, async () => {
      const params: Record<string, string> = {
        Action: action,
        Format: 'JSON',
        Timestamp: zaloraTimestamp(now()),
        UserID: auth.shopId,
        Version: '1.0',
        ...extra,
      };
      const query = new URLSearchParams({ ...params, Signature: zaloraSign(auth.accessToken, params) });
      const url = `${base}/?${query.toString()}`;
      // Writes carry an XML document; only the query is signed.
      const answer = await sendHttp(
        'zalora',
        config,
        xml === undefined
          ? { method: 'GET', url }
          : {
              method: 'POST',
              url,
              headers: { 'content-type': 'application/xml' },
              body: `<?xml version="1.0" encoding="UTF-8"?><Request>${xml}</Request>`,
            },
      );
      const json = parseJson('zalora', answer);
      const error = obj(obj(json.ErrorResponse).Head);
      if (json.ErrorResponse !== undefined || answer.status >= 400) {
        throw new MarketplaceError({
          marketplace: 'zalora',
          kind: errorKind(answer.status, str(error.ErrorCode)),
          code: str(error.ErrorCode) || `http_${answer.status}`,
          message: str(error.ErrorMessage),
          httpStatus: answer.status,
          ...(answer.headers.get('retry-after') ? { retryAfterMs: parseRetryAfter(answer.headers.get('retry-after'), now()) ?? 0 } : {}),
        });
      }
      const success = obj(json.SuccessResponse);
      return { head: obj(success.Head), body: obj(success.Body) };
    });

  return { config, now, call };
};
