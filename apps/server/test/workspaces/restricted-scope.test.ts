/**
 * A member restricted to one business or one warehouse, whose role has WRITE on user management and stores, never
 * grants, invites, changes or reads a scope wider than their own (issue 12). Each route with both kinds of member.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestrictionBase } from '@kelola/contracts';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import { warehouses } from '../../src/modules/warehouses/warehouses.schema.ts';
import { uuidv7 } from '../../src/platform/db/ids.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, newBusiness, uniqueEmail } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
let owner: Actor;
/** Business A (the owner's first) with warehouse wA; business B with warehouse wB. */
let A: string, B: string, wA: string, wB: string;
let viewerRole: string;
let byBusiness: Actor;
let byWarehouse: Actor;

async function warehouseIn(businessId: string): Promise<string> {
  const id = uuidv7();
  await app.platform.database.db.insert(warehouses).values({
    id,
    workspaceId: owner.workspaceId,
    businessId,
    name: `Gudang ${id.slice(-6)}`,
    code: `G-${id.slice(-6)}`,
    addressLine1: 'Jl. Contoh No. 1',
    provinceCode: '31',
    cityCode: '31.73',
    districtCode: '31.73.05',
    subdistrictCode: '31.73.05.1001',
  });
  return id;
}

/** A member whose role writes users and stores, restricted as given. */
async function restricted(base: RestrictionBase, ids: string[]): Promise<Actor> {
  const member = await newMember(app, owner, { 'user-management': 'WRITE', 'store-list': 'WRITE' });
  await app.platform.database.db
    .update(memberships)
    .set({ restrictionBase: base, restrictionList: ids })
    .where(eq(memberships.userId, member.userId));
  return member;
}

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
  owner = await newWorkspace(app);
  A = owner.businessId;
  B = (await newBusiness(app, owner, 'Bisnis B')).id;
  wA = await warehouseIn(A);
  wB = await warehouseIn(B);
  // A role within the restricted members' own grants (they may not hand out more than they hold).
  const narrow = await call('POST', '/api/roles', owner, { name: 'Staf Toko', permissions: { 'store-list': 'READ' } });
  viewerRole = narrow.json().id;
  byBusiness = await restricted('BUSINESS', [A]);
  byWarehouse = await restricted('WAREHOUSE', [wA]);
}, 120_000);
afterAll(async () => app?.close());

const business = (name: string) => ({ name, currency: 'IDR', tax_liability: false });
const both = () =>
  [
    ['business-restricted', byBusiness],
    ['warehouse-restricted', byWarehouse],
  ] as const;

describe('GET /api/me (one statement, ADR 0043)', () => {
  it("lists in the top bar only the businesses or warehouses within the member's restriction, by name", async () => {
    const all = (await call('GET', '/api/me', owner)).json();
    expect(all.restriction_base).toBe('BUSINESS');
    const ownerIds = (all.businessList as { business_id: string }[]).map((b) => b.business_id);
    expect(ownerIds).toEqual(expect.arrayContaining([A, B]));
    const names = (all.businessList as { name: string }[]).map((b) => b.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));

    const byBiz = (await call('GET', '/api/me', byBusiness)).json();
    expect(byBiz).toMatchObject({ workspace_id_active: owner.workspaceId, restriction_base: 'BUSINESS' });
    expect(byBiz.businessList).toEqual([
      { business_id: A, business_name: expect.any(String), warehouse_id: null, name: expect.any(String) },
    ]);
    expect(byBiz.permissions).toMatchObject({ 'user-management': 'WRITE', 'store-list': 'WRITE' });
    expect(byBiz.user_workspaces).toEqual([
      expect.objectContaining({ workspace_id: owner.workspaceId, restriction_base: 'BUSINESS', restriction_list: [A] }),
    ]);
    expect(byBiz.user_workspaces[0]).not.toHaveProperty('permissions');

    const byWh = (await call('GET', '/api/me', byWarehouse)).json();
    expect(byWh).toMatchObject({ restriction_base: 'WAREHOUSE' });
    expect(byWh.businessList).toEqual([{ business_id: A, business_name: null, warehouse_id: wA, name: expect.any(String) }]);
  });
});

