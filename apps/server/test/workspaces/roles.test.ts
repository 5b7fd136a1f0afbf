import { SYSTEM_ROLES } from '@kelola/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newUser, newWorkspace, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, roleIds } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

const createRole = (as: Actor, body: unknown) => call('POST', '/api/roles', as, body);

describe('GET /api/roles', () => {
  it('lists the built-in roles first, with member counts', async () => {
    const owner = await newWorkspace(app);
    await newMember(app, owner, { dashboard: 'READ' });
    const res = await call('GET', '/api/roles', owner);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { name: string; is_system: boolean; member_count: number }[];
    expect(items.slice(0, SYSTEM_ROLES.length).map((r) => r.name)).toEqual([...SYSTEM_ROLES]);
    expect(items.find((r) => r.name === 'Owner')).toMatchObject({ is_system: true, member_count: 1 });
    expect(items.find((r) => r.name === 'Viewer')).toMatchObject({ member_count: 0 });
    expect(items.filter((r) => !r.is_system)).toEqual([expect.objectContaining({ member_count: 1 })]);
  });

  it('refuses a member without user-management', async () => {
    const owner = await newWorkspace(app);
    const member = await newMember(app, owner, { dashboard: 'READ' });
    expectError(await call('GET', '/api/roles', member), 403, 'FORBIDDEN');
  });

  it('lets a READ member list but not create', async () => {
    const owner = await newWorkspace(app);
    const reader = await newMember(app, owner, { 'user-management': 'READ' });
    expect((await call('GET', '/api/roles', reader)).statusCode).toBe(200);
    expectError(await createRole(reader, { name: 'Gudang Malam', permissions: {} }), 403, 'FORBIDDEN');
  });
});

