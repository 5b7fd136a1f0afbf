import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, seedDemo } from '../../src/demo/seed-demo.ts';
import { users } from '../../src/modules/identity/identity.schema.ts';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import { tokenFor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller } from '../workspaces/helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app?.close());

describe('the purchasing demo', () => {
  it('has three suppliers and a purchase order created, partly received and received, with their goods receipts', async () => {
    const call = caller(app);
    await seedDemo(app.platform, app.fastify.log);
    const db = app.platform.database.db;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
    const [membership] = await db
      .select({ workspaceId: memberships.workspaceId })
      .from(memberships)
      .where(eq(memberships.userId, owner!.id));
    const demo = { headers: { authorization: `Bearer ${await tokenFor(app, owner!.id)}`, 'workspace-id': membership!.workspaceId } };

    const suppliers = (await call('GET', '/api/suppliers', demo)).json();
    expect(suppliers.items.map((s: { name: string; purchase_order_count: number }) => [s.name, s.purchase_order_count])).toEqual([
      ['UD Kemasan Jaya', 0],
      ['PT Kopi Nusantara', 2],
      ['CV Sumber Kain Bandung', 1],
    ]);

    const orders = (await call('GET', '/api/purchase-orders', demo)).json();
    expect(orders.counts).toEqual({ CREATED: 1, PARTIAL_RECEIVED: 1, RECEIVED: 1, UNRECEIVED: 0, CANCELLED: 0 });
    const byStatus = Object.fromEntries(orders.items.map((o: { status: string }) => [o.status, o]));
    const inAWeek = new Date(app.platform.now().getTime() + 7 * 3_600_000 + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(byStatus.CREATED).toMatchObject({
      supplier_name: 'PT Kopi Nusantara',
      warehouse_name: 'Gudang Bandung',
      expected_date: inAWeek,
      total_quantity: 100,
      received_quantity: 0,
      total: 5_200_000,
    });
    expect(byStatus.PARTIAL_RECEIVED).toMatchObject({
      supplier_name: 'CV Sumber Kain Bandung',
      total_quantity: 160,
      received_quantity: 90,
    });
    expect(byStatus.RECEIVED).toMatchObject({ warehouse_name: 'Gudang Jakarta Barat', total_quantity: 50, received_quantity: 50 });
    for (const o of orders.items) expect(o.number).toMatch(/^PO\/\d{4}\/\d{2}\/00000[1-3]$/u);

    // Each delivery is a posted goods receipt of the inventory, with the supplier's delivery note and the order's number.
    const receipts = (await call('GET', '/api/inventory/goods-receipts?size=50', demo)).json().items as {
      id: string;
      supplier_reference: string | null;
      note: string | null;
      status: string;
      total_quantity: number;
    }[];
    for (const [status, reference, quantity] of [
      ['PARTIAL_RECEIVED', 'SJ-SKB-2611-017', 90],
      ['RECEIVED', 'SJ-KN-000389', 50],
    ] as const) {
      const order = (await call('GET', `/api/purchase-orders/${byStatus[status].id}`, demo)).json();
      expect(order.receipts).toHaveLength(1);
      expect(receipts.find((r) => r.id === order.receipts[0].id)).toMatchObject({
        supplier_reference: reference,
        note: order.number,
        status: 'POSTED',
        total_quantity: quantity,
      });
    }
  });
});
