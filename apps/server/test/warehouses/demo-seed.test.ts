import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, seedDemo } from '../../src/demo/seed-demo.ts';
import { users } from '../../src/modules/identity/identity.schema.ts';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import { tokenFor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app?.close());

describe('demo seed warehouses', () => {
  it('places the three demo warehouses in real Kemendagri areas with postal codes', async () => {
    await seedDemo(app.platform, app.fastify.log);
    const db = app.platform.database.db;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
    const [membership] = await db
      .select({ workspaceId: memberships.workspaceId })
      .from(memberships)
      .where(eq(memberships.userId, owner!.id));
    const token = await tokenFor(app, owner!.id);
    const res = await app.fastify.inject({
      method: 'GET',
      url: '/api/warehouses',
      headers: { authorization: `Bearer ${token}`, 'workspace-id': membership!.workspaceId },
    });
    expect(res.statusCode).toBe(200);
    const rows = res
      .json()
      .items.map((w: Record<string, string>) => [w.code, w.city_name, w.district_name, w.subdistrict_name, w.postal_code, w.business_name]);
    expect(rows).toEqual([
      ['BDG-01', 'Kota Bandung', 'Sukajadi', 'Pasteur', '40161', 'Demo Pangan'],
      ['JKT-01', 'Kota Administrasi Jakarta Barat', 'Kebon Jeruk', 'Kebon Jeruk', '11530', 'Demo Fashion'],
      ['SBY-01', 'Kota Surabaya', 'Rungkut', 'Kalirungkut', '60293', 'Demo Fashion'],
    ]);
  });
});
