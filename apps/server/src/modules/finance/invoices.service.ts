import { type Invoice, InvoiceCreateInput, InvoiceListQuery, type InvoiceRow } from '@kelola/contracts';
import { computePpn, dueDate, invoiceStatus, jakartaDay, type Currency, type InvoiceStatus } from '@kelola/domain';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import { getBusiness } from '../businesses/index.ts';
import { findCustomer, orderOr404, ordersOfCustomer } from '../orders/index.ts';
import { documentNumber, offset, parseOrFail, sameRequest } from './common.ts';
import { lockCustomer, OPEN_INVOICE } from './credit.service.ts';
import { allocations, creditNotes, creditOrders, invoiceOrders, invoices, payments } from './finance.schema.ts';
import { post } from './ledger.service.ts';

type InvoiceDbRow = typeof invoices.$inferSelect;

/** Orders that can be billed: manual (distributor, reseller, B2B) orders from confirmation on, not cancelled. */
export const INVOICEABLE_STATUSES = ['CONFIRMED', 'ON_PROCESS', 'READY_TO_SHIP', 'SHIPPED', 'DELIVERED', 'COMPLETED'] as const;

export function presentInvoiceRow(r: InvoiceDbRow, today: string): InvoiceRow {
  const remaining = Math.max(0, r.total - r.paid - r.credited);
  const status = r.status as InvoiceStatus;
  return {
    id: r.id,
    number: r.number,
    customer_id: r.customerId,
    customer_name: r.customerName,
    currency: r.currency as Currency,
    issue_date: r.issueDate,
    due_date: r.dueDate,
    subtotal: r.subtotal,
    dpp: r.dpp,
    ppn: r.ppn,
    ppn_rate: r.ppnRate,
    total: r.total,
    paid: r.paid,
    credited: r.credited,
    remaining,
    status,
    overdue: (status === 'OUTSTANDING' || status === 'PARTIALLY_PAID') && r.dueDate < today,
    created_at: r.createdAt.toISOString(),
  };
}

export async function invoiceOr404(ctx: TenantCtx, id: string, lock = false): Promise<InvoiceDbRow> {
  const q = ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.workspaceId, ctx.workspaceId), eq(invoices.id, id)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw new DomainError('INVOICE_NOT_FOUND');
  return row;
}

/**
 * Issues an invoice (faktur) for one or several confirmed manual orders of one customer: PPN by the business's tax
 * liability (a PKP business's order totals include PPN, split per packages/domain's dated rule; otherwise none), due
 * date from the customer's payment limit, the receivable posted in the same transaction (ADR 0034). The idempotency
 * key makes a retry answer the same invoice.
 */
