import { describe, expect, it } from 'vitest';
import {
  allowedDiscountActions,
  approvalImpact,
  DISCOUNT_ACTIONS,
  jakartaDate,
  nextDiscountState,
  priceUnder,
  salePriceFor,
  type DiscountProgramme,
  type DiscountState,
  type PriceQuery,
} from './promotion.ts';
import { nextVoucherStatus, voucherDiscount, voucherValidAt } from './promotion-voucher.ts';

const programme = (over: Partial<DiscountProgramme> = {}): DiscountProgramme => ({
  id: 'p1',
  status: 'ACTIVE',
  startDate: '2026-11-20',
  endDate: '2026-11-30',
  format: 'PERCENTAGE',
  value: 10,
  criteriaMode: 'RANGE',
  criteria: [],
  minQuantity: null,
  maxQuantity: null,
  minTransaction: null,
  maxTransaction: null,
  maxDiscount: null,
  exclusive: false,
  quotaRemaining: null,
  catalogIds: ['sku-a'],
  channelIds: [],
  customerCategoryIds: [],
  areaCodes: [],
  brandIds: [],
  categoryIds: [],
  approvedAt: '2026-11-19T01:00:00Z',
  ...over,
});

const query = (over: Partial<PriceQuery> = {}): PriceQuery => ({
  catalogId: 'sku-a',
  listPrice: 50_000,
  quantity: 1,
  channelId: null,
  customerCategoryId: null,
  areaCodes: ['35', '35.78', '35.78.01'],
  date: '2026-11-25',
  ...over,
});