describe('POST /api/roles', () => {
  it('creates a custom role, opening the menu groups above its grants', async () => {
    const owner = await newWorkspace(app);
    const res = await createRole(owner, { name: 'Packer', permissions: { fulfillment: 'WRITE', 'stock-movement': 'READ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Packer',
      is_system: false,
      member_count: 0,
      permissions: { fulfillment: 'WRITE', 'stock-movement': 'READ', inventory: 'READ' },
    });
    const audit = await call('GET', `/api/audit?entity=role&entity_id=${res.json().id}`, owner);
    expect(audit.json().items).toEqual([expect.objectContaining({ action: 'create', actor_id: owner.userId })]);
  });

  it('rejects unknown permission keys and access levels as field errors', async () => {
    const owner = await newWorkspace(app);
    const unknownKey = await createRole(owner, { name: 'Aneh', permissions: { dashboard: 'READ', 'not-a-menu': 'READ' } });
    expectFieldError(unknownKey, 'permissions.not-a-menu');
    expect(unknownKey.json().details.fields[0].code).toBe('INVALID_VALUE');
    expectFieldError(await createRole(owner, { name: 'Aneh', permissions: { dashboard: 'ADMIN' } }), 'permissions.dashboard');
    expectFieldError(await createRole(owner, { name: 'Aneh', permissions: ['dashboard'] }), 'permissions');
  });

  it('refuses a role that opens no menu, on the permissions field', async () => {
    const owner = await newWorkspace(app);
    const res = await createRole(owner, { name: 'Kosong', permissions: {} });
    expectError(res, 422, 'ROLE_NO_MENU');
    expect(res.json().details.fields).toEqual([expect.objectContaining({ path: 'permissions', code: 'ROLE_NO_MENU' })]);
    const { id } = (await createRole(owner, { name: 'Kasir', permissions: { sales: 'READ' } })).json();
    expectError(await call('PUT', `/api/roles/${id}`, owner, { permissions: {} }), 422, 'ROLE_NO_MENU');
    expect((await call('GET', `/api/roles/${id}`, owner)).json().permissions).toEqual({ sales: 'READ' });
  });

  it('requires a name', async () => {
    const owner = await newWorkspace(app);
    expectFieldError(await createRole(owner, { name: '  ', permissions: {} }), 'name');
    expectFieldError(await createRole(owner, { permissions: {} }), 'name');
  });

  it('refuses a name already used, ignoring case, also a built-in one', async () => {
    const owner = await newWorkspace(app);
    expect((await createRole(owner, { name: 'Packer', permissions: { dashboard: 'READ' } })).statusCode).toBe(201);
    const again = await createRole(owner, { name: 'packer', permissions: { dashboard: 'READ' } });
    expectError(again, 409, 'ROLE_NAME_TAKEN');
    expect(again.json().details.fields[0].path).toBe('name');
    expectError(await createRole(owner, { name: 'admin', permissions: { dashboard: 'READ' } }), 409, 'ROLE_NAME_TAKEN');
  });

  it('allows the same name in another workspace', async () => {
    const a = await newWorkspace(app);
    const b = await newWorkspace(app);
    expect((await createRole(a, { name: 'Kasir', permissions: { dashboard: 'READ' } })).statusCode).toBe(201);
    expect((await createRole(b, { name: 'Kasir', permissions: { dashboard: 'READ' } })).statusCode).toBe(201);
  });
});

describe('PUT and DELETE /api/roles/:id', () => {
  it('renames a role and replaces its permissions', async () => {
    const owner = await newWorkspace(app);
    const { id } = (await createRole(owner, { name: 'Packer', permissions: { fulfillment: 'WRITE' } })).json();
    const res = await call('PUT', `/api/roles/${id}`, owner, { name: 'Packing', permissions: { sales: 'READ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Packing', permissions: { sales: 'READ' } });
    expect(res.json().permissions.fulfillment).toBeUndefined();
    const only = await call('PUT', `/api/roles/${id}`, owner, { name: 'Packing Pagi' });
    expect(only.json()).toMatchObject({ name: 'Packing Pagi', permissions: { sales: 'READ' } });
    expect((await call('GET', `/api/roles/${id}`, owner)).json().name).toBe('Packing Pagi');
  });

  it('takes effect on the next request of its members', async () => {
    const owner = await newWorkspace(app);
    const member = await newMember(app, owner, { dashboard: 'READ' });
    const me = await call('GET', `/api/users/${member.userId}`, owner);
    expectError(await call('GET', '/api/roles', member), 403, 'FORBIDDEN');
    await call('PUT', `/api/roles/${me.json().role_id}`, owner, { permissions: { 'user-management': 'READ' } });
    expect((await call('GET', '/api/roles', member)).statusCode).toBe(200);
  });

  it('keeps built-in roles read-only', async () => {
    const owner = await newWorkspace(app);
    const ids = await roleIds(app, owner);
    expectError(await call('PUT', `/api/roles/${ids.Viewer}`, owner, { name: 'Penonton' }), 422, 'SYSTEM_ROLE_READONLY');
    expectError(await call('DELETE', `/api/roles/${ids.Viewer}`, owner), 422, 'SYSTEM_ROLE_READONLY');
  });

  it('refuses to delete a role members hold, then deletes it once free', async () => {
    const owner = await newWorkspace(app);
    const member = await newMember(app, owner, { dashboard: 'READ' });
    const roleId = (await call('GET', `/api/users/${member.userId}`, owner)).json().role_id;
    const busy = await call('DELETE', `/api/roles/${roleId}`, owner);
    expectError(busy, 409, 'ROLE_IN_USE');
    expect(busy.json().details).toMatchObject({ members: 1 });
    const ids = await roleIds(app, owner);
    await call('PUT', `/api/users/${member.userId}`, owner, { role_id: ids.Viewer, restriction_base: 'BUSINESS', restriction_list: [] });
    expect((await call('DELETE', `/api/roles/${roleId}`, owner)).statusCode).toBe(204);
    expectError(await call('GET', `/api/roles/${roleId}`, owner), 404, 'ROLE_NOT_FOUND');
  });

  it('counts an open invitation as use, and forgets used ones', async () => {
    const owner = await newWorkspace(app);
    const { id } = (await createRole(owner, { name: 'Tamu', permissions: { dashboard: 'READ' } })).json();
    const invite = await call('POST', '/api/invitations', owner, { user: 'tamu@example.id', role_id: id });
    expect(invite.statusCode).toBe(201);
    expectError(await call('DELETE', `/api/roles/${id}`, owner), 409, 'ROLE_IN_USE');
    await call('DELETE', `/api/invitations/${invite.json().id}`, owner);
    expect((await call('DELETE', `/api/roles/${id}`, owner)).statusCode).toBe(204);
  });

  it('answers 404 for another workspace’s role and 400 for a malformed id', async () => {
    const a = await newWorkspace(app);
    const b = await newWorkspace(app);
    const { id } = (await createRole(b, { name: 'Rahasia', permissions: { dashboard: 'READ' } })).json();
    expectError(await call('GET', `/api/roles/${id}`, a), 404, 'ROLE_NOT_FOUND');
    expectError(await call('PUT', `/api/roles/${id}`, a, { name: 'Curian' }), 404, 'ROLE_NOT_FOUND');
    expectError(await call('DELETE', `/api/roles/${id}`, a), 404, 'ROLE_NOT_FOUND');
    expectFieldError(await call('GET', '/api/roles/not-a-uuid', a), 'params.id');
    expect((await call('GET', `/api/roles/${id}`, b)).json().name).toBe('Rahasia');
  });

  it('refuses an unauthenticated caller', async () => {
    const user = await newUser(app);
    expectError(await call('GET', '/api/roles', null, undefined, { 'workspace-id': user.id }), 401, 'UNAUTHENTICATED');
  });
});
