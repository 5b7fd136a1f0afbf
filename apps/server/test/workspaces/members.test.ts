import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../src/modules/workspaces/index.ts';
import { inSystem } from '../../src/platform/db/database.ts';
import { systemCtx, tenantCtxFor } from '../../src/platform/system-ctx.ts';
import { newMember, newUser, newWorkspace, tokenFor, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newBusiness, newWarehouse, roleIds } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

type NewMemberInput = Parameters<typeof addMember>[1];

/** addMember as the seed and the invitation flow call it: a tenant context acting for the owner. */
const add = (owner: Actor, input: NewMemberInput) =>
  inSystem(app.platform.database.db, (db) => addMember(tenantCtxFor(systemCtx(app.platform, db), owner.workspaceId, owner.userId), input));

/** A user added with a built-in role, signed in. */
async function memberWithRole(owner: Actor, role: string, restriction: Partial<NewMemberInput> = {}): Promise<Actor> {
  const ids = await roleIds(app, owner);
  const user = await newUser(app, { firstName: role.replace(/\s/gu, '') });
  await add(owner, {
    userId: user.id,
    roleId: ids[role]!,
    restrictionBase: 'BUSINESS',
    restrictionList: [],
    isDefault: true,
    ...restriction,
  });
  const token = await tokenFor(app, user.id);
  return {
    ...owner,
    userId: user.id,
    email: user.email,
    token,
    headers: { authorization: `Bearer ${token}`, 'workspace-id': owner.workspaceId },
  };
}

describe('addMember', () => {
  it('adds a member with a role and a restriction, and audits it', async () => {
    const owner = await newWorkspace(app);
    const warehouse = await newWarehouse(app, owner);
    const ids = await roleIds(app, owner);
    const user = await newUser(app);
    const row = await add(owner, {
      userId: user.id,
      roleId: ids['Warehouse Operator']!,
      restrictionBase: 'WAREHOUSE',
      restrictionList: [warehouse.id, warehouse.id],
      isDefault: true,
    });
    expect(row).toMatchObject({
      workspaceId: owner.workspaceId,
      restrictionBase: 'WAREHOUSE',
      restrictionList: [warehouse.id],
      isDefault: true,
    });
    const audit = await call('GET', `/api/audit?entity=membership&entity_id=${row.id}`, owner);
    expect(audit.json().items).toEqual([expect.objectContaining({ action: 'create', actor_id: owner.userId })]);
  });

  it('refuses a role, business or warehouse of another workspace, and a second membership', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const otherIds = await roleIds(app, other);
    const otherWarehouse = await newWarehouse(app, other);
    const ids = await roleIds(app, owner);
    const user = await newUser(app);
    const base = { userId: user.id, roleId: ids.Viewer!, restrictionBase: 'BUSINESS' as const, restrictionList: [], isDefault: false };
    await expect(add(owner, { ...base, roleId: otherIds.Viewer! })).rejects.toMatchObject({ code: 'ROLE_NOT_FOUND' });
    await expect(add(owner, { ...base, restrictionList: [owner.businessId, other.businessId] })).rejects.toMatchObject({
      code: 'BUSINESS_NOT_FOUND',
      details: { fields: [expect.objectContaining({ path: 'restriction_list.1' })] },
    });
    await expect(add(owner, { ...base, restrictionBase: 'WAREHOUSE', restrictionList: [otherWarehouse.id] })).rejects.toMatchObject({
      code: 'WAREHOUSE_NOT_FOUND',
    });
    await add(owner, base);
    await expect(add(owner, base)).rejects.toMatchObject({ code: 'MEMBER_ALREADY_EXISTS' });
  });
});

