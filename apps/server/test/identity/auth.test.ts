import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { newUser, TEST_PASSWORD } from '../factories.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '3' });
});
afterAll(async () => app?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.fastify.inject({ method: 'POST', url, payload: payload as object, headers });

async function latestCode(to: string): Promise<string> {
  const res = await app.fastify.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json().items[0].code;
}

const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  const first = Array.isArray(raw) ? raw[0] : String(raw);
  return first.split(';')[0]!;
};

describe('sign-up with a phone number', () => {
  it('sends an OTP, verifies it and signs the user in with their own workspace', async () => {
    const res = await post('/api/auth/sign-up', {
      user: '0812-3456-7001',
      password: 'Mangga#77',
      name: 'Ani Suryani',
      business_name: 'Toko Ani',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user.type_register).toBe('phone');
    expect(body.otp.resend_delay).toBe(60);

    const login = await post('/api/auth/login', { username: '081234567001', password: 'Mangga#77' });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('ACCOUNT_NOT_VERIFIED');

    const wrong = await post('/api/auth/verification/phone', { user_uuid: body.user.uuid, otp_code: '000000' });
    const code = await latestCode('+6281234567001');
    expect(code).toMatch(/^\d{6}$/u);
    if (code !== '000000') {
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().details.fields[0].path).toBe('otp_code');
    }

    const verified = await post('/api/auth/verification/phone', { user_uuid: body.user.uuid, otp_code: code });
    expect(verified.statusCode).toBe(200);
    const token = verified.json().login.token.access_token;
    const me = await app.fastify.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      phone: '+6281234567001',
      full_name: 'Ani Suryani',
      workspace_id_active_name: 'Toko Ani',
      role_name: 'Owner',
      restriction_base: 'BUSINESS',
    });
    expect(me.json().businessList).toEqual([expect.objectContaining({ business_name: 'Toko Ani' })]);

    const menu = await app.fastify.inject({
      method: 'GET',
      url: '/api/me/menu',
      headers: { authorization: `Bearer ${token}`, 'workspace-id': me.json().workspace_id_active },
    });
    expect(menu.statusCode).toBe(200);
    expect(menu.json().menu.map((m: { key: string }) => m.key)).toContain('dashboard');
  });

  it('refuses a resend inside the delay and a used code', async () => {
    const res = await post('/api/auth/sign-up', {
      user: 'tono@example.id',
      password: 'Mangga#77',
      name: 'Tono',
      business_name: 'Toko Tono',
    });
    const uuid = res.json().user.uuid;
    const resend = await post('/api/auth/verification/resend-otp', { user_uuid: uuid });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().code).toBe('OTP_RESEND_TOO_EARLY');
    const code = await latestCode('tono@example.id');
    expect((await post('/api/auth/verification/email', { user_uuid: uuid, code })).statusCode).toBe(200);
    expect((await post('/api/auth/verification/email', { user_uuid: uuid, code })).statusCode).toBe(422);
  });

  it('answers bad input with translated field errors, never a 500', async () => {
    const res = await post(
      '/api/auth/sign-up',
      { user: 'bukan-email', password: 'abc', name: '', business_name: 'x'.repeat(101) },
      { 'accept-language': 'id' },
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.fields as { path: string; code: string; message: string }[];
    const codes = fields.map((f) => `${f.path}:${f.code}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        'user:INVALID_EMAIL_OR_PHONE',
        'password:PASSWORD_MIN',
        'password:PASSWORD_UPPERCASE',
        'name:REQUIRED',
        'business_name:TOO_LONG',
      ]),
    );
    expect(fields.find((f) => f.code === 'PASSWORD_MIN')!.message).toBe('Kata sandi minimal 6 karakter.');
    const en = await post('/api/auth/sign-up', {}, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json().details.fields.find((f: { path: string }) => f.path === 'user').message).toBe('This field is required.');
    const broken = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
  });

  it('will not register an address twice', async () => {
    const user = await newUser(app);
    const res = await post('/api/auth/sign-up', { user: user.email, password: 'Mangga#77', name: 'X', business_name: 'Y' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'USER_ALREADY_EXISTS', details: { fields: [{ path: 'user' }] } });
  });
});

describe('e-mail verification link', () => {
  async function signUpByEmail(email: string) {
    const res = await post('/api/auth/sign-up', { user: email, password: 'Mangga#77', name: 'Link Tester', business_name: 'Toko Link' });
    const outbox = await app.fastify.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
    const link = /\/auth\/verify\/([\w-]+)\/([\w-]+)/u.exec(outbox.json().items[0].body)!;
    return { uuid: res.json().user.uuid as string, secret: link[1]!, linkUuid: link[2]! };
  }

  it('signs the user in once, then the link is spent', async () => {
    const { uuid, secret, linkUuid } = await signUpByEmail('tautan@example.id');
    expect(linkUuid).toBe(uuid);
    const first = await post(`/api/auth/verify/${secret}/${uuid}`, undefined);
    expect(first.statusCode).toBe(200);
    expect(first.json().login.token.access_token).toBeTruthy();
    expect((await post(`/api/auth/verify/${secret}/${uuid}`, undefined)).json().code).toBe('LINK_INVALID');
    expect((await post('/api/auth/login', { username: 'tautan@example.id', password: 'Mangga#77' })).statusCode).toBe(200);
  });

  it('answers LINK_EXPIRED after a day', async () => {
    const { uuid, secret } = await signUpByEmail('kedaluwarsa@example.id');
    const realNow = app.platform.now;
    app.platform.now = () => new Date(Date.now() + 25 * 3600 * 1000);
    try {
      const res = await post(`/api/auth/verify/${secret}/${uuid}`, undefined);
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('LINK_EXPIRED');
    } finally {
      app.platform.now = realNow;
    }
  });

  it('rejects a link for another user', async () => {
    const { secret } = await signUpByEmail('lain@example.id');
    const other = await newUser(app);
    expect((await post(`/api/auth/verify/${secret}/${other.id}`, undefined)).statusCode).toBe(404);
  });
});

describe('sessions', () => {
  it('rotates refresh tokens and revokes the sign-in when a rotated token is reused', async () => {
    const user = await newUser(app);
    const login = await post('/api/auth/login', { username: user.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    const first = cookieOf(login);
    const refreshed = await post('/api/auth/refresh', undefined, { cookie: first });
    expect(refreshed.statusCode).toBe(200);
    const second = cookieOf(refreshed);
    const reuse = await post('/api/auth/refresh', undefined, { cookie: first });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_TOKEN_REUSED');
    const afterReuse = await post('/api/auth/refresh', undefined, { cookie: second });
    expect(afterReuse.statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const user = await newUser(app);
    const login = await post('/api/auth/login', { username: user.email, password: TEST_PASSWORD });
    const cookie = cookieOf(login);
    expect((await post('/api/auth/logout', undefined, { cookie })).statusCode).toBe(204);
    expect((await post('/api/auth/refresh', undefined, { cookie })).statusCode).toBe(401);
  });

  it('rate-limits wrong passwords per account, with a clear error', async () => {
    const user = await newUser(app);
    for (let i = 0; i < 3; i++)
      expect((await post('/api/auth/login', { username: user.email, password: 'Salah#123' })).json().code).toBe('INVALID_CREDENTIALS');
    const blocked = await post('/api/auth/login', { username: user.email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The wait travels as a detail too, for the sign-in page's own text and the code form's countdown.
    expect(blocked.json().details.retry_after).toBe(Number(blocked.headers['retry-after']));
    expect(blocked.json().message).toContain(String(blocked.json().details.retry_after));
  });

  it('rejects missing, forged and expired tokens', async () => {
    expect((await app.fastify.inject({ method: 'GET', url: '/api/me' })).json().code).toBe('UNAUTHENTICATED');
    const forged = await app.fastify.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.statusCode).toBe(401);
    const user = await newUser(app);
    const expired = await app.platform.keys.sign({ sub: user.id, sid: null }, -10);
    const res = await app.fastify.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${expired}` } });
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });
});

