import { bankName, type Payment, PaymentChannelInput, PaymentDecisionInput, PaymentInput, PaymentListQuery } from '@kelola/contracts';
import { allocate, imageProblems, MIME_TYPES, sniffImageFormat, type Currency, type FinancePaymentStatus } from '@kelola/domain';
import { and, count, desc, eq, inArray, sql, sum, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import { findCustomer } from '../orders/index.ts';
import { documentNumber, offset, parseOrFail, sameRequest } from './common.ts';
import { lockCustomer, OPEN_INVOICE } from './credit.service.ts';
import { allocations, invoices, paymentChannels, payments } from './finance.schema.ts';
import { applyToInvoice, openInvoicesForUpdate } from './invoices.service.ts';
import { post } from './ledger.service.ts';

type PaymentRow = typeof payments.$inferSelect;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/u;
/** A transfer slip photo: at most 5 MB. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

// Payment channels --------------------------------------------------------------------------------------------------

const presentChannel = (c: typeof paymentChannels.$inferSelect) => ({
  id: c.id,
  method: c.method as 'BANK_TRANSFER',
  bank_code: c.bankCode,
  bank_name: c.bankName,
  account_number: c.accountNumber,
  account_name: c.accountName,
  active: c.active,
});

export async function listPaymentChannels(ctx: TenantCtx) {
  const rows = await ctx.db
    .select()
    .from(paymentChannels)
    .where(eq(paymentChannels.workspaceId, ctx.workspaceId))
    .orderBy(paymentChannels.createdAt);
  return { items: rows.map(presentChannel) };
}

async function channelOr404(ctx: TenantCtx, id: string) {
  const [row] = await ctx.db
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.workspaceId, ctx.workspaceId), eq(paymentChannels.id, id)));
  if (!row) throw new DomainError('PAYMENT_CHANNEL_NOT_FOUND');
  return row;
}

export async function savePaymentChannel(ctx: TenantCtx, id: string | null, input: z.input<typeof PaymentChannelInput>) {
  const d = parseOrFail(PaymentChannelInput, input);
  const bank = d.method === 'BANK_TRANSFER' || d.method === 'VIRTUAL_ACCOUNT';
  const values = {
    method: d.method,
    bankCode: bank ? d.bank_code! : null,
    bankName: bank ? bankName(d.bank_code!) : null,
    accountNumber: bank ? d.account_number! : null,
    accountName: bank ? d.account_name! : null,
    active: d.active ?? true,
  };
  if (id) {
    await channelOr404(ctx, id);
    await ctx.db
      .update(paymentChannels)
      .set(values)
      .where(and(eq(paymentChannels.workspaceId, ctx.workspaceId), eq(paymentChannels.id, id)));
    return presentChannel(await channelOr404(ctx, id));
  }
  const newId = uuidv7();
  await ctx.db.insert(paymentChannels).values({ id: newId, workspaceId: ctx.workspaceId, ...values });
  return presentChannel(await channelOr404(ctx, newId));
}

// Payments --------------------------------------------------------------------------------------------------------

async function paymentOr404(ctx: TenantCtx, id: string, lock = false): Promise<PaymentRow> {
  const q = ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.workspaceId, ctx.workspaceId), eq(payments.id, id)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw new DomainError('PAYMENT_NOT_FOUND');
  return row;
}

/** What each customer still owes on open invoices (one query for a page of payments). */
async function remainingBills(ctx: TenantCtx, customerIds: string[]): Promise<Map<string, number>> {
  if (customerIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ customerId: invoices.customerId, rest: sum(sql`${invoices.total} - ${invoices.paid} - ${invoices.credited}`) })
    .from(invoices)
    .where(
      and(
        eq(invoices.workspaceId, ctx.workspaceId),
        inArray(invoices.customerId, customerIds),
        inArray(invoices.status, [...OPEN_INVOICE]),
      ),
    )
    .groupBy(invoices.customerId);
  return new Map(rows.map((r) => [r.customerId, Number(r.rest ?? 0)]));
}

