import {
  AdminVoucherInput,
  AdminVoucherUseInput,
  type AdminVoucher,
  type AdminVoucherData,
  type AdminVoucherListQuery,
  type UsedVoucherQuery,
} from '@kelola/contracts';
import { adminVoucherUsableOn, nextVoucherStatus, normalizeVoucherCode, voucherDiscount, type VoucherStatus } from '@kelola/domain';
import { and, count, desc, eq, ilike, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { DomainError, fieldError, parseOrFail } from '../../platform/errors.ts';
import { adminVoucherUses, adminVouchers, voucherRedemptions, webVouchers } from './promotions.schema.ts';

type Row = typeof adminVouchers.$inferSelect;
const scope = (ctx: TenantCtx) => eq(adminVouchers.workspaceId, ctx.workspaceId);
const likePattern = (q: string) => `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;

/** Approval needs WRITE on promotion-approval and not being the voucher's maker (the discounts' four eyes). */
function actionsFor(ctx: TenantCtx, row: Row): AdminVoucher['actions'] {
  const out: AdminVoucher['actions'] = [];
  if (row.status === 'WAITING' && ctx.permissions?.['promotion-approval'] === 'WRITE' && row.createdBy !== ctx.actor.userId)
    out.push('APPROVE');
  if (row.status !== 'CANCELED' && ctx.permissions?.['promotion-channel'] === 'WRITE') out.push('CANCEL');
  return out;
}

function present(ctx: TenantCtx, row: Row): AdminVoucher {
  return {
    id: row.id,
    channel_id: row.channelId,
    name: row.name,
    code: row.code,
    type: row.type as AdminVoucher['type'],
    value_type: row.valueType as AdminVoucher['value_type'],
    value: Number(row.value),
    max_discount: row.maxDiscount,
    get_start: row.getStart,
    get_end: row.getEnd,
    use_start: row.useStart,
    use_end: row.useEnd,
    combinable: row.combinable,
    quota: row.quota,
    used: row.used,
    available: row.quota - row.used,
    per_customer_limit: row.perCustomerLimit,
    min_transaction: row.minTransaction,
    status: row.status as VoucherStatus,
    created_by: row.createdBy,
    actions: actionsFor(ctx, row),
    created_at: row.createdAt.toISOString(),
  };
}

const values = (d: AdminVoucherData) => ({
  channelId: d.channel_id ?? null,
  name: d.name,
  code: d.code,
  codeKey: normalizeVoucherCode(d.code),
  type: d.type,
  valueType: d.value_type,
  value: d.value,
  maxDiscount: d.max_discount ?? null,
  getStart: d.get_start,
  getEnd: d.get_end,
  useStart: d.use_start,
  useEnd: d.use_end,
  combinable: d.combinable,
  quota: d.quota,
  perCustomerLimit: d.per_customer_limit,
  minTransaction: d.min_transaction,
});

async function voucherOr404(ctx: TenantCtx, id: string, lock = false): Promise<Row> {
  const q = ctx.db
    .select()
    .from(adminVouchers)
    .where(and(scope(ctx), eq(adminVouchers.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new DomainError('VOUCHER_NOT_FOUND');
  return row;
}

/** Spec part 8: a duplicate code (whatever its case) is 409 'Voucher code already exist', on the code field. */
async function checkCode(ctx: TenantCtx, code: string, exceptId?: string) {
  const [taken] = await ctx.db
    .select({ id: adminVouchers.id })
    .from(adminVouchers)
    .where(and(scope(ctx), eq(adminVouchers.codeKey, normalizeVoucherCode(code))));
  if (taken && taken.id !== exceptId) throw fieldError('VOUCHER_CODE_EXISTS', 'code', 'VOUCHER_CODE_EXISTS');
}

async function uniqueCode<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('VOUCHER_CODE_EXISTS', 'code', 'VOUCHER_CODE_EXISTS');
    throw error;
  }
}

/** /promotion-channel/:id/voucher/add: saved WAITING; a checker other than the maker approves it. */
export async function createAdminVoucher(ctx: TenantCtx, input: z.input<typeof AdminVoucherInput>): Promise<AdminVoucher> {
  const d = parseOrFail(AdminVoucherInput, input);
  await checkCode(ctx, d.code);
  const now = ctx.platform.now();
  const [row] = await uniqueCode(
    ctx.db
      .insert(adminVouchers)
      .values({
        ...values(d),
        id: uuidv7(),
        workspaceId: ctx.workspaceId,
        status: 'WAITING',
        createdBy: ctx.actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
  );
  await recordAudit(ctx, { entity: 'admin_voucher', entityId: row!.id, action: 'create', before: null, after: row! });
  return present(ctx, row!);
}

/** Edits a voucher still waiting; the editor becomes its maker (as with discounts). */
export async function updateAdminVoucher(ctx: TenantCtx, id: string, input: z.input<typeof AdminVoucherInput>): Promise<AdminVoucher> {
  const d = parseOrFail(AdminVoucherInput, input);
  const before = await voucherOr404(ctx, id, true);
  if (before.status !== 'WAITING') throw new DomainError('VOUCHER_STATE_CONFLICT', { status: before.status });
  await checkCode(ctx, d.code, id);
  const [row] = await uniqueCode(
    ctx.db
      .update(adminVouchers)
      .set({ ...values(d), createdBy: ctx.actor.userId, updatedAt: ctx.platform.now() })
      .where(and(scope(ctx), eq(adminVouchers.id, id)))
      .returning(),
  );
  await recordAudit(ctx, { entity: 'admin_voucher', entityId: id, action: 'update', before, after: row! });
  return present(ctx, row!);
}

export async function getAdminVoucher(ctx: TenantCtx, id: string): Promise<AdminVoucher> {
  return present(ctx, await voucherOr404(ctx, id));
}

/** Spec part 9: page 1, limit 20; filters channel, status and type; search by code or name needs its parameter. */
export async function listAdminVouchers(ctx: TenantCtx, query: z.output<typeof AdminVoucherListQuery>) {
  const where = and(
    scope(ctx),
    // a voucher saved without a channel applies to every channel and shows in each channel's list
    query.channel_id ? or(eq(adminVouchers.channelId, query.channel_id), isNull(adminVouchers.channelId)) : undefined,
    query.status ? eq(adminVouchers.status, query.status) : undefined,
    query.type ? eq(adminVouchers.type, query.type) : undefined,
    query.q && query.search_by === 'code' ? ilike(adminVouchers.code, likePattern(query.q)) : undefined,
    query.q && query.search_by === 'name' ? ilike(adminVouchers.name, likePattern(query.q)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(adminVouchers)
      .where(where)
      .orderBy(desc(adminVouchers.createdAt), desc(adminVouchers.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ n: count() }).from(adminVouchers).where(where),
  ]);
  return { items: rows.map((r) => present(ctx, r)), page: query.page, limit: query.limit, total_row: total?.n ?? 0 };
}

/** Approve (checker, never the maker: 403 DISCOUNT_SELF_APPROVAL) or cancel (part 4: waiting → active → canceled). */
export async function actOnAdminVoucher(ctx: TenantCtx, id: string, action: 'APPROVE' | 'CANCEL'): Promise<AdminVoucher> {
  const before = await voucherOr404(ctx, id, true);
  if (action === 'APPROVE' && before.createdBy === ctx.actor.userId) throw new DomainError('DISCOUNT_SELF_APPROVAL');
  const next = nextVoucherStatus(before.status as VoucherStatus, action);
  if (!next) throw new DomainError('VOUCHER_STATE_CONFLICT', { status: before.status });
  const [row] = await ctx.db
    .update(adminVouchers)
    .set({ status: next, updatedAt: ctx.platform.now(), ...(action === 'APPROVE' ? { decidedBy: ctx.actor.userId } : {}) })
    .where(and(scope(ctx), eq(adminVouchers.id, id)))
    .returning();
  await recordAudit(ctx, { entity: 'admin_voucher', entityId: id, action: 'update', before, after: row! });
  return present(ctx, row!);
}

/** What a use is checked against: the order's amount (goods), its shipping fee, its date and its customer. */
type UseBasis = { amount: number; shipping_fee: number; date: string; customer_reference: string };

/**
 * The rules of using an admin voucher, read-only (the use and the checkout's preview both ask them): active and inside
 * its usage period (Asia/Jakarta date), the minimum requirement (VOUCHER_NOT_USABLE with its reason), the customer's
 * limit (409 VOUCHER_CUSTOMER_LIMIT), a unit of quota left (409 VOUCHER_SOLD_OUT); answers the discount. The uses
 * held by `heldBy` (a draft priced again gives them back first) do not count.
 */
async function useTerms(ctx: TenantCtx, voucher: Row, d: UseBasis, heldBy?: string): Promise<number> {
  const reason =
    voucher.status !== 'ACTIVE'
      ? 'STATUS'
      : !adminVoucherUsableOn({ status: 'ACTIVE', useStart: voucher.useStart, useEnd: voucher.useEnd }, d.date)
        ? 'VALIDITY'
        : d.amount < voucher.minTransaction
          ? 'MIN_TRANSACTION'
          : null;
  if (reason) throw new DomainError('VOUCHER_NOT_USABLE', { reason });
  const mine = and(eq(adminVoucherUses.workspaceId, ctx.workspaceId), eq(adminVoucherUses.voucherId, voucher.id));
  const [[byCustomer], [held]] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(adminVoucherUses)
      .where(
        and(
          mine,
          eq(adminVoucherUses.customerReference, d.customer_reference),
          heldBy ? ne(adminVoucherUses.orderReference, heldBy) : undefined,
        ),
      ),
    heldBy
      ? ctx.db
          .select({ n: count() })
          .from(adminVoucherUses)
          .where(and(mine, eq(adminVoucherUses.orderReference, heldBy)))
      : Promise.resolve([{ n: 0 }]),
  ]);
  if ((byCustomer?.n ?? 0) >= voucher.perCustomerLimit)
    throw new DomainError('VOUCHER_CUSTOMER_LIMIT', { limit: voucher.perCustomerLimit });
  if (voucher.used - (held?.n ?? 0) >= voucher.quota) throw new DomainError('VOUCHER_SOLD_OUT');
  const terms = {
    value: Number(voucher.value),
    type: voucher.valueType as 'PERCENTAGE' | 'AMOUNT',
    minTransaction: voucher.minTransaction,
    maxDiscount: voucher.maxDiscount,
  };
  return voucher.type === 'FREE_SHIPPING' ? voucherDiscount(terms, d.shipping_fee, d.amount) : voucherDiscount(terms, d.amount);
}

/**
 * An order uses an admin voucher. Under the voucher's row lock, the rules of `useTerms`; then one unit of the quota by
 * one guarded UPDATE (`used < quota`, 409 VOUCHER_SOLD_OUT). The same order reference again answers its first use.
 */
export async function redeemAdminVoucher(ctx: TenantCtx, id: string, input: z.input<typeof AdminVoucherUseInput>) {
  const d = parseOrFail(AdminVoucherUseInput, input);
  const voucher = await voucherOr404(ctx, id, true);
  const [again] = await ctx.db
    .select()
    .from(adminVoucherUses)
    .where(
      and(
        eq(adminVoucherUses.workspaceId, ctx.workspaceId),
        eq(adminVoucherUses.voucherId, id),
        eq(adminVoucherUses.orderReference, d.order_reference),
      ),
    );
  if (again)
    return {
      id: again.id,
      voucher_id: id,
      order_reference: again.orderReference,
      customer_reference: again.customerReference,
      discount: again.discount,
      available: voucher.quota - voucher.used,
    };
  const discount = await useTerms(ctx, voucher, d);
  const [used] = await ctx.db
    .update(adminVouchers)
    .set({ used: sql`${adminVouchers.used} + 1` })
    .where(and(scope(ctx), eq(adminVouchers.id, id), eq(adminVouchers.status, 'ACTIVE'), lt(adminVouchers.used, adminVouchers.quota)))
    .returning({ used: adminVouchers.used, quota: adminVouchers.quota });
  if (!used) throw new DomainError('VOUCHER_SOLD_OUT');
  const useId = uuidv7();
  await ctx.db.insert(adminVoucherUses).values({
    id: useId,
    workspaceId: ctx.workspaceId,
    voucherId: id,
    orderReference: d.order_reference,
    customerReference: d.customer_reference,
    discount,
    at: ctx.platform.now(),
  });
  return {
    id: useId,
    voucher_id: id,
    order_reference: d.order_reference,
    customer_reference: d.customer_reference,
    discount,
    available: used.quota - used.used,
  };
}

type UsesTable = typeof adminVoucherUses | typeof voucherRedemptions;

/**
 * One list of voucher uses, newest first, over a uses table and its vouchers' table (admin vouchers and their uses,
 * web-store vouchers and their redemptions share the shape): filtered by voucher and by the voucher's channel.
 */
async function listUses(
  ctx: TenantCtx,
  query: z.output<typeof UsedVoucherQuery>,
  uses: UsesTable,
  vouchers: { id: AnyPgColumn; channelId: AnyPgColumn; code: AnyPgColumn; table: typeof adminVouchers | typeof webVouchers },
) {
  const where = and(
    eq(uses.workspaceId, ctx.workspaceId),
    query.voucher_id ? eq(uses.voucherId, query.voucher_id) : undefined,
    query.channel_id ? eq(vouchers.channelId, query.channel_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: uses.id,
        voucherId: uses.voucherId,
        code: sql<string>`${vouchers.code}`,
        orderReference: uses.orderReference,
        customerReference: uses.customerReference,
        discount: uses.discount,
        at: uses.at,
      })
      .from(uses)
      .innerJoin(vouchers.table, eq(vouchers.id, uses.voucherId))
      .where(where)
      .orderBy(desc(uses.at), desc(uses.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ n: count() }).from(uses).innerJoin(vouchers.table, eq(vouchers.id, uses.voucherId)).where(where),
  ]);
  return {
    items: rows.map((use) => ({
      id: use.id,
      voucher_id: use.voucherId,
      voucher_code: use.code,
      order_reference: use.orderReference,
      customer_reference: use.customerReference,
      discount: use.discount,
      used_at: use.at.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    total_row: total?.n ?? 0,
  };
}

/** Who used which admin voucher on which order, newest first. */
export const listAdminVoucherUses = (ctx: TenantCtx, query: z.output<typeof UsedVoucherQuery>) =>
  listUses(ctx, query, adminVoucherUses, {
    table: adminVouchers,
    id: adminVouchers.id,
    channelId: adminVouchers.channelId,
    code: adminVouchers.code,
  });

/** The spec's GET /channel/store/promotions/query/vouchers/used: web-store redemptions, newest first. */
export const listUsedWebVouchers = (ctx: TenantCtx, query: z.output<typeof UsedVoucherQuery>) =>
  listUses(ctx, query, voucherRedemptions, {
    table: webVouchers,
    id: webVouchers.id,
    channelId: webVouchers.channelId,
    code: webVouchers.voucherCode,
  });

/** Why a code typed at a checkout is refused: the `voucher_code` field's code (translated in both locales). */
const CHECKOUT_REFUSALS: Record<string, string> = {
  STATUS: 'VOUCHER_CODE_NOT_VALID',
  VALIDITY: 'VOUCHER_CODE_NOT_VALID',
  MIN_TRANSACTION: 'VOUCHER_CODE_MIN_TRANSACTION',
};

/** What a checkout of ours (the manual order) knows when a voucher code is typed. */
export type CheckoutVoucher = {
  code: string;
  customerReference: string;
  /** The goods after line discounts, promotional prices and the order discount. */
  amount: number;
  shippingFee: number;
  date: string;
  /** Whether a discount programme priced a line of the order (a non-combinable voucher is then refused). */
  withProgramme: boolean;
};

/**
 * The voucher a code names at a checkout: found case-insensitively in this workspace (else VOUCHER_CODE_UNKNOWN), not
 * combinable with a discount programme already on the order (VOUCHER_CODE_NOT_COMBINABLE: the programme wins, ADR 0040).
 */
async function voucherByCode(ctx: TenantCtx, input: CheckoutVoucher): Promise<Row> {
  const [found] = await ctx.db
    .select()
    .from(adminVouchers)
    .where(and(scope(ctx), eq(adminVouchers.codeKey, normalizeVoucherCode(input.code))));
  if (!found) throw fieldError('VOUCHER_NOT_USABLE', 'voucher_code', 'VOUCHER_CODE_UNKNOWN');
  if (!found.combinable && input.withProgramme) throw fieldError('VOUCHER_NOT_USABLE', 'voucher_code', 'VOUCHER_CODE_NOT_COMBINABLE');
  return found;
}

/** Every refusal of a voucher at a checkout is on its `voucher_code` field (translated in both locales). */
async function onVoucherField<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === 'VOUCHER_NOT_USABLE') {
      const reason = String((error.details as { reason?: string } | undefined)?.reason ?? 'STATUS');
      throw fieldError('VOUCHER_NOT_USABLE', 'voucher_code', CHECKOUT_REFUSALS[reason] ?? 'VOUCHER_CODE_NOT_VALID');
    }
    if (error.code === 'VOUCHER_SOLD_OUT' || error.code === 'VOUCHER_CUSTOMER_LIMIT')
      throw fieldError(error.code, 'voucher_code', error.code);
    throw error;
  }
}

const checkoutBasis = (input: CheckoutVoucher): UseBasis => ({
  amount: input.amount,
  shipping_fee: input.shippingFee,
  date: input.date,
  customer_reference: input.customerReference,
});

/**
 * A checkout applies an admin voucher by its code (`voucherByCode`), then uses it as `POST /api/vouchers/:id/use`
 * does, in the caller's transaction, under the order's number.
 */
export async function applyAdminVoucherCode(
  ctx: TenantCtx,
  input: CheckoutVoucher & { orderReference: string },
): Promise<{ voucherId: string; discount: number }> {
  const found = await voucherByCode(ctx, input);
  const used = await onVoucherField(redeemAdminVoucher(ctx, found.id, { ...checkoutBasis(input), order_reference: input.orderReference }));
  return { voucherId: found.id, discount: used.discount };
}

/**
 * What a code would give at a checkout before it is saved: the same look-up and rules as `applyAdminVoucherCode`,
 * nothing used. `heldBy` is the order number of a draft priced again (its own use of the voucher does not count).
 */
export async function checkAdminVoucherCode(
  ctx: TenantCtx,
  input: CheckoutVoucher & { heldBy?: string | undefined },
): Promise<{ voucherId: string; code: string; name: string; type: 'DISCOUNT' | 'FREE_SHIPPING'; discount: number }> {
  const found = await voucherByCode(ctx, input);
  const discount = await onVoucherField(useTerms(ctx, found, checkoutBasis(input), input.heldBy));
  return { voucherId: found.id, code: found.code, name: found.name, type: found.type as 'DISCOUNT' | 'FREE_SHIPPING', discount };
}

/** An order cancelled (or a draft priced again) gives its admin voucher uses back: one unit of quota per use. */
export async function releaseAdminVouchers(ctx: TenantCtx, orderReference: string): Promise<void> {
  const uses = await ctx.db
    .delete(adminVoucherUses)
    .where(and(eq(adminVoucherUses.workspaceId, ctx.workspaceId), eq(adminVoucherUses.orderReference, orderReference)))
    .returning({ voucherId: adminVoucherUses.voucherId });
  for (const use of uses)
    await ctx.db
      .update(adminVouchers)
      .set({ used: sql`greatest(0, ${adminVouchers.used} - 1)` })
      .where(and(scope(ctx), eq(adminVouchers.id, use.voucherId)));
}
