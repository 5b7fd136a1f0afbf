import {
  bankName,
  WithdrawalActionInput,
  WithdrawalInput,
  WithdrawalListQuery,
  WithdrawalSettingsInput,
  type Withdrawal,
} from '@kelola/contracts';
import {
  periodStart,
  WITHDRAWAL_TRANSFER_HOURS,
  withdrawalLimitProblem,
  withdrawalMoney,
  withdrawalNext,
  withdrawalOverdue,
  type Currency,
  type WithdrawalAction,
  type WithdrawalSettings,
  type WithdrawalStatus,
} from '@kelola/domain';
import { and, count, desc, eq, gte, notInArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import { findCustomer } from '../orders/index.ts';
import { documentNumber, iso, offset, parseOrFail, sameRequest } from './common.ts';
import { lockCustomer } from './credit.service.ts';
import { withdrawals, withdrawalSettings } from './finance.schema.ts';
import { post } from './ledger.service.ts';

type Row = typeof withdrawals.$inferSelect;
const STEP_DONE: Record<WithdrawalAction, WithdrawalStatus> = {
  APPROVE: 'APPROVED',
  PROCESS: 'PROCESSED',
  COMPLETE: 'COMPLETED',
  REJECT: 'REJECTED',
  CANCEL: 'CANCELED',
  FAIL: 'FAILED',
};
const DEFAULTS: WithdrawalSettings = { minAmount: 50_000, maxAmount: 50_000_000, maxCount: 3, countPeriod: 'DAY', fee: 0 };

async function settingsOf(ctx: TenantCtx): Promise<WithdrawalSettings> {
  const [row] = await ctx.db.select().from(withdrawalSettings).where(eq(withdrawalSettings.workspaceId, ctx.workspaceId));
  return row ? { ...row, countPeriod: row.countPeriod as WithdrawalSettings['countPeriod'] } : DEFAULTS;
}

const presentSettings = (s: WithdrawalSettings) => ({
  min_amount: s.minAmount,
  max_amount: s.maxAmount,
  max_count: s.maxCount,
  count_period: s.countPeriod,
  fee: s.fee,
  transfer_hours: WITHDRAWAL_TRANSFER_HOURS,
});

export async function getWithdrawalSettings(ctx: TenantCtx) {
  return presentSettings(await settingsOf(ctx));
}

export async function saveWithdrawalSettings(ctx: TenantCtx, input: z.input<typeof WithdrawalSettingsInput>) {
  const d = parseOrFail(WithdrawalSettingsInput, input);
  const values = { minAmount: d.min_amount, maxAmount: d.max_amount, maxCount: d.max_count, countPeriod: d.count_period, fee: d.fee };
  await ctx.db
    .insert(withdrawalSettings)
    .values({ workspaceId: ctx.workspaceId, ...values })
    .onConflictDoUpdate({ target: withdrawalSettings.workspaceId, set: { ...values, updatedAt: ctx.platform.now() } });
  return getWithdrawalSettings(ctx);
}

function present(r: Row, now: Date): Withdrawal {
  return {
    id: r.id,
    number: r.number,
    customer_id: r.customerId,
    customer_name: r.customerName,
    currency: r.currency as Currency,
    amount: r.amount,
    fee: r.fee,
    net: r.amount - r.fee,
    bank_code: r.bankCode,
    bank_name: r.bankName,
    account_number: r.accountNumber,
    account_name: r.accountName,
    beneficiary: r.beneficiary,
    status: r.status as WithdrawalStatus,
    reason: r.reason,
    requested_at: r.requestedAt.toISOString(),
    processed_at: iso(r.processedAt),
    completed_at: iso(r.completedAt),
    transfer_due_at: new Date(r.requestedAt.getTime() + WITHDRAWAL_TRANSFER_HOURS * 3_600_000).toISOString(),
    overdue: withdrawalOverdue(r.status as WithdrawalStatus, r.requestedAt, now),
  };
}

async function withdrawalOr404(ctx: TenantCtx, id: string, lock = false): Promise<Row> {
  const q = ctx.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.workspaceId, ctx.workspaceId), eq(withdrawals.id, id)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw new DomainError('WITHDRAWAL_NOT_FOUND');
  return row;
}

export async function getWithdrawal(ctx: TenantCtx, id: string) {
  return present(await withdrawalOr404(ctx, id), ctx.platform.now());
}

export async function listWithdrawals(ctx: TenantCtx, query: z.input<typeof WithdrawalListQuery>) {
  const q = parseOrFail(WithdrawalListQuery, query);
  const where: SQL[] = [eq(withdrawals.workspaceId, ctx.workspaceId)];
  if (q.status) where.push(eq(withdrawals.status, q.status));
  if (q.customer_id) where.push(eq(withdrawals.customerId, q.customer_id));
  const rows = await ctx.db
    .select()
    .from(withdrawals)
    .where(and(...where))
    .orderBy(desc(withdrawals.requestedAt), desc(withdrawals.id))
    .limit(q.size)
    .offset(offset(q));
  const [total] = await ctx.db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(...where));
  const now = ctx.platform.now();
  return { items: rows.map((r) => present(r, now)), page: q.page, size: q.size, total_row: Number(total?.n ?? 0) };
}

