import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import { tokenFor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller } from '../workspaces/helpers.ts';
import { expectLedgerClean } from './helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  if (app) await expectLedgerClean(app);
  await app?.close();
});

describe('the finance demo', () => {
  it('has invoices, a payment waiting for confirmation with its proof, and a wallet with history', async () => {
    const call = caller(app);
    const { seedDemo, DEMO_EMAIL } = await import('../../src/demo/seed-demo.ts');
    const { users } = await import('../../src/modules/identity/identity.schema.ts');
    await seedDemo(app.platform, app.fastify.log);
    const db = app.platform.database.db;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
    const [membership] = await db
      .select({ workspaceId: memberships.workspaceId })
      .from(memberships)
      .where(eq(memberships.userId, owner!.id));
    const demo = { headers: { authorization: `Bearer ${await tokenFor(app, owner!.id)}`, 'workspace-id': membership!.workspaceId } };
    // The distributor's credit orders have their stock (not flagged "stock short" on /sales).
    const distributorOrders = (await call('GET', '/api/orders?search_by=buyer&q=Distribusi+Nusantara', demo)).json();
    expect(distributorOrders.items).toHaveLength(3);
    expect(distributorOrders.items.map((o: { stock_short: boolean }) => o.stock_short)).toEqual([false, false, false]);
    const invoices = (await call('GET', '/api/finance/invoices', demo)).json();
    expect(invoices.total_row).toBe(2);
    expect(invoices.items.map((i: { status: string }) => i.status).sort()).toEqual(['OUTSTANDING', 'PARTIALLY_PAID']);
    const waiting = (await call('GET', '/api/finance/payments?status=NEED_CONFIRMATION', demo)).json();
    expect(waiting.items).toHaveLength(1);
    expect(waiting.items[0]).toMatchObject({ amount: 1_500_000, has_proof: true });
    const proof = await call('GET', `/api/finance/payments/${waiting.items[0].id}/proof`, demo);
    expect(proof.headers['content-type']).toBe('image/png');
    const reseller = (await call('GET', '/api/customers?q=Siti', demo)).json().items[0];
    const history = (await call('GET', `/api/finance/wallet/history?customer_id=${reseller.id}`, demo)).json();
    expect(history).toMatchObject({ balance: 450_000, held: 300_000 });
    expect(history.items.length).toBeGreaterThanOrEqual(5);
    const withdrawals = (await call('GET', '/api/finance/withdrawals', demo)).json();
    expect(withdrawals.items.map((w: { status: string }) => w.status).sort()).toEqual(['COMPLETED', 'SUBMITTED']);
  });
});
