/**
 * Account pre-hijacking (ADR 0013): a second sign-up of an address nobody has verified yet must never replace the
 * credentials its owner will verify, whoever signed up first.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-app.ts';

let app: TestApp;
let realNow: () => Date;
let shift = 0;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_LOGIN_PER_IP: '1000' });
  realNow = app.platform.now;
  // The resend delay (60 s) stands between two sign-ups of one address: the tests move the clock instead of waiting.
  app.platform.now = () => new Date(realNow().getTime() + shift);
}, 120_000);
afterAll(async () => app?.close());

const later = () => {
  shift += 61_000;
};
const address = () => `korban-${randomBytes(4).toString('hex')}@example.id`;
const post = (url: string, payload: unknown, cookie?: string) =>
  app.fastify.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const signupCookieOf = (res: { headers: Record<string, unknown> }): string | undefined => {
  const raw = res.headers['set-cookie'];
  const all = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  return all.map((c) => c.split(';')[0]!).find((c) => c.startsWith('kelola_signup='));
};
const signUp = (email: string, password: string, name: string) =>
  post('/api/auth/sign-up', { user: email, password, name, business_name: `Toko ${name}` });
async function latestCode(to: string): Promise<string> {
  const res = await app.fastify.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json().items[0].code;
}
const login = (email: string, password: string) => post('/api/auth/login', { username: email, password });
const verify = (uuid: string, code: string, cookie?: string) => post('/api/auth/verification/email', { user_uuid: uuid, code }, cookie);

describe('a second sign-up of an unverified address', () => {
  it('the owner signs up, someone signs up again with their own password, the owner verifies: the other password never works', async () => {
    const email = address();
    const owner = await signUp(email, 'Pemilik#111', 'Pemilik Asli');
    expect(owner.statusCode).toBe(201);
    const uuid = owner.json().user.uuid;
    later();
    const attacker = await signUp(email, 'Penyusup#222', 'Penyusup');
    expect(attacker.statusCode).toBe(201);
    expect(attacker.json().user.uuid).toBe(uuid);

    // The owner types the newest code in their mailbox, in their own browser (no cookie of the second sign-up).
    const verified = await verify(uuid, await latestCode(email));
    expect(verified.statusCode).not.toBe(200);
    expect(verified.statusCode).not.toBe(500);
    expect((await login(email, 'Penyusup#222')).statusCode).not.toBe(200);

    // The owner signs up again (or simply verifies their own new sign-up) and gets in with their password only.
    later();
    const again = await signUp(email, 'Pemilik#333', 'Pemilik Asli');
    expect(again.statusCode).toBe(201);
    const ok = await verify(uuid, await latestCode(email), signupCookieOf(again));
    expect(ok.statusCode).toBe(200);
    expect((await login(email, 'Penyusup#222')).json().code).toBe('INVALID_CREDENTIALS');
    expect((await login(email, 'Pemilik#333')).statusCode).toBe(200);
  });

  it('someone signs up first with the owner’s address; the owner’s own sign-up and verification set the owner’s password', async () => {
    const email = address();
    const attacker = await signUp(email, 'Penyusup#222', 'Penyusup');
    expect(attacker.statusCode).toBe(201);
    const uuid = attacker.json().user.uuid;
    later();
    const owner = await signUp(email, 'Pemilik#111', 'Pemilik Asli');
    expect(owner.statusCode).toBe(201);
    const ok = await verify(uuid, await latestCode(email), signupCookieOf(owner));
    expect(ok.statusCode).toBe(200);
    expect((await login(email, 'Penyusup#222')).json().code).toBe('INVALID_CREDENTIALS');
    expect((await login(email, 'Pemilik#111')).statusCode).toBe(200);
    const me = await app.fastify.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${ok.json().login.token.access_token}` },
    });
    expect(me.json().full_name).toBe('Pemilik Asli');
  });

  it('a resend keeps a repeated sign-up’s code bound to its caller', async () => {
    const email = address();
    const first = await signUp(email, 'Pemilik#111', 'Pemilik Asli');
    const uuid = first.json().user.uuid;
    later();
    const second = await signUp(email, 'Penyusup#222', 'Penyusup');
    later();
    expect((await post('/api/auth/verification/resend-otp', { user_uuid: uuid })).statusCode).toBe(200);
    const code = await latestCode(email);
    expect((await verify(uuid, code)).statusCode).toBe(422);
    expect((await login(email, 'Penyusup#222')).statusCode).not.toBe(200);
    // The caller who chose that password is the one who may finish with it (a mistyped first sign-up).
    expect((await verify(uuid, code, signupCookieOf(second))).statusCode).toBe(200);
    expect((await login(email, 'Penyusup#222')).statusCode).toBe(200);
  });

  it('the first sign-up verifies as before, and its password stays until then', async () => {
    const email = address();
    const res = await signUp(email, 'Pemilik#111', 'Pemilik Asli');
    expect(signupCookieOf(res)).toBeUndefined();
    expect((await login(email, 'Pemilik#111')).json().code).toBe('ACCOUNT_NOT_VERIFIED');
    expect((await verify(res.json().user.uuid, await latestCode(email))).statusCode).toBe(200);
    expect((await login(email, 'Pemilik#111')).statusCode).toBe(200);
  });
});
