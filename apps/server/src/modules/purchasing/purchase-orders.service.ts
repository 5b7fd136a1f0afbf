import {
  PURCHASE_ORDER_STATUSES,
  PurchaseOrderInput,
  PurchaseOrderReceiveInput,
  type FieldIssue,
  type PurchaseOrder,
  type PurchaseOrderList,
  type PurchaseOrderListQuery,
  type PurchaseOrderStatus,
  type PurchaseOrderSummary,
} from '@kelola/contracts';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { pgCode } from '../../platform/db/pg-errors.ts';
import { DomainError, fieldError, parseOrFail, fieldIssue } from '../../platform/errors.ts';
import { catalogRefs } from '../catalog/index.ts';
import { createGoodsReceipt } from '../inventory/index.ts';
import { listWarehouseOptions } from '../warehouses/index.ts';
import * as repo from './purchasing.repository.ts';

type OrderData = z.output<typeof PurchaseOrderInput>;
type Action = 'RECEIVE' | 'CANCEL' | 'CLOSE';

/**
 * The states (ADR 0070 §2): the ones each action starts from, and where it leads. A delivery leads to RECEIVED when
 * nothing is left to come, else to PARTIAL_RECEIVED. Any other move is 409 PURCHASE_ORDER_STATE_CONFLICT.
 */
const MOVES: Record<Action, { from: readonly PurchaseOrderStatus[]; to: PurchaseOrderStatus | 'BY_QUANTITY' }> = {
  RECEIVE: { from: ['CREATED', 'PARTIAL_RECEIVED'], to: 'BY_QUANTITY' },
  CANCEL: { from: ['CREATED'], to: 'CANCELLED' },
  CLOSE: { from: ['PARTIAL_RECEIVED'], to: 'UNRECEIVED' },
};

/** The largest amount money fields take (Rp 999 triliun, exact in JavaScript numbers and in bigint columns). */
const MAX_RUPIAH = 999_999_999_999_999n;

// ---------------------------------------------------------------------------------------------------------------
// Reading

/** Names of the warehouses the member may see, by id (a visible order's warehouse is among them). */
const warehouseNames = async (ctx: TenantCtx) => new Map((await listWarehouseOptions(ctx)).map((w) => [w.id, w.name]));

const presentSummary = (
  { order, supplierName }: repo.PurchaseOrderWithSupplier,
  warehouseName: string,
  totals: { quantity: number; received: number; total: number },
): PurchaseOrderSummary => ({
  id: order.id,
  number: order.number,
  supplier_id: order.supplierId,
  supplier_name: supplierName,
  warehouse_id: order.warehouseId,
  warehouse_name: warehouseName,
  order_date: order.orderDate,
  expected_date: order.expectedDate,
  status: order.status,
  total_quantity: totals.quantity,
  received_quantity: totals.received,
  total: totals.total,
  created_at: order.createdAt.toISOString(),
});

async function orderOr404(ctx: TenantCtx, id: string, lock = false): Promise<repo.PurchaseOrderWithSupplier> {
  const row = await repo.findPurchaseOrder(ctx, id, lock);
  if (!row) throw new DomainError('PURCHASE_ORDER_NOT_FOUND');
  return row;
}

/**
 * One purchase order with its lines and receipts, or PURCHASE_ORDER_NOT_FOUND (also for another workspace's id, or
 * an order of a warehouse the member may not see).
 */
