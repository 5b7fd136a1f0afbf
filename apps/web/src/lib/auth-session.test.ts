import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSession, getAccessToken, IDLE_TIME_MS, isRefreshExempt, markActivity, setAccessToken, STORAGE_KEYS } from './auth-session.ts';

function jwt(expSeconds: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/u, '').replace(/\+/gu, '-').replace(/\//gu, '_');
  return `${encode({ alg: 'EdDSA' })}.${encode({ sub: 'u1', exp: expSeconds })}.signature`;
}

describe('session check (spec part 4)', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const now = Date.now();
  const fresh = jwt(Math.floor(now / 1000) + 900);

  it('refreshes a token with less than 70 s left', async () => {
    setAccessToken(jwt(Math.floor(now / 1000) + 69));
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ access_token: fresh }), { status: 200 }));
    await checkSession('/dashboard', now);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBe(fresh);
  });

  it('leaves a token with 70 s or more alone', async () => {
    setAccessToken(jwt(Math.floor(now / 1000) + 71));
    await checkSession('/dashboard', now);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never refreshes on the self-register and forgot-password routes', async () => {
    expect(isRefreshExempt('/self-register')).toBe(true);
    expect(isRefreshExempt('/auth/forgot-password')).toBe(true);
    expect(isRefreshExempt('/auth/forgot-password/otp')).toBe(true);
    expect(isRefreshExempt('/auth/login')).toBe(false);
    expect(isRefreshExempt('/self-registered')).toBe(false);
    setAccessToken(jwt(Math.floor(now / 1000) + 10));
    await checkSession('/auth/forgot-password/otp', now);
    await checkSession('/self-register', now);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not refresh when idle: it stores the idle flag, and an expired token logs out', async () => {
    setAccessToken(jwt(Math.floor(now / 1000) + 10));
    markActivity(now - IDLE_TIME_MS);
    await checkSession('/dashboard', now);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.idle)).toBe('1');
    await checkSession('/dashboard', now + 20_000);
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.idle)).toBeNull();
  });
});
