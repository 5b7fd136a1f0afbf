import { describe, expect, it } from 'vitest';
import { backoffDelayMs, isRetryable, parseRetryAfter, withRetry } from './http-retry.ts';
import { MarketplaceError } from './types.ts';

const rateLimited = (retryAfterMs?: number) =>
  new MarketplaceError({
    marketplace: 'tiktok',
    kind: 'rate_limited',
    code: '36009002',
    message: 'too many',
    httpStatus: 429,
    retryAfterMs,
  });

describe('http retry', () => {
  it('grows the backoff cap exponentially up to the maximum', () => {
    const one = () => 0.999999;
    expect(backoffDelayMs(1, { baseDelayMs: 100, random: one })).toBe(99);
    expect(backoffDelayMs(3, { baseDelayMs: 100, random: one })).toBe(399);
    expect(backoffDelayMs(20, { baseDelayMs: 100, maxDelayMs: 1000, random: one })).toBe(999);
    expect(backoffDelayMs(3, { baseDelayMs: 100, random: () => 0 })).toBe(0);
  });

  it('parses Retry-After seconds and dates', () => {
    expect(parseRetryAfter('2', 0)).toBe(2000);
    expect(parseRetryAfter('Thu, 01 Jan 1970 00:00:05 GMT', 1000)).toBe(4000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });

  it('retries rate limits, honouring the marketplace wait, then succeeds', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls += 1;
        if (calls === 1) throw rateLimited(1500);
        if (calls === 2) throw rateLimited();
        return 'ok';
      },
      { sleep: async (ms) => void waits.push(ms), random: () => 0.5, baseDelayMs: 100 },
    );
    expect(result).toBe('ok');
    expect(waits).toEqual([1500, 100]);
  });

  it('gives up after maxAttempts and rethrows the last error', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw rateLimited();
        },
        { maxAttempts: 3, sleep: async () => undefined },
      ),
    ).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(calls).toBe(3);
  });

  it('does not retry errors that another attempt cannot fix', async () => {
    let calls = 0;
    const expired = new MarketplaceError({ marketplace: 'shopee', kind: 'auth_expired', code: 'error_auth', message: 'x' });
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw expired;
        },
        { sleep: async () => undefined },
      ),
    ).rejects.toBe(expired);
    expect(calls).toBe(1);
    expect(isRetryable(new MarketplaceError({ marketplace: 'shopee', kind: 'upstream', code: 'x', message: 'x', httpStatus: 503 }))).toBe(
      true,
    );
    expect(isRetryable(new Error('boom'))).toBe(false);
  });
});
