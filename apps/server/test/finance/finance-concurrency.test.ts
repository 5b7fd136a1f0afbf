/**
 * Money under concurrency, on real PostgreSQL only (PGlite runs one transaction at a time and would hide a race).
 * Property: whatever amounts race, the orders confirmed on credit never sum past the customer's limit, and the
 * withdrawals held never take a wallet below zero; afterwards the ledger check finds nothing.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followOrderCredit } from '../../src/modules/finance/index.ts';
import { inTenant } from '../../src/platform/db/database.ts';
import { uuidv7 } from '../../src/platform/db/ids.ts';
import { systemCtx, tenantCtxFor } from '../../src/platform/system-ctx.ts';
import { newSku, receive } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller } from '../workspaces/helpers.ts';
import { expectLedgerClean, key, manualOrder, newCustomer, newShop } from './helpers.ts';

const onPostgres = Boolean(process.env.KELOLA_TEST_DATABASE_URL);
if (!onPostgres) console.info('finance concurrency test skipped: set KELOLA_TEST_DATABASE_URL to a PostgreSQL server');

let app: TestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  app = await buildTestApp();
  const { client } = app.platform.database;
  if (client.kind === 'postgres') client.pool.on('error', () => {});
}, 60_000);
afterAll(async () => {
  if (app) await expectLedgerClean(app);
  await app?.close();
});

describe.skipIf(!onPostgres)('finance under concurrency (PostgreSQL)', () => {
  it('orders racing for the last of a credit limit cannot both pass', async () => {
    const call = caller(app);
    const shop = await newShop(app, 10_000);
    for (let round = 0; round < 4; round += 1) {
      const limit = 1_000_000;
      const c = await newCustomer(app, shop, { credit_limit: limit, payment_limit_days: 30 });
      // Two orders that fit one at a time but not together, plus random others: drafts of SKUs of their own (so no
      // stock row or number sequence serialises them), confirmed all at once.
      const amounts = [600_000, 600_000, ...Array.from({ length: 6 }, () => randomInt(50_000, 700_000))];
      const drafts = [];
      for (const amount of amounts) {
        const sku = await newSku(app, shop.owner);
        await receive(app, shop.owner, shop.wh, [{ catalog_id: sku.id, quantity: 5 }]);
        const res = await manualOrder(app, { ...shop, sku }, c.id, amount, false);
        expect(res.statusCode).toBe(201);
        drafts.push(res.json().id as string);
      }
      const results = await Promise.all(
        drafts.map((id) => call('PUT', `/api/manual-orders/${id}/state`, shop.owner, { action: 'CONFIRM' })),
      );
      const passed = amounts.filter((_, i) => results[i]!.statusCode === 200);
      for (const r of results) if (r.statusCode !== 200) expect(r.json().code).toBe('CL_INSUFFICIENT');
      expect(passed.reduce((s, a) => s + a, 0)).toBeLessThanOrEqual(limit);
      expect(passed.length).toBeGreaterThan(0);
      const balance = (await call('GET', `/api/finance/customers/${c.id}/balance`, shop.owner)).json();
      expect(balance.credit_used).toBe(passed.reduce((s, a) => s + a, 0));
      // Not both of the two 600.000 orders.
      expect(results.slice(0, 2).filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
    }
  }, 120_000);

  it('the credit decision itself serialises per customer: racing confirmations never pass the limit together', async () => {
    const shop = await newShop(app, 10);
    for (let round = 0; round < 5; round += 1) {
      const limit = 1_000_000;
      const c = await newCustomer(app, shop, { credit_limit: limit, payment_limit_days: 30 });
      const amounts = [600_000, 600_000, ...Array.from({ length: 8 }, () => randomInt(100_000, 600_000))];
      const results = await Promise.allSettled(
        amounts.map((buyerTotal) =>
          inTenant(app.platform.database.db, shop.owner.workspaceId, (db) =>
            followOrderCredit(
              tenantCtxFor(systemCtx(app.platform, db), shop.owner.workspaceId, shop.owner.userId),
              {
                id: uuidv7(),
                source: 'MANUAL',
                customerId: c.id,
                paymentStatus: 'UNPAID',
                buyerTotal,
                orderDate: new Date(),
                status: 'CONFIRMED',
              },
              'DRAFT',
            ),
          ),
        ),
      );
      const passed = amounts.filter((_, i) => results[i]!.status === 'fulfilled');
      for (const r of results) if (r.status === 'rejected') expect((r.reason as { code?: string }).code).toBe('CL_INSUFFICIENT');
      expect(passed.reduce((sum, a) => sum + a, 0)).toBeLessThanOrEqual(limit);
    }
  }, 120_000);

  it('concurrent withdrawals never take a wallet below zero', async () => {
    const call = caller(app);
    const shop = await newShop(app);
    await call('PUT', '/api/finance/withdrawal-settings', shop.owner, {
      min_amount: 10_000,
      max_amount: 0,
      max_count: 0,
      count_period: 'DAY',
      fee: 1_000,
    });
    for (let round = 0; round < 4; round += 1) {
      const c = await newCustomer(app, shop, { store_type: 'RESELLER' });
      const wallet = 1_000_000;
      await call('POST', '/api/finance/credit-notes', shop.owner, {
        customer_id: c.id,
        reason: 'GOODWILL',
        target: 'WALLET',
        amount: wallet,
        idempotency_key: key(),
      });
      const amounts = Array.from({ length: 10 }, () => randomInt(100_000, 400_000));
      const body = (amount: number) => ({
        customer_id: c.id,
        amount,
        bank_code: '002',
        account_number: '0011223344',
        account_name: 'Siti',
        beneficiary: 'Siti',
        confirmed: true,
        idempotency_key: key(),
      });
      const results = await Promise.all(amounts.map((a) => call('POST', '/api/finance/withdrawals', shop.owner, body(a))));
      const held = amounts.filter((_, i) => results[i]!.statusCode === 200);
      for (const r of results) if (r.statusCode !== 200) expect(r.json().code).toBe('WALLET_INSUFFICIENT');
      expect(held.reduce((s, a) => s + a, 0)).toBeLessThanOrEqual(wallet);
      const balance = (await call('GET', `/api/finance/customers/${c.id}/balance`, shop.owner)).json();
      expect(balance.wallet).toBe(wallet - held.reduce((s, a) => s + a, 0));
      expect(balance.wallet).toBeGreaterThanOrEqual(0);
      // A double click: the same key twice at once holds once.
      const twice = body(10_000);
      const [a, b] = await Promise.all([
        call('POST', '/api/finance/withdrawals', shop.owner, twice),
        call('POST', '/api/finance/withdrawals', shop.owner, twice),
      ]);
      if (a.statusCode === 200 && b.statusCode === 200) expect(a.json().id).toBe(b.json().id);
    }
  }, 120_000);
});
