import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { getAccessToken, setAccessToken } from './auth-session.ts';

function jwt(expSeconds: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/u, '').replace(/\+/gu, '-').replace(/\//gu, '_');
  return `${encode({ alg: 'EdDSA' })}.${encode({ sub: 'u1', exp: expSeconds })}.signature`;
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Call = { url: string; init: RequestInit };

describe('apiFetch', () => {
  const calls: Call[] = [];
  let answers: Response[] = [];

  beforeEach(() => {
    calls.length = 0;
    answers = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        const next = answers.shift();
        if (!next) throw new Error(`unexpected call ${url}`);
        return next;
      }),
    );
    window.history.replaceState(null, '', '/sales?workspace_id=w-1&business_id=b-2');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const header = (call: Call | undefined, name: string) => new Headers(call?.init.headers).get(name);

  it('sends the bearer token, workspace and business headers, language and cookies', async () => {
    const token = jwt(Math.floor(Date.now() / 1000) + 600);
    setAccessToken(token);
    answers.push(json(200, { ok: true }));
    await expect(apiFetch('/me')).resolves.toEqual({ ok: true });
    expect(calls[0]?.url).toBe('/api/me');
    expect(header(calls[0], 'Authorization')).toBe(`Bearer ${token}`);
    expect(header(calls[0], 'Workspace-Id')).toBe('w-1');
    expect(header(calls[0], 'Business-Id')).toBe('b-2');
    expect(header(calls[0], 'Accept-Language')).toBe('id');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('refreshes once on 401 TOKEN_EXPIRED and repeats the call with the new token', async () => {
    setAccessToken(jwt(Math.floor(Date.now() / 1000) - 10));
    const fresh = jwt(Math.floor(Date.now() / 1000) + 900);
    answers.push(
      json(401, { code: 'TOKEN_EXPIRED', message: 'expired' }),
      json(200, { access_token: fresh, token_type: 'Bearer', expires_in: 900 }),
      json(200, { id: 'me' }),
    );
    await expect(apiFetch('/me')).resolves.toEqual({ id: 'me' });
    expect(calls.map((call) => [call.init.method, call.url])).toEqual([
      ['GET', '/api/me'],
      ['POST', '/api/auth/refresh'],
      ['GET', '/api/me'],
    ]);
    expect(calls[1]?.init.credentials).toBe('include');
    expect(header(calls[2], 'Authorization')).toBe(`Bearer ${fresh}`);
    expect(getAccessToken()).toBe(fresh);
  });

  it('does not refresh twice when the repeated call is refused again', async () => {
    setAccessToken(jwt(1));
    answers.push(
      json(401, { code: 'TOKEN_EXPIRED', message: 'expired' }),
      json(200, { access_token: jwt(Math.floor(Date.now() / 1000) + 900), token_type: 'Bearer', expires_in: 900 }),
      json(401, { code: 'TOKEN_EXPIRED', message: 'expired again' }),
    );
    await expect(apiFetch('/me')).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    expect(calls).toHaveLength(3);
    expect(getAccessToken()).toBeNull();
  });

  it('shares one refresh between concurrent calls', async () => {
    setAccessToken(jwt(1));
    const fresh = jwt(Math.floor(Date.now() / 1000) + 900);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        if (url === '/api/auth/refresh') return json(200, { access_token: fresh, token_type: 'Bearer', expires_in: 900 });
        const auth = new Headers(init.headers).get('Authorization');
        return auth === `Bearer ${fresh}` ? json(200, { url }) : json(401, { code: 'TOKEN_EXPIRED', message: 'expired' });
      }),
    );
    await Promise.all([apiFetch('/a'), apiFetch('/b')]);
    expect(calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('gives up and signs out when the refresh fails', async () => {
    setAccessToken(jwt(1));
    answers.push(json(401, { code: 'TOKEN_EXPIRED', message: 'expired' }), json(401, { code: 'REFRESH_TOKEN_INVALID', message: 'no' }));
    const error = await apiFetch('/me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    expect(calls).toHaveLength(2);
    expect(getAccessToken()).toBeNull();
  });

  it('does not refresh on other 401 codes', async () => {
    setAccessToken(jwt(Math.floor(Date.now() / 1000) + 600));
    answers.push(json(401, { code: 'INVALID_CREDENTIALS', message: 'wrong' }));
    await expect(apiFetch('/auth/login', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(calls).toHaveLength(1);
    expect(header(calls[0], 'Authorization')).toBeNull();
  });

  it('turns error bodies into ApiError with field details', async () => {
    answers.push(
      json(400, {
        code: 'VALIDATION_FAILED',
        message: 'bad',
        details: { fields: [{ path: 'password', code: 'custom', message: 'PASSWORD_MIN' }] },
      }),
    );
    const error = (await apiFetch('/auth/sign-up', { method: 'POST', body: {}, auth: false }).catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fieldIssues).toEqual([{ path: 'password', code: 'custom', message: 'PASSWORD_MIN' }]);
  });

  it('answers a 204 with undefined and reports network failures as status 0', async () => {
    answers.push(new Response(null, { status: 204 }));
    await expect(apiFetch('/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiFetch('/me')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
