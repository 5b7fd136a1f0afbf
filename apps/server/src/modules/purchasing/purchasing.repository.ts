import type { PurchaseOrderStatus } from '@kelola/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { visibleWarehouseCondition } from '../warehouses/index.ts';
import { purchaseOrderLines, purchaseOrderReceipts, purchaseOrders, purchaseOrderSequences, suppliers } from './purchasing.schema.ts';

export type SupplierRow = typeof suppliers.$inferSelect;
export type SupplierValues = Omit<typeof suppliers.$inferInsert, 'id' | 'workspaceId' | 'createdAt' | 'updatedAt'>;
export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;
export type PurchaseOrderReceiptRow = typeof purchaseOrderReceipts.$inferSelect;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------------------------------------------------------
// Suppliers

const supplierScope = (ctx: TenantCtx) => eq(suppliers.workspaceId, ctx.workspaceId);

/**
 * Purchase orders naming the supplier, as a column of a supplier query. The outer id is spelt out with its table: in
 * a one-table select drizzle writes columns bare, and a bare "id" would be the order's own.
 */
const orderCount = sql<number>`(select count(*) from ${purchaseOrders}
  where ${purchaseOrders.supplierId} = ${suppliers}.${sql.identifier('id')})`.mapWith(Number);

export type SupplierWithCount = { supplier: SupplierRow; orders: number };

