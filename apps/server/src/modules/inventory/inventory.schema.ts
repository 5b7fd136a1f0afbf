import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';

/**
 * Stock of one catalog (SKU) in one warehouse. Written only by conditional UPDATEs in the same transaction as the
 * ledger row (inventory.repository.ts), so it can always be rebuilt from `stock_movements`.
 * allocatable = on_hand − in_order − safety_stock; available = allocatable − allocated.
 */
export const stockBalances = pgTable(
  'stock_balances',
  {
    workspaceId: workspaceIdColumn(),
    warehouseId: uuid().notNull(),
    catalogId: uuid().notNull(),
    onHand: integer().notNull().default(0),
    inOrder: integer().notNull().default(0),
    allocated: integer().notNull().default(0),
    safetyStock: integer().notNull().default(0),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.warehouseId, t.catalogId] }),
    index('stock_balances_catalog_idx').on(t.workspaceId, t.catalogId),
    // Backstops for the conditional updates: a bug gives an error, never a negative balance.
    check('stock_balances_on_hand_check', sql`${t.onHand} >= 0`),
    check('stock_balances_in_order_check', sql`${t.inOrder} >= 0 and ${t.inOrder} <= ${t.onHand}`),
    check('stock_balances_allocated_check', sql`${t.allocated} >= 0`),
    check('stock_balances_safety_check', sql`${t.safetyStock} >= 0`),
    tenantPolicy(),
  ],
);

/** The append-only stock ledger: one row per balance change, with the quantities before and after. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    warehouseId: uuid().notNull(),
    catalogId: uuid().notNull(),
    type: text({ enum: ['RECEIPT', 'ADJUSTMENT', 'RESERVE', 'RELEASE', 'SHIP', 'RETURN', 'TRANSFER', 'INBOUND', 'ALLOCATION'] }).notNull(),
    quantity: integer().notNull(),
    onHandDelta: integer().notNull(),
    inOrderDelta: integer().notNull(),
    onHandBefore: integer().notNull(),
    onHandAfter: integer().notNull(),
    inOrderBefore: integer().notNull(),
    inOrderAfter: integer().notNull(),
    /** Change of `allocated`: stock set aside for a channel (ALLOCATION), or taken from it by that channel's order. */
    allocatedDelta: integer().notNull().default(0),
    /** `allocated` before and after, on the rows that change it (null on the others). */
    allocatedBefore: integer(),
    allocatedAfter: integer(),
    /** The channel whose set-aside stock the row changes. */
    channelId: uuid(),
    referenceType: text().notNull(),
    referenceId: text(),
    referenceKey: text().notNull(),
    actorId: uuid(),
    at: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_workspace_at_idx').on(t.workspaceId, t.at.desc().nullsFirst()),
    index('stock_movements_balance_idx').on(t.workspaceId, t.warehouseId, t.catalogId, t.at.desc().nullsFirst()),
    tenantPolicy(),
  ],
);

/** One row per applied stock operation: the idempotency record of the public API (reserve, release, ship, return…). */
export const stockOperations = pgTable(
  'stock_operations',
  {
    workspaceId: workspaceIdColumn(),
    referenceKey: text().notNull(),
    kind: text().notNull(),
    referenceType: text().notNull(),
    referenceId: text(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.referenceKey] }), tenantPolicy()],
);

/**
 * Stock of one SKU in one warehouse set aside for one channel: only that channel's orders may reserve it, and the
 * channel is told it on top of its share. The balance's `allocated` is the sum of these rows; each change is an
 * ALLOCATION row of the ledger, and an order of the channel that uses it a RESERVE row with a negative allocated delta.
 */
export const stockSetAsides = pgTable(
  'stock_set_asides',
  {
    workspaceId: workspaceIdColumn(),
    warehouseId: uuid().notNull(),
    catalogId: uuid().notNull(),
    channelId: uuid().notNull(),
    quantity: integer().notNull().default(0),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.warehouseId, t.catalogId, t.channelId] }),
    check('stock_set_asides_quantity_check', sql`${t.quantity} >= 0`),
    tenantPolicy(),
  ],
);

