/**
 * Quota and voucher counts under concurrency, on real PostgreSQL only (PGlite serialises transactions and would
 * hide a lost update). Property: however many sales race, the discounted units equal quota_used, which never passes
 * the quota; however many checkouts race for a voucher, exactly qty of them win and `booked` never passes qty.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPromotions } from '../../src/modules/promotions/index.ts';
import { discountUses } from '../../src/modules/promotions/promotions.schema.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { asActor } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller } from '../workspaces/helpers.ts';
import { adminVoucher, courierVoucher, skuAt, tenPercent } from './helpers.ts';

const onPostgres = Boolean(process.env.KELOLA_TEST_DATABASE_URL);
if (!onPostgres) console.info('promotion concurrency test skipped: set KELOLA_TEST_DATABASE_URL to a PostgreSQL server');

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  if (!onPostgres) return;
  app = await buildTestApp();
  call = caller(app);
}, 60_000);
afterAll(async () => app?.close());

async function approvedProgramme(owner: Actor, catalogId: string, quota: number) {
  const checker = await newMember(app, owner, { 'promotion-approval': 'WRITE' });
  const created = await call('POST', '/api/promotions/discounts', owner, { ...tenPercent([{ catalog_id: catalogId }]), quota });
  expect(created.statusCode, created.body).toBe(201);
  const approved = await call('POST', `/api/promotions/discounts/${created.json().id}/approve`, checker, {});
  expect(approved.statusCode, approved.body).toBe(200);
  return created.json().id as string;
}

describe.runIf(onPostgres)('promotions under concurrency (PostgreSQL)', () => {
  it('never uses more quota than the programme has, and every discounted unit is counted', async () => {
    for (let round = 0; round < 3; round++) {
      const owner = await newWorkspace(app);
      const sku = await skuAt(app, owner, 50_000);
      const quota = randomInt(5, 25);
      const id = await approvedProgramme(owner, sku.id, quota);
      const sales = Array.from({ length: 40 }, (_, i) => ({ quantity: randomInt(1, 4), reference: `SO-${round}-${i}` }));
      const answers = await Promise.all(
        sales.map((s) =>
          asActor(app, owner, (ctx) =>
            applyPromotions(
              ctx,
              { date: '2026-11-25', channelId: null, customerCategoryId: null, areaCodes: [] },
              [{ catalogId: sku.id, listPrice: 50_000, quantity: s.quantity }],
              s.reference,
            ),
          ),
        ),
      );
      const discounted = answers.map((a, i) => (a[0]!.programmeId === id ? sales[i]!.quantity : 0)).reduce((x, y) => x + y, 0);
      const programme = (await call('GET', `/api/promotions/discounts/${id}`, owner)).json();
      const [used] = await app.platform.database.db
        .select({ n: sum(discountUses.quantity) })
        .from(discountUses)
        .where(eq(discountUses.programId, id));
      expect(programme.quota_used).toBe(discounted);
      expect(Number(used!.n)).toBe(discounted);
      expect(programme.quota_used).toBeLessThanOrEqual(quota);
      // a programme is only skipped when what is left cannot cover the sale
      const skipped = answers.map((a, i) => (a[0]!.programmeId === id ? null : sales[i]!.quantity)).filter((q): q is number => q !== null);
      for (const q of skipped) expect(quota - programme.quota_used).toBeLessThan(q);
      // every line priced with the programme pays the promotional price
      for (const a of answers) if (a[0]!.programmeId === id) expect(a[0]!.unitPrice).toBe(45_000);
    }
  }, 120_000);

  it('two checkouts racing for the last voucher: one wins, one gets VOUCHER_SOLD_OUT; a batch never over-books', async () => {
    const owner = await newWorkspace(app);
    const channel = randomUUID();
    const save = async (qty: number) =>
      (
        await call('POST', '/api/web-vouchers', owner, {
          channel_id: channel,
          items: [courierVoucher(`LAST${randomBytes(3).toString('hex')}`, { qty })],
        })
      ).json().items[0].id as string;
    const redeem = (id: string, ref: string) =>
      call('POST', `/api/web-vouchers/${id}/redeem`, owner, { order_reference: ref, amount: 90_000, shipping_fee: 20_000 });

    for (let round = 0; round < 5; round++) {
      const last = await save(1);
      const pair = await Promise.all([redeem(last, 'A'), redeem(last, 'B')]);
      expect(pair.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(pair.find((r) => r.statusCode === 409)!.json().code).toBe('VOUCHER_SOLD_OUT');
    }

    const qty = randomInt(3, 12);
    const batch = await save(qty);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => redeem(batch, `ORD-${i}`)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(qty);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(30 - qty);
    expect(results.some((r) => r.statusCode === 500)).toBe(false);
    expect((await call('GET', `/api/web-vouchers/${batch}`, owner)).json()).toMatchObject({ qty, booked: qty, available: 0 });
  }, 120_000);

  it('admin vouchers: racing orders never pass the quota nor a customer’s limit', async () => {
    const owner = await newWorkspace(app);
    const checker = await newMember(app, owner, { 'promotion-approval': 'WRITE' });
    for (let round = 0; round < 3; round++) {
      const quota = randomInt(3, 10);
      const created = await call('POST', '/api/vouchers', owner, {
        ...adminVoucher(`ADM${randomBytes(3).toString('hex')}`),
        quota,
        per_customer_limit: 2,
      });
      const id = created.json().id as string;
      await call('POST', `/api/vouchers/${id}/approve`, checker);
      // 30 orders from 6 customers, all at once
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          call('POST', `/api/vouchers/${id}/use`, owner, {
            order_reference: `SO-${round}-${i}`,
            customer_reference: `C${i % 6}`,
            amount: 150_000,
            date: '2026-11-25',
          }),
        ),
      );
      const won = results.filter((r) => r.statusCode === 201);
      expect(results.some((r) => r.statusCode === 500)).toBe(false);
      expect(won).toHaveLength(Math.min(quota, 12));
      const perCustomer = new Map<string, number>();
      for (const r of won) perCustomer.set(r.json().customer_reference, (perCustomer.get(r.json().customer_reference) ?? 0) + 1);
      for (const n of perCustomer.values()) expect(n).toBeLessThanOrEqual(2);
      expect((await call('GET', `/api/vouchers/${id}`, owner)).json()).toMatchObject({ used: won.length });
    }
  }, 120_000);
});
