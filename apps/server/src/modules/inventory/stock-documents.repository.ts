import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TenantCtx } from '../../http/context.ts';
import { documentSequences } from './inventory.schema.ts';
import type { goodsReceiptLines, goodsReceipts, stockAdjustmentLines, stockAdjustments } from './inventory.schema.ts';

// What the stock documents (goods receipts GR, adjustments ADJ, transfers TRF) share: their human numbers and the
// filters and sort of their lists.

/** A document's human number: prefix and six digits (GR-000001). */
export const docNumber = (prefix: string, n: number) => `${prefix}-${String(n).padStart(6, '0')}`;

/** Next human number of a document kind in the workspace (a row lock serialises concurrent creators). */
export async function nextNumber(ctx: TenantCtx, kind: string): Promise<number> {
  const [row] = await ctx.db
    .insert(documentSequences)
    .values({ workspaceId: ctx.workspaceId, kind, last: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.workspaceId, documentSequences.kind],
      set: { last: sql`${documentSequences.last} + 1` },
    })
    .returning({ last: documentSequences.last });
  return row!.last;
}

type DocumentHead = typeof goodsReceipts | typeof stockAdjustments;
type DocumentLines = { table: typeof goodsReceiptLines | typeof stockAdjustmentLines; documentId: AnyPgColumn; catalogId: AnyPgColumn };
export type DocumentListQuery = { warehouse_id?: string; status?: 'DRAFT' | 'POSTED'; catalog_id?: string; sort: string };

/**
 * The filters and sort both document lists (goods receipts, adjustments) share: the workspace, the listed
 * warehouses (`visible`, null when unrestricted), warehouse, status, a SKU among the lines, and date or number
 * order; `extra` adds a list's own filter.
 */
export function documentListQuery(
  ctx: TenantCtx,
  d: DocumentHead,
  lines: DocumentLines,
  query: DocumentListQuery,
  visible: string[] | null,
  extra?: SQL,
) {
  const where = and(
    eq(d.workspaceId, ctx.workspaceId),
    query.warehouse_id ? eq(d.warehouseId, query.warehouse_id) : undefined,
    visible ? inArray(d.warehouseId, visible) : undefined,
    query.status ? eq(d.status, query.status) : undefined,
    extra,
    query.catalog_id
      ? sql`exists (select 1 from ${lines.table} where ${lines.documentId} = ${d.id} and ${lines.catalogId} = ${query.catalog_id})`
      : undefined,
  );
  const orders: Record<string, SQL[]> = {
    date: [asc(d.date), asc(d.number)],
    '-date': [desc(d.date), desc(d.number)],
    number: [asc(d.number)],
    '-number': [desc(d.number)],
  };
  return { where, order: orders[query.sort] ?? [desc(d.date)] };
}
