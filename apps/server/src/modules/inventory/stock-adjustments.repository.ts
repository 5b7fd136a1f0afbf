import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { stockAdjustmentLines, stockAdjustments } from './inventory.schema.ts';
import { documentListQuery, type DocumentListQuery } from './stock-documents.repository.ts';

export type AdjustmentRow = typeof stockAdjustments.$inferSelect;
export type AdjustmentType = AdjustmentRow['type'];
type AdjustmentHead = { date: string; warehouseId: string; type: AdjustmentType; note: string | null };

export async function findAdjustment(ctx: TenantCtx, id: string): Promise<AdjustmentRow | null> {
  const [row] = await ctx.db
    .select()
    .from(stockAdjustments)
    .where(and(eq(stockAdjustments.workspaceId, ctx.workspaceId), eq(stockAdjustments.id, id)));
  return row ?? null;
}

/** An adjustment's lines in the order they were entered. */
export async function adjustmentLines(ctx: TenantCtx, id: string) {
  return ctx.db
    .select()
    .from(stockAdjustmentLines)
    .where(eq(stockAdjustmentLines.adjustmentId, id))
    .orderBy(asc(stockAdjustmentLines.position));
}

export async function insertAdjustment(ctx: TenantCtx, head: AdjustmentHead & { id: string; number: string; createdBy: string }) {
  await ctx.db.insert(stockAdjustments).values({ ...head, workspaceId: ctx.workspaceId });
}

/** Replaces a draft's items. */
export async function writeAdjustmentLines(ctx: TenantCtx, id: string, items: { catalog_id: string; change: number }[]) {
  await ctx.db
    .delete(stockAdjustmentLines)
    .where(and(eq(stockAdjustmentLines.workspaceId, ctx.workspaceId), eq(stockAdjustmentLines.adjustmentId, id)));
  await ctx.db
    .insert(stockAdjustmentLines)
    .values(
      items.map((l, position) => ({ workspaceId: ctx.workspaceId, adjustmentId: id, position, catalogId: l.catalog_id, change: l.change })),
    );
}

/** Changes a draft's header; null when it is no longer a draft. */
export async function updateDraftAdjustment(ctx: TenantCtx, id: string, head: AdjustmentHead): Promise<AdjustmentRow | null> {
  const [row] = await ctx.db
    .update(stockAdjustments)
    .set(head)
    .where(and(eq(stockAdjustments.workspaceId, ctx.workspaceId), eq(stockAdjustments.id, id), eq(stockAdjustments.status, 'DRAFT')))
    .returning();
  return row ?? null;
}

/** Flips a draft to POSTED with a conditional UPDATE; null when it was not a draft (a second post). */
export async function markAdjustmentPosted(ctx: TenantCtx, id: string): Promise<AdjustmentRow | null> {
  const [posted] = await ctx.db
    .update(stockAdjustments)
    .set({ status: 'POSTED', postedAt: new Date() })
    .where(and(eq(stockAdjustments.workspaceId, ctx.workspaceId), eq(stockAdjustments.id, id), eq(stockAdjustments.status, 'DRAFT')))
    .returning();
  return posted ?? null;
}

/** Records the available stock a posted line saw before its change. */
export async function setAvailableBefore(ctx: TenantCtx, id: string, position: number, availableBefore: number) {
  await ctx.db
    .update(stockAdjustmentLines)
    .set({ availableBefore })
    .where(and(eq(stockAdjustmentLines.adjustmentId, id), eq(stockAdjustmentLines.position, position)));
}

/** A page of adjustments and the number of adjustments the filters match. */
export async function listAdjustments(
  ctx: TenantCtx,
  query: DocumentListQuery & { page: number; size: number; type?: AdjustmentType },
  visible: string[] | null,
) {
  const a = stockAdjustments;
  const extra: SQL | undefined = query.type ? eq(a.type, query.type) : undefined;
  const { where, order } = documentListQuery(
    ctx,
    a,
    { table: stockAdjustmentLines, documentId: stockAdjustmentLines.adjustmentId, catalogId: stockAdjustmentLines.catalogId },
    query,
    visible,
    extra,
  );
  const rows = await ctx.db
    .select()
    .from(a)
    .where(where)
    .orderBy(...order)
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [total] = await ctx.db.select({ n: count() }).from(a).where(where);
  return { rows, total: total?.n ?? 0 };
}
