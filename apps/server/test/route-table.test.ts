import { ACCESS_LEVELS, isMenuKey } from '@kelola/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app?.close());

describe('route table', () => {
  it('every route declares a permission: a menu key with READ or WRITE, or a spelled-out kind', () => {
    expect(app.router.routes.length).toBeGreaterThan(10);
    for (const route of app.router.routes) {
      const { permission } = route;
      const label = `${route.method} ${route.url}`;
      if (Array.isArray(permission)) {
        expect(isMenuKey(permission[0]), `${label}: unknown menu key ${permission[0]}`).toBe(true);
        expect(ACCESS_LEVELS, label).toContain(permission[1]);
      } else {
        expect(['public', 'authenticated', 'member'], label).toContain(permission);
      }
    }
  });

  it('public routes are only those meant to be: sign-in, sign-up, invitations, pushes, health, docs', () => {
    const publicRoutes = app.router.routes.filter((r) => r.permission === 'public').map((r) => r.url);
    for (const url of publicRoutes) {
      expect(url, `${url} is public`).toMatch(/^\/api\/(auth\/|health$|ready$|dev\/outbox$|invitations\/|channels\/push\/|areas)/u);
    }
  });

  it('every API route answers 401 without a token unless it is public', async () => {
    for (const route of app.router.routes.filter((r) => r.permission !== 'public')) {
      const url = route.url.replace(/:(\w+)/gu, '01a20041-4395-7219-aee5-d0f23fcff062');
      const res = await app.fastify.inject({ method: route.method, url });
      expect(res.statusCode, `${route.method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('unknown API paths answer a JSON 404', async () => {
    const res = await app.fastify.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROUTE_NOT_FOUND');
  });

  it('serves health, readiness and the OpenAPI document', async () => {
    expect((await app.fastify.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await app.fastify.inject({ method: 'GET', url: '/api/ready' })).json().status).toBe('ready');
    const doc = await app.fastify.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain('/api/auth/login');
  });
});
