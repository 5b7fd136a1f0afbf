import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test-app.ts';
import { caller } from '../workspaces/helpers.ts';
import { key, manualOrder, newCustomer, newShop } from './helpers.ts';

/** Every test file's database is checked when the file closes its app (test-app.ts, ADR 0042): a drift fails the suite. */
describe('the ledger check when a suite closes its database', () => {
  it('passes on a ledger that money moved through, and fails the close on a balance that drifted', { timeout: 180_000 }, async () => {
    const clean = await buildTestApp();
    const shop = await newShop(clean);
    const c = await newCustomer(clean, shop, { credit_limit: 1_000_000, payment_limit_days: 30 });
    const order = (await manualOrder(clean, shop, c.id, 200_000)).json();
    const invoice = await caller(clean)('POST', '/api/finance/invoices', shop.owner, { order_ids: [order.id], idempotency_key: key() });
    expect(invoice.statusCode, invoice.body).toBe(200);
    await expect(clean.close()).resolves.toBeUndefined();

    const drifted = await buildTestApp();
    const other = await newShop(drifted);
    const customer = await newCustomer(drifted, other, { credit_limit: 1_000_000, payment_limit_days: 30 });
    const billed = (await manualOrder(drifted, other, customer.id, 150_000)).json();
    const res = await caller(drifted)('POST', '/api/finance/invoices', other.owner, { order_ids: [billed.id], idempotency_key: key() });
    expect(res.statusCode, res.body).toBe(200);
    // A balance moved outside the ledger (as a buggy write would): it no longer equals its postings.
    await drifted.platform.database.db.execute(
      sql`update ledger_accounts set balance = balance + 5 where workspace_id = ${other.owner.workspaceId} and kind = 'RECEIVABLE'`,
    );
    await expect(drifted.close()).rejects.toThrow(/ledger check over this suite's database failed.*balance_mismatches/u);
  });
});
