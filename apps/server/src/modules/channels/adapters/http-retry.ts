import { MarketplaceError } from './types.ts';

/** Retry with exponential backoff and full jitter for rate-limited and overloaded marketplace calls. */

export type RetryOptions = {
  /** Total attempts including the first; 1 disables retrying. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Injectable for deterministic tests; defaults to Math.random. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Which failures are worth another attempt; defaults to `isRetryable`. */
  shouldRetry?: (error: unknown) => boolean;
};

export const DEFAULT_RETRY = { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 30_000 } as const;

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Rate limits always; upstream failures only when the marketplace said it was overloaded (5xx). */
export const isRetryable = (error: unknown): boolean =>
  error instanceof MarketplaceError &&
  (error.kind === 'rate_limited' || (error.kind === 'upstream' && (error.httpStatus === undefined || error.httpStatus >= 500)));

/**
 * Full jitter (a random delay between 0 and the exponential cap) spreads retries of many shops hitting the same
 * limit instead of having them retry in lock-step.
 */
export const backoffDelayMs = (attempt: number, options: RetryOptions = {}): number => {
  const base = options.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs;
  const max = options.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs;
  const cap = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
  return Math.floor((options.random ?? Math.random)() * cap);
};

/** `Retry-After` is either delta-seconds or an HTTP date. */
export const parseRetryAfter = (value: string | null | undefined, nowMs: number): number | undefined => {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
};

export const withRetry = async <T>(call: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> => {
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_RETRY.maxAttempts);
  const shouldRetry = options.shouldRetry ?? isRetryable;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call(attempt);
    } catch (error) {
      if (attempt >= maxAttempts || !shouldRetry(error)) throw error;
      // The marketplace's own wait wins over our guess: retrying earlier only extends a ban.
      const told = error instanceof MarketplaceError ? error.retryAfterMs : undefined;
      await sleep(told ?? backoffDelayMs(attempt, options));
    }
  }
};