export async function getPurchaseOrder(ctx: TenantCtx, id: string): Promise<PurchaseOrder> {
  const row = await orderOr404(ctx, id);
  const lines = await repo.orderLines(ctx, id);
  const receipts = await repo.orderReceipts(ctx, id);
  const refs = new Map(
    (
      await catalogRefs(
        ctx,
        lines.map((l) => l.catalogId),
      )
    ).map((r) => [r.id, r]),
  );
  const names = await warehouseNames(ctx);
  const totals = lines.reduce(
    (t, l) => ({ quantity: t.quantity + l.quantity, received: t.received + l.receivedQuantity, total: t.total + l.quantity * l.unitCost }),
    { quantity: 0, received: 0, total: 0 },
  );
  return {
    ...presentSummary(row, names.get(row.order.warehouseId) ?? '', totals),
    notes: row.order.notes,
    lines: lines.map((l) => ({
      id: l.id,
      catalog_id: l.catalogId,
      sku: refs.get(l.catalogId)?.sku ?? '',
      name: refs.get(l.catalogId)?.name ?? '',
      quantity: l.quantity,
      received_quantity: l.receivedQuantity,
      unit_cost: l.unitCost,
      total: l.quantity * l.unitCost,
    })),
    receipts: receipts.map((r) => ({ id: r.goodsReceiptId, number: r.number, date: r.date, total_quantity: r.totalQuantity })),
    updated_at: row.order.updatedAt.toISOString(),
  };
}

/**
 * A page of visible purchase orders (newest order date first, then the number), narrowed to the business chosen in
 * the top bar, with the orders per status under the same filters but the status. A supplier or warehouse filter
 * naming no (visible) row of the workspace answers 404, as every id a request names does.
 */