describe('PUT /api/businesses/:id', () => {
  it('a restricted member cannot rename a business outside their scope', async () => {
    for (const [, member] of both())
      expectError(await call('PUT', `/api/businesses/${B}`, member, business('Diambil alih')), 404, 'BUSINESS_NOT_FOUND');
    const b = await call('GET', `/api/businesses/${B}`, owner);
    expect(b.json().name).toBe('Bisnis B');
  });

  it('a business-restricted member edits their own business; a warehouse-restricted one edits none', async () => {
    expect((await call('PUT', `/api/businesses/${A}`, byBusiness, business('Bisnis A baru'))).statusCode).toBe(200);
    expectError(await call('PUT', `/api/businesses/${A}`, byWarehouse, business('Bisnis A lain')), 403, 'BUSINESS_FORBIDDEN');
  });

  it('neither adds a business', async () => {
    for (const [, member] of both())
      expectError(await call('POST', '/api/businesses', member, business('Baru')), 403, 'BUSINESS_FORBIDDEN');
  });
});

describe('GET /api/businesses and /api/businesses/:id', () => {
  it('list and read only the businesses within the member’s scope', async () => {
    for (const [, member] of both()) {
      const list = await call('GET', '/api/businesses', member);
      expect(list.statusCode).toBe(200);
      expect(list.json().items.map((b: { id: string }) => b.id)).toEqual([A]);
      expectError(await call('GET', `/api/businesses/${B}`, member), 404, 'BUSINESS_NOT_FOUND');
      expect((await call('GET', `/api/businesses/${A}`, member)).statusCode).toBe(200);
    }
  });
});