/** Per-workspace counters for human document numbers (GR-000001, ADJ-000001). */
export const documentSequences = pgTable(
  'inventory_document_sequences',
  {
    workspaceId: workspaceIdColumn(),
    kind: text().notNull(),
    last: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind] }), tenantPolicy()],
);

export const goodsReceipts = pgTable(
  'goods_receipts',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    number: text().notNull(),
    date: date({ mode: 'string' }).notNull(),
    warehouseId: uuid().notNull(),
    supplierReference: text(),
    note: text(),
    status: text({ enum: ['DRAFT', 'POSTED'] })
      .notNull()
      .default('DRAFT'),
    createdBy: uuid().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    postedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('goods_receipts_workspace_number_key').on(t.workspaceId, t.number),
    index('goods_receipts_workspace_date_idx').on(t.workspaceId, t.date.desc().nullsFirst()),
    tenantPolicy(),
  ],
);

export const goodsReceiptLines = pgTable(
  'goods_receipt_lines',
  {
    workspaceId: workspaceIdColumn(),
    receiptId: uuid()
      .notNull()
      .references(() => goodsReceipts.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    catalogId: uuid().notNull(),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.receiptId, t.position] }),
    index('goods_receipt_lines_catalog_idx').on(t.workspaceId, t.catalogId),
    tenantPolicy(),
  ],
);

export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    number: text().notNull(),
    date: date({ mode: 'string' }).notNull(),
    warehouseId: uuid().notNull(),
    type: text({ enum: ['STOCK_OPNAME', 'DAMAGED', 'LOST', 'FOUND', 'OTHER'] }).notNull(),
    note: text(),
    status: text({ enum: ['DRAFT', 'POSTED'] })
      .notNull()
      .default('DRAFT'),
    createdBy: uuid().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    postedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('stock_adjustments_workspace_number_key').on(t.workspaceId, t.number),
    index('stock_adjustments_workspace_date_idx').on(t.workspaceId, t.date.desc().nullsFirst()),
    tenantPolicy(),
  ],
);

export const stockAdjustmentLines = pgTable(
  'stock_adjustment_lines',
  {
    workspaceId: workspaceIdColumn(),
    adjustmentId: uuid()
      .notNull()
      .references(() => stockAdjustments.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    catalogId: uuid().notNull(),
    change: integer().notNull(),
    /** Available stock when the adjustment was posted (drafts show the current one). */
    availableBefore: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.adjustmentId, t.position] }),
    index('stock_adjustment_lines_catalog_idx').on(t.workspaceId, t.catalogId),
    tenantPolicy(),
  ],
);

/** How much of a warehouse's stock each channel receives (percentage or quantity, minus a buffer). */
export const channelAllocations = pgTable(
  'channel_allocations',
  {
    workspaceId: workspaceIdColumn(),
    warehouseId: uuid().notNull(),
    channelId: uuid().notNull(),
    mode: text({ enum: ['PERCENTAGE', 'QUANTITY'] }).notNull(),
    value: integer().notNull(),
    buffer: integer().notNull().default(0),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.warehouseId, t.channelId] }), tenantPolicy()],
);

/** One warehouse stock sync run (spec part 4): ONPROGRESS until its job ends in SUCCESS or FAILED. */
export const stockSyncRuns = pgTable(
  'stock_sync_runs',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    warehouseId: uuid().notNull(),
    status: text({ enum: ['ONPROGRESS', 'SUCCESS', 'FAILED'] })
      .notNull()
      .default('ONPROGRESS'),
    skuCount: integer().notNull().default(0),
    error: text(),
    requestedBy: uuid().notNull(),
    startedAt: timestamptz().notNull().defaultNow(),
    finishedAt: timestamptz(),
  },
  (t) => [index('stock_sync_runs_warehouse_idx').on(t.workspaceId, t.warehouseId, t.startedAt.desc().nullsFirst()), tenantPolicy()],
);