export async function createInvoice(ctx: TenantCtx, input: z.input<typeof InvoiceCreateInput>) {
  const d = parseOrFail(InvoiceCreateInput, input);
  const orderIds = [...new Set(d.order_ids)];
  const [existing] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.workspaceId, ctx.workspaceId), eq(invoices.idempotencyKey, d.idempotency_key)));
  if (existing) {
    const billed = await ctx.db
      .select({ orderId: invoiceOrders.orderId })
      .from(invoiceOrders)
      .where(and(eq(invoiceOrders.workspaceId, ctx.workspaceId), eq(invoiceOrders.invoiceId, existing.id)));
    sameRequest(billed.length === orderIds.length && billed.every((b) => orderIds.includes(b.orderId)));
    return getInvoice(ctx, existing.id);
  }
  const orders = [];
  for (const [i, id] of orderIds.entries()) {
    const order = await orderOr404(ctx, id, true).catch((e: unknown) => {
      if (e instanceof DomainError) throw fieldError('VALIDATION_FAILED', `order_ids.${i}`, 'ORDER_NOT_INVOICEABLE');
      throw e;
    });
    const invoiceable =
      order.source === 'MANUAL' &&
      order.customerId !== null &&
      (INVOICEABLE_STATUSES as readonly string[]).includes(order.status) &&
      order.customerId === (orders[0]?.customerId ?? order.customerId);
    if (!invoiceable) throw fieldError('VALIDATION_FAILED', `order_ids.${i}`, 'ORDER_NOT_INVOICEABLE');
    orders.push(order);
  }
  const customerId = orders[0]!.customerId!;
  await lockCustomer(ctx, customerId);
  const billed = await ctx.db
    .select({ orderId: invoiceOrders.orderId })
    .from(invoiceOrders)
    .where(and(eq(invoiceOrders.workspaceId, ctx.workspaceId), inArray(invoiceOrders.orderId, orderIds)));
  if (billed.length > 0)
    throw fieldError('VALIDATION_FAILED', `order_ids.${orderIds.indexOf(billed[0]!.orderId)}`, 'ORDER_NOT_INVOICEABLE');
  const customer = await findCustomer(ctx, customerId);
  const businessId = orders[0]!.businessId;
  const business = businessId ? await getBusiness(ctx, businessId).catch(() => null) : null;
  const issueDate = d.issue_date ?? jakartaDay(ctx.platform.now());
  const total = orders.reduce((s, o) => s + o.buyerTotal, 0);
  const split = computePpn(BigInt(total), business?.taxLiability ? 'INCLUDE' : 'NONE', { date: issueDate });
  const id = uuidv7();
  const row = {
    id,
    workspaceId: ctx.workspaceId,
    number: await documentNumber(ctx, 'INV'),
    customerId,
    customerName: customer.name,
    businessId,
    currency: (business?.currency ?? 'IDR') as Currency,
    issueDate,
    dueDate: dueDate(issueDate, customer.paymentLimitDays),
    subtotal: Number(split.hargaJual),
    dpp: Number(split.dpp),
    ppn: Number(split.ppn),
    ppnRate: split.rate,
    total,
    status: invoiceStatus(total, 0) as string,
    notes: d.notes ?? null,
    idempotencyKey: d.idempotency_key,
  };
  await ctx.db.insert(invoices).values(row);
  await ctx.db
    .insert(invoiceOrders)
    .values(
      orders.map((o) => ({ workspaceId: ctx.workspaceId, orderId: o.id, invoiceId: id, orderNumber: o.orderNumber, amount: o.buyerTotal })),
    );
  await ctx.db
    .update(creditOrders)
    .set({ status: 'INVOICED', invoiceId: id })
    .where(and(eq(creditOrders.workspaceId, ctx.workspaceId), inArray(creditOrders.orderId, orderIds), eq(creditOrders.status, 'OPEN')));
  if (total > 0)
    await post(ctx, {
      key: `invoice:${id}`,
      sourceType: 'INVOICE',
      sourceId: id,
      event: 'INVOICE_ISSUED',
      memo: row.number,
      currency: row.currency,
      lines: [
        { kind: 'RECEIVABLE', party: customerId, amount: total },
        { kind: 'REVENUE', amount: -row.subtotal },
        { kind: 'TAX', amount: -row.ppn },
      ],
    });
  return getInvoice(ctx, id);
}

/** Cancels an invoice nothing was paid or credited on: the receivable is reversed, its orders can be billed again. */
export async function cancelInvoice(ctx: TenantCtx, id: string) {
  const inv = await invoiceOr404(ctx, id, true);
  if (inv.status === 'CANCELLED') return getInvoice(ctx, id);
  if (inv.paid > 0 || inv.credited > 0) throw new DomainError('INVOICE_STATE_CONFLICT', { status: inv.status });
  await lockCustomer(ctx, inv.customerId);
  await ctx.db
    .update(invoices)
    .set({ status: 'CANCELLED', cancelledAt: ctx.platform.now() })
    .where(and(eq(invoices.workspaceId, ctx.workspaceId), eq(invoices.id, id)));
  await ctx.db.delete(invoiceOrders).where(and(eq(invoiceOrders.workspaceId, ctx.workspaceId), eq(invoiceOrders.invoiceId, id)));
  await ctx.db
    .update(creditOrders)
    .set({ status: 'OPEN', invoiceId: null })
    .where(and(eq(creditOrders.workspaceId, ctx.workspaceId), eq(creditOrders.invoiceId, id)));
  if (inv.total > 0)
    await post(ctx, {
      key: `invoice:${id}:cancel`,
      sourceType: 'INVOICE',
      sourceId: id,
      event: 'INVOICE_CANCELLED',
      memo: inv.number,
      currency: inv.currency as Currency,
      lines: [
        { kind: 'RECEIVABLE', party: inv.customerId, amount: -inv.total },
        { kind: 'REVENUE', amount: inv.subtotal },
        { kind: 'TAX', amount: inv.ppn },
      ],
    });
  return getInvoice(ctx, id);
}

export async function listInvoices(ctx: TenantCtx, query: z.input<typeof InvoiceListQuery>) {
  const q = parseOrFail(InvoiceListQuery, query);
  const where: SQL[] = [eq(invoices.workspaceId, ctx.workspaceId)];
  if (q.status) where.push(eq(invoices.status, q.status));
  if (q.customer_id) where.push(eq(invoices.customerId, q.customer_id));
  if (q.q) where.push(or(ilike(invoices.number, `%${q.q}%`), ilike(invoices.customerName, `%${q.q}%`))!);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(invoices)
      .where(and(...where))
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(q.size)
      .offset(offset(q)),
    ctx.db
      .select({ n: count() })
      .from(invoices)
      .where(and(...where)),
  ]);
  const today = jakartaDay(ctx.platform.now());
  return { items: rows.map((r) => presentInvoiceRow(r, today)), page: q.page, size: q.size, total_row: Number(total?.n ?? 0) };
}

