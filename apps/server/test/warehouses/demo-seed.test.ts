import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topUpDemoStock } from '../../src/demo/demo-shops.ts';
import { DEMO_EMAIL, seedDemo } from '../../src/demo/seed-demo.ts';
import { DEMO_SHOP_STOCK } from '../../src/demo/seed-demo-catalog.ts';
import { catalogRefsBySku } from '../../src/modules/catalog/index.ts';
import { adjustStock } from '../../src/modules/inventory/index.ts';
import { listWarehouseOptions } from '../../src/modules/warehouses/index.ts';
import { inTenant } from '../../src/platform/db/database.ts';
import { systemCtx, tenantCtxFor } from '../../src/platform/system-ctx.ts';
import { users } from '../../src/modules/identity/identity.schema.ts';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import { tokenFor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app?.close());

describe('demo seed', () => {
  it('places the three demo warehouses in real Kemendagri areas, with products and stock, once', async () => {
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

    const headers = { authorization: `Bearer ${token}`, 'workspace-id': membership!.workspaceId };
    const products = (await app.fastify.inject({ method: 'GET', url: '/api/products', headers })).json();
    expect(products.counts).toMatchObject({ active: 2, all: 3 });
    const stock = (await app.fastify.inject({ method: 'GET', url: '/api/inventory?size=50', headers })).json();
    // 40 received of KPK-HITAM-M in Jakarta, 3 of them shipped by the demo's manual orders (seed-demo-orders.ts) and
    // 1 issued to the ready-to-ship one (seed-demo-fulfillment.ts); 150 of the Gayo coffee in Jakarta, 2 shipped and
    // 1 issued; in Bandung, the demo shops' warehouse, every SKU they sell (DEMO_SHOP_STOCK). The demo's purchase
    // orders (seed-demo-purchasing.ts) brought 60 KPK-HITAM-M, 30 KPK-PUTIH-M and 50 coffee more to Jakarta.
    expect(stock.items.map((i: { on_hand: number }) => i.on_hand).sort((a: number, b: number) => a - b)).toEqual([
      50, 70, 90, 96, 150, 150, 150, 150, 197, 200,
    ]);

    // The Jakarta warehouse's SKUs have bin locations (the picking list walks them in order).
    const jakarta = res.json().items.find((w: { code: string }) => w.code === 'JKT-01');
    const bins = (await app.fastify.inject({ method: 'GET', url: `/api/bin-locations?warehouse_id=${jakarta.id}`, headers })).json();
    expect(bins.items.map((b: { location: string; sku: string }) => `${b.location} ${b.sku}`)).toEqual([
      'A-01-1 KPK-HITAM-M',
      'A-01-2 KPK-HITAM-L',
      'A-02-1 KPK-PUTIH-M',
      'A-02-2 KPK-PUTIH-L',
      'B-03-1 KOPI-GAYO-250',
    ]);

    await seedDemo(app.platform, app.fastify.log);
    expect((await app.fastify.inject({ method: 'GET', url: '/api/products', headers })).json().counts.all).toBe(3);
  });

  it("tops the demo shops' warehouse up to its starting stock, and receives nothing when it is there", async () => {
    await seedDemo(app.platform, app.fastify.log);
    const db = app.platform.database.db;
    const [owner] = await db
      .select({ userId: users.id, workspaceId: memberships.workspaceId })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.email, DEMO_EMAIL));
    const headers = { authorization: `Bearer ${await tokenFor(app, owner!.userId)}`, 'workspace-id': owner!.workspaceId };
    const bandungStock = async () => {
      const items = (await app.fastify.inject({ method: 'GET', url: '/api/inventory?size=50', headers })).json().items as {
        sku: string;
        warehouse_name: string;
        on_hand: number;
      }[];
      return Object.fromEntries(items.filter((i) => i.warehouse_name === 'Gudang Bandung').map((i) => [i.sku, i.on_hand]));
    };
    expect(await topUpDemoStock(app.platform, owner!)).toBe(0);

    // 30 black M shirts leave Bandung (as the shops' orders would take them).
    await inTenant(db, owner!.workspaceId, async (tx) => {
      const ctx = tenantCtxFor(systemCtx(app.platform, tx, 'test'), owner!.workspaceId, owner!.userId);
      const [bandung] = (await listWarehouseOptions(ctx)).filter((w) => w.name === 'Gudang Bandung');
      const [shirt] = await catalogRefsBySku(ctx, ['KPK-HITAM-M']);
      await adjustStock(ctx, {
        referenceKey: 'test-demo-restock',
        referenceType: 'TEST',
        lines: [{ warehouseId: bandung!.id, catalogId: shirt!.id, quantity: -30 }],
      });
    });
    expect((await bandungStock())['KPK-HITAM-M']).toBe(120);

    expect(await topUpDemoStock(app.platform, owner!)).toBe(1);
    expect(await bandungStock()).toEqual(DEMO_SHOP_STOCK);
    const receipts = (await app.fastify.inject({ method: 'GET', url: '/api/inventory/goods-receipts?size=50', headers })).json().items as {
      supplier_reference: string;
      status: string;
    }[];
    expect(receipts.filter((r) => r.supplier_reference === 'SJ-RESTOCK-DEMO').map((r) => r.status)).toEqual(['POSTED']);
    expect(await topUpDemoStock(app.platform, owner!)).toBe(0);
  });
});
