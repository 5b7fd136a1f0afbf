import {
  DiscountProgramInput,
  type DiscountImpact,
  type DiscountListQuery,
  type DiscountProgram,
  type DiscountProgramData,
  type PricePreviewInput,
} from '@kelola/contracts';
import {
  allowedDiscountActions,
  approvalImpact,
  jakartaDate,
  nextDiscountState,
  salePriceFor,
  type DiscountAction,
  type DiscountProgramme,
  type DiscountState,
  type InactiveReason,
  type SalePriceAnswer,
} from '@kelola/domain';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError, parseOrFail } from '../../platform/errors.ts';
import { catalogRefs, catalogTargets } from '../catalog/index.ts';
import { findCustomer } from '../orders/index.ts';
import {
  discountProgramHistory,
  discountProgramItems,
  discountPrograms,
  discountUses,
  shopeePromotionItems,
  shopeePromotions,
} from './promotions.schema.ts';

type ProgramRow = typeof discountPrograms.$inferSelect;
type ItemRow = typeof discountProgramItems.$inferSelect;
type HistoryRow = typeof discountProgramHistory.$inferSelect;

const scope = (ctx: TenantCtx) => eq(discountPrograms.workspaceId, ctx.workspaceId);
const likePattern = (q: string) => `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;

const values = (d: DiscountProgramData) => ({
  programName: d.program_name,
  tier: d.tier,
  channelId: d.channel_id ?? null,
  startDate: d.start_date,
  endDate: d.end_date,
  quota: d.quota ?? null,
  target: d.target,
  type: d.type ?? null,
  format: d.format,
  value: d.value,
  criteriaMode: d.criteria_mode,
  criteria: d.criteria,
  minQuantity: d.min_quantity ?? null,
  maxQuantity: d.max_quantity ?? null,
  minTransaction: d.min_transaction ?? null,
  maxTransaction: d.max_transaction ?? null,
  maxDiscount: d.max_discount ?? null,
  coinValue: d.coin_value ?? null,
  exclusive: d.exclusive,
  marketplaceFeePercent: d.marketplace_fee_percent ?? null,
});

/** The domain's view of a row (targets and SKUs included). */
export function toProgramme(row: ProgramRow, catalogIds: readonly string[]): DiscountProgramme {
  return {
    id: row.id,
    status: row.status as DiscountProgramme['status'],
    startDate: row.startDate,
    endDate: row.endDate,
    format: row.format as DiscountProgramme['format'],
    value: Number(row.value),
    criteriaMode: row.criteriaMode as DiscountProgramme['criteriaMode'],
    criteria: row.criteria.map((c) => ({ minQuantity: c.min_qty, value: c.value })),
    minQuantity: row.minQuantity,
    maxQuantity: row.maxQuantity,
    minTransaction: row.minTransaction,
    maxTransaction: row.maxTransaction,
    maxDiscount: row.maxDiscount,
    exclusive: row.exclusive,
    quotaRemaining: row.quota === null ? null : row.quota - row.quotaUsed,
    catalogIds,
    channelIds: row.target.channel_ids,
    customerCategoryIds: row.target.customer_category_ids,
    areaCodes: row.target.area_codes,
    brandIds: row.target.brand_ids,
    categoryIds: row.target.category_ids,
    approvedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const stateOf = (row: ProgramRow): DiscountState => ({
  status: row.status as DiscountState['status'],
  inactiveReason: row.inactiveReason as InactiveReason | null,
});

async function programOr404(ctx: TenantCtx, id: string, lock = false): Promise<ProgramRow> {
  const q = ctx.db
    .select()
    .from(discountPrograms)
    .where(and(scope(ctx), eq(discountPrograms.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new DomainError('DISCOUNT_NOT_FOUND');
  return row;
}

async function itemsOf(ctx: TenantCtx, programIds: readonly string[]): Promise<ItemRow[]> {
  if (programIds.length === 0) return [];
  return ctx.db
    .select()
    .from(discountProgramItems)
    .where(and(eq(discountProgramItems.workspaceId, ctx.workspaceId), inArray(discountProgramItems.programId, [...programIds])))
    .orderBy(asc(discountProgramItems.programId), asc(discountProgramItems.position));
}

/** The caller's actions on a programme: approval needs WRITE on promotion-approval and not being its maker. */
function actionsFor(ctx: TenantCtx, row: ProgramRow): DiscountAction[] {
  const canApprove = ctx.permissions?.['promotion-approval'] === 'WRITE' && row.createdBy !== ctx.actor.userId;
  const canManage = ctx.permissions?.['promotion-channel'] === 'WRITE';
  return allowedDiscountActions(stateOf(row)).filter((a) => (a === 'APPROVE' || a === 'REJECT' ? canApprove : canManage));
}

async function present(ctx: TenantCtx, row: ProgramRow): Promise<DiscountProgram> {
  const items = await itemsOf(ctx, [row.id]);
  const refs = new Map(
    (
      await catalogRefs(
        ctx,
        items.map((i) => i.catalogId),
      )
    ).map((r) => [r.id, r]),
  );
  const history: HistoryRow[] = await ctx.db
    .select()
    .from(discountProgramHistory)
    .where(and(eq(discountProgramHistory.workspaceId, ctx.workspaceId), eq(discountProgramHistory.programId, row.id)))
    .orderBy(asc(discountProgramHistory.at), asc(discountProgramHistory.id));
  return {
    id: row.id,
    program_name: row.programName,
    tier: row.tier as DiscountProgram['tier'],
    channel_id: row.channelId,
    start_date: row.startDate,
    end_date: row.endDate,
    quota: row.quota,
    quota_used: row.quotaUsed,
    status: row.status as DiscountProgram['status'],
    inactive_reason: row.inactiveReason as DiscountProgram['inactive_reason'],
    target: row.target,
    type: row.type,
    format: row.format as DiscountProgram['format'],
    value: Number(row.value),
    criteria_mode: row.criteriaMode as DiscountProgram['criteria_mode'],
    criteria: row.criteria,
    min_quantity: row.minQuantity,
    max_quantity: row.maxQuantity,
    min_transaction: row.minTransaction,
    max_transaction: row.maxTransaction,
    max_discount: row.maxDiscount,
    coin_value: row.coinValue,
    exclusive: row.exclusive,
    marketplace_fee_percent: row.marketplaceFeePercent === null ? null : Number(row.marketplaceFeePercent),
    items: items.map((i) => ({
      catalog_id: i.catalogId,
      sku: refs.get(i.catalogId)?.sku ?? '',
      name: refs.get(i.catalogId)?.name ?? '',
      cost_price: i.costPrice,
    })),
    created_by: row.createdBy,
    decided_by: row.decidedBy,
    decision_note: row.decisionNote,
    created_at: row.createdAt.toISOString(),
    actions: actionsFor(ctx, row),
    history: history.map((h) => ({
      at: h.at.toISOString(),
      actor_id: h.actorId,
      actor_name: null,
      event: h.event,
      from_status: h.fromStatus,
      to_status: h.toStatus,
      note: h.note,
    })),
  };
}

async function checkItems(ctx: TenantCtx, d: DiscountProgramData) {
  const found = new Set(
    (
      await catalogRefs(
        ctx,
        d.items.map((i) => i.catalog_id),
      )
    ).map((r) => r.id),
  );
  const missing = d.items.findIndex((i) => !found.has(i.catalog_id));
  if (missing >= 0) throw fieldError('VALIDATION_FAILED', `items.${missing}.catalog_id`, 'CATALOG_NOT_FOUND');
}

async function writeItems(ctx: TenantCtx, programId: string, d: DiscountProgramData) {
  await ctx.db
    .delete(discountProgramItems)
    .where(and(eq(discountProgramItems.workspaceId, ctx.workspaceId), eq(discountProgramItems.programId, programId)));
  await ctx.db.insert(discountProgramItems).values(
    d.items.map((i, position) => ({
      workspaceId: ctx.workspaceId,
      programId,
      catalogId: i.catalog_id,
      position,
      costPrice: i.cost_price ?? null,
    })),
  );
}

async function addHistory(
  ctx: TenantCtx,
  programId: string,
  event: string,
  fromStatus: string | null,
  toStatus: string,
  note: string | null,
) {
  await ctx.db.insert(discountProgramHistory).values({
    id: uuidv7(),
    workspaceId: ctx.workspaceId,
    programId,
    actorId: ctx.actor.userId,
    event,
    fromStatus,
    toStatus,
    note,
    at: ctx.platform.now(),
  });
}

/** The maker creates a programme: it waits for a checker's approval and applies to nothing until then. */
export async function createDiscount(ctx: TenantCtx, input: z.input<typeof DiscountProgramInput>): Promise<DiscountProgram> {
  const d = parseOrFail(DiscountProgramInput, input);
  await checkItems(ctx, d);
  const now = ctx.platform.now();
  const [row] = await ctx.db
    .insert(discountPrograms)
    .values({
      ...values(d),
      id: uuidv7(),
      workspaceId: ctx.workspaceId,
      status: 'WAITING_APPROVAL',
      createdBy: ctx.actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await writeItems(ctx, row!.id, d);
  await addHistory(ctx, row!.id, 'CREATED', null, 'WAITING_APPROVAL', null);
  await recordAudit(ctx, {
    entity: 'discount_program',
    entityId: row!.id,
    action: 'create',
    before: null,
    after: { ...row!, items: d.items },
  });
  return present(ctx, row!);
}

/** Edits a programme still waiting for approval (an approved one is paused, ended or cancelled, never rewritten). */
export async function updateDiscount(ctx: TenantCtx, id: string, input: z.input<typeof DiscountProgramInput>): Promise<DiscountProgram> {
  const before = await programOr404(ctx, id, true);
  const d = parseOrFail(DiscountProgramInput, input);
  if (before.status !== 'WAITING_APPROVAL') throw new DomainError('DISCOUNT_STATE_CONFLICT', { status: before.status });
  await checkItems(ctx, d);
  const [row] = await ctx.db
    .update(discountPrograms)
    .set({ ...values(d), createdBy: ctx.actor.userId, updatedAt: ctx.platform.now() })
    .where(and(scope(ctx), eq(discountPrograms.id, id)))
    .returning();
  await writeItems(ctx, id, d);
  await addHistory(ctx, id, 'EDITED', before.status, row!.status, null);
  await recordAudit(ctx, { entity: 'discount_program', entityId: id, action: 'update', before, after: row! });
  return present(ctx, row!);
}

export async function getDiscount(ctx: TenantCtx, id: string): Promise<DiscountProgram> {
  return present(ctx, await programOr404(ctx, id));
}

export async function listDiscounts(ctx: TenantCtx, query: z.output<typeof DiscountListQuery>) {
  const where = and(
    scope(ctx),
    query.status ? eq(discountPrograms.status, query.status) : undefined,
    query.tier ? eq(discountPrograms.tier, query.tier) : undefined,
    query.channel_id
      ? or(
          eq(discountPrograms.channelId, query.channel_id),
          sql`${discountPrograms.target}->'channel_ids' @> ${JSON.stringify([query.channel_id])}::jsonb`,
        )
      : undefined,
    // a programme whose period overlaps the filter's
    query.date_from ? gte(discountPrograms.endDate, query.date_from) : undefined,
    query.date_to ? lte(discountPrograms.startDate, query.date_to) : undefined,
    query.q && query.search_by === 'program_name' ? ilike(discountPrograms.programName, likePattern(query.q)) : undefined,
  );
  const itemCount = sql<number>`(select count(*)::int from ${discountProgramItems} i where i.program_id = ${discountPrograms.id})`;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ row: discountPrograms, itemCount })
      .from(discountPrograms)
      .where(where)
      .orderBy(desc(discountPrograms.createdAt), desc(discountPrograms.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    ctx.db.select({ n: count() }).from(discountPrograms).where(where),
  ]);
  return {
    items: rows.map(({ row, itemCount: n }) => ({
      id: row.id,
      program_name: row.programName,
      tier: row.tier as DiscountProgram['tier'],
      channel_id: row.channelId,
      start_date: row.startDate,
      end_date: row.endDate,
      quota: row.quota,
      quota_used: row.quotaUsed,
      status: row.status as DiscountProgram['status'],
      inactive_reason: row.inactiveReason as DiscountProgram['inactive_reason'],
      format: row.format as DiscountProgram['format'],
      value: Number(row.value),
      created_by: row.createdBy,
      created_at: row.createdAt.toISOString(),
      item_count: Number(n),
    })),
    page: query.page,
    size: query.size,
    total_row: total?.n ?? 0,
  };
}

const EVENTS: Record<DiscountAction, string> = {
  APPROVE: 'APPROVED',
  REJECT: 'REJECTED',
  PAUSE: 'PAUSED',
  RESUME: 'RESUMED',
  END: 'ENDED',
  CANCEL: 'CANCELLED',
};

/**
 * One action of the state machine. APPROVE and REJECT are the checker's (the route requires WRITE on
 * promotion-approval): the maker of the programme gets 403 DISCOUNT_SELF_APPROVAL; a rejection needs a note.
 */
export async function actOnDiscount(
  ctx: TenantCtx,
  id: string,
  action: DiscountAction,
  note: string | null = null,
): Promise<DiscountProgram> {
  const before = await programOr404(ctx, id, true);
  const decision = action === 'APPROVE' || action === 'REJECT';
  if (decision && before.createdBy === ctx.actor.userId) throw new DomainError('DISCOUNT_SELF_APPROVAL');
  if (action === 'REJECT' && !note?.trim()) throw fieldError('VALIDATION_FAILED', 'note', 'REQUIRED');
  const next = nextDiscountState(stateOf(before), action);
  if (!next) throw new DomainError('DISCOUNT_STATE_CONFLICT', { status: before.status, action });
  const now = ctx.platform.now();
  const [row] = await ctx.db
    .update(discountPrograms)
    .set({
      status: next.status,
      inactiveReason: next.inactiveReason,
      updatedAt: now,
      ...(decision ? { decidedBy: ctx.actor.userId, decidedAt: now, decisionNote: note?.trim() || null } : {}),
    })
    .where(and(scope(ctx), eq(discountPrograms.id, id), eq(discountPrograms.status, before.status)))
    .returning();
  if (!row) throw new DomainError('DISCOUNT_STATE_CONFLICT', { status: before.status, action });
  await addHistory(ctx, id, EVENTS[action], before.status, next.status, note?.trim() || null);
  await recordAudit(ctx, { entity: 'discount_program', entityId: id, action: 'update', before, after: row });
  return present(ctx, row);
}

/**
 * What the checker sees before approving (issue 16): per SKU the normal and promotional price, cost, margins before
 * and after, the marketplace fee, the budget the quota can burn; whether any SKU sells below cost; and the other
 * programmes on the same SKUs whose period and channels overlap, with which one the buyer gets (ADR 0032).
 */
export async function discountImpact(ctx: TenantCtx, id: string): Promise<DiscountImpact> {
  const row = await programOr404(ctx, id);
  const items = await itemsOf(ctx, [id]);
  const refs = new Map(
    (
      await catalogRefs(
        ctx,
        items.map((i) => i.catalogId),
      )
    ).map((r) => [r.id, r]),
  );
  const fee = row.marketplaceFeePercent === null ? null : Number(row.marketplaceFeePercent);
  const me = toProgramme(
    row,
    items.map((i) => i.catalogId),
  );
  const lines = items.map((i) => {
    const ref = refs.get(i.catalogId);
    const listPrice = Number(ref?.price ?? 0);
    const l = approvalImpact({ ...me, quota: row.quota }, { catalogId: i.catalogId, listPrice, cost: i.costPrice }, fee);
    return {
      catalog_id: i.catalogId,
      sku: ref?.sku ?? '',
      name: ref?.name ?? '',
      normal_price: l.normalPrice,
      promo_price: l.promoPrice,
      cost_price: l.cost,
      marketplace_fee: l.fee,
      margin_before: l.marginBefore,
      margin_after: l.marginAfter,
      below_cost: l.belowCost,
      max_budget: l.maxBudget,
    };
  });
  const budgets = lines.map((l) => l.max_budget);
  const overlaps = await overlapsOf(ctx, row, items, refs);
  return {
    program_id: id,
    lines,
    below_cost: lines.some((l) => l.below_cost),
    max_budget: budgets.some((b) => b === null) ? null : Math.max(0, ...(budgets as number[])),
    overlaps,
  };
}

async function overlapsOf(ctx: TenantCtx, row: ProgramRow, items: ItemRow[], refs: Map<string, { sku: string; price: bigint | number }>) {
  const others = await ctx.db
    .select({ program: discountPrograms, catalogId: discountProgramItems.catalogId })
    .from(discountProgramItems)
    .innerJoin(discountPrograms, eq(discountPrograms.id, discountProgramItems.programId))
    .where(
      and(
        eq(discountProgramItems.workspaceId, ctx.workspaceId),
        inArray(
          discountProgramItems.catalogId,
          items.map((i) => i.catalogId),
        ),
        ne(discountPrograms.id, row.id),
        inArray(discountPrograms.status, ['WAITING_APPROVAL', 'ACTIVE']),
        lte(discountPrograms.startDate, row.endDate),
        gte(discountPrograms.endDate, row.startDate),
      ),
    );
  const sharesChannel = (a: string[], b: string[]) => a.length === 0 || b.length === 0 || a.some((c) => b.includes(c));
  const result = [];
  for (const o of others) {
    if (!sharesChannel(row.target.channel_ids, o.program.target.channel_ids)) continue;
    const ref = refs.get(o.catalogId);
    const day = row.startDate > o.program.startDate ? row.startDate : o.program.startDate;
    const as = (r: ProgramRow) => ({
      ...toProgramme(r, [o.catalogId]),
      status: 'ACTIVE' as const,
      quotaRemaining: null,
      channelIds: [],
      customerCategoryIds: [],
      areaCodes: [],
      brandIds: [],
      categoryIds: [],
    });
    const winner = salePriceFor(
      {
        catalogId: o.catalogId,
        listPrice: Number(ref?.price ?? 0),
        quantity: 1,
        channelId: null,
        customerCategoryId: null,
        areaCodes: [],
        date: day,
      },
      [as(row), as(o.program)],
    ).programmeId;
    result.push({
      catalog_id: o.catalogId,
      sku: ref?.sku ?? '',
      other_id: o.program.id,
      other_name: o.program.programName,
      other_source: 'KELOLA' as const,
      winner_id: winner,
    });
  }
  // Shopee discounts (synced or made here) on the same SKUs, on a shop this programme targets, not yet ended.
  const shopee = await ctx.db
    .select({ promotion: shopeePromotions, item: shopeePromotionItems })
    .from(shopeePromotionItems)
    .innerJoin(shopeePromotions, eq(shopeePromotions.id, shopeePromotionItems.promotionId))
    .where(
      and(
        eq(shopeePromotionItems.workspaceId, ctx.workspaceId),
        inArray(
          shopeePromotionItems.catalogId,
          items.map((i) => i.catalogId),
        ),
        gt(shopeePromotions.endTime, ctx.platform.now()),
      ),
    );
  for (const { promotion, item } of shopee) {
    const channels = row.target.channel_ids;
    if (channels.length > 0 && !channels.includes(promotion.connectionId)) continue;
    const from = jakartaDate(promotion.startTime);
    const until = jakartaDate(new Date(promotion.endTime.getTime() - 1));
    if (from > row.endDate || until < row.startDate) continue;
    const kelola = {
      ...toProgramme(row, [item.catalogId!]),
      status: 'ACTIVE' as const,
      quotaRemaining: null,
      customerCategoryIds: [],
      areaCodes: [],
    };
    const day = row.startDate > from ? row.startDate : from;
    const sale = {
      catalogId: item.catalogId!,
      listPrice: item.originalPrice,
      quantity: 1,
      channelId: promotion.connectionId,
      customerCategoryId: null,
      areaCodes: [],
      date: day,
      brandId: null,
      categoryId: null,
    };
    const pool = [
      { ...kelola, brandIds: [], categoryIds: [] },
      marketplaceCandidate(kelola, item.catalogId!, item.originalPrice, item.promotionPrice, promotion.id),
    ];
    const winner = salePriceFor(sale, pool).programmeId;
    result.push({
      catalog_id: item.catalogId!,
      sku: refs.get(item.catalogId!)?.sku ?? '',
      other_id: promotion.id,
      other_name: promotion.name,
      other_source: 'SHOPEE' as const,
      winner_id: winner,
    });
  }
  return result;
}

/** A marketplace promotion price as one more programme for `salePriceFor`: non-exclusive, wins ties (ADR 0040). */
function marketplaceCandidate(
  like: DiscountProgramme,
  catalogId: string,
  originalPrice: number,
  promotionPrice: number,
  id: string,
): DiscountProgramme {
  return {
    ...like,
    id,
    format: 'FIXED_AMOUNT',
    value: Math.max(0, originalPrice - promotionPrice),
    criteria: [],
    minQuantity: null,
    maxQuantity: null,
    minTransaction: null,
    maxTransaction: null,
    maxDiscount: null,
    exclusive: false,
    catalogIds: [catalogId],
    channelIds: [],
    customerCategoryIds: [],
    areaCodes: [],
    brandIds: [],
    categoryIds: [],
    approvedAt: '',
  };
}

/** Approved programmes that may apply on a date to any of these SKUs, with their SKU lists. */
async function candidates(ctx: TenantCtx, catalogIds: readonly string[], date: string): Promise<DiscountProgramme[]> {
  if (catalogIds.length === 0) return [];
  const rows = await ctx.db
    .selectDistinct({ program: discountPrograms })
    .from(discountPrograms)
    .innerJoin(discountProgramItems, eq(discountProgramItems.programId, discountPrograms.id))
    .where(
      and(
        scope(ctx),
        eq(discountPrograms.status, 'ACTIVE'),
        lte(discountPrograms.startDate, date),
        gte(discountPrograms.endDate, date),
        inArray(discountProgramItems.catalogId, [...catalogIds]),
      ),
    );
  const items = await itemsOf(
    ctx,
    rows.map((r) => r.program.id),
  );
  return rows.map(({ program }) =>
    toProgramme(
      program,
      items.filter((i) => i.programId === program.id).map((i) => i.catalogId),
    ),
  );
}

export type SaleContext = {
  date: string;
  channelId: string | null;
  customerCategoryId: string | null;
  areaCodes: readonly string[];
};
export type SaleLine = { catalogId: string; listPrice: number; quantity: number };

/**
 * A SKU's brand and category (with the category's ancestors) from the catalog, so brand and category targets can
 * match; the callers only know catalog ids.
 */
async function skuTargets(ctx: TenantCtx, catalogIds: readonly string[]) {
  const found = await catalogTargets(ctx, [...new Set(catalogIds)]);
  return (catalogId: string) => {
    const t = found.get(catalogId);
    return { brandId: t?.brandId ?? null, categoryId: t?.categoryIds[0] ?? null, categoryAncestorIds: t?.categoryIds.slice(1) ?? [] };
  };
}

/** Area codes of a district (35.78.01 → 35, 35.78, 35.78.01), widest first. */
export const areaChain = (code: string | null | undefined) =>
  code ? code.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.')) : [];

/** The sale price of SKUs for a customer, channel and date, without using any quota (the price preview). */
export async function previewSalePrices(ctx: TenantCtx, sale: SaleContext, lines: readonly SaleLine[]): Promise<SalePriceAnswer[]> {
  const ids = lines.map((l) => l.catalogId);
  const [programmes, skus] = await Promise.all([candidates(ctx, ids, sale.date), skuTargets(ctx, ids)]);
  return lines.map((l) => salePriceFor({ ...sale, ...l, ...skus(l.catalogId) }, programmes));
}

/**
 * Prices sale lines and uses the winning programmes' quota, atomically per use: one guarded UPDATE
 * (`quota_used + n <= quota`) per line, so concurrent sales never pass the quota. A line whose programme ran out in
 * the meantime is priced again without it. Call it inside the transaction that writes the sale.
 */
export async function applyPromotions(
  ctx: TenantCtx,
  sale: SaleContext,
  lines: readonly SaleLine[],
  reference: string,
): Promise<SalePriceAnswer[]> {
  const ids = lines.map((l) => l.catalogId);
  const [programmes, skus] = await Promise.all([candidates(ctx, ids, sale.date), skuTargets(ctx, ids)]);
  const answers: SalePriceAnswer[] = [];
  for (const line of lines) {
    let pool = programmes;
    for (;;) {
      const answer = salePriceFor({ ...sale, ...line, ...skus(line.catalogId) }, pool);
      if (!answer.programmeId) {
        answers.push(answer);
        break;
      }
      const used = await useQuota(ctx, answer.programmeId, line.catalogId, line.quantity, reference);
      if (used) {
        const p = pool.find((x) => x.id === answer.programmeId)!;
        if (p.quotaRemaining !== null) p.quotaRemaining -= line.quantity;
        answers.push(answer);
        break;
      }
      pool = pool.filter((x) => x.id !== answer.programmeId);
    }
  }
  return answers;
}

/** Uses n units of a programme's quota if it is still active and has them; false otherwise. */
export async function useQuota(
  ctx: TenantCtx,
  programId: string,
  catalogId: string,
  quantity: number,
  reference: string,
): Promise<boolean> {
  const [row] = await ctx.db
    .update(discountPrograms)
    .set({ quotaUsed: sql`${discountPrograms.quotaUsed} + ${quantity}` })
    .where(
      and(
        scope(ctx),
        eq(discountPrograms.id, programId),
        eq(discountPrograms.status, 'ACTIVE'),
        sql`(${discountPrograms.quota} IS NULL OR ${discountPrograms.quotaUsed} + ${quantity} <= ${discountPrograms.quota})`,
      ),
    )
    .returning({ id: discountPrograms.id });
  if (!row) return false;
  await ctx.db
    .insert(discountUses)
    .values({ id: uuidv7(), workspaceId: ctx.workspaceId, programId, catalogId, quantity, reference, at: ctx.platform.now() });
  return true;
}

/**
 * Gives back the quota a sale used under `reference` (its order number): when the order is cancelled, or before a
 * draft is priced again. Idempotent: the uses are deleted as they are given back, so a second call finds none.
 */
export async function releaseQuota(ctx: TenantCtx, reference: string): Promise<void> {
  const uses = await ctx.db
    .delete(discountUses)
    .where(and(eq(discountUses.workspaceId, ctx.workspaceId), eq(discountUses.reference, reference)))
    .returning({ programId: discountUses.programId, quantity: discountUses.quantity });
  const perProgram = new Map<string, number>();
  for (const use of uses) perProgram.set(use.programId, (perProgram.get(use.programId) ?? 0) + use.quantity);
  for (const [programId, quantity] of perProgram)
    await ctx.db
      .update(discountPrograms)
      .set({ quotaUsed: sql`greatest(0, ${discountPrograms.quotaUsed} - ${quantity})` })
      .where(and(scope(ctx), eq(discountPrograms.id, programId)));
}

/** The price preview route: list prices from the catalog, the customer's category and area. */
export async function pricePreview(ctx: TenantCtx, input: z.output<typeof PricePreviewInput>) {
  const customer = input.customer_id ? await findCustomer(ctx, input.customer_id).catch(() => null) : null;
  if (input.customer_id && !customer) throw fieldError('VALIDATION_FAILED', 'customer_id', 'CUSTOMER_NOT_FOUND');
  const refs = new Map(
    (
      await catalogRefs(
        ctx,
        input.lines.map((l) => l.catalog_id),
      )
    ).map((r) => [r.id, r]),
  );
  const missing = input.lines.findIndex((l) => !refs.has(l.catalog_id));
  if (missing >= 0) throw fieldError('VALIDATION_FAILED', `lines.${missing}.catalog_id`, 'CATALOG_NOT_FOUND');
  const area = input.area_code ?? customer?.districtCode ?? customer?.cityCode ?? customer?.provinceCode ?? null;
  const answers = await previewSalePrices(
    ctx,
    { date: input.date, channelId: input.channel_id ?? null, customerCategoryId: customer?.categoryId ?? null, areaCodes: areaChain(area) },
    input.lines.map((l) => ({ catalogId: l.catalog_id, listPrice: Number(refs.get(l.catalog_id)!.price), quantity: l.quantity })),
  );
  return {
    lines: answers.map((a, i) => ({
      catalog_id: input.lines[i]!.catalog_id,
      list_price: a.listPrice,
      unit_price: a.unitPrice,
      line_discount: a.lineDiscount,
      free_quantity: a.freeQuantity,
      total: a.total,
      program_id: a.programmeId,
      candidates: a.candidates.map((c) => ({ program_id: c.programmeId, unit_price: c.unitPrice, total: c.total, exclusive: c.exclusive })),
    })),
  };
}

/**
 * Kelola programmes (waiting or active) that cover these SKUs on a shop (its channel targeted, or all channels) in a
 * period, each priced against a marketplace promotion price with the ADR 0032 rule: the marketplace promotion is one
 * more non-exclusive candidate, the better price for the buyer wins, an exclusive programme always wins. Ties go to
 * the marketplace promotion (it is already live on the shop).
 */
export async function clashesWithMarketplace(
  ctx: TenantCtx,
  connectionId: string,
  period: { startDate: string; endDate: string },
  lines: readonly { catalogId: string; sku: string; originalPrice: number; promotionPrice: number }[],
) {
  const ids = [...new Set(lines.map((l) => l.catalogId))];
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ program: discountPrograms, catalogId: discountProgramItems.catalogId })
    .from(discountProgramItems)
    .innerJoin(discountPrograms, eq(discountPrograms.id, discountProgramItems.programId))
    .where(
      and(
        eq(discountProgramItems.workspaceId, ctx.workspaceId),
        inArray(discountProgramItems.catalogId, ids),
        inArray(discountPrograms.status, ['WAITING_APPROVAL', 'ACTIVE']),
        lte(discountPrograms.startDate, period.endDate),
        gte(discountPrograms.endDate, period.startDate),
      ),
    )
    .orderBy(asc(discountPrograms.createdAt));
  const skus = await skuTargets(ctx, ids);
  const out = [];
  for (const line of lines) {
    for (const { program, catalogId } of rows) {
      if (catalogId !== line.catalogId) continue;
      const channels = program.target.channel_ids;
      if (channels.length > 0 && !channels.includes(connectionId)) continue;
      const day = program.startDate > period.startDate ? program.startDate : period.startDate;
      const kelola = { ...toProgramme(program, [catalogId]), status: 'ACTIVE' as const, quotaRemaining: null };
      const sale = {
        catalogId,
        listPrice: line.originalPrice,
        quantity: 1,
        channelId: connectionId,
        customerCategoryId: null,
        areaCodes: [] as string[],
        date: day,
        ...skus(catalogId),
      };
      const own = salePriceFor({ ...sale, customerCategoryId: null }, [{ ...kelola, customerCategoryIds: [], areaCodes: [] }]);
      if (!own.programmeId) continue;
      const shopee = marketplaceCandidate(kelola, catalogId, line.originalPrice, line.promotionPrice, 'shopee');
      const both = salePriceFor(sale, [{ ...kelola, customerCategoryIds: [], areaCodes: [] }, shopee]);
      out.push({
        catalog_id: catalogId,
        sku: line.sku,
        program_id: program.id,
        program_name: program.programName,
        shopee_price: line.promotionPrice,
        kelola_price: own.total,
        winner: both.programmeId === 'shopee' ? ('SHOPEE' as const) : ('KELOLA' as const),
      });
    }
  }
  return out;
}