describe('GET /api/users', () => {
  it('lists members with name, contact, role, restriction and status', async () => {
    const owner = await newWorkspace(app);
    const second = await newBusiness(app, owner);
    const finance = await memberWithRole(owner, 'Finance', { restrictionList: [second.id] });
    const res = await call('GET', '/api/users', owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, size: 10, total_row: 2 });
    expect(res.json().items).toEqual([
      expect.objectContaining({
        id: owner.userId,
        email: owner.email,
        role_name: 'Owner',
        is_owner: true,
        restriction_list: [],
        status: 'ACTIVE',
      }),
      expect.objectContaining({
        id: finance.userId,
        email: finance.email,
        phone: null,
        first_name: 'Finance',
        role_name: 'Finance',
        is_owner: false,
        restriction_base: 'BUSINESS',
        restriction_list: [second.id],
        status: 'ACTIVE',
      }),
    ]);
  });

  it('searches, filters by role and pages', async () => {
    const owner = await newWorkspace(app);
    const admin = await memberWithRole(owner, 'Admin');
    await memberWithRole(owner, 'Viewer');
    const ids = await roleIds(app, owner);
    const byEmail = await call('GET', `/api/users?q=${encodeURIComponent(admin.email.toUpperCase())}`, owner);
    expect(byEmail.json().items.map((m: { id: string }) => m.id)).toEqual([admin.userId]);
    const byRole = await call('GET', `/api/users?role_id=${ids.Viewer}`, owner);
    expect(byRole.json()).toMatchObject({ total_row: 1, items: [expect.objectContaining({ role_name: 'Viewer' })] });
    const page2 = await call('GET', '/api/users?page=2&size=2', owner);
    expect(page2.json()).toMatchObject({ page: 2, size: 2, total_row: 3 });
    expect(page2.json().items).toHaveLength(1);
  });

  it('rejects bad query values with field errors', async () => {
    const owner = await newWorkspace(app);
    expectFieldError(await call('GET', '/api/users?page=0', owner), 'page');
    expectFieldError(await call('GET', '/api/users?role_id=abc', owner), 'role_id');
  });

  it('shows one member and hides members of other workspaces', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    expect((await call('GET', `/api/users/${owner.userId}`, owner)).json()).toMatchObject({ id: owner.userId, role_name: 'Owner' });
    expectError(await call('GET', `/api/users/${other.userId}`, owner), 404, 'MEMBER_NOT_FOUND');
    expect((await call('GET', '/api/users', owner)).json().items.map((m: { id: string }) => m.id)).not.toContain(other.userId);
  });
});

describe('PUT /api/users/:id', () => {
  it('changes role and restriction, and audits the change', async () => {
    const owner = await newWorkspace(app);
    const member = await memberWithRole(owner, 'Viewer');
    const warehouse = await newWarehouse(app, owner);
    const ids = await roleIds(app, owner);
    const res = await call('PUT', `/api/users/${member.userId}`, owner, {
      role_id: ids['Warehouse Operator'],
      restriction_base: 'WAREHOUSE',
      restriction_list: [warehouse.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role_name: 'Warehouse Operator', restriction_base: 'WAREHOUSE', restriction_list: [warehouse.id] });
    const audit = (await call('GET', '/api/audit?entity=membership', owner)).json().items;
    expect(audit[0]).toMatchObject({ action: 'update', diff: { roleId: { from: ids.Viewer, to: ids['Warehouse Operator'] } } });
  });

  it('rejects bad input with field errors', async () => {
    const owner = await newWorkspace(app);
    const member = await memberWithRole(owner, 'Viewer');
    const url = `/api/users/${member.userId}`;
    expectFieldError(await call('PUT', url, owner, { restriction_base: 'BUSINESS', restriction_list: [] }), 'role_id');
    const ids = await roleIds(app, owner);
    expectFieldError(
      await call('PUT', url, owner, { role_id: ids.Viewer, restriction_base: 'SHOP', restriction_list: [] }),
      'restriction_base',
    );
    expectFieldError(
      await call('PUT', url, owner, { role_id: ids.Viewer, restriction_base: 'BUSINESS', restriction_list: ['x'] }),
      'restriction_list.0',
    );
  });

  it('answers 404 for ids of another workspace: member, role, business', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const member = await memberWithRole(owner, 'Viewer');
    const ids = await roleIds(app, owner);
    const otherIds = await roleIds(app, other);
    expectError(
      await call('PUT', `/api/users/${other.userId}`, owner, { role_id: ids.Viewer, restriction_base: 'BUSINESS', restriction_list: [] }),
      404,
      'MEMBER_NOT_FOUND',
    );
    const role = await call('PUT', `/api/users/${member.userId}`, owner, {
      role_id: otherIds.Viewer,
      restriction_base: 'BUSINESS',
      restriction_list: [],
    });
    expectError(role, 404, 'ROLE_NOT_FOUND');
    expect(role.json().details.fields[0].path).toBe('role_id');
    const business = await call('PUT', `/api/users/${member.userId}`, owner, {
      role_id: ids.Viewer,
      restriction_base: 'BUSINESS',
      restriction_list: [other.businessId],
    });
    expectError(business, 404, 'BUSINESS_NOT_FOUND');
    expect(business.json().details.fields[0].path).toBe('restriction_list.0');
    expectError(
      await call('PUT', `/api/users/${member.userId}`, owner, {
        role_id: ids.Viewer,
        restriction_base: 'WAREHOUSE',
        restriction_list: [owner.businessId],
      }),
      404,
      'WAREHOUSE_NOT_FOUND',
    );
  });

  it('needs user-management WRITE', async () => {
    const owner = await newWorkspace(app);
    const reader = await newMember(app, owner, { 'user-management': 'READ' });
    const ids = await roleIds(app, owner);
    expectError(
      await call('PUT', `/api/users/${reader.userId}`, reader, { role_id: ids.Admin, restriction_base: 'BUSINESS', restriction_list: [] }),
      403,
      'FORBIDDEN',
    );
  });

  it('lets only an Owner make an owner or change one', async () => {
    const owner = await newWorkspace(app);
    const admin = await memberWithRole(owner, 'Admin');
    const viewer = await memberWithRole(owner, 'Viewer');
    const ids = await roleIds(app, owner);
    const toOwner = { role_id: ids.Owner, restriction_base: 'BUSINESS', restriction_list: [] };
    expectError(await call('PUT', `/api/users/${admin.userId}`, admin, toOwner), 403, 'OWNER_ONLY');
    expectError(await call('PUT', `/api/users/${owner.userId}`, admin, { ...toOwner, role_id: ids.Viewer }), 403, 'OWNER_ONLY');
    expect((await call('PUT', `/api/users/${viewer.userId}`, owner, toOwner)).json()).toMatchObject({ role_name: 'Owner', is_owner: true });
  });

  it('never leaves the workspace without an owner', async () => {
    const owner = await newWorkspace(app);
    const ids = await roleIds(app, owner);
    const demote = { role_id: ids.Admin, restriction_base: 'BUSINESS', restriction_list: [] };
    expectError(await call('PUT', `/api/users/${owner.userId}`, owner, demote), 422, 'LAST_OWNER');
    const second = await memberWithRole(owner, 'Owner');
    expect((await call('PUT', `/api/users/${owner.userId}`, owner, demote)).json().role_name).toBe('Admin');
    expectError(await call('PUT', `/api/users/${second.userId}`, second, demote), 422, 'LAST_OWNER');
  });
});

