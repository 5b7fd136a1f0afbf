/**
 * States of withdrawals and payments (spec part 4, issue 17). Withdrawal: SUBMITTED (the spec's draft) → APPROVED
 * (approved/confirmed) → PROCESSED → COMPLETED, or REJECTED, CANCELED, FAILED. Payment (transfer proof):
 * NEED_CONFIRMATION → CONFIRMED, or REJECTED, CANCELLED.
 */
export const WITHDRAWAL_STATUSES = ['SUBMITTED', 'APPROVED', 'PROCESSED', 'COMPLETED', 'REJECTED', 'CANCELED', 'FAILED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const WITHDRAWAL_ACTIONS = ['APPROVE', 'PROCESS', 'COMPLETE', 'REJECT', 'CANCEL', 'FAIL'] as const;
export type WithdrawalAction = (typeof WITHDRAWAL_ACTIONS)[number];

export const WITHDRAWAL_TRANSITIONS: Record<WithdrawalAction, Partial<Record<WithdrawalStatus, WithdrawalStatus>>> = {
  APPROVE: { SUBMITTED: 'APPROVED' },
  PROCESS: { APPROVED: 'PROCESSED' },
  COMPLETE: { PROCESSED: 'COMPLETED' },
  REJECT: { SUBMITTED: 'REJECTED', APPROVED: 'REJECTED' },
  CANCEL: { SUBMITTED: 'CANCELED' },
  FAIL: { PROCESSED: 'FAILED' },
};

/** What happens to the held money: still HELD, RELEASED back to the wallet, or PAID out. */
export function withdrawalMoney(status: WithdrawalStatus): 'HELD' | 'RELEASED' | 'PAID' {
  if (status === 'COMPLETED') return 'PAID';
  if (status === 'REJECTED' || status === 'CANCELED' || status === 'FAILED') return 'RELEASED';
  return 'HELD';
}

export const withdrawalNext = (from: WithdrawalStatus, action: WithdrawalAction): WithdrawalStatus | null =>
  WITHDRAWAL_TRANSITIONS[action][from] ?? null;

/** Spec part 9: the transfer is made within 2 × 24 hours of the request; an open request past that is overdue. */
export const WITHDRAWAL_TRANSFER_HOURS = 48;
export function withdrawalOverdue(status: WithdrawalStatus, requestedAt: Date, now: Date): boolean {
  return withdrawalMoney(status) === 'HELD' && now.getTime() - requestedAt.getTime() > WITHDRAWAL_TRANSFER_HOURS * 3_600_000;
}

export type WithdrawalSettings = {
  minAmount: number;
  maxAmount: number;
  maxCount: number;
  countPeriod: 'DAY' | 'WEEK' | 'MONTH';
  fee: number;
};

export type WithdrawalLimitProblem = 'WITHDRAWAL_BELOW_MIN' | 'WITHDRAWAL_ABOVE_MAX' | 'WITHDRAWAL_COUNT_EXCEEDED';

/** The settings' rule a request breaks, if any; `countInPeriod` counts the requests (not refused ones) of the period. */
export function withdrawalLimitProblem(s: WithdrawalSettings, amount: number, countInPeriod: number): WithdrawalLimitProblem | null {
  if (amount < s.minAmount) return 'WITHDRAWAL_BELOW_MIN';
  if (s.maxAmount > 0 && amount > s.maxAmount) return 'WITHDRAWAL_ABOVE_MAX';
  if (s.maxCount > 0 && countInPeriod >= s.maxCount) return 'WITHDRAWAL_COUNT_EXCEEDED';
  return null;
}

/** The start of the counting period (Asia/Jakarta calendar; weeks start on Monday) as an instant. */
export function periodStart(period: WithdrawalSettings['countPeriod'], now: Date): Date {
  const local = new Date(now.getTime() + 7 * 3_600_000);
  let day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  if (period === 'WEEK') day = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
  if (period === 'MONTH') day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1));
  return new Date(day.getTime() - 7 * 3_600_000);
}

export const PAYMENT_STATUSES_FINANCE = ['NEED_CONFIRMATION', 'CONFIRMED', 'REJECTED', 'CANCELLED'] as const;
export type FinancePaymentStatus = (typeof PAYMENT_STATUSES_FINANCE)[number];

export const INVOICE_STATUSES = ['OUTSTANDING', 'PARTIALLY_PAID', 'PAID', 'CANCELLED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export function invoiceStatus(total: number, paid: number, cancelled = false): InvoiceStatus {
  if (cancelled) return 'CANCELLED';
  if (paid >= total) return 'PAID';
  return paid > 0 ? 'PARTIALLY_PAID' : 'OUTSTANDING';
}

/** Oldest-first allocation of a payment over open invoices; what is left over goes to the wallet. */
export function allocate(amount: number, open: readonly { id: string; remaining: number }[]) {
  let left = amount;
  const parts: { id: string; amount: number }[] = [];
  for (const inv of open) {
    if (left <= 0) break;
    const take = Math.min(left, inv.remaining);
    if (take > 0) parts.push({ id: inv.id, amount: take });
    left -= take;
  }
  return { parts, overpaid: left };
}
