import type { CustomerBalance } from '@kelola/contracts';
import { decideCredit, dueDate, jakartaDay, type CreditPosition } from '@kelola/domain';
import { and, count, eq, inArray, min, sql, sum } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { DomainError } from '../../platform/errors.ts';
import { findCustomer } from '../orders/index.ts';
import { balanceOf } from './ledger.service.ts';
import { creditLocks, creditOrders, invoiceOrders, invoices } from './finance.schema.ts';

export const OPEN_INVOICE = ['OUTSTANDING', 'PARTIALLY_PAID'] as const;

/**
 * Takes the customer's credit lock for the rest of the transaction: every decision that reads or changes what the
 * customer owes (credit confirmation, invoicing, withdrawals) of one customer runs one at a time, so two orders racing
 * for the last of a limit see each other (ADR 0035).
 */
export async function lockCustomer(ctx: TenantCtx, customerId: string): Promise<void> {
  await ctx.db
    .insert(creditLocks)
    .values({ workspaceId: ctx.workspaceId, customerId, checks: 1 })
    .onConflictDoUpdate({ target: [creditLocks.workspaceId, creditLocks.customerId], set: { checks: sql`${creditLocks.checks} + 1` } });
}

/** What the customer owes and how many debts are open: open invoices (the receivable) plus credit orders not yet invoiced. */
export async function creditPosition(ctx: TenantCtx, customer: { id: string; creditLimit: number; transactionLimit: number }) {
  const [pending] = await ctx.db
    .select({ amount: sum(creditOrders.amount), n: count(), due: min(creditOrders.dueDate) })
    .from(creditOrders)
    .where(and(eq(creditOrders.workspaceId, ctx.workspaceId), eq(creditOrders.customerId, customer.id), eq(creditOrders.status, 'OPEN')));
  const [open] = await ctx.db
    .select({ n: count(), due: min(invoices.dueDate) })
    .from(invoices)
    .where(
      and(eq(invoices.workspaceId, ctx.workspaceId), eq(invoices.customerId, customer.id), inArray(invoices.status, [...OPEN_INVOICE])),
    );
  const receivable = await balanceOf(ctx, 'RECEIVABLE', customer.id);
  const dues = [pending?.due, open?.due].filter((d): d is string => Boolean(d)).sort();
  const position: CreditPosition = {
    creditLimit: customer.creditLimit,
    transactionLimit: customer.transactionLimit,
    outstanding: receivable + Number(pending?.amount ?? 0),
    openCount: Number(pending?.n ?? 0) + Number(open?.n ?? 0),
    oldestDue: dues[0] ?? null,
  };
  return { position, receivable };
}

/** The spec's credit check without a write (the order form shows it before confirming). */
export async function checkCredit(ctx: TenantCtx, customerId: string, amount: number) {
  const customer = await findCustomer(ctx, customerId);
  const { position } = await creditPosition(ctx, customer);
  const d = decideCredit(position, amount, jakartaDay(ctx.platform.now()));
  return { ok: d.ok, code: d.ok ? null : d.code, remaining: d.remaining };
}

export async function customerBalance(ctx: TenantCtx, customerId: string): Promise<CustomerBalance> {
  const customer = await findCustomer(ctx, customerId);
  const { position, receivable } = await creditPosition(ctx, customer);
  return {
    customer_id: customer.id,
    currency: 'IDR',
    receivable,
    wallet: await balanceOf(ctx, 'WALLET', customer.id),
    held: await balanceOf(ctx, 'WALLET_HOLD', customer.id),
    credit_limit: customer.creditLimit,
    credit_used: position.outstanding,
    credit_remaining: Math.max(0, customer.creditLimit - position.outstanding),
    open_count: position.openCount,
    transaction_limit: customer.transactionLimit,
    oldest_due: position.oldestDue,
  };
}

export type CreditOrder = {
  id: string;
  source: string;
  customerId: string | null;
  paymentStatus: string;
  buyerTotal: number;
  orderDate: Date;
  status: string;
};

/**
 * Follows an order's confirmation and cancellation in the order's own transaction (called by the order flows).
 * A manual order confirmed unpaid for a customer with a credit limit is a sale on credit: the credit rules decide
 * (CL_OVERDUE, CL_EXCEED_MULTIPLEBOND, CL_INSUFFICIENT, naming the rule; the transaction rolls back) and the
 * amount counts against the limit until it is invoiced. A cancelled order that was not invoiced gives its amount back.
 * A customer without a credit limit buys as before (cash, not on credit).
 * An order billed on a live invoice cannot be cancelled: 409 ORDER_INVOICED naming the invoice, and the whole
 * cancellation rolls back (stock, state, timeline). The invoice is cancelled first, or reduced by a credit note (ADR 0042).
 */
export async function followOrderCredit(ctx: TenantCtx, order: CreditOrder, from: string | null): Promise<void> {
  if (order.source !== 'MANUAL' || !order.customerId) return;
  if (order.status === 'CANCELED' && from !== 'CANCELED') {
    // A cancelled invoice lets go of its orders (cancelInvoice deletes their rows), so a row here is a live invoice.
    const [billed] = await ctx.db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoiceOrders)
      .innerJoin(invoices, and(eq(invoices.workspaceId, invoiceOrders.workspaceId), eq(invoices.id, invoiceOrders.invoiceId)))
      .where(and(eq(invoiceOrders.workspaceId, ctx.workspaceId), eq(invoiceOrders.orderId, order.id)));
    if (billed)
      throw new DomainError('ORDER_INVOICED', { invoice_id: billed.id, invoice_number: billed.number }, { invoice_number: billed.number });
    await ctx.db
      .update(creditOrders)
      .set({ status: 'RELEASED' })
      .where(and(eq(creditOrders.workspaceId, ctx.workspaceId), eq(creditOrders.orderId, order.id), eq(creditOrders.status, 'OPEN')));
    return;
  }
  if (order.status !== 'CONFIRMED' || from === 'CONFIRMED' || order.paymentStatus === 'PAID') return;
  const customer = await findCustomer(ctx, order.customerId);
  if (customer.creditLimit <= 0) return;
  await lockCustomer(ctx, customer.id);
  const [already] = await ctx.db
    .select({ status: creditOrders.status })
    .from(creditOrders)
    .where(and(eq(creditOrders.workspaceId, ctx.workspaceId), eq(creditOrders.orderId, order.id)));
  if (already && already.status !== 'RELEASED') return;
  const { position } = await creditPosition(ctx, customer);
  const decision = decideCredit(position, order.buyerTotal, jakartaDay(ctx.platform.now()));
  if (!decision.ok) throw new DomainError(decision.code, { remaining: decision.remaining, credit_limit: customer.creditLimit });
  const due = dueDate(jakartaDay(order.orderDate), customer.paymentLimitDays);
  await ctx.db
    .insert(creditOrders)
    .values({ workspaceId: ctx.workspaceId, orderId: order.id, customerId: customer.id, amount: order.buyerTotal, dueDate: due })
    .onConflictDoUpdate({
      target: [creditOrders.workspaceId, creditOrders.orderId],
      set: { status: 'OPEN', amount: order.buyerTotal, dueDate: due, invoiceId: null },
    });
}