/**
 * A withdrawal request (spec parts 5 and 9): the settings' minimum, maximum and count per period, the fee of the
 * day, the requester's confirmation that the bank data is correct; the amount is held from the wallet at once
 * (WALLET → WALLET_HOLD), so the wallet can never go below zero: the customer's lock serialises requests, and the
 * ledger refuses an overdrawn wallet (WALLET_INSUFFICIENT) whatever the order of concurrent requests.
 */
export async function requestWithdrawal(ctx: TenantCtx, input: z.input<typeof WithdrawalInput>) {
  const d = parseOrFail(WithdrawalInput, input);
  const [existing] = await ctx.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.workspaceId, ctx.workspaceId), eq(withdrawals.idempotencyKey, d.idempotency_key)));
  if (existing) {
    sameRequest(existing.customerId === d.customer_id && existing.amount === d.amount);
    return getWithdrawal(ctx, existing.id);
  }
  const customer = await findCustomer(ctx, d.customer_id).catch(() => {
    throw fieldError('VALIDATION_FAILED', 'customer_id', 'CUSTOMER_NOT_FOUND');
  });
  await lockCustomer(ctx, customer.id);
  const settings = await settingsOf(ctx);
  const now = ctx.platform.now();
  const [inPeriod] = await ctx.db
    .select({ n: count() })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.workspaceId, ctx.workspaceId),
        eq(withdrawals.customerId, customer.id),
        gte(withdrawals.requestedAt, periodStart(settings.countPeriod, now)),
        notInArray(withdrawals.status, ['REJECTED', 'CANCELED', 'FAILED']),
      ),
    );
  const problem = withdrawalLimitProblem(settings, d.amount, Number(inPeriod?.n ?? 0));
  if (problem)
    throw new DomainError(
      problem,
      { min: settings.minAmount, max: settings.maxAmount },
      { min: settings.minAmount, max: settings.maxAmount },
    );
  if (settings.fee >= d.amount) throw fieldError('VALIDATION_FAILED', 'amount', 'TOO_SMALL');
  const id = uuidv7();
  const number = await documentNumber(ctx, 'WD');
  await ctx.db.insert(withdrawals).values({
    id,
    workspaceId: ctx.workspaceId,
    number,
    customerId: customer.id,
    customerName: customer.name,
    amount: d.amount,
    fee: settings.fee,
    bankCode: d.bank_code,
    bankName: bankName(d.bank_code) ?? d.bank_code,
    accountNumber: d.account_number,
    accountName: d.account_name,
    beneficiary: d.beneficiary,
    status: 'SUBMITTED',
    idempotencyKey: d.idempotency_key,
    requestedAt: now,
  });
  await post(ctx, {
    key: `withdrawal:${id}:hold`,
    sourceType: 'WITHDRAWAL',
    sourceId: id,
    event: 'WITHDRAWAL_REQUESTED',
    memo: number,
    lines: [
      { kind: 'WALLET', party: customer.id, amount: d.amount },
      { kind: 'WALLET_HOLD', party: customer.id, amount: -d.amount },
    ],
  });
  return getWithdrawal(ctx, id);
}

/**
 * One step of a withdrawal: approve, process, complete (the held money is paid out: the amount less the fee to the
 * bank, the fee to the fees account), or reject, cancel, fail (the held money goes back to the wallet). Repeating the
 * step that was just taken answers the withdrawal unchanged.
 */
export async function actOnWithdrawal(ctx: TenantCtx, id: string, input: z.input<typeof WithdrawalActionInput>) {
  const d = parseOrFail(WithdrawalActionInput, input);
  const w = await withdrawalOr404(ctx, id, true);
  const from = w.status as WithdrawalStatus;
  const to = withdrawalNext(from, d.action);
  if (!to) {
    const repeated = STEP_DONE[d.action];
    if (repeated === from) return getWithdrawal(ctx, id);
    throw new DomainError('WITHDRAWAL_STATE_CONFLICT', { status: from, action: d.action });
  }
  const now = ctx.platform.now();
  await ctx.db
    .update(withdrawals)
    .set({
      status: to,
      updatedAt: now,
      ...(to === 'APPROVED' ? { approvedAt: now } : {}),
      ...(to === 'PROCESSED' ? { processedAt: now } : {}),
      ...(to === 'COMPLETED' ? { completedAt: now } : {}),
      ...(withdrawalMoney(to) === 'RELEASED' ? { closedAt: now, reason: d.reason ?? null } : {}),
    })
    .where(and(eq(withdrawals.workspaceId, ctx.workspaceId), eq(withdrawals.id, id)));
  const money = withdrawalMoney(to);
  if (money === 'PAID')
    await post(ctx, {
      key: `withdrawal:${id}:complete`,
      sourceType: 'WITHDRAWAL',
      sourceId: id,
      event: 'WITHDRAWAL_COMPLETED',
      memo: w.number,
      lines: [
        { kind: 'WALLET_HOLD', party: w.customerId, amount: w.amount },
        { kind: 'CASH', amount: -(w.amount - w.fee) },
        { kind: 'FEES', amount: -w.fee },
      ],
    });
  if (money === 'RELEASED')
    await post(ctx, {
      key: `withdrawal:${id}:release`,
      sourceType: 'WITHDRAWAL',
      sourceId: id,
      event: `WITHDRAWAL_${to}`,
      memo: w.number,
      lines: [
        { kind: 'WALLET_HOLD', party: w.customerId, amount: w.amount },
        { kind: 'WALLET', party: w.customerId, amount: -w.amount },
      ],
    });
  return getWithdrawal(ctx, id);
}