export async function insertSupplier(ctx: TenantCtx, id: string, values: SupplierValues): Promise<SupplierRow> {
  const now = ctx.platform.now();
  const [row] = await ctx.db
    .insert(suppliers)
    .values({ ...values, id, workspaceId: ctx.workspaceId, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function findSupplier(ctx: TenantCtx, id: string, lock = false): Promise<SupplierRow | undefined> {
  const query = ctx.db
    .select()
    .from(suppliers)
    .where(and(supplierScope(ctx), eq(suppliers.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A supplier with the number of purchase orders that name it. */
export async function findSupplierWithCount(ctx: TenantCtx, id: string): Promise<SupplierWithCount | undefined> {
  const [row] = await ctx.db
    .select({ supplier: suppliers, orders: orderCount })
    .from(suppliers)
    .where(and(supplierScope(ctx), eq(suppliers.id, id)));
  return row;
}

export async function updateSupplier(ctx: TenantCtx, id: string, values: SupplierValues): Promise<SupplierRow | undefined> {
  const [row] = await ctx.db
    .update(suppliers)
    .set({ ...values, updatedAt: ctx.platform.now() })
    .where(and(supplierScope(ctx), eq(suppliers.id, id)))
    .returning();
  return row;
}

export async function deleteSupplier(ctx: TenantCtx, id: string): Promise<void> {
  await ctx.db.delete(suppliers).where(and(supplierScope(ctx), eq(suppliers.id, id)));
}

/** Whether another supplier of the workspace already uses the code. */
export async function isSupplierCodeTaken(ctx: TenantCtx, code: string, exceptId?: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(supplierScope(ctx), eq(suppliers.code, code), exceptId ? ne(suppliers.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

/** Whether any purchase order names the supplier. */
export async function supplierHasOrders(ctx: TenantCtx, id: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.workspaceId, ctx.workspaceId), eq(purchaseOrders.supplierId, id)))
    .limit(1);
  return row !== undefined;
}

/** A page of suppliers, newest first, searched by name, code, contact or phone; and how many match. */
export async function listSuppliers(
  ctx: TenantCtx,
  filter: { q?: string | undefined; page: number; size: number },
): Promise<{ rows: SupplierWithCount[]; total: number }> {
  const q = filter.q?.trim();
  const like = q ? likePattern(q) : null;
  // Phones are kept in E.164 (+62812…): "0812-3456" as typed finds them too.
  const digits = q?.replace(/[\s().-]/gu, '') ?? '';
  const phoneLike = /^0\d{2,}$/u.test(digits) ? `%+62${digits.slice(1)}%` : null;
  const where = and(
    supplierScope(ctx),
    like
      ? or(
          ilike(suppliers.name, like),
          ilike(suppliers.code, like),
          ilike(suppliers.contactName, like),
          ilike(suppliers.phone, like),
          phoneLike ? ilike(suppliers.phone, phoneLike) : undefined,
        )
      : undefined,
  );
  // One transaction runs one statement at a time: the two queries go in sequence.
  const rows = await ctx.db
    .select({ supplier: suppliers, orders: orderCount })
    .from(suppliers)
    .where(where)
    .orderBy(desc(suppliers.createdAt), desc(suppliers.id))
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size);
  // Suppliers per workspace number in the tens or hundreds: an exact count is cheap here.
  const [counted] = await ctx.db.select({ total: count() }).from(suppliers).where(where);
  return { rows, total: counted?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------------------------
// Purchase orders

/**
 * The workspace's purchase orders, narrowed to the warehouses the member may see (a restricted member), and to
 * `listed` when given (the list: the business chosen in the top bar).
 */
function orderScope(ctx: TenantCtx, listed?: string[] | null): SQL | undefined {
  return and(
    eq(purchaseOrders.workspaceId, ctx.workspaceId),
    visibleWarehouseCondition(ctx, purchaseOrders.warehouseId),
    listed ? (listed.length > 0 ? inArray(purchaseOrders.warehouseId, listed) : sql`false`) : undefined,
  );
}

/** Next number of the month (`2026/11`) in the workspace; the row lock serialises concurrent creators. */
export async function nextOrderNumber(ctx: TenantCtx, period: string): Promise<number> {
  const [row] = await ctx.db
    .insert(purchaseOrderSequences)
    .values({ workspaceId: ctx.workspaceId, period, last: 1 })
    .onConflictDoUpdate({
      target: [purchaseOrderSequences.workspaceId, purchaseOrderSequences.period],
      set: { last: sql`${purchaseOrderSequences.last} + 1` },
    })
    .returning({ last: purchaseOrderSequences.last });
  return row!.last;
}

export type NewPurchaseOrder = Omit<typeof purchaseOrders.$inferInsert, 'workspaceId' | 'createdAt' | 'updatedAt'> & { id: string };
export type NewPurchaseOrderLine = { id: string; catalogId: string; quantity: number; unitCost: number };

export async function insertPurchaseOrder(ctx: TenantCtx, head: NewPurchaseOrder, lines: readonly NewPurchaseOrderLine[]): Promise<void> {
  const now = ctx.platform.now();
  await ctx.db.insert(purchaseOrders).values({ ...head, workspaceId: ctx.workspaceId, createdAt: now, updatedAt: now });
  await ctx.db.insert(purchaseOrderLines).values(
    lines.map((l, position) => ({
      id: l.id,
      workspaceId: ctx.workspaceId,
      purchaseOrderId: head.id,
      position,
      catalogId: l.catalogId,
      quantity: l.quantity,
      unitCost: l.unitCost,
    })),
  );
}

export type PurchaseOrderWithSupplier = { order: PurchaseOrderRow; supplierName: string };

/** A visible purchase order with its supplier's name; `lock` takes the order's row for the rest of the transaction. */
export async function findPurchaseOrder(ctx: TenantCtx, id: string, lock = false): Promise<PurchaseOrderWithSupplier | undefined> {
  const query = ctx.db
    .select({ order: purchaseOrders, supplierName: suppliers.name })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(and(orderScope(ctx), eq(purchaseOrders.id, id)));
  const [row] = lock ? await query.for('update', { of: purchaseOrders }) : await query;
  return row;
}

/** An order's lines in the order they were entered. */
export async function orderLines(ctx: TenantCtx, id: string): Promise<PurchaseOrderLineRow[]> {
  return ctx.db
    .select()
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.workspaceId, ctx.workspaceId), eq(purchaseOrderLines.purchaseOrderId, id)))
    .orderBy(asc(purchaseOrderLines.position));
}

/** The goods receipts an order's deliveries posted, oldest first. */
export async function orderReceipts(ctx: TenantCtx, id: string): Promise<PurchaseOrderReceiptRow[]> {
  return ctx.db
    .select()
    .from(purchaseOrderReceipts)
    .where(and(eq(purchaseOrderReceipts.workspaceId, ctx.workspaceId), eq(purchaseOrderReceipts.purchaseOrderId, id)))
    .orderBy(asc(purchaseOrderReceipts.createdAt), asc(purchaseOrderReceipts.number));
}

export async function insertOrderReceipt(
  ctx: TenantCtx,
  values: Omit<typeof purchaseOrderReceipts.$inferInsert, 'workspaceId' | 'createdAt'>,
) {
  await ctx.db.insert(purchaseOrderReceipts).values({ ...values, workspaceId: ctx.workspaceId, createdAt: ctx.platform.now() });
}

/** Adds a delivery's quantity to a line (the check constraint refuses more than ordered). */
export async function addReceived(ctx: TenantCtx, lineId: string, quantity: number): Promise<void> {
  await ctx.db
    .update(purchaseOrderLines)
    .set({ receivedQuantity: sql`${purchaseOrderLines.receivedQuantity} + ${quantity}` })
    .where(and(eq(purchaseOrderLines.workspaceId, ctx.workspaceId), eq(purchaseOrderLines.id, lineId)));
}

export async function setOrderStatus(ctx: TenantCtx, id: string, status: PurchaseOrderStatus): Promise<void> {
  await ctx.db
    .update(purchaseOrders)
    .set({ status, updatedAt: ctx.platform.now() })
    .where(and(eq(purchaseOrders.workspaceId, ctx.workspaceId), eq(purchaseOrders.id, id)));
}

export type OrderListFilter = {
  status?: PurchaseOrderStatus | undefined;
  supplierId?: string | undefined;
  warehouseId?: string | undefined;
  q?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  page: number;
  size: number;
};

/**
 * A page of visible purchase orders (newest order date first, then the number) with their suppliers' names, and the
 * orders per status under the same filters but the status (the tabs); the page's total is read from those counts.
 */
export async function listPurchaseOrders(ctx: TenantCtx, filter: OrderListFilter, listed: string[] | null) {
  const q = filter.q?.trim();
  const where = and(
    orderScope(ctx, listed),
    filter.supplierId ? eq(purchaseOrders.supplierId, filter.supplierId) : undefined,
    filter.warehouseId ? eq(purchaseOrders.warehouseId, filter.warehouseId) : undefined,
    q ? ilike(purchaseOrders.number, likePattern(q)) : undefined,
    filter.dateFrom ? gte(purchaseOrders.orderDate, filter.dateFrom) : undefined,
    filter.dateTo ? lte(purchaseOrders.orderDate, filter.dateTo) : undefined,
  );
  const rows = await ctx.db
    .select({ order: purchaseOrders, supplierName: suppliers.name })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(and(where, filter.status ? eq(purchaseOrders.status, filter.status) : undefined))
    .orderBy(desc(purchaseOrders.orderDate), desc(purchaseOrders.number))
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size);
  const counts = await ctx.db
    .select({ status: purchaseOrders.status, n: count() })
    .from(purchaseOrders)
    .where(where)
    .groupBy(purchaseOrders.status);
  return { rows, counts };
}

/** Ordered and received quantities and the cost total of each of these orders, summed over their lines. */
export async function lineTotals(ctx: TenantCtx, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { quantity: number; received: number; total: number }>();
  const l = purchaseOrderLines;
  const rows = await ctx.db
    .select({
      id: l.purchaseOrderId,
      quantity: sql<number>`coalesce(sum(${l.quantity}), 0)`.mapWith(Number),
      received: sql<number>`coalesce(sum(${l.receivedQuantity}), 0)`.mapWith(Number),
      total: sql<number>`coalesce(sum(${l.quantity}::bigint * ${l.unitCost}), 0)`.mapWith(Number),
    })
    .from(l)
    .where(and(eq(l.workspaceId, ctx.workspaceId), inArray(l.purchaseOrderId, [...ids])))
    .groupBy(l.purchaseOrderId);
  return new Map(rows.map((r) => [r.id, { quantity: r.quantity, received: r.received, total: r.total }]));
}