describe('sale price (spec part 5)', () => {
  it('is list price × (100 − discount_value) / 100 when a discount exists, else the list price', () => {
    expect(salePriceFor(query(), [programme()])).toMatchObject({ unitPrice: 45_000, total: 45_000, programmeId: 'p1', saving: 5_000 });
    expect(salePriceFor(query({ catalogId: 'sku-b' }), [programme()])).toMatchObject({ unitPrice: 50_000, programmeId: null });
    expect(salePriceFor(query(), [])).toMatchObject({ unitPrice: 50_000, total: 50_000, programmeId: null, candidates: [] });
  });

  it('rounds a fractional rupiah half up', () => {
    expect(salePriceFor(query({ listPrice: 9_995 }), [programme({ value: 12.5 })]).unitPrice).toBe(9_995 - 1_249);
    expect(salePriceFor(query({ listPrice: 10_005 }), [programme({ value: 10 })]).unitPrice).toBe(10_005 - 1_001);
  });

  it('applies only an approved programme, and only inside its period in Asia/Jakarta', () => {
    for (const status of ['WAITING_APPROVAL', 'NOT_ACTIVE', 'CANCELLED'] as const)
      expect(salePriceFor(query(), [programme({ status })]).programmeId).toBeNull();
    expect(salePriceFor(query({ date: '2026-11-20' }), [programme()]).programmeId).toBe('p1');
    expect(salePriceFor(query({ date: '2026-11-30' }), [programme()]).programmeId).toBe('p1');
    expect(salePriceFor(query({ date: '2026-11-19' }), [programme()]).programmeId).toBeNull();
    expect(salePriceFor(query({ date: '2026-12-01' }), [programme()]).programmeId).toBeNull();
    // 30 Nov 17:30 UTC is already 1 Dec in Jakarta
    expect(jakartaDate(new Date('2026-11-30T17:30:00Z'))).toBe('2026-12-01');
    expect(jakartaDate(new Date('2026-11-30T16:59:59Z'))).toBe('2026-11-30');
  });

  it('fixed amount off each unit, never below zero', () => {
    expect(salePriceFor(query(), [programme({ format: 'FIXED_AMOUNT', value: 7_500 })]).unitPrice).toBe(42_500);
    expect(salePriceFor(query(), [programme({ format: 'FIXED_AMOUNT', value: 80_000 })]).unitPrice).toBe(0);
  });

  it('extra goods: free units valued at the list price, counted per multiple in MULTIPLE mode', () => {
    const buy3get1 = programme({ format: 'EXTRA_GOODS', value: 1, criteriaMode: 'MULTIPLE', criteria: [{ minQuantity: 3, value: 1 }] });
    expect(salePriceFor(query({ quantity: 2 }), [buy3get1]).programmeId).toBeNull();
    expect(salePriceFor(query({ quantity: 7 }), [buy3get1])).toMatchObject({
      unitPrice: 50_000,
      freeQuantity: 2,
      total: 350_000,
      saving: 100_000,
    });
    const plain = programme({ format: 'EXTRA_GOODS', value: 1, minQuantity: 2 });
    expect(salePriceFor(query({ quantity: 5 }), [plain]).freeQuantity).toBe(1);
  });

  it('range tiers: the highest tier reached applies to every unit', () => {
    const tiers = programme({
      value: 0,
      criteria: [
        { minQuantity: 3, value: 5 },
        { minQuantity: 6, value: 10 },
      ],
    });
    expect(salePriceFor(query({ quantity: 2 }), [tiers]).programmeId).toBeNull();
    expect(salePriceFor(query({ quantity: 3 }), [tiers]).unitPrice).toBe(47_500);
    expect(salePriceFor(query({ quantity: 7 }), [tiers]).unitPrice).toBe(45_000);
  });

  it('multiple tiers: only full multiples are discounted, the rest pay the list price', () => {
    const tiers = programme({ criteriaMode: 'MULTIPLE', criteria: [{ minQuantity: 3, value: 10 }] });
    expect(salePriceFor(query({ quantity: 7 }), [tiers])).toMatchObject({ unitPrice: 50_000, lineDiscount: 30_000, total: 320_000 });
  });

  it('minimum and maximum quantity and transaction, and the maximum discount', () => {
    expect(salePriceFor(query({ quantity: 1 }), [programme({ minQuantity: 2 })]).programmeId).toBeNull();
    expect(salePriceFor(query({ quantity: 4 }), [programme({ maxQuantity: 2 })])).toMatchObject({ lineDiscount: 10_000, total: 190_000 });
    expect(salePriceFor(query({ quantity: 1 }), [programme({ minTransaction: 100_000 })]).programmeId).toBeNull();
    expect(salePriceFor(query({ quantity: 3 }), [programme({ maxTransaction: 100_000 })]).programmeId).toBeNull();
    expect(salePriceFor(query({ quantity: 3 }), [programme({ maxDiscount: 12_000 })])).toMatchObject({ total: 138_000, saving: 12_000 });
  });

  it('targets: channel, customer category, area, brand and category must match when listed', () => {
    const p = programme({ channelIds: ['ch1'], customerCategoryIds: ['vip'], areaCodes: ['35.78'], brandIds: ['b1'], categoryIds: ['c1'] });
    const q = query({ channelId: 'ch1', customerCategoryId: 'vip', brandId: 'b1', categoryId: 'c1' });
    expect(salePriceFor(q, [p]).programmeId).toBe('p1');
    expect(salePriceFor({ ...q, channelId: 'ch2' }, [p]).programmeId).toBeNull();
    expect(salePriceFor({ ...q, channelId: null }, [p]).programmeId).toBeNull();
    expect(salePriceFor({ ...q, customerCategoryId: null }, [p]).programmeId).toBeNull();
    expect(salePriceFor({ ...q, areaCodes: ['32', '32.73'] }, [p]).programmeId).toBeNull();
    expect(salePriceFor({ ...q, brandId: 'b2' }, [p]).programmeId).toBeNull();
    expect(salePriceFor({ ...q, categoryId: null }, [p]).programmeId).toBeNull();
    expect(salePriceFor(query({ catalogId: 'other' }), [programme({ catalogIds: [] })]).programmeId).toBe('p1');
  });

  it('a programme targeting a parent category matches a SKU of a sub-category', () => {
    const p = programme({ categoryIds: ['drinks'] });
    expect(salePriceFor(query({ categoryId: 'coffee', categoryAncestorIds: ['drinks'] }), [p]).programmeId).toBe('p1');
    expect(salePriceFor(query({ categoryId: 'coffee', categoryAncestorIds: ['food'] }), [p]).programmeId).toBeNull();
  });

  it('skips a programme whose quota cannot cover the quantity', () => {
    expect(salePriceFor(query({ quantity: 3 }), [programme({ quotaRemaining: 2 })]).programmeId).toBeNull();
    expect(salePriceFor(query({ quantity: 2 }), [programme({ quotaRemaining: 2 })]).programmeId).toBe('p1');
  });

  it('overlap: the better price for the buyer wins and every candidate is reported', () => {
    const a = programme({ id: 'a', value: 10 });
    const b = programme({ id: 'b', format: 'FIXED_AMOUNT', value: 6_000 });
    const answer = salePriceFor(query(), [a, b]);
    expect(answer).toMatchObject({ programmeId: 'b', unitPrice: 44_000 });
    expect(answer.candidates.map((c) => [c.programmeId, c.unitPrice])).toEqual([
      ['a', 45_000],
      ['b', 44_000],
    ]);
    // extra goods compared per unit received: buy 1 get 1 beats 10 %
    const bogo = programme({ id: 'c', format: 'EXTRA_GOODS', value: 1 });
    expect(salePriceFor(query(), [a, bogo]).programmeId).toBe('c');
  });

  it('overlap: an exclusive programme beats a better non-exclusive one; among exclusive ones the better wins', () => {
    const better = programme({ id: 'a', value: 30 });
    const exclusive = programme({ id: 'b', value: 5, exclusive: true });
    expect(salePriceFor(query(), [better, exclusive])).toMatchObject({ programmeId: 'b', unitPrice: 47_500 });
    const exclusive2 = programme({ id: 'c', value: 8, exclusive: true });
    expect(salePriceFor(query(), [better, exclusive, exclusive2]).programmeId).toBe('c');
  });

  it('overlap ties: the earlier approved, then the smaller id', () => {
    const late = programme({ id: 'a', approvedAt: '2026-11-19T05:00:00Z' });
    const early = programme({ id: 'b', approvedAt: '2026-11-19T02:00:00Z' });
    expect(salePriceFor(query(), [late, early]).programmeId).toBe('b');
    expect(salePriceFor(query(), [programme({ id: 'z' }), programme({ id: 'y' })]).programmeId).toBe('y');
  });

  it('never gives a price above the list price or below zero (exhaustive over formats and values)', () => {
    for (const format of ['PERCENTAGE', 'FIXED_AMOUNT', 'EXTRA_GOODS'] as const)
      for (const value of [0, 1, 5, 12.5, 50, 99, 100, 1_000, 60_000])
        for (const quantity of [1, 2, 3, 7, 10])
          for (const listPrice of [0, 1, 999, 50_000]) {
            const a = salePriceFor(query({ listPrice, quantity }), [programme({ format, value })]);
            expect(a.total).toBeGreaterThanOrEqual(0);
            expect(a.total).toBeLessThanOrEqual(listPrice * quantity);
            expect(a.unitPrice).toBeLessThanOrEqual(listPrice);
            expect(a.total + (a.freeQuantity ? 0 : a.saving)).toBe(listPrice * quantity);
          }
  });

  it('priceUnder answers null when nothing is discounted', () => {
    expect(priceUnder(programme({ value: 0 }), 50_000, 1)).toBeNull();
    expect(priceUnder(programme({ format: 'EXTRA_GOODS', value: 0 }), 50_000, 1)).toBeNull();
  });
});

