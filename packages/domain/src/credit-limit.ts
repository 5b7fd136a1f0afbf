/**
 * Credit-limit rules for an order confirmed on credit (spec part 8, issue 17). The decision names the first rule
 * that stops it, with the spec's code: CL_NOT_ELIGIBLE (the customer has no credit limit), CL_OVERDUE (a debt is
 * past its due date), CL_EXCEED_MULTIPLEBOND (the customer already has as many open debts as the transaction limit
 * allows), CL_INSUFFICIENT (what is owed plus this order would pass the credit limit).
 */
export const CREDIT_CODES = ['CL_NOT_ELIGIBLE', 'CL_OVERDUE', 'CL_EXCEED_MULTIPLEBOND', 'CL_INSUFFICIENT'] as const;
export type CreditCode = (typeof CREDIT_CODES)[number];

export type CreditPosition = {
  /** The customer's credit limit (0: buys on credit not at all). */
  creditLimit: number;
  /** How many open debts (unpaid credit orders and invoices) the customer may have at once; 0: no cap. */
  transactionLimit: number;
  /** What the customer owes now: open invoices plus confirmed credit orders not yet invoiced. */
  outstanding: number;
  /** How many open debts the customer has now. */
  openCount: number;
  /** The earliest due date (YYYY-MM-DD) among the open debts, if any. */
  oldestDue: string | null;
};

export type CreditDecision = { ok: true; remaining: number } | { ok: false; code: CreditCode; remaining: number };

/** Whether an order of `amount` may be confirmed on credit on `today` (YYYY-MM-DD, Asia/Jakarta). */
export function decideCredit(position: CreditPosition, amount: number, today: string): CreditDecision {
  const remaining = Math.max(0, position.creditLimit - position.outstanding);
  if (position.creditLimit <= 0) return { ok: false, code: 'CL_NOT_ELIGIBLE', remaining };
  if (position.oldestDue !== null && position.oldestDue < today) return { ok: false, code: 'CL_OVERDUE', remaining };
  if (position.transactionLimit > 0 && position.openCount >= position.transactionLimit)
    return { ok: false, code: 'CL_EXCEED_MULTIPLEBOND', remaining };
  if (amount > remaining) return { ok: false, code: 'CL_INSUFFICIENT', remaining };
  return { ok: true, remaining: remaining - amount };
}

/** The due date of a debt: the day it arose plus the customer's payment limit in days. */
export function dueDate(day: string, paymentLimitDays: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + Math.max(0, paymentLimitDays));
  return d.toISOString().slice(0, 10);
}

/** Today's calendar day in Asia/Jakarta (UTC+7, no daylight saving). */
export const jakartaDay = (at: Date): string => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
