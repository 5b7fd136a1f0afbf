/**
 * Login and OTP attempt limits under concurrency. The attempt is counted and checked in one statement before it is
 * judged, so 30 calls at once are not all judged against the same count (the bug: read, judge, then write).
 * Meant for real PostgreSQL (KELOLA_TEST_DATABASE_URL), where the calls truly overlap; it runs on PGlite too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, TEST_PASSWORD } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';

const LIMIT = 5;
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_LOGIN_PER_ACCOUNT: String(LIMIT), RATE_LIMIT_LOGIN_PER_IP: '1000' });
  const { client } = app.platform.database;
  if (client.kind === 'postgres') client.pool.on('error', () => {});
}, 120_000);
afterAll(async () => app?.close());

const post = (url: string, payload: unknown) => app.fastify.inject({ method: 'POST', url, payload: payload as object });
const tally = (codes: string[]) => codes.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});

describe('login attempts under concurrency', () => {
  it('judges only as many of 30 concurrent wrong passwords as the limit allows', async () => {
    const user = await newUser(app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post('/api/auth/login', { username: user.email, password: 'Salah#123' })),
    );
    for (const res of answers) expect(res.statusCode).not.toBe(500);
    expect(tally(answers.map((r) => r.json().code))).toEqual({ INVALID_CREDENTIALS: LIMIT, RATE_LIMITED: 30 - LIMIT });
  });

  it('a right password sent after 29 wrong ones, all at once, does not get in once the limit is reached', async () => {
    const user = await newUser(app);
    const passwords = [...Array.from({ length: 29 }, (_, i) => `Salah#${i}00`), TEST_PASSWORD];
    const answers = await Promise.all(passwords.map((password) => post('/api/auth/login', { username: user.email, password })));
    const codes = answers.map((r) => (r.statusCode === 200 ? 'SIGNED_IN' : r.json().code));
    const judged = codes.filter((c) => c !== 'RATE_LIMITED').length;
    expect(judged).toBe(LIMIT);
    expect(codes.at(-1)).toBe('RATE_LIMITED');
  });
});

describe('OTP attempts under concurrency', () => {
  it('judges at most 5 guesses of one code, and the right code sent last among 30 is refused', async () => {
    const user = await newUser(app);
    expect((await post('/api/auth/forgot-password/request-otp', { username: user.email })).statusCode).toBe(200);
    const outbox = await app.fastify.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(user.email)}` });
    const code: string = outbox.json().items[0].code;
    const wrong = Array.from({ length: 29 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(
      [...wrong, code].map((otp) => post('/api/auth/forgot-password/verify-otp', { username: user.email, otp })),
    );
    for (const res of answers) expect(res.statusCode).not.toBe(500);
    const codes = answers.map((r) => (r.statusCode === 200 ? 'VERIFIED' : r.json().code));
    expect(codes.filter((c) => c === 'OTP_INVALID' || c === 'VERIFIED').length).toBeLessThanOrEqual(5);
    expect(codes.at(-1)).not.toBe('VERIFIED');
  });
});
