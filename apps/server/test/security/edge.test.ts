import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';

// The web app as the server serves it from WEB_DIST: an index page and one asset, like Vite's output.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kelola-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), 'console.log(1)');

let app: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_LOGIN_PER_IP: '3', RATE_LIMIT_LOGIN_PER_ACCOUNT: '100', WEB_DIST: webDist });
  proxied = await buildTestApp({ RATE_LIMIT_LOGIN_PER_IP: '3', RATE_LIMIT_LOGIN_PER_ACCOUNT: '100', TRUST_PROXY: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await app?.close();
  await proxied?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const wrongLogin = (target: TestApp, forwardedFor: string) =>
  target.fastify.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: `nobody-${randomBytes(4).toString('hex')}@example.id`, password: 'Salah#123' },
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('X-Forwarded-For', () => {
  it('is ignored unless the peer is a configured proxy: a new forwarded address per attempt does not reset the per-IP limit', async () => {
    const codes = [];
    for (let i = 1; i <= 4; i++) codes.push((await wrongLogin(app, `203.0.113.${i}`)).json().code);
    expect(codes).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'RATE_LIMITED']);
  });

  it('names the client when TRUST_PROXY lists the peer', async () => {
    const codes = [];
    for (let i = 1; i <= 4; i++) codes.push((await wrongLogin(proxied, `198.51.100.${i}`)).json().code);
    expect(codes).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS']);
    for (let i = 0; i < 3; i++) await wrongLogin(proxied, '198.51.100.200');
    expect((await wrongLogin(proxied, '198.51.100.200')).json().code).toBe('RATE_LIMITED');
  });
});

describe('security headers', () => {
  const common = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    // The printable pages frame their PDF as a blob.
    expect(csp).toContain("frame-src 'self' blob:");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/u);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/u);
  };

  it('the web app pages and assets', async () => {
    for (const url of ['/', '/auth/login', '/assets/index-abc.js']) {
      const res = await app.fastify.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      common(res.headers);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('the API, with no-store on authenticated answers', async () => {
    const user = await newUser(app);
    const login = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.email, password: 'Rahasia#2026' },
      remoteAddress: '192.0.2.10',
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const me = await app.fastify.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${login.json().access_token}` },
    });
    expect(me.statusCode).toBe(200);
    common(me.headers);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await app.fastify.inject({ method: 'GET', url: '/api/me' });
    expect(refused.statusCode).toBe(401);
    common(refused.headers);
  });

  it('HSTS over HTTPS only, with the protocol believed from a configured proxy only', async () => {
    const viaProxy = await proxied.fastify.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=\d+/u);
    const spoofed = await app.fastify.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('the web app (its source, and its build when there is one) has no inline script the policy would have to allow', () => {
    const web = path.resolve(import.meta.dirname, '../../../web');
    for (const file of [path.join(web, 'index.html'), path.join(web, 'dist', 'index.html')].filter((f) => fs.existsSync(f))) {
      expectNoInlineScript(fs.readFileSync(file, 'utf8'));
    }
  });

  const expectNoInlineScript = (html: string) => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gu)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/u);
      expect(body!.trim()).toBe('');
    }
  };
});

describe('developer outbox', () => {
  it('answers only for one address', async () => {
    const all = await app.fastify.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(all.statusCode).toBe(400);
    expect(all.json().code).toBe('VALIDATION_FAILED');
    expect(all.json().details.fields.map((f: { path: string }) => f.path)).toContain('to');
    expect((await app.fastify.inject({ method: 'GET', url: '/api/dev/outbox?to=%20' })).statusCode).toBe(400);
    expect((await app.fastify.inject({ method: 'GET', url: '/api/dev/outbox?to=someone%40example.id' })).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  it('a token signed with our key whose subject is not a uuid gives 401, not 500', async () => {
    for (const claims of [
      { sub: 'not-a-uuid', sid: null },
      { sub: "1' or '1'='1", sid: null },
      { sub: '0195f0a0-0000-7000-8000-000000000001', sid: 'nope' },
    ]) {
      const token = await app.platform.keys.sign(claims, 60);
      const res = await app.fastify.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });
});