describe('DELETE /api/users/:id', () => {
  it('removes a member, who then loses access to the workspace', async () => {
    const owner = await newWorkspace(app);
    const member = await memberWithRole(owner, 'Admin');
    expect((await call('GET', '/api/users', member)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/users/${member.userId}`, owner)).statusCode).toBe(204);
    expectError(await call('GET', '/api/users', member), 403, 'WORKSPACE_FORBIDDEN');
    expectError(await call('GET', `/api/users/${member.userId}`, owner), 404, 'MEMBER_NOT_FOUND');
    const audit = (await call('GET', '/api/audit?entity=membership', owner)).json().items;
    expect(audit[0]).toMatchObject({ action: 'delete' });
  });

  it('refuses to remove yourself', async () => {
    const owner = await newWorkspace(app);
    await memberWithRole(owner, 'Owner');
    expectError(await call('DELETE', `/api/users/${owner.userId}`, owner), 422, 'CANNOT_REMOVE_SELF');
  });

  it('lets only an Owner remove an owner, and keeps the last one', async () => {
    const owner = await newWorkspace(app);
    const admin = await memberWithRole(owner, 'Admin');
    const second = await memberWithRole(owner, 'Owner');
    expectError(await call('DELETE', `/api/users/${second.userId}`, admin), 403, 'OWNER_ONLY');
    expect((await call('DELETE', `/api/users/${second.userId}`, owner)).statusCode).toBe(204);
  });

  it('answers 404 for a member of another workspace and 403 without WRITE', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    expectError(await call('DELETE', `/api/users/${other.userId}`, owner), 404, 'MEMBER_NOT_FOUND');
    const reader = await newMember(app, owner, { 'user-management': 'READ' });
    expectError(await call('DELETE', `/api/users/${owner.userId}`, reader), 403, 'FORBIDDEN');
    expectFieldError(await call('DELETE', '/api/users/123', owner), 'params.id');
  });
});
