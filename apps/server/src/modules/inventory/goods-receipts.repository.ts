import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { goodsReceiptLines, goodsReceipts } from './inventory.schema.ts';
import { documentListQuery, type DocumentListQuery } from './stock-documents.repository.ts';

export type GoodsReceiptRow = typeof goodsReceipts.$inferSelect;

export async function findReceipt(ctx: TenantCtx, id: string): Promise<GoodsReceiptRow | null> {
  const [row] = await ctx.db
    .select()
    .from(goodsReceipts)
    .where(and(eq(goodsReceipts.workspaceId, ctx.workspaceId), eq(goodsReceipts.id, id)));
  return row ?? null;
}

/** A receipt's lines in the order they were entered. */
export async function receiptLines(ctx: TenantCtx, id: string) {
  return ctx.db.select().from(goodsReceiptLines).where(eq(goodsReceiptLines.receiptId, id)).orderBy(asc(goodsReceiptLines.position));
}

/** A receipt's lines as posting reads them (their order does not matter there: the ledger sorts lines itself). */
export async function receiptLinesToPost(ctx: TenantCtx, id: string) {
  return ctx.db.select().from(goodsReceiptLines).where(eq(goodsReceiptLines.receiptId, id));
}

export async function insertReceipt(
  ctx: TenantCtx,
  head: Omit<typeof goodsReceipts.$inferInsert, 'workspaceId'> & { id: string },
  lines: readonly { catalogId: string; quantity: number }[],
) {
  await ctx.db.insert(goodsReceipts).values({ ...head, workspaceId: ctx.workspaceId });
  await ctx.db.insert(goodsReceiptLines).values(
    lines.map((l, position) => ({
      workspaceId: ctx.workspaceId,
      receiptId: head.id,
      position,
      catalogId: l.catalogId,
      quantity: l.quantity,
    })),
  );
}

/** Flips a draft to POSTED with a conditional UPDATE; null when it was not a draft (a second post). */
export async function markReceiptPosted(ctx: TenantCtx, id: string): Promise<GoodsReceiptRow | null> {
  const [posted] = await ctx.db
    .update(goodsReceipts)
    .set({ status: 'POSTED', postedAt: new Date() })
    .where(and(eq(goodsReceipts.workspaceId, ctx.workspaceId), eq(goodsReceipts.id, id), eq(goodsReceipts.status, 'DRAFT')))
    .returning();
  return posted ?? null;
}

/** A page of receipts with each one's total quantity, and the number of receipts the filters match. */
export async function listReceipts(ctx: TenantCtx, query: DocumentListQuery & { page: number; size: number }, visible: string[] | null) {
  const g = goodsReceipts;
  const { where, order } = documentListQuery(
    ctx,
    g,
    { table: goodsReceiptLines, documentId: goodsReceiptLines.receiptId, catalogId: goodsReceiptLines.catalogId },
    query,
    visible,
  );
  const rows = await ctx.db
    .select({
      row: g,
      total:
        sql<number>`(select coalesce(sum(${goodsReceiptLines.quantity}), 0) from ${goodsReceiptLines} where ${goodsReceiptLines.receiptId} = ${g.id})`.mapWith(
          Number,
        ),
    })
    .from(g)
    .where(where)
    .orderBy(...order)
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [total] = await ctx.db.select({ n: count() }).from(g).where(where);
  return { rows, total: total?.n ?? 0 };
}
