import { describe, expect, it } from 'vitest';
import { decideCredit, dueDate } from './credit-limit.ts';
import {
  allocate,
  invoiceStatus,
  periodStart,
  withdrawalLimitProblem,
  withdrawalMoney,
  withdrawalNext,
  withdrawalOverdue,
} from './finance-states.ts';
import { compactLines, formatAmount, parseAmount, postingProblems, shownBalance } from './ledger.ts';

describe('ledger rules', () => {
  it('accepts a balanced posting set and names what is wrong with others', () => {
    expect(
      postingProblems([
        { account: 'a', amount: 100 },
        { account: 'b', amount: -100 },
      ]),
    ).toEqual([]);
    expect(
      postingProblems([
        { account: 'a', amount: 100 },
        { account: 'b', amount: -99 },
      ]),
    ).toEqual(['UNBALANCED']);
    expect(postingProblems([{ account: 'a', amount: 0 }])).toEqual(['EMPTY', 'ZERO_LINE']);
    expect(
      postingProblems([
        { account: 'a', amount: 1.5 },
        { account: 'b', amount: -1.5 },
      ]),
    ).toContain('NOT_INTEGER');
  });
  it('merges lines of one account', () => {
    expect(
      compactLines([
        { account: 'a', amount: 5 },
        { account: 'a', amount: -5 },
        { account: 'b', amount: 3 },
      ]),
    ).toEqual([{ account: 'b', amount: 3 }]);
  });
  it('shows credit-normal balances positive', () => {
    expect(shownBalance('WALLET', -10_000)).toBe(10_000);
    expect(shownBalance('RECEIVABLE', 10_000)).toBe(10_000);
  });
  it('parses amounts with locale separators', () => {
    expect(parseAmount('1.500.000')).toBe(1_500_000);
    expect(parseAmount('Rp 1.500.000')).toBe(1_500_000);
    expect(parseAmount('1500000')).toBe(1_500_000);
    expect(parseAmount('1.500.000,00')).toBe(1_500_000);
    expect(parseAmount('1.500.000,50')).toBeNull();
    expect(parseAmount('1.50.000')).toBeNull();
    expect(parseAmount('-1.500')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('1,500.50', 'MYR')).toBe(150_050);
    expect(parseAmount('RM 20', 'MYR')).toBe(2_000);
    expect(parseAmount('1.505', 'MYR')).toBeNull();
    expect(formatAmount(1_500_000)).toBe('Rp 1.500.000');
    expect(formatAmount(150_050, 'MYR')).toBe('RM 1,500.50');
  });
});

describe('credit limit', () => {
  const base = { creditLimit: 1_000_000, transactionLimit: 3, outstanding: 400_000, openCount: 1, oldestDue: '2026-12-01' };
  it('passes within the limit and names each refusing rule', () => {
    expect(decideCredit(base, 600_000, '2026-11-25')).toEqual({ ok: true, remaining: 0 });
    expect(decideCredit(base, 600_001, '2026-11-25')).toMatchObject({ ok: false, code: 'CL_INSUFFICIENT', remaining: 600_000 });
    expect(decideCredit({ ...base, creditLimit: 0 }, 1, '2026-11-25')).toMatchObject({ code: 'CL_NOT_ELIGIBLE' });
    expect(decideCredit(base, 1, '2026-12-02')).toMatchObject({ code: 'CL_OVERDUE' });
    expect(decideCredit({ ...base, openCount: 3 }, 1, '2026-11-25')).toMatchObject({ code: 'CL_EXCEED_MULTIPLEBOND' });
    expect(decideCredit({ ...base, transactionLimit: 0, openCount: 30 }, 1, '2026-11-25').ok).toBe(true);
  });
  it('computes due dates from the payment limit', () => {
    expect(dueDate('2026-11-25', 30)).toBe('2026-12-25');
    expect(dueDate('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('withdrawals and payments', () => {
  it('follows the state machine and moves money accordingly', () => {
    expect(withdrawalNext('SUBMITTED', 'APPROVE')).toBe('APPROVED');
    expect(withdrawalNext('APPROVED', 'PROCESS')).toBe('PROCESSED');
    expect(withdrawalNext('PROCESSED', 'COMPLETE')).toBe('COMPLETED');
    expect(withdrawalNext('COMPLETED', 'CANCEL')).toBeNull();
    expect(withdrawalNext('PROCESSED', 'CANCEL')).toBeNull();
    expect(withdrawalMoney('FAILED')).toBe('RELEASED');
    expect(withdrawalMoney('COMPLETED')).toBe('PAID');
    expect(withdrawalMoney('APPROVED')).toBe('HELD');
  });
  it('flags a request open after 2 × 24 hours', () => {
    const at = new Date('2026-11-20T00:00:00Z');
    expect(withdrawalOverdue('SUBMITTED', at, new Date('2026-11-22T00:00:01Z'))).toBe(true);
    expect(withdrawalOverdue('SUBMITTED', at, new Date('2026-11-21T23:59:59Z'))).toBe(false);
    expect(withdrawalOverdue('COMPLETED', at, new Date('2026-11-29T00:00:00Z'))).toBe(false);
  });
  it('checks the configured limits', () => {
    const s = { minAmount: 50_000, maxAmount: 5_000_000, maxCount: 2, countPeriod: 'DAY' as const, fee: 2_500 };
    expect(withdrawalLimitProblem(s, 49_999, 0)).toBe('WITHDRAWAL_BELOW_MIN');
    expect(withdrawalLimitProblem(s, 5_000_001, 0)).toBe('WITHDRAWAL_ABOVE_MAX');
    expect(withdrawalLimitProblem(s, 100_000, 2)).toBe('WITHDRAWAL_COUNT_EXCEEDED');
    expect(withdrawalLimitProblem(s, 100_000, 1)).toBeNull();
  });
  it('starts periods on the Jakarta calendar', () => {
    const now = new Date('2026-11-25T20:00:00Z'); // Thursday 03:00 in Jakarta
    expect(periodStart('DAY', now).toISOString()).toBe('2026-11-25T17:00:00.000Z');
    expect(periodStart('WEEK', now).toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(periodStart('MONTH', now).toISOString()).toBe('2026-10-31T17:00:00.000Z');
  });
  it('allocates oldest first and keeps the over-payment', () => {
    expect(
      allocate(150, [
        { id: 'a', remaining: 100 },
        { id: 'b', remaining: 100 },
      ]),
    ).toEqual({
      parts: [
        { id: 'a', amount: 100 },
        { id: 'b', amount: 50 },
      ],
      overpaid: 0,
    });
    expect(
      allocate(250, [
        { id: 'a', remaining: 100 },
        { id: 'b', remaining: 100 },
      ]).overpaid,
    ).toBe(50);
    expect(invoiceStatus(100, 0)).toBe('OUTSTANDING');
    expect(invoiceStatus(100, 40)).toBe('PARTIALLY_PAID');
    expect(invoiceStatus(100, 100)).toBe('PAID');
  });
});
