/**
 * Signed-out sessions: after logout, a refresh-family revocation or a password change, the access token of that
 * sign-in is refused within one second although it has not expired, also by a second API process on the same
 * database (that part needs PostgreSQL: KELOLA_TEST_DATABASE_URL).
 */
import { generateKeyPairSync } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, TEST_PASSWORD } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';

const onPostgres = Boolean(process.env.KELOLA_TEST_DATABASE_URL);
const TOKEN_PRIVATE_KEY = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let app: TestApp;
/** A second API process on the same database (PostgreSQL only: a PGlite directory has one process). */
let other: TestApp | undefined;
beforeAll(async () => {
  // With the per-process copies on (ADR 0037, ADR 0049): `/api/me` must be refused although its answer is cached.
  app = await buildTestApp({ TOKEN_PRIVATE_KEY, RATE_LIMIT_LOGIN_PER_IP: '1000', ACCESS_CACHE_TTL_MS: '500' });
  if (onPostgres) {
    other = await buildTestApp({ TOKEN_PRIVATE_KEY, ACCESS_CACHE_TTL_MS: '500', DATABASE_URL: app.platform.config.databaseUrl! });
  }
}, 180_000);
afterAll(async () => {
  await other?.close();
  await app?.close();
});

const post = (target: TestApp, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  target.fastify.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const me = (target: TestApp, token: string) =>
  target.fastify.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw[0] : String(raw)).split(';')[0]!;
};

async function signIn(target: TestApp, email: string, password = TEST_PASSWORD) {
  const res = await post(target, '/api/auth/login', { username: email, password });
  expect(res.statusCode).toBe(200);
  return { token: res.json().access_token as string, cookie: cookieOf(res) };
}

/** The token is refused by the very next request (the process that revoked forgets at once). */
async function refusedAtOnce(target: TestApp, token: string): Promise<void> {
  const res = await me(target, token);
  expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
}

/** Milliseconds until the token is refused on `target`, polling; fails after 1.5 s. */
async function refusedWithin(target: TestApp, token: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await me(target, token);
    if (res.statusCode === 401) {
      expect(res.json().code).toBe('UNAUTHENTICATED');
      return Date.now() - started;
    }
    expect(res.statusCode).toBe(200);
    if (Date.now() - started > 1500) throw new Error('the token still works 1.5 s after its sign-in was revoked');
    await sleep(50);
  }
}

describe('access tokens of ended sign-ins', () => {
  it('logout: the token is refused at once by the process that signed out', async () => {
    const user = await newUser(app);
    const session = await signIn(app, user.email);
    expect((await me(app, session.token)).statusCode).toBe(200);
    expect((await post(app, '/api/auth/logout', undefined, { cookie: session.cookie })).statusCode).toBe(204);
    await refusedAtOnce(app, session.token);
  });

  it('logout with only the bearer token (no cookie) ends that sign-in and its refresh token', async () => {
    const user = await newUser(app);
    const session = await signIn(app, user.email);
    const res = await post(app, '/api/auth/logout', undefined, { authorization: `Bearer ${session.token}` });
    expect(res.statusCode).toBe(204);
    await refusedAtOnce(app, session.token);
    expect((await post(app, '/api/auth/refresh', undefined, { cookie: session.cookie })).statusCode).toBe(401);
  });

  it('logout ends only that sign-in', async () => {
    const user = await newUser(app);
    const phone = await signIn(app, user.email);
    const laptop = await signIn(app, user.email);
    await post(app, '/api/auth/logout', undefined, { cookie: laptop.cookie });
    await refusedWithin(app, laptop.token);
    expect((await me(app, phone.token)).statusCode).toBe(200);
  });

  it('reuse of a rotated refresh token revokes the family, and its access tokens with it', async () => {
    const user = await newUser(app);
    const first = await signIn(app, user.email);
    const refreshed = await post(app, '/api/auth/refresh', undefined, { cookie: first.cookie });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json().access_token as string;
    expect((await me(app, second)).statusCode).toBe(200);
    expect((await post(app, '/api/auth/refresh', undefined, { cookie: first.cookie })).json().code).toBe('REFRESH_TOKEN_REUSED');
    expect(await refusedWithin(app, second)).toBeLessThan(1000);
    expect(await refusedWithin(app, first.token)).toBeLessThan(1000);
  });

  it('a password change ends every sign-in of the user', async () => {
    const user = await newUser(app);
    const a = await signIn(app, user.email);
    const b = await signIn(app, user.email);
    expect((await me(app, b.token)).statusCode).toBe(200);
    const changed = await post(
      app,
      '/api/auth/change-password',
      { old_password: TEST_PASSWORD, password: 'Nanas#555', password_confirmation: 'Nanas#555' },
      { authorization: `Bearer ${a.token}` },
    );
    expect(changed.statusCode).toBe(204);
    await refusedAtOnce(app, a.token);
    await refusedAtOnce(app, b.token);
    expect((await me(app, (await signIn(app, user.email, 'Nanas#555')).token)).statusCode).toBe(200);
  });
});

describe.skipIf(!onPostgres)('two API processes on one database (PostgreSQL)', () => {
  it('a logout on one process is honoured by the other within one second', async () => {
    const user = await newUser(app);
    const session = await signIn(app, user.email);
    // The other process has just seen the sign-in live (and may believe it for a while).
    expect((await me(other!, session.token)).statusCode).toBe(200);
    expect((await post(app, '/api/auth/logout', undefined, { cookie: session.cookie })).statusCode).toBe(204);
    expect(await refusedWithin(other!, session.token)).toBeLessThan(1000);
  });

  it('a password change on one process is honoured by the other within one second', async () => {
    const user = await newUser(app);
    const session = await signIn(app, user.email);
    expect((await me(other!, session.token)).statusCode).toBe(200);
    const changed = await post(
      other!,
      '/api/auth/change-password',
      { old_password: TEST_PASSWORD, password: 'Nanas#555', password_confirmation: 'Nanas#555' },
      { authorization: `Bearer ${session.token}` },
    );
    expect(changed.statusCode).toBe(204);
    await me(app, session.token);
    expect(await refusedWithin(app, session.token)).toBeLessThan(1000);
  });
});
