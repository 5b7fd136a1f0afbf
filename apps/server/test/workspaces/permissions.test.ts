import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../src/modules/workspaces/index.ts';
import { invitations, memberships, roles } from '../../src/modules/workspaces/workspaces.schema.ts';
import { inSystem, inTenant } from '../../src/platform/db/database.ts';
import { uuidv7 } from '../../src/platform/db/ids.ts';
import { systemCtx, tenantCtxFor } from '../../src/platform/system-ctx.ts';
import { newMember, newUser, newWorkspace, tokenFor, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, newBusiness, newWarehouse, roleIds, uniqueEmail } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

/** An Admin (user-management WRITE) whose reach is limited to the given businesses or warehouses. */
async function restrictedAdmin(owner: Actor, base: 'BUSINESS' | 'WAREHOUSE', ids: string[]): Promise<Actor> {
  const roleId = (await roleIds(app, owner)).Admin!;
  const user = await newUser(app);
  await inSystem(app.platform.database.db, (db) =>
    addMember(tenantCtxFor(systemCtx(app.platform, db), owner.workspaceId, owner.userId), {
      userId: user.id,
      roleId,
      restrictionBase: base,
      restrictionList: ids,
      isDefault: true,
    }),
  );
  const token = await tokenFor(app, user.id);
  return {
    ...owner,
    userId: user.id,
    email: user.email,
    token,
    headers: { authorization: `Bearer ${token}`, 'workspace-id': owner.workspaceId },
  };
}