describe('passwords', () => {
  it('resets a forgotten password by OTP and signs out every session', async () => {
    const user = await newUser(app);
    const before = await post('/api/auth/login', { username: user.email, password: TEST_PASSWORD });
    expect((await post('/api/auth/forgot-password/request-otp', { username: user.email })).statusCode).toBe(200);
    const otp = await latestCode(user.email);
    const verified = await post('/api/auth/forgot-password/verify-otp', { username: user.email, otp });
    expect(verified.statusCode).toBe(200);
    const { token } = verified.json();
    const mismatch = await post('/api/auth/forgot-password/reset', { token, password: 'Durian#88', password_confirmation: 'Durian#89' });
    expect(mismatch.json().details.fields[0].path).toBe('password_confirmation');
    expect(
      (await post('/api/auth/forgot-password/reset', { token, password: 'Durian#88', password_confirmation: 'Durian#88' })).statusCode,
    ).toBe(204);
    expect(
      (await post('/api/auth/forgot-password/reset', { token, password: 'Durian#88', password_confirmation: 'Durian#88' })).json().code,
    ).toBe('RESET_TOKEN_INVALID');
    expect((await post('/api/auth/refresh', undefined, { cookie: cookieOf(before) })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { username: user.email, password: 'Durian#88' })).statusCode).toBe(200);
  });

  it('does not reveal whether an account exists', async () => {
    const res = await post('/api/auth/forgot-password/request-otp', { username: 'tidak-ada@example.id' });
    expect(res.statusCode).toBe(200);
  });

  it('changes the password only with the current one', async () => {
    const user = await newUser(app);
    const token = (await post('/api/auth/login', { username: user.email, password: TEST_PASSWORD })).json().access_token;
    const headers = { authorization: `Bearer ${token}` };
    const wrong = await post(
      '/api/auth/change-password',
      { old_password: 'Salah#1', password: 'Nanas#555', password_confirmation: 'Nanas#555' },
      headers,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().details.fields[0].path).toBe('old_password');
    const ok = await post(
      '/api/auth/change-password',
      { old_password: TEST_PASSWORD, password: 'Nanas#555', password_confirmation: 'Nanas#555' },
      headers,
    );
    expect(ok.statusCode).toBe(204);
  });
});