export async function getInvoice(ctx: TenantCtx, id: string): Promise<Invoice> {
  const inv = await invoiceOr404(ctx, id);
  const [orders, allocs] = [
    await ctx.db
      .select()
      .from(invoiceOrders)
      .where(and(eq(invoiceOrders.workspaceId, ctx.workspaceId), eq(invoiceOrders.invoiceId, id)))
      .orderBy(asc(invoiceOrders.orderNumber)),
    await ctx.db
      .select({
        paymentId: allocations.paymentId,
        creditNoteId: allocations.creditNoteId,
        amount: allocations.amount,
        at: allocations.createdAt,
        paymentNumber: payments.number,
        noteNumber: creditNotes.number,
      })
      .from(allocations)
      .leftJoin(payments, and(eq(payments.workspaceId, allocations.workspaceId), eq(payments.id, allocations.paymentId)))
      .leftJoin(creditNotes, and(eq(creditNotes.workspaceId, allocations.workspaceId), eq(creditNotes.id, allocations.creditNoteId)))
      .where(and(eq(allocations.workspaceId, ctx.workspaceId), eq(allocations.invoiceId, id)))
      .orderBy(asc(allocations.createdAt), asc(allocations.id)),
  ];
  const business = inv.businessId ? await getBusiness(ctx, inv.businessId).catch(() => null) : null;
  return {
    ...presentInvoiceRow(inv, jakartaDay(ctx.platform.now())),
    notes: inv.notes,
    business_name: business?.name ?? null,
    tax_liability: inv.ppn > 0 || Boolean(business?.taxLiability),
    orders: orders.map((o) => ({ order_id: o.orderId, order_number: o.orderNumber, amount: o.amount })),
    allocations: allocs.map((a) => ({
      kind: a.paymentId ? ('PAYMENT' as const) : ('CREDIT_NOTE' as const),
      ref_id: (a.paymentId ?? a.creditNoteId)!,
      number: a.paymentNumber ?? a.noteNumber ?? '',
      amount: a.amount,
      at: a.at.toISOString(),
    })),
  };
}

/** A customer's confirmed manual orders that no invoice bills yet (the invoice form's choices). */
export async function invoiceableOrders(ctx: TenantCtx, customerId: string) {
  await findCustomer(ctx, customerId);
  const rows = (await ordersOfCustomer(ctx, customerId, INVOICEABLE_STATUSES)).filter((o) => o.source === 'MANUAL');
  const billed =
    rows.length === 0
      ? []
      : await ctx.db
          .select({ orderId: invoiceOrders.orderId })
          .from(invoiceOrders)
          .where(
            and(
              eq(invoiceOrders.workspaceId, ctx.workspaceId),
              inArray(
                invoiceOrders.orderId,
                rows.map((r) => r.id),
              ),
            ),
          );
  const taken = new Set(billed.map((b) => b.orderId));
  return {
    items: rows
      .filter((r) => !taken.has(r.id))
      .map((r) => ({
        order_id: r.id,
        order_number: r.orderNumber,
        order_date: jakartaDay(r.orderDate),
        amount: r.buyerTotal,
        status: r.status,
      })),
  };
}

/** Open invoices of a customer, oldest due first, locked for allocation. */
export async function openInvoicesForUpdate(ctx: TenantCtx, customerId: string) {
  return ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.workspaceId, ctx.workspaceId), eq(invoices.customerId, customerId), inArray(invoices.status, [...OPEN_INVOICE])))
    .orderBy(asc(invoices.dueDate), asc(invoices.issueDate), asc(invoices.number))
    .for('update');
}

/** Records money applied to an invoice (payment or credit note) and moves its status. */
export async function applyToInvoice(
  ctx: TenantCtx,
  inv: InvoiceDbRow,
  amount: number,
  by: { paymentId?: string; creditNoteId?: string },
): Promise<void> {
  const paid = inv.paid + (by.paymentId ? amount : 0);
  const credited = inv.credited + (by.creditNoteId ? amount : 0);
  await ctx.db
    .update(invoices)
    .set({ paid, credited, status: invoiceStatus(inv.total, paid + credited) })
    .where(and(eq(invoices.workspaceId, ctx.workspaceId), eq(invoices.id, inv.id)));
  await ctx.db.insert(allocations).values({
    id: uuidv7(),
    workspaceId: ctx.workspaceId,
    invoiceId: inv.id,
    paymentId: by.paymentId ?? null,
    creditNoteId: by.creditNoteId ?? null,
    amount,
  });
}