describe('discount state machine (spec part 4)', () => {
  const W: DiscountState = { status: 'WAITING_APPROVAL', inactiveReason: null };
  const A: DiscountState = { status: 'ACTIVE', inactiveReason: null };
  const P: DiscountState = { status: 'NOT_ACTIVE', inactiveReason: 'PAUSED' };
  const E: DiscountState = { status: 'NOT_ACTIVE', inactiveReason: 'ENDED' };
  const C: DiscountState = { status: 'CANCELLED', inactiveReason: null };

  it('has exactly these transitions', () => {
    const table = [W, A, P, E, C].map((s) => Object.fromEntries(DISCOUNT_ACTIONS.map((a) => [a, nextDiscountState(s, a)])));
    expect(table).toEqual([
      { APPROVE: A, REJECT: C, PAUSE: null, RESUME: null, END: null, CANCEL: C },
      { APPROVE: null, REJECT: null, PAUSE: P, RESUME: null, END: E, CANCEL: C },
      { APPROVE: null, REJECT: null, PAUSE: null, RESUME: A, END: E, CANCEL: C },
      { APPROVE: null, REJECT: null, PAUSE: null, RESUME: null, END: null, CANCEL: null },
      { APPROVE: null, REJECT: null, PAUSE: null, RESUME: null, END: null, CANCEL: null },
    ]);
    expect(allowedDiscountActions(W)).toEqual(['APPROVE', 'REJECT', 'CANCEL']);
    expect(allowedDiscountActions(C)).toEqual([]);
  });
});

