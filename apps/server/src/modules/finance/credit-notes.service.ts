import { CreditNoteInput, CreditNoteListQuery } from '@kelola/contracts';
import type { Currency } from '@kelola/domain';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import { findCustomer } from '../orders/index.ts';
import { documentNumber, offset, parseOrFail, sameRequest } from './common.ts';
import { lockCustomer } from './credit.service.ts';
import { creditNotes, invoices } from './finance.schema.ts';
import { applyToInvoice, invoiceOr404 } from './invoices.service.ts';
import { post } from './ledger.service.ts';

type NoteRow = typeof creditNotes.$inferSelect;

async function present(ctx: TenantCtx, rows: NoteRow[]) {
  const numbers = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.invoiceId).filter((v): v is string => v !== null))) {
    const [inv] = await ctx.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.workspaceId, ctx.workspaceId), eq(invoices.id, id)));
    if (inv) numbers.set(id, inv.number);
  }
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    customer_id: r.customerId,
    customer_name: r.customerName,
    invoice_id: r.invoiceId,
    invoice_number: r.invoiceId ? (numbers.get(r.invoiceId) ?? null) : null,
    reason: r.reason as 'RETURN',
    target: r.target as 'INVOICE' | 'WALLET',
    currency: r.currency as Currency,
    amount: r.amount,
    to_wallet: r.toWallet,
    notes: r.notes,
    created_at: r.createdAt.toISOString(),
  }));
}

export async function getCreditNote(ctx: TenantCtx, id: string) {
  const [row] = await ctx.db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.workspaceId, ctx.workspaceId), eq(creditNotes.id, id)));
  if (!row) throw new DomainError('CREDIT_NOTE_NOT_FOUND');
  return (await present(ctx, [row]))[0]!;
}

export async function listCreditNotes(ctx: TenantCtx, query: z.input<typeof CreditNoteListQuery>) {
  const q = parseOrFail(CreditNoteListQuery, query);
  const where: SQL[] = [eq(creditNotes.workspaceId, ctx.workspaceId)];
  if (q.customer_id) where.push(eq(creditNotes.customerId, q.customer_id));
  const rows = await ctx.db
    .select()
    .from(creditNotes)
    .where(and(...where))
    .orderBy(desc(creditNotes.createdAt), desc(creditNotes.id))
    .limit(q.size)
    .offset(offset(q));
  const [total] = await ctx.db
    .select({ n: count() })
    .from(creditNotes)
    .where(and(...where));
  return { items: await present(ctx, rows), page: q.page, size: q.size, total_row: Number(total?.n ?? 0) };
}

/**
 * Issues a credit note (a return — the returns flow calls this with `source_ref` —, a price correction or goodwill):
 * applied to an open invoice of the customer (reducing its remaining bill; at most what remains) or credited to the
 * customer's wallet. Posted under `credit-note:<id>`; the idempotency key answers a retry with the same note.
 */
export async function issueCreditNote(ctx: TenantCtx, input: CreditNoteInput, sourceRef: string | null = null) {
  const d = parseOrFail(CreditNoteInput, input);
  const [existing] = await ctx.db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.workspaceId, ctx.workspaceId), eq(creditNotes.idempotencyKey, d.idempotency_key)));
  if (existing) {
    sameRequest(existing.customerId === d.customer_id && existing.amount === d.amount);
    return getCreditNote(ctx, existing.id);
  }
  const customer = await findCustomer(ctx, d.customer_id).catch(() => {
    throw fieldError('VALIDATION_FAILED', 'customer_id', 'CUSTOMER_NOT_FOUND');
  });
  await lockCustomer(ctx, customer.id);
  const id = uuidv7();
  let invoice = null;
  if (d.target === 'INVOICE') {
    invoice = await invoiceOr404(ctx, d.invoice_id!, true).catch(() => {
      throw fieldError('VALIDATION_FAILED', 'invoice_id', 'INVOICE_NOT_FOUND');
    });
    if (invoice.customerId !== customer.id || (invoice.status !== 'OUTSTANDING' && invoice.status !== 'PARTIALLY_PAID'))
      throw fieldError('VALIDATION_FAILED', 'invoice_id', 'INVOICE_NOT_FOUND');
    if (d.amount > invoice.total - invoice.paid - invoice.credited)
      throw fieldError('VALIDATION_FAILED', 'amount', 'AMOUNT_ABOVE_REMAINING');
  }
  const number = await documentNumber(ctx, 'CN');
  await ctx.db.insert(creditNotes).values({
    id,
    workspaceId: ctx.workspaceId,
    number,
    customerId: customer.id,
    customerName: customer.name,
    invoiceId: invoice?.id ?? null,
    reason: d.reason,
    target: d.target,
    amount: d.amount,
    toWallet: invoice ? 0 : d.amount,
    notes: d.notes ?? null,
    sourceRef,
    idempotencyKey: d.idempotency_key,
    actorId: ctx.actor.userId,
  });
  if (invoice) await applyToInvoice(ctx, invoice, d.amount, { creditNoteId: id });
  await post(ctx, {
    key: `credit-note:${id}`,
    sourceType: 'CREDIT_NOTE',
    sourceId: id,
    event: invoice ? 'CREDIT_NOTE_INVOICE' : 'CREDIT_NOTE_WALLET',
    memo: number,
    lines: [
      { kind: 'CREDIT_NOTES', amount: d.amount },
      invoice ? { kind: 'RECEIVABLE', party: customer.id, amount: -d.amount } : { kind: 'WALLET', party: customer.id, amount: -d.amount },
    ],
  });
  return getCreditNote(ctx, id);
}