async function present(ctx: TenantCtx, rows: PaymentRow[]): Promise<Payment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [allocs, channels, bills] = [
    await ctx.db
      .select({ paymentId: allocations.paymentId, invoiceId: allocations.invoiceId, amount: allocations.amount, number: invoices.number })
      .from(allocations)
      .innerJoin(invoices, and(eq(invoices.workspaceId, allocations.workspaceId), eq(invoices.id, allocations.invoiceId)))
      .where(and(eq(allocations.workspaceId, ctx.workspaceId), inArray(allocations.paymentId, ids)))
      .orderBy(allocations.id),
    await listPaymentChannels(ctx),
    await remainingBills(ctx, [...new Set(rows.map((r) => r.customerId))]),
  ];
  const label = new Map(
    channels.items.map((c) => [c.id, c.bank_name ? `${c.bank_name} ${c.account_number} a.n. ${c.account_name}` : c.method]),
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    customer_id: r.customerId,
    customer_name: r.customerName,
    channel_id: r.channelId,
    channel_label: r.channelId ? (label.get(r.channelId) ?? null) : null,
    method: r.method,
    currency: r.currency as Currency,
    amount: r.amount,
    allocated: r.allocated,
    overpaid: r.overpaid,
    sender_bank: r.senderBank,
    sender_account_number: r.senderAccountNumber,
    sender_account_name: r.senderAccountName,
    paid_at: r.paidAt,
    has_proof: r.proofKey !== null,
    invoice_ids: r.invoiceIds,
    remaining_bill: bills.get(r.customerId) ?? 0,
    status: r.status as FinancePaymentStatus,
    reason: r.reason,
    notes: r.notes,
    created_at: r.createdAt.toISOString(),
    allocations: allocs
      .filter((a) => a.paymentId === r.id)
      .map((a) => ({ invoice_id: a.invoiceId, invoice_number: a.number, amount: a.amount })),
  }));
}

export async function getPayment(ctx: TenantCtx, id: string): Promise<Payment> {
  return (await present(ctx, [await paymentOr404(ctx, id)]))[0]!;
}

export async function listPayments(ctx: TenantCtx, query: z.input<typeof PaymentListQuery>) {
  const q = parseOrFail(PaymentListQuery, query);
  const where: SQL[] = [eq(payments.workspaceId, ctx.workspaceId)];
  if (q.status) where.push(eq(payments.status, q.status));
  if (q.customer_id) where.push(eq(payments.customerId, q.customer_id));
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(and(...where))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(q.size)
    .offset(offset(q));
  const [total] = await ctx.db
    .select({ n: count() })
    .from(payments)
    .where(and(...where));
  return { items: await present(ctx, rows), page: q.page, size: q.size, total_row: Number(total?.n ?? 0) };
}

/**
 * Records a customer's payment with its transfer proof (JPG, PNG, BMP, GIF by their bytes, at most 5 MB) as
 * NEED_CONFIRMATION; nothing is posted until it is confirmed. A customer with no open invoice has nothing to pay:
 * WP_NOT_FOUND ('No Waiting Payment Transaction Found'). The idempotency key answers a retry with the same payment.
 */
export async function createPayment(ctx: TenantCtx, input: PaymentInput): Promise<Payment> {
  const d = parseOrFail(PaymentInput, input);
  const [existing] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.workspaceId, ctx.workspaceId), eq(payments.idempotencyKey, d.idempotency_key)));
  if (existing) {
    sameRequest(existing.customerId === d.customer_id && existing.amount === d.amount);
    return getPayment(ctx, existing.id);
  }
  const customer = await findCustomer(ctx, d.customer_id).catch(() => {
    throw fieldError('VALIDATION_FAILED', 'customer_id', 'CUSTOMER_NOT_FOUND');
  });
  const channel = await channelOr404(ctx, d.channel_id).catch(() => {
    throw fieldError('VALIDATION_FAILED', 'channel_id', 'PAYMENT_CHANNEL_NOT_FOUND');
  });
  const open = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(eq(invoices.workspaceId, ctx.workspaceId), eq(invoices.customerId, customer.id), inArray(invoices.status, [...OPEN_INVOICE])),
    );
  if (open.length === 0) throw new DomainError('WP_NOT_FOUND');
  const chosen = [...new Set(d.invoice_ids ?? [])];
  for (const [i, invoiceId] of chosen.entries())
    if (!open.some((o) => o.id === invoiceId)) throw fieldError('VALIDATION_FAILED', `invoice_ids.${i}`, 'INVOICE_NOT_FOUND');
  const id = uuidv7();
  let proofKey: string | null = null;
  let proofMime: string | null = null;
  if (d.proof) {
    const content = d.proof.content_base64.replace(/^data:[^,]*,/u, '').replace(/\s/gu, '');
    if (!BASE64.test(content)) throw fieldError('VALIDATION_FAILED', 'proof.content_base64', 'INVALID_BASE64');
    const bytes = Buffer.from(content, 'base64');
    const problems = imageProblems(d.proof.file_name, bytes, PROOF_MAX_BYTES);
    if (problems.length > 0)
      throw new DomainError('VALIDATION_FAILED', {
        fields: problems.map((p) => ({ path: p === 'IMAGE_EXTENSION' ? 'proof.file_name' : 'proof.content_base64', code: p, message: p })),
      });
    const format = sniffImageFormat(bytes)!;
    proofKey = `workspaces/${ctx.workspaceId}/payments/${id}.${format === 'jpeg' ? 'jpg' : format}`;
    proofMime = MIME_TYPES[format];
    await ctx.platform.files.put(proofKey, bytes);
    const key = proofKey;
    ctx.afterRollback(async () => ctx.platform.files.remove(key));
  }
  await ctx.db.insert(payments).values({
    id,
    workspaceId: ctx.workspaceId,
    number: await documentNumber(ctx, 'PAY'),
    customerId: customer.id,
    customerName: customer.name,
    channelId: channel.id,
    method: channel.method,
    amount: d.amount,
    senderBank: d.sender_bank ? bankName(d.sender_bank) : null,
    senderAccountNumber: d.sender_account_number ?? null,
    senderAccountName: d.sender_account_name ?? null,
    paidAt: d.paid_at,
    proofKey,
    proofMime,
    invoiceIds: chosen,
    status: 'NEED_CONFIRMATION',
    notes: d.notes ?? null,
    idempotencyKey: d.idempotency_key,
  });
  return getPayment(ctx, id);
}