describe('approval impact', () => {
  const base = { format: 'PERCENTAGE' as const, value: 10, criteria: [], maxDiscount: null, maxQuantity: null, quota: 100 };

  it('shows normal and promotional price, margins in Rp and %, the fee and the budget of the quota', () => {
    expect(approvalImpact(base, { catalogId: 's', listPrice: 50_000, cost: 30_000 }, 5)).toEqual({
      catalogId: 's',
      normalPrice: 50_000,
      promoPrice: 45_000,
      cost: 30_000,
      fee: 2_250,
      marginBefore: { rupiah: 17_500, percent: 35 },
      marginAfter: { rupiah: 12_750, percent: 28.3 },
      belowCost: false,
      maxBudget: 500_000,
    });
  });

  it('flags selling below cost; without a cost there is no margin', () => {
    expect(approvalImpact({ ...base, value: 50 }, { catalogId: 's', listPrice: 50_000, cost: 30_000 }, null)).toMatchObject({
      promoPrice: 25_000,
      belowCost: true,
      marginAfter: { rupiah: -5_000, percent: -20 },
      fee: null,
    });
    expect(approvalImpact(base, { catalogId: 's', listPrice: 50_000, cost: null }, null)).toMatchObject({
      marginBefore: null,
      marginAfter: null,
      belowCost: false,
    });
  });

  it('caps the unit discount by the maximum discount; extra goods spread the free unit over the purchase', () => {
    expect(approvalImpact({ ...base, maxDiscount: 2_000 }, { catalogId: 's', listPrice: 50_000, cost: null }, null)).toMatchObject({
      promoPrice: 48_000,
      maxBudget: 200_000,
    });
    const bogo = { ...base, format: 'EXTRA_GOODS' as const, value: 1, criteria: [{ minQuantity: 1, value: 1 }] };
    expect(approvalImpact(bogo, { catalogId: 's', listPrice: 50_000, cost: 30_000 }, null)).toMatchObject({
      promoPrice: 25_000,
      belowCost: true,
      maxBudget: 5_000_000,
    });
  });
});

describe('vouchers', () => {
  it('states: waiting → active → canceled', () => {
    expect(nextVoucherStatus('WAITING', 'APPROVE')).toBe('ACTIVE');
    expect(nextVoucherStatus('ACTIVE', 'APPROVE')).toBeNull();
    expect(nextVoucherStatus('ACTIVE', 'CANCEL')).toBe('CANCELED');
    expect(nextVoucherStatus('WAITING', 'CANCEL')).toBe('CANCELED');
    expect(nextVoucherStatus('CANCELED', 'CANCEL')).toBeNull();
  });

  it('discount: minimum transaction, percentage capped by the maximum discount, never above the amount', () => {
    const pct = { value: 10, type: 'PERCENTAGE' as const, minTransaction: 100_000, maxDiscount: 15_000 };
    expect(voucherDiscount(pct, 99_999)).toBe(0);
    expect(voucherDiscount(pct, 120_000)).toBe(12_000);
    expect(voucherDiscount(pct, 500_000)).toBe(15_000);
    const amount = { value: 20_000, type: 'AMOUNT' as const, minTransaction: 0, maxDiscount: null };
    expect(voucherDiscount(amount, 12_000)).toBe(12_000);
    // courier: the shipping fee is discounted, the minimum is on the goods
    expect(voucherDiscount({ ...amount, minTransaction: 50_000 }, 18_000, 60_000)).toBe(18_000);
    expect(voucherDiscount({ ...amount, minTransaction: 50_000 }, 18_000, 40_000)).toBe(0);
  });

  it('validity is inclusive unix seconds', () => {
    expect(voucherValidAt({ from: 100, until: 200 }, 100)).toBe(true);
    expect(voucherValidAt({ from: 100, until: 200 }, 200)).toBe(true);
    expect(voucherValidAt({ from: 100, until: 200 }, 201)).toBe(false);
  });
});