describe('the permission check of every tenant route', () => {
  it('answers 403 FORBIDDEN to a member whose role lacks the key, READ or WRITE', async () => {
    const owner = await newWorkspace(app);
    const none = await newMember(app, owner, { dashboard: 'WRITE', warehouse: 'WRITE' });
    expectError(await call('GET', '/api/users', none), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/roles', none), 403, 'FORBIDDEN');
    const reader = await newMember(app, owner, { 'user-management': 'READ' });
    expect((await call('GET', '/api/users', reader)).statusCode).toBe(200);
    expectError(await call('POST', '/api/roles', reader, { name: 'Coba', permissions: {} }), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/invitations', reader, { user: uniqueEmail(), role_id: owner.userId }), 403, 'FORBIDDEN');
  });

  it('answers 403 WORKSPACE_FORBIDDEN to a non-member passing another Workspace-Id', async () => {
    const owner = await newWorkspace(app);
    const outsider = await newWorkspace(app);
    const intruding = { headers: { ...outsider.headers, 'workspace-id': owner.workspaceId } };
    expectError(await call('GET', '/api/users', intruding), 403, 'WORKSPACE_FORBIDDEN');
    expectError(await call('GET', '/api/roles', intruding), 403, 'WORKSPACE_FORBIDDEN');
    expectError(await call('POST', '/api/invitations/owner', intruding, { user: uniqueEmail() }), 403, 'WORKSPACE_FORBIDDEN');
    expectError(
      await call('GET', '/api/users', { headers: { ...outsider.headers, 'workspace-id': 'not-a-uuid' } }),
      403,
      'WORKSPACE_FORBIDDEN',
    );
    expectError(
      await call('GET', '/api/users', { headers: { authorization: outsider.headers.authorization! } }),
      400,
      'WORKSPACE_REQUIRED',
    );
  });

  it('answers 403 BUSINESS_FORBIDDEN to a Business-Id outside a BUSINESS restriction list', async () => {
    const owner = await newWorkspace(app);
    const other = await newBusiness(app, owner);
    const admin = await restrictedAdmin(owner, 'BUSINESS', [owner.businessId]);
    expect((await call('GET', '/api/users', admin, undefined, { 'business-id': owner.businessId })).statusCode).toBe(200);
    expectError(await call('GET', '/api/users', admin, undefined, { 'business-id': other.id }), 403, 'BUSINESS_FORBIDDEN');
    expectError(await call('GET', '/api/users', admin, undefined, { 'business-id': 'nope' }), 403, 'BUSINESS_FORBIDDEN');
    // An owner (no restriction) may pick any business of the workspace.
    expect((await call('GET', '/api/users', owner, undefined, { 'business-id': other.id })).statusCode).toBe(200);
  });

  it('answers 403 BUSINESS_FORBIDDEN to a Warehouse-Id outside a WAREHOUSE restriction list', async () => {
    const owner = await newWorkspace(app);
    const mine = await newWarehouse(app, owner);
    const theirs = await newWarehouse(app, owner);
    const admin = await restrictedAdmin(owner, 'WAREHOUSE', [mine.id]);
    expect((await call('GET', '/api/users', admin, undefined, { 'warehouse-id': mine.id })).statusCode).toBe(200);
    expectError(await call('GET', '/api/users', admin, undefined, { 'warehouse-id': theirs.id }), 403, 'BUSINESS_FORBIDDEN');
  });

  it('declares a permission on every user-management route', () => {
    const mine = app.router.routes.filter((r) => /^\/api\/(roles|users|invitations)/u.test(r.url));
    expect(mine.length).toBeGreaterThanOrEqual(17);
    for (const r of mine) {
      const expected = r.url.includes(':token') ? ['public', 'authenticated'] : [r.method === 'GET' ? 'READ' : 'WRITE'];
      const actual = Array.isArray(r.permission) ? r.permission[1] : r.permission;
      expect({ route: `${r.method} ${r.url}`, permission: expected.includes(actual as string) }).toEqual({
        route: `${r.method} ${r.url}`,
        permission: true,
      });
      if (Array.isArray(r.permission)) expect(r.permission[0]).toBe('user-management');
    }
  });
});

describe('row-level security', () => {
  it('shows a tenant transaction only its own workspace’s rows, with no workspace filter in the query', async () => {
    const a = await newWorkspace(app);
    const b = await newWorkspace(app);
    await call('POST', '/api/invitations', b, { user: uniqueEmail(), role_id: (await roleIds(app, b)).Viewer });
    const db = app.platform.database.db;

    const seen = await inTenant(db, a.workspaceId, async (tx) => ({
      roles: await tx.select({ workspaceId: roles.workspaceId }).from(roles),
      memberships: await tx.select({ workspaceId: memberships.workspaceId }).from(memberships),
      invitations: await tx.select({ workspaceId: invitations.workspaceId }).from(invitations),
    }));
    expect(seen.roles.length).toBeGreaterThanOrEqual(6);
    expect(new Set(seen.roles.map((r) => r.workspaceId))).toEqual(new Set([a.workspaceId]));
    expect(new Set(seen.memberships.map((r) => r.workspaceId))).toEqual(new Set([a.workspaceId]));
    expect(seen.invitations).toEqual([]);

    // The same query outside a tenant transaction does see both workspaces: the filter above came from the policy.
    const all = await inSystem(db, (tx) => tx.select({ workspaceId: roles.workspaceId }).from(roles));
    expect(all.map((r) => r.workspaceId)).toEqual(expect.arrayContaining([a.workspaceId, b.workspaceId]));
  });

  it('keeps a tenant transaction from changing or creating another workspace’s rows', async () => {
    const a = await newWorkspace(app);
    const b = await newWorkspace(app);
    const db = app.platform.database.db;
    const changed = await inTenant(db, a.workspaceId, (tx) =>
      tx.update(roles).set({ name: 'Dibajak' }).where(eq(roles.workspaceId, b.workspaceId)).returning({ id: roles.id }),
    );
    expect(changed).toEqual([]);
    const deleted = await inTenant(db, a.workspaceId, (tx) =>
      tx.delete(memberships).where(eq(memberships.workspaceId, b.workspaceId)).returning({ id: memberships.id }),
    );
    expect(deleted).toEqual([]);
    await expect(
      inTenant(db, a.workspaceId, (tx) => tx.insert(roles).values({ id: uuidv7(), workspaceId: b.workspaceId, name: 'Titipan' })),
    ).rejects.toThrow();
    const bRoles = await inTenant(db, b.workspaceId, (tx) => tx.select({ name: roles.name }).from(roles));
    expect(bRoles.map((r) => r.name)).not.toContain('Dibajak');
    expect(bRoles.map((r) => r.name)).not.toContain('Titipan');
  });
});