/** The transfer proof image of a payment. */
export async function paymentProof(ctx: TenantCtx, id: string) {
  const p = await paymentOr404(ctx, id);
  if (!p.proofKey) throw new DomainError('PROOF_NOT_FOUND');
  const stream = await ctx.platform.files.get(p.proofKey);
  if (!stream) throw new DomainError('PROOF_NOT_FOUND');
  return { stream, mimeType: p.proofMime ?? 'application/octet-stream' };
}

const TARGET: Record<'CONFIRM' | 'REJECT' | 'CANCEL', FinancePaymentStatus> = {
  CONFIRM: 'CONFIRMED',
  REJECT: 'REJECTED',
  CANCEL: 'CANCELLED',
};

/**
 * Confirms, rejects or cancels a payment that needs confirmation. Confirming allocates the amount to the chosen
 * invoices first, then to the customer's oldest open invoices; a partial payment leaves the rest of the bill open,
 * an over-payment goes to the customer's wallet; all posted at once (cash in, receivable and wallet) under the key
 * `payment:<id>:confirm`. Repeating the decision already taken answers the payment unchanged.
 */
export async function decidePayment(ctx: TenantCtx, id: string, input: z.input<typeof PaymentDecisionInput>): Promise<Payment> {
  const d = parseOrFail(PaymentDecisionInput, input);
  const p = await paymentOr404(ctx, id, true);
  const target = TARGET[d.action];
  if (p.status === target) return getPayment(ctx, id);
  if (p.status !== 'NEED_CONFIRMATION') throw new DomainError('PAYMENT_STATE_CONFLICT', { status: p.status });
  const decided = { status: target, reason: d.reason ?? null, decidedAt: ctx.platform.now(), decidedBy: ctx.actor.userId };
  if (target !== 'CONFIRMED') {
    await ctx.db
      .update(payments)
      .set(decided)
      .where(and(eq(payments.workspaceId, ctx.workspaceId), eq(payments.id, id)));
    return getPayment(ctx, id);
  }
  await lockCustomer(ctx, p.customerId);
  const open = await openInvoicesForUpdate(ctx, p.customerId);
  const ordered = [...open.filter((i) => p.invoiceIds.includes(i.id)), ...open.filter((i) => !p.invoiceIds.includes(i.id))];
  const { parts, overpaid } = allocate(
    p.amount,
    ordered.map((i) => ({ id: i.id, remaining: i.total - i.paid - i.credited })),
  );
  for (const part of parts)
    await applyToInvoice(
      ctx,
      ordered.find((i) => i.id === part.id)!,
      part.amount,
      { paymentId: id },
    );
  const allocated = p.amount - overpaid;
  await ctx.db
    .update(payments)
    .set({ ...decided, allocated, overpaid })
    .where(and(eq(payments.workspaceId, ctx.workspaceId), eq(payments.id, id)));
  await post(ctx, {
    key: `payment:${id}:confirm`,
    sourceType: 'PAYMENT',
    sourceId: id,
    event: overpaid > 0 ? 'PAYMENT_OVERPAID' : 'PAYMENT_CONFIRMED',
    memo: p.number,
    currency: p.currency as Currency,
    lines: [
      { kind: 'CASH', amount: p.amount },
      { kind: 'RECEIVABLE', party: p.customerId, amount: -allocated },
      { kind: 'WALLET', party: p.customerId, amount: -overpaid },
    ],
  });
  return getPayment(ctx, id);
}