export async function listPurchaseOrders(ctx: TenantCtx, query: z.output<typeof PurchaseOrderListQuery>): Promise<PurchaseOrderList> {
  if (query.supplier_id && !(await repo.findSupplier(ctx, query.supplier_id))) throw new DomainError('SUPPLIER_NOT_FOUND');
  const warehouses = await listWarehouseOptions(ctx);
  if (query.warehouse_id && !warehouses.some((w) => w.id === query.warehouse_id)) throw new DomainError('WAREHOUSE_NOT_FOUND');
  const listed = ctx.businessId ? warehouses.filter((w) => w.businessId === ctx.businessId).map((w) => w.id) : null;
  const { rows, counts } = await repo.listPurchaseOrders(
    ctx,
    {
      status: query.status,
      supplierId: query.supplier_id,
      warehouseId: query.warehouse_id,
      q: query.q,
      dateFrom: query.date_from,
      dateTo: query.date_to,
      page: query.page,
      size: query.size,
    },
    listed,
  );
  const totals = await repo.lineTotals(
    ctx,
    rows.map((r) => r.order.id),
  );
  const names = new Map(warehouses.map((w) => [w.id, w.name]));
  const byStatus = Object.fromEntries(PURCHASE_ORDER_STATUSES.map((s) => [s, 0])) as Record<PurchaseOrderStatus, number>;
  for (const c of counts) byStatus[c.status] = c.n;
  return {
    items: rows.map((r) =>
      presentSummary(r, names.get(r.order.warehouseId) ?? '', totals.get(r.order.id) ?? { quantity: 0, received: 0, total: 0 }),
    ),
    page: query.page,
    size: query.size,
    total_row: query.status ? byStatus[query.status] : Object.values(byStatus).reduce((a, b) => a + b, 0),
    counts: byStatus,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

/**
 * Rules the schema cannot check, every one answered at once as 400 VALIDATION_FAILED on its field: the supplier is
 * the workspace's, the warehouse one the member may see, each SKU exists, is no bundle (a bundle has no stock of its
 * own) and has one line; the expected date is not before the order date; the totals stay within money's range.
 */
async function checkOrder(ctx: TenantCtx, d: OrderData): Promise<void> {
  const issues: FieldIssue[] = [];
  if (!(await repo.findSupplier(ctx, d.supplier_id))) issues.push(fieldIssue('supplier_id', 'SUPPLIER_NOT_FOUND'));
  if (!(await listWarehouseOptions(ctx)).some((w) => w.id === d.warehouse_id))
    issues.push(fieldIssue('warehouse_id', 'WAREHOUSE_NOT_FOUND'));
  if (d.expected_date && d.expected_date < d.order_date) issues.push(fieldIssue('expected_date', 'EXPECTED_BEFORE_ORDER'));
  const refs = new Map((await catalogRefs(ctx, [...new Set(d.lines.map((l) => l.catalog_id))])).map((r) => [r.id, r]));
  const seen = new Set<string>();
  let total = 0n;
  d.lines.forEach((line, i) => {
    const ref = refs.get(line.catalog_id);
    if (!ref) issues.push(fieldIssue(`lines.${i}.catalog_id`, 'CATALOG_NOT_FOUND'));
    else if (ref.productType === 'BUNDLING') issues.push(fieldIssue(`lines.${i}.catalog_id`, 'CATALOG_IS_BUNDLE'));
    else if (seen.has(line.catalog_id)) issues.push(fieldIssue(`lines.${i}.catalog_id`, 'DUPLICATE_LINE'));
    seen.add(line.catalog_id);
    const lineTotal = BigInt(line.quantity) * line.unit_cost;
    if (lineTotal > MAX_RUPIAH) issues.push(fieldIssue(`lines.${i}.unit_cost`, 'TOTAL_TOO_BIG'));
    total += lineTotal;
  });
  if (total > MAX_RUPIAH && !issues.some((f) => f.code === 'TOTAL_TOO_BIG')) issues.push(fieldIssue('lines', 'TOTAL_TOO_BIG'));
  if (issues.length > 0) throw new DomainError('VALIDATION_FAILED', { fields: issues });
}

/**
 * Creates a purchase order in status CREATED, numbered PO/yyyy/mm/nnnnnn: the year and month of its order date (a
 * date, so already Jakarta's), then the workspace's sequence of that month.
 */
export async function createPurchaseOrder(ctx: TenantCtx, input: PurchaseOrderInput): Promise<PurchaseOrder> {
  const d = parseOrFail(PurchaseOrderInput, input);
  await checkOrder(ctx, d);
  const period = d.order_date.slice(0, 7).replace('-', '/');
  const number = `PO/${period}/${String(await repo.nextOrderNumber(ctx, period)).padStart(6, '0')}`;
  const id = uuidv7();
  const lines = d.lines.map((l) => ({ id: uuidv7(), catalogId: l.catalog_id, quantity: l.quantity, unitCost: Number(l.unit_cost) }));
  try {
    await repo.insertPurchaseOrder(
      ctx,
      {
        id,
        number,
        supplierId: d.supplier_id,
        warehouseId: d.warehouse_id,
        orderDate: d.order_date,
        expectedDate: d.expected_date ?? null,
        status: 'CREATED',
        notes: d.notes || null,
        createdBy: ctx.actor.userId,
      },
      lines,
    );
  } catch (error) {
    // The supplier was deleted since the check (its delete holds the row until it commits).
    if (pgCode(error) === '23503') throw fieldError('VALIDATION_FAILED', 'supplier_id', 'SUPPLIER_NOT_FOUND');
    throw error;
  }
  await recordAudit(ctx, {
    entity: 'purchase_order',
    entityId: id,
    action: 'create',
    before: null,
    after: {
      number,
      status: 'CREATED',
      supplier_id: d.supplier_id,
      warehouse_id: d.warehouse_id,
      order_date: d.order_date,
      expected_date: d.expected_date ?? null,
      notes: d.notes || null,
      lines: lines.map((l) => ({ catalog_id: l.catalogId, quantity: l.quantity, unit_cost: l.unitCost })),
    },
  });
  return getPurchaseOrder(ctx, id);
}

/** The visible order, its row locked for the rest of the transaction, when its status allows the action. */
async function lockFor(ctx: TenantCtx, id: string, action: Action): Promise<repo.PurchaseOrderRow> {
  const { order } = await orderOr404(ctx, id, true);
  if (!MOVES[action].from.includes(order.status)) throw new DomainError('PURCHASE_ORDER_STATE_CONFLICT', { status: order.status });
  return order;
}

/**
 * A delivery from the supplier: posts one goods receipt through the inventory module (the stock arrives there, and
 * with it the short orders' second try, ADR 0069), in this transaction, then adds the quantities to the lines. A
 * line id not of this order, a quantity above what the line still waits for, or nothing at all is a field error.
 */
export async function receivePurchaseOrder(ctx: TenantCtx, id: string, input: PurchaseOrderReceiveInput): Promise<PurchaseOrder> {
  const d = parseOrFail(PurchaseOrderReceiveInput, input);
  const order = await lockFor(ctx, id, 'RECEIVE');
  const lines = await repo.orderLines(ctx, id);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  d.lines.forEach((l, i) => {
    const line = byId.get(l.line_id);
    if (!line) issues.push(fieldIssue(`lines.${i}.line_id`, 'INVALID_ID'));
    else if (seen.has(l.line_id)) issues.push(fieldIssue(`lines.${i}.line_id`, 'DUPLICATE_LINE'));
    else if (l.quantity > line.quantity - line.receivedQuantity) issues.push(fieldIssue(`lines.${i}.quantity`, 'OVER_RECEIVED'));
    seen.add(l.line_id);
  });
  if (d.lines.every((l) => l.quantity === 0)) issues.push(fieldIssue('lines', 'NOTHING_RECEIVED'));
  if (issues.length > 0) throw new DomainError('VALIDATION_FAILED', { fields: issues });

  const delivered = d.lines.filter((l) => l.quantity > 0);
  const receipt = await createGoodsReceipt(ctx, {
    date: d.date,
    warehouse_id: order.warehouseId,
    supplier_reference: d.supplier_reference || null,
    note: order.number,
    lines: delivered.map((l) => ({ catalog_id: byId.get(l.line_id)!.catalogId, quantity: l.quantity })),
    post: true,
  });
  await repo.insertOrderReceipt(ctx, {
    purchaseOrderId: id,
    goodsReceiptId: receipt.id,
    number: receipt.number,
    date: receipt.date,
    totalQuantity: receipt.total_quantity,
  });
  const arriving = new Map(delivered.map((l) => [l.line_id, l.quantity]));
  for (const l of delivered) await repo.addReceived(ctx, l.line_id, l.quantity);
  const waiting = lines.some((l) => l.receivedQuantity + (arriving.get(l.id) ?? 0) < l.quantity);
  const status: PurchaseOrderStatus = waiting ? 'PARTIAL_RECEIVED' : 'RECEIVED';
  await repo.setOrderStatus(ctx, id, status);
  await recordAudit(ctx, {
    entity: 'purchase_order',
    entityId: id,
    action: 'update',
    before: { status: order.status },
    after: {
      status,
      goods_receipt: receipt.number,
      received: delivered.map((l) => ({ catalog_id: byId.get(l.line_id)!.catalogId, quantity: l.quantity })),
    },
  });
  return getPurchaseOrder(ctx, id);
}

/** Cancel (nothing has arrived yet) or close (the rest will never come): the status moves, nothing else. */
async function moveOrder(ctx: TenantCtx, id: string, action: 'CANCEL' | 'CLOSE'): Promise<PurchaseOrder> {
  const order = await lockFor(ctx, id, action);
  const to = MOVES[action].to as PurchaseOrderStatus;
  await repo.setOrderStatus(ctx, id, to);
  await recordAudit(ctx, {
    entity: 'purchase_order',
    entityId: id,
    action: 'update',
    before: { status: order.status },
    after: { status: to },
  });
  return getPurchaseOrder(ctx, id);
}

/** CREATED → CANCELLED. */
export const cancelPurchaseOrder = (ctx: TenantCtx, id: string) => moveOrder(ctx, id, 'CANCEL');

/** PARTIAL_RECEIVED → UNRECEIVED: the merchant closes the order, the rest will never come. */
export const closePurchaseOrder = (ctx: TenantCtx, id: string) => moveOrder(ctx, id, 'CLOSE');
