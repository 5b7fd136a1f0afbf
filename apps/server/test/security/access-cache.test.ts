/**
 * Resolved access (role, permissions, restriction) is cached per process for a moment (docs/adr/0037). A removed
 * member or a changed role must still be refused at once by the process that made the change, and within one second
 * by a second API process on the same database (that part needs PostgreSQL: KELOLA_TEST_DATABASE_URL).
 */
import { generateKeyPairSync } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';

const onPostgres = Boolean(process.env.KELOLA_TEST_DATABASE_URL);
const TOKEN_PRIVATE_KEY = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let app: TestApp;
let other: TestApp | undefined;
beforeAll(async () => {
  app = await buildTestApp({ TOKEN_PRIVATE_KEY, ACCESS_CACHE_TTL_MS: '500' });
  if (onPostgres)
    other = await buildTestApp({ TOKEN_PRIVATE_KEY, ACCESS_CACHE_TTL_MS: '500', DATABASE_URL: app.platform.config.databaseUrl! });
}, 180_000);
afterAll(async () => {
  await other?.close();
  await app?.close();
});

const call = (target: TestApp, method: 'GET' | 'PUT' | 'DELETE', url: string, actor: Actor, payload?: object) =>
  target.fastify.inject({ method, url, headers: actor.headers, ...(payload ? { payload } : {}) });
const warehouses = (target: TestApp, actor: Actor) => call(target, 'GET', '/api/warehouses', actor);

/** Milliseconds until the member's warehouse list is refused with `code` on `target`; fails after 1.5 s. */
async function refusedWithin(target: TestApp, actor: Actor, code: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await warehouses(target, actor);
    if (res.statusCode === 403) {
      expect(res.json().code).toBe(code);
      return Date.now() - started;
    }
    if (Date.now() - started > 1500) throw new Error(`still answered ${res.statusCode} 1.5 s after the change`);
    await sleep(50);
  }
}

async function setup() {
  const owner = await newWorkspace(app);
  const member = await newMember(app, owner, { warehouse: 'READ', 'user-management': 'READ' });
  const roleId = (await call(app, 'GET', `/api/users/${member.userId}`, owner)).json().role_id as string;
  return { owner, member, roleId };
}

describe('in the process that made the change', () => {
  it('a removed member is refused at once', async () => {
    const { owner, member } = await setup();
    expect((await warehouses(app, member)).statusCode).toBe(200);
    expect((await call(app, 'DELETE', `/api/users/${member.userId}`, owner)).statusCode).toBe(204);
    const res = await warehouses(app, member);
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 403, code: 'WORKSPACE_FORBIDDEN' });
  });

  it('a role that loses a menu is refused it at once', async () => {
    const { owner, member, roleId } = await setup();
    expect((await warehouses(app, member)).statusCode).toBe(200);
    const edited = await call(app, 'PUT', `/api/roles/${roleId}`, owner, { permissions: { 'user-management': 'READ' } });
    expect(edited.statusCode).toBe(200);
    const res = await warehouses(app, member);
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 403, code: 'FORBIDDEN' });
  });
});

describe.skipIf(!onPostgres)('two API processes on one database (PostgreSQL)', () => {
  it('a member removed on one process is refused by the other within one second', async () => {
    const { owner, member } = await setup();
    // The other process has just resolved the member's access (and may believe it for a while).
    expect((await warehouses(other!, member)).statusCode).toBe(200);
    expect((await call(app, 'DELETE', `/api/users/${member.userId}`, owner)).statusCode).toBe(204);
    expect(await refusedWithin(other!, member, 'WORKSPACE_FORBIDDEN')).toBeLessThan(1000);
  });

  it('a role changed on one process is honoured by the other within one second', async () => {
    const { owner, member, roleId } = await setup();
    expect((await warehouses(other!, member)).statusCode).toBe(200);
    const edited = await call(app, 'PUT', `/api/roles/${roleId}`, owner, { permissions: { 'user-management': 'READ' } });
    expect(edited.statusCode).toBe(200);
    expect(await refusedWithin(other!, member, 'FORBIDDEN')).toBeLessThan(1000);
  });
});
