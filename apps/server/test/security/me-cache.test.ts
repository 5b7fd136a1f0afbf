/**
 * `GET /api/me` is answered from a per-process copy for up to ACCESS_CACHE_TTL_MS (docs/adr/0049). A write request of
 * the same process makes the next answer fresh at once; another process's write (or a change made straight in the
 * database) is seen within one second; a revoked sign-in is refused although its answer is cached (that part, and
 * the two processes, need PostgreSQL: KELOLA_TEST_DATABASE_URL).
 */
import { generateKeyPairSync } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetMe, getMeJsonCached } from '../../src/flows/get-me.ts';
import type { SignedInCtx } from '../../src/http/context.ts';
import { refreshTokens, users } from '../../src/modules/identity/identity.schema.ts';
import { systemCtx } from '../../src/platform/system-ctx.ts';
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

const me = (target: TestApp, actor: Actor) => target.fastify.inject({ method: 'GET', url: '/api/me', headers: actor.headers });
const workspaceIds = (body: { user_workspaces: { workspace_id: string }[] }) => body.user_workspaces.map((w) => w.workspace_id);

/** Milliseconds until `target`'s `/api/me` for `actor` satisfies `done`; fails after 1.5 s. */
async function seenWithin(target: TestApp, actor: Actor, done: (status: number, body: Record<string, unknown>) => boolean) {
  const started = Date.now();
  for (;;) {
    const res = await me(target, actor);
    if (done(res.statusCode, res.json())) return Date.now() - started;
    if (Date.now() - started > 1500) throw new Error(`not seen 1.5 s after the change (${res.statusCode})`);
    await sleep(25);
  }
}

describe('the copy itself', () => {
  it('serves the same bytes as a fresh read until it expires or a write of this process forgets it', async () => {
    const owner = await newWorkspace(app);
    const db = app.platform.database.db;
    const ctx: SignedInCtx = { ...systemCtx(app.platform, db), actor: { userId: owner.userId, sessionFamilyId: null } };
    let clock = 1_000_000;
    const now = () => clock;
    forgetMe(db);
    const fresh = await getMeJsonCached(ctx, owner.workspaceId, 0);
    expect(await getMeJsonCached(ctx, owner.workspaceId, 500, now)).toBe(fresh);
    // The answer is what the route's schema sends: the first name the user has.
    const before = JSON.parse(fresh) as { first_name: string };
    await db.update(users).set({ firstName: 'Ganti' }).where(eq(users.id, owner.userId));
    // Inside the time to live the copy stands (a change made outside this process's requests)...
    expect(JSON.parse(await getMeJsonCached(ctx, owner.workspaceId, 500, () => clock + 499)).first_name).toBe(before.first_name);
    // ...after it, the database is read again.
    clock += 500;
    expect(JSON.parse(await getMeJsonCached(ctx, owner.workspaceId, 500, now)).first_name).toBe('Ganti');
    await db.update(users).set({ firstName: 'Lagi' }).where(eq(users.id, owner.userId));
    forgetMe(db);
    expect(JSON.parse(await getMeJsonCached(ctx, owner.workspaceId, 500, now)).first_name).toBe('Lagi');
    // Another workspace asked for, another user: other entries.
    const stranger = await newWorkspace(app);
    const strangers = JSON.parse(
      await getMeJsonCached({ ...ctx, actor: { userId: stranger.userId, sessionFamilyId: null } }, undefined, 500, now),
    );
    expect(strangers.id).toBe(stranger.userId);
    expect(workspaceIds(strangers)).toEqual([stranger.workspaceId]);
  });

  it('a read that started before a write finished is not served after it', async () => {
    const owner = await newWorkspace(app);
    const db = app.platform.database.db;
    const ctx: SignedInCtx = { ...systemCtx(app.platform, db), actor: { userId: owner.userId, sessionFamilyId: null } };
    const pending = getMeJsonCached(ctx, undefined, 500);
    await db.update(users).set({ firstName: 'Baru' }).where(eq(users.id, owner.userId));
    forgetMe(db);
    await pending;
    expect(JSON.parse(await getMeJsonCached(ctx, undefined, 500)).first_name).toBe('Baru');
  });
});

describe('in the process that made the change', () => {
  it("the user's own profile change shows at once", async () => {
    const owner = await newWorkspace(app);
    expect((await me(app, owner)).statusCode).toBe(200);
    const put = await app.fastify.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: owner.headers,
      payload: { first_name: 'Sinta', last_name: 'Dewi' },
    });
    expect(put.statusCode).toBeLessThan(300);
    const res = await me(app, owner);
    expect({ first: res.json().first_name, full: res.json().full_name }).toEqual({ first: 'Sinta', full: 'Sinta Dewi' });
  });

  it('a removed member no longer sees the workspace, at once', async () => {
    const owner = await newWorkspace(app);
    const member = await newMember(app, owner, { 'user-management': 'READ' });
    expect(workspaceIds((await me(app, member)).json())).toEqual([owner.workspaceId]);
    const removed = await app.fastify.inject({ method: 'DELETE', url: `/api/users/${member.userId}`, headers: owner.headers });
    expect(removed.statusCode).toBe(204);
    const res = await me(app, member);
    expect(res.statusCode).toBe(200);
    expect(workspaceIds(res.json())).toEqual([]);
    expect(res.json().workspace_id_active).toBeNull();
  });
});

describe.skipIf(!onPostgres)('two API processes on one database (PostgreSQL)', () => {
  it('a profile changed on one process shows on the other within one second', async () => {
    const owner = await newWorkspace(app);
    expect((await me(other!, owner)).statusCode).toBe(200);
    const put = await app.fastify.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: owner.headers,
      payload: { first_name: 'Rina', last_name: '' },
    });
    expect(put.statusCode).toBeLessThan(300);
    expect(await seenWithin(other!, owner, (_s, body) => body.first_name === 'Rina')).toBeLessThan(1000);
  });

  it('a member removed on one process loses the workspace on the other within one second', async () => {
    const owner = await newWorkspace(app);
    const member = await newMember(app, owner, { 'user-management': 'READ' });
    expect(workspaceIds((await me(other!, member)).json())).toEqual([owner.workspaceId]);
    const removed = await app.fastify.inject({ method: 'DELETE', url: `/api/users/${member.userId}`, headers: owner.headers });
    expect(removed.statusCode).toBe(204);
    const ms = await seenWithin(other!, member, (_s, body) => workspaceIds(body as never).length === 0);
    expect(ms).toBeLessThan(1000);
  });

  it('a revoked sign-in is refused on both processes within one second although its answer is cached', async () => {
    const owner = await newWorkspace(app);
    expect((await me(app, owner)).statusCode).toBe(200);
    expect((await me(other!, owner)).statusCode).toBe(200);
    await app.platform.database.db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.userId, owner.userId));
    for (const target of [app, other!]) expect(await seenWithin(target, owner, (status) => status === 401)).toBeLessThan(1000);
  });
});
