import {
  VoucherRedeemInput,
  WebVoucherDeleteInput,
  WebVoucherSaveInput,
  WebVoucherUpdateInput,
  type WebVoucher,
  type WebVoucherItemData,
  type WebVoucherListQuery,
} from '@kelola/contracts';
import { nextVoucherStatus, normalizeVoucherCode, voucherDiscount, voucherValidAt, type VoucherStatus } from '@kelola/domain';
import { and, count, desc, eq, ilike, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { DomainError, fieldError, parseOrFail } from '../../platform/errors.ts';
import { catalogRefs } from '../catalog/index.ts';
import { voucherRedemptions, webVouchers } from './promotions.schema.ts';

type VoucherRow = typeof webVouchers.$inferSelect;
const scope = (ctx: TenantCtx) => eq(webVouchers.workspaceId, ctx.workspaceId);
const likePattern = (q: string) => `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;

function present(row: VoucherRow): WebVoucher {
  return {
    id: row.id,
    channel_id: row.channelId,
    voucher_code: row.voucherCode,
    type_id: row.typeId,
    transaction_data: {
      value: Number(row.value),
      type: row.valueType as WebVoucher['transaction_data']['type'],
      min_transaction: row.minTransaction,
      max_discount: row.maxDiscount,
    },
    validity: { from: row.validFrom, until: row.validUntil },
    f_combined: row.combined,
    f_allstore: row.allStore,
    store_list: row.storeList,
    qty: row.qty,
    booked: row.booked,
    available: row.qty - row.booked,
    reference_list: row.referenceList,
    courier_list: row.courierList,
    status: row.status as VoucherStatus,
    created_at: row.createdAt.toISOString(),
  };
}

const values = (channelId: string, d: WebVoucherItemData) => ({
  channelId,
  voucherCode: d.voucher_code,
  codeKey: normalizeVoucherCode(d.voucher_code),
  typeId: d.type_id,
  value: d.transaction_data.value,
  valueType: d.transaction_data.type,
  minTransaction: d.transaction_data.min_transaction,
  maxDiscount: d.transaction_data.max_discount,
  validFrom: d.validity.from,
  validUntil: d.validity.until,
  combined: d.f_combined,
  allStore: d.f_allstore,
  // spec part 5: all-store vouchers apply to all resellers, otherwise only the selected stores
  storeList: d.f_allstore ? [] : d.store_list,
  qty: d.qty,
  referenceList: d.type_id === 3 ? [] : d.reference_list,
  // spec part 5: courier_list only for type 3
  courierList: d.type_id === 3 ? (d.courier_list ?? []) : [],
});

async function voucherOr404(ctx: TenantCtx, id: string, lock = false): Promise<VoucherRow> {
  const q = ctx.db
    .select()
    .from(webVouchers)
    .where(and(scope(ctx), eq(webVouchers.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new DomainError('VOUCHER_NOT_FOUND');
  return row;
}

/** Codes unique per workspace whatever their case, within the request too; products of type 2 must exist. */
async function checkItems(ctx: TenantCtx, items: readonly (WebVoucherItemData & { id?: string })[]) {
  const keys = items.map((i) => normalizeVoucherCode(i.voucher_code));
  const dup = keys.findIndex((k, i) => keys.indexOf(k) !== i);
  if (dup >= 0) throw fieldError('VOUCHER_CODE_EXISTS', `items.${dup}.voucher_code`, 'VOUCHER_CODE_EXISTS');
  const taken = await ctx.db
    .select({ id: webVouchers.id, codeKey: webVouchers.codeKey })
    .from(webVouchers)
    .where(and(scope(ctx), inArray(webVouchers.codeKey, keys)));
  const clash = items.findIndex((item, i) => taken.some((t) => t.codeKey === keys[i] && t.id !== item.id));
  if (clash >= 0) throw fieldError('VOUCHER_CODE_EXISTS', `items.${clash}.voucher_code`, 'VOUCHER_CODE_EXISTS');
  const products = [...new Set(items.filter((i) => i.type_id === 2).flatMap((i) => i.reference_list))];
  if (products.length > 0) {
    const found = new Set((await catalogRefs(ctx, products)).map((r) => r.id));
    for (const [i, item] of items.entries()) {
      if (item.type_id !== 2) continue;
      const missing = item.reference_list.findIndex((r) => !found.has(r));
      if (missing >= 0) throw fieldError('VALIDATION_FAILED', `items.${i}.reference_list.${missing}`, 'CATALOG_NOT_FOUND');
    }
  }
}

/** A race between two saves of the same code ends on the unique index: the loser gets the same 409. */
async function uniqueCode<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('VOUCHER_CODE_EXISTS');
    throw error;
  }
}

/** The spec's POST /channel/store/promotions/cmd/vouchers {channel_id, items[]}: saved active, ready for checkout. */
export async function createWebVouchers(ctx: TenantCtx, input: z.input<typeof WebVoucherSaveInput>) {
  const d = parseOrFail(WebVoucherSaveInput, input);
  await checkItems(ctx, d.items);
  const now = ctx.platform.now();
  const rows = await uniqueCode(
    ctx.db
      .insert(webVouchers)
      .values(
        d.items.map((item) => ({
          ...values(d.channel_id, item),
          id: uuidv7(),
          workspaceId: ctx.workspaceId,
          status: 'ACTIVE',
          createdBy: ctx.actor.userId,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning(),
  );
  for (const row of rows) await recordAudit(ctx, { entity: 'web_voucher', entityId: row.id, action: 'create', before: null, after: row });
  return { items: rows.map(present) };
}

/** The spec's PUT of the same path: each item names its id; the quantity never goes below what is booked. */
export async function updateWebVouchers(ctx: TenantCtx, input: z.input<typeof WebVoucherUpdateInput>) {
  const d = parseOrFail(WebVoucherUpdateInput, input);
  const befores = [];
  for (const item of d.items) befores.push(await voucherOr404(ctx, item.id, true));
  await checkItems(ctx, d.items);
  const out = [];
  for (const [i, item] of d.items.entries()) {
    const before = befores[i]!;
    if (before.status === 'CANCELED') throw new DomainError('VOUCHER_STATE_CONFLICT', { status: before.status });
    if (item.qty < before.booked) throw fieldError('VALIDATION_FAILED', `items.${i}.qty`, 'TOO_SMALL', 'TOO_SMALL');
    const [row] = await uniqueCode(
      ctx.db
        .update(webVouchers)
        .set({ ...values(d.channel_id, item), updatedAt: ctx.platform.now() })
        .where(and(scope(ctx), eq(webVouchers.id, item.id)))
        .returning(),
    );
    await recordAudit(ctx, { entity: 'web_voucher', entityId: item.id, action: 'update', before, after: row! });
    out.push(present(row!));
  }
  return { items: out };
}

/** The spec's DELETE {channel_id, voucher_ids}: a voucher already booked is cancelled instead (its redemptions stay). */
export async function deleteWebVouchers(ctx: TenantCtx, input: z.input<typeof WebVoucherDeleteInput>) {
  const d = parseOrFail(WebVoucherDeleteInput, input);
  for (const id of d.voucher_ids) {
    const before = await voucherOr404(ctx, id, true);
    if (before.channelId !== d.channel_id) throw new DomainError('VOUCHER_NOT_FOUND');
    if (before.booked > 0) {
      const [row] = await ctx.db
        .update(webVouchers)
        .set({ status: 'CANCELED', updatedAt: ctx.platform.now() })
        .where(eq(webVouchers.id, id))
        .returning();
      await recordAudit(ctx, { entity: 'web_voucher', entityId: id, action: 'update', before, after: row! });
    } else {
      await ctx.db.delete(webVouchers).where(and(scope(ctx), eq(webVouchers.id, id)));
      await recordAudit(ctx, { entity: 'web_voucher', entityId: id, action: 'delete', before, after: null });
    }
  }
}

export async function setWebVoucherStatus(ctx: TenantCtx, id: string, status: 'ACTIVE' | 'CANCELED') {
  const before = await voucherOr404(ctx, id, true);
  const next = nextVoucherStatus(before.status as VoucherStatus, status === 'ACTIVE' ? 'APPROVE' : 'CANCEL');
  if (next !== status) throw new DomainError('VOUCHER_STATE_CONFLICT', { status: before.status });
  const [row] = await ctx.db
    .update(webVouchers)
    .set({ status: next, updatedAt: ctx.platform.now() })
    .where(eq(webVouchers.id, id))
    .returning();
  await recordAudit(ctx, { entity: 'web_voucher', entityId: id, action: 'update', before, after: row! });
  return present(row!);
}

export async function getWebVoucher(ctx: TenantCtx, id: string) {
  return present(await voucherOr404(ctx, id));
}

/** Spec part 3 list (code, type, channel, available/booked, status); part 9: page 1, limit 20. */
export async function listWebVouchers(ctx: TenantCtx, query: z.output<typeof WebVoucherListQuery>) {
  const where = and(
    scope(ctx),
    eq(webVouchers.channelId, query.channel_id),
    query.status ? eq(webVouchers.status, query.status) : undefined,
    query.type_id ? eq(webVouchers.typeId, query.type_id) : undefined,
    query.q && query.search_by === 'voucher_code' ? ilike(webVouchers.voucherCode, likePattern(query.q)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(webVouchers)
      .where(where)
      .orderBy(desc(webVouchers.createdAt), desc(webVouchers.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ n: count() }).from(webVouchers).where(where),
  ]);
  return { items: rows.map(present), page: query.page, limit: query.limit, total_row: total?.n ?? 0 };
}

/**
 * A checkout using a voucher. Its rules are checked first (active, inside validity, the store, the minimum
 * transaction: 422 VOUCHER_NOT_USABLE naming the reason); then one unit is booked by one guarded UPDATE
 * (`booked < qty`), so two checkouts racing for the last voucher cannot both win: the loser gets 409
 * VOUCHER_SOLD_OUT. The same order reference again answers its first redemption.
 */
export async function redeemWebVoucher(ctx: TenantCtx, id: string, input: z.input<typeof VoucherRedeemInput>) {
  const d = parseOrFail(VoucherRedeemInput, input);
  const voucher = await voucherOr404(ctx, id);
  const [again] = await ctx.db
    .select()
    .from(voucherRedemptions)
    .where(
      and(
        eq(voucherRedemptions.workspaceId, ctx.workspaceId),
        eq(voucherRedemptions.voucherId, id),
        eq(voucherRedemptions.orderReference, d.order_reference),
      ),
    );
  if (again)
    return {
      id: again.id,
      voucher_id: id,
      order_reference: again.orderReference,
      discount: again.discount,
      available: voucher.qty - voucher.booked,
    };
  const nowSeconds = Math.floor(ctx.platform.now().getTime() / 1000);
  const reason =
    voucher.status !== 'ACTIVE'
      ? 'STATUS'
      : !voucherValidAt({ from: voucher.validFrom, until: voucher.validUntil }, nowSeconds)
        ? 'VALIDITY'
        : !voucher.allStore && (!d.store_id || !voucher.storeList.includes(d.store_id))
          ? 'STORE'
          : d.amount < voucher.minTransaction
            ? 'MIN_TRANSACTION'
            : null;
  if (reason) throw new DomainError('VOUCHER_NOT_USABLE', { reason });
  const terms = {
    value: Number(voucher.value),
    type: voucher.valueType as 'PERCENTAGE' | 'AMOUNT',
    minTransaction: voucher.minTransaction,
    maxDiscount: voucher.maxDiscount || null,
  };
  const discount = voucher.typeId === 3 ? voucherDiscount(terms, d.shipping_fee, d.amount) : voucherDiscount(terms, d.amount);
  const [booked] = await ctx.db
    .update(webVouchers)
    .set({ booked: sql`${webVouchers.booked} + 1` })
    .where(and(scope(ctx), eq(webVouchers.id, id), eq(webVouchers.status, 'ACTIVE'), lt(webVouchers.booked, webVouchers.qty)))
    .returning({ booked: webVouchers.booked, qty: webVouchers.qty });
  if (!booked) throw new DomainError('VOUCHER_SOLD_OUT');
  const redemptionId = uuidv7();
  await ctx.db.insert(voucherRedemptions).values({
    id: redemptionId,
    workspaceId: ctx.workspaceId,
    voucherId: id,
    orderReference: d.order_reference,
    customerReference: d.customer_reference ?? null,
    discount,
    at: ctx.platform.now(),
  });
  return { id: redemptionId, voucher_id: id, order_reference: d.order_reference, discount, available: booked.qty - booked.booked };
}