describe('PUT /api/users/:id', () => {
  it('a restricted member cannot widen their own restriction', async () => {
    for (const [, member] of both()) {
      const res = await call('PUT', `/api/users/${member.userId}`, member, {
        role_id: viewerRole,
        restriction_base: 'BUSINESS',
        restriction_list: [],
      });
      expectError(res, 403, 'BUSINESS_FORBIDDEN');
    }
    expectError(
      await call('PUT', `/api/users/${byWarehouse.userId}`, byWarehouse, {
        role_id: viewerRole,
        restriction_base: 'BUSINESS',
        restriction_list: [A],
      }),
      403,
      'BUSINESS_FORBIDDEN',
    );
  });

  it('nor give another member a wider scope, nor change a member whose scope is wider', async () => {
    const colleague = await restricted('WAREHOUSE', [wA]);
    for (const [, member] of both()) {
      for (const [base, list] of [
        ['BUSINESS', []],
        ['BUSINESS', [B]],
        ['WAREHOUSE', [wB]],
      ] as const) {
        const res = await call('PUT', `/api/users/${colleague.userId}`, member, {
          role_id: viewerRole,
          restriction_base: base,
          restriction_list: list,
        });
        expectError(res, 403, 'BUSINESS_FORBIDDEN');
      }
      const unrestricted = await newMember(app, owner, { dashboard: 'READ' });
      const narrowed = await call('PUT', `/api/users/${unrestricted.userId}`, member, {
        role_id: viewerRole,
        restriction_base: 'WAREHOUSE',
        restriction_list: [wA],
      });
      expectError(narrowed, 403, 'BUSINESS_FORBIDDEN');
      expectError(await call('DELETE', `/api/users/${unrestricted.userId}`, member), 403, 'BUSINESS_FORBIDDEN');
    }
  });

  it('but may give a scope within their own', async () => {
    const colleague = await restricted('WAREHOUSE', [wA]);
    const ok = await call('PUT', `/api/users/${colleague.userId}`, byBusiness, {
      role_id: viewerRole,
      restriction_base: 'BUSINESS',
      restriction_list: [A],
    });
    expect(ok.statusCode).toBe(200);
    const back = await call('PUT', `/api/users/${colleague.userId}`, byBusiness, {
      role_id: viewerRole,
      restriction_base: 'WAREHOUSE',
      restriction_list: [wA],
    });
    expect(back.statusCode).toBe(200);
    const same = await call('PUT', `/api/users/${colleague.userId}`, byWarehouse, {
      role_id: viewerRole,
      restriction_base: 'WAREHOUSE',
      restriction_list: [wA],
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('POST /api/invitations', () => {
  it('a restricted member cannot invite anyone with a wider scope', async () => {
    for (const [, member] of both()) {
      for (const [base, list] of [
        ['BUSINESS', []],
        ['WAREHOUSE', []],
        ['BUSINESS', [B]],
        ['WAREHOUSE', [wB]],
      ] as const) {
        const res = await call('POST', '/api/invitations', member, {
          user: uniqueEmail(),
          role_id: viewerRole,
          restriction_base: base,
          restriction_list: list,
        });
        expectError(res, 403, 'BUSINESS_FORBIDDEN');
      }
    }
    expectError(
      await call('POST', '/api/invitations', byWarehouse, {
        user: uniqueEmail(),
        role_id: viewerRole,
        restriction_base: 'BUSINESS',
        restriction_list: [A],
      }),
      403,
      'BUSINESS_FORBIDDEN',
    );
  });

  it('invites within their scope, and leaves wider invitations alone', async () => {
    const mine = await call('POST', '/api/invitations', byBusiness, {
      user: uniqueEmail(),
      role_id: viewerRole,
      restriction_base: 'WAREHOUSE',
      restriction_list: [wA],
    });
    expect(mine.statusCode).toBe(201);
    const ownerInvite = await call('POST', '/api/invitations', owner, {
      user: uniqueEmail(),
      role_id: viewerRole,
      restriction_base: 'BUSINESS',
      restriction_list: [],
    });
    expect(ownerInvite.statusCode).toBe(201);
    for (const [, member] of both()) {
      expectError(await call('POST', `/api/invitations/${ownerInvite.json().id}/resend`, member), 403, 'BUSINESS_FORBIDDEN');
      expectError(await call('DELETE', `/api/invitations/${ownerInvite.json().id}`, member), 403, 'BUSINESS_FORBIDDEN');
    }
    // The lists show the restricted member only what lies within their reach.
    const listed = (member: Actor) => call('GET', '/api/invitations', member).then((r) => r.json().items.map((i: { id: string }) => i.id));
    expect(await listed(owner)).toEqual(expect.arrayContaining([mine.json().id, ownerInvite.json().id]));
    expect(await listed(byBusiness)).toContain(mine.json().id);
    for (const [, member] of both()) expect(await listed(member)).not.toContain(ownerInvite.json().id);
  });
});

describe('GET /api/users', () => {
  it('lists for a restricted member only themselves and the members within their reach', async () => {
    type Listed = { id: string; restriction_base: RestrictionBase; restriction_list: string[] };
    const list = async (member: Actor) => (await call('GET', '/api/users?size=100', member)).json().items as Listed[];
    const everyone = (await list(owner)).map((m) => m.id);
    expect(everyone).toEqual(expect.arrayContaining([owner.userId, byBusiness.userId, byWarehouse.userId]));
    const seenByBusiness = await list(byBusiness);
    expect(seenByBusiness.map((m) => m.id)).toEqual(expect.arrayContaining([byBusiness.userId, byWarehouse.userId]));
    expect(seenByBusiness.map((m) => m.id)).not.toContain(owner.userId);
    const seenByWarehouse = await list(byWarehouse);
    expect(seenByWarehouse.map((m) => m.id)).toContain(byWarehouse.userId);
    for (const m of seenByWarehouse.filter((x) => x.id !== byWarehouse.userId)) {
      expect(m).toMatchObject({ restriction_base: 'WAREHOUSE', restriction_list: [wA] });
    }
    expect(seenByWarehouse.map((m) => m.id)).not.toContain(owner.userId);
    expect(seenByWarehouse.map((m) => m.id)).not.toContain(byBusiness.userId);
  });
});

describe('GET /api/audit', () => {
  it('shows a restricted member only entries within their scope', async () => {
    expect((await call('PUT', `/api/businesses/${B}`, owner, business('Bisnis B'))).statusCode).toBe(200);
    expect((await call('PUT', `/api/businesses/${B}`, owner, business('Bisnis B 2'))).statusCode).toBe(200);
    const everything = (await call('GET', '/api/audit?limit=200', owner)).json().items as { entity_id: string; actor_id: string }[];
    expect(everything.some((e) => e.entity_id === B)).toBe(true);
    for (const [, member] of both()) {
      const res = await call('GET', '/api/audit?limit=200', member);
      expect(res.statusCode).toBe(200);
      const items = res.json().items as { entity: string; entity_id: string; actor_id: string }[];
      for (const item of items) {
        expect(item.entity_id).not.toBe(B);
        expect(item.entity_id).not.toBe(wB);
        const own = item.actor_id === member.userId;
        const inScope = (item.entity === 'business' && item.entity_id === A) || (item.entity === 'warehouse' && item.entity_id === wA);
        expect(own || inScope).toBe(true);
      }
      expect((await call('GET', `/api/audit?entity=business&entity_id=${B}`, member)).json().items).toEqual([]);
    }
  });
});
