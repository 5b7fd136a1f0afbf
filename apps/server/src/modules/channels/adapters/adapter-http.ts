import { withRetry } from './http-retry.ts';
import type { AdapterRuntime, MarketplaceKey } from './types.ts';
import { MarketplaceError } from './types.ts';

/** The transport every adapter shares: fetch, read the body once, turn network failures into `upstream`. */

export type HttpAnswer = { status: number; headers: Headers; text: string; bytes: Uint8Array };

export type HttpRequest = { method: string; url: string; headers?: Record<string, string>; body?: string | FormData };

export const runtimeNow = (runtime: AdapterRuntime): number => (runtime.now ?? Date.now)();

export const sendHttp = async (marketplace: MarketplaceKey, runtime: AdapterRuntime, request: HttpRequest): Promise<HttpAnswer> => {
  const doFetch = runtime.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(request.url, {
      method: request.method,
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: 'manual',
    });
  } catch (error) {
    throw new MarketplaceError({
      marketplace,
      kind: 'upstream',
      code: 'network_error',
      message: error instanceof Error ? error.message : String(error),
    });
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, text: new TextDecoder().decode(bytes), bytes };
};

export const parseJson = (marketplace: MarketplaceKey, answer: HttpAnswer): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(answer.text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through: a proxy's HTML error page or an empty body is an upstream problem, not ours
  }
  throw new MarketplaceError({
    marketplace,
    kind: answer.status === 429 ? 'rate_limited' : 'upstream',
    code: `http_${answer.status}`,
    message: `Unexpected ${answer.status} answer: ${answer.text.slice(0, 200)}`,
    httpStatus: answer.status,
  });
};

/** Retries with the runtime's policy; the call is rebuilt each attempt so timestamps and signatures stay fresh. */
export const retrying = <T>(runtime: AdapterRuntime, call: () => Promise<T>): Promise<T> =>
  withRetry(call, {
    ...(runtime.retry?.maxAttempts !== undefined ? { maxAttempts: runtime.retry.maxAttempts } : {}),
    ...(runtime.retry?.baseDelayMs !== undefined ? { baseDelayMs: runtime.retry.baseDelayMs } : {}),
    ...(runtime.retry?.maxDelayMs !== undefined ? { maxDelayMs: runtime.retry.maxDelayMs } : {}),
    ...(runtime.retry?.sleep ? { sleep: runtime.retry.sleep } : {}),
  });

/** Chunks for batch endpoints with a per-call maximum (50 ids, 20 packages …). */
export const chunk = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

export const str = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
export const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));
export const obj = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export const fileBlob = (data: Uint8Array, contentType: string): Blob => new Blob([new Uint8Array(data)], { type: contentType });

/** Reads an image given by URL so it can be uploaded to marketplaces that only take bytes. */
export const downloadImage = async (marketplace: MarketplaceKey, runtime: AdapterRuntime, url: string) => {
  const answer = await sendHttp(marketplace, runtime, { method: 'GET', url });
  if (answer.status >= 400) {
    throw new MarketplaceError({
      marketplace,
      kind: 'bad_request',
      code: 'image_download_failed',
      message: `GET ${url} gave ${answer.status}`,
    });
  }
  const fileName = new URL(url).pathname.split('/').pop() || 'image.jpg';
  return { kind: 'bytes' as const, fileName, contentType: answer.headers.get('content-type') ?? 'image/jpeg', data: answer.bytes };
};
