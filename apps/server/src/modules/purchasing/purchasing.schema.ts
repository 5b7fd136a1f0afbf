import { PURCHASE_ORDER_STATUSES } from '@kelola/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';

const rupiah = () => bigint({ mode: 'number' }).notNull().default(0);

/** A supplier the merchant buys from (spec part 1 "purchase orders and suppliers"; ADR 0070). */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    name: text().notNull(),
    /** The merchant's own short code; unique in the workspace when given (several suppliers may have none). */
    code: text(),
    contactName: text(),
    phone: text(),
    email: text(),
    npwp: text(),
    address: text(),
    paymentTermDays: integer().notNull().default(0),
    notes: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suppliers_workspace_code_key').on(t.workspaceId, t.code),
    index('suppliers_workspace_created_idx').on(t.workspaceId, t.createdAt),
    tenantPolicy(),
  ],
);

/**
 * A purchase order to a supplier for one warehouse, numbered PO/yyyy/mm/nnnnnn per workspace and month of its order
 * date. Its status moves by the table in purchase-orders.service.ts; what has arrived is on its lines.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    number: text().notNull(),
    // A supplier named by an order cannot be deleted (SUPPLIER_IN_USE); the key is the backstop.
    supplierId: uuid()
      .notNull()
      .references(() => suppliers.id),
    warehouseId: uuid().notNull(),
    orderDate: date({ mode: 'string' }).notNull(),
    expectedDate: date({ mode: 'string' }),
    status: text({ enum: PURCHASE_ORDER_STATUSES }).notNull().default('CREATED'),
    notes: text(),
    createdBy: uuid().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_orders_workspace_number_key').on(t.workspaceId, t.number),
    index('purchase_orders_workspace_date_idx').on(t.workspaceId, t.orderDate.desc().nullsFirst(), t.number.desc().nullsFirst()),
    index('purchase_orders_supplier_idx').on(t.workspaceId, t.supplierId),
    check('purchase_orders_expected_check', sql`${t.expectedDate} is null or ${t.expectedDate} >= ${t.orderDate}`),
    tenantPolicy(),
  ],
);

/** One SKU of a purchase order: what was ordered, at what cost per unit (whole rupiah), and how much has arrived. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    purchaseOrderId: uuid()
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    catalogId: uuid().notNull(),
    quantity: integer().notNull(),
    receivedQuantity: integer().notNull().default(0),
    unitCost: rupiah(),
  },
  (t) => [
    uniqueIndex('purchase_order_lines_position_key').on(t.purchaseOrderId, t.position),
    // One line per SKU (DUPLICATE_LINE is the answer; the index is the backstop).
    uniqueIndex('purchase_order_lines_catalog_key').on(t.purchaseOrderId, t.catalogId),
    // Backstops for the receive: a bug gives an error, never more received than ordered.
    check('purchase_order_lines_quantity_check', sql`${t.quantity} > 0`),
    check('purchase_order_lines_received_check', sql`${t.receivedQuantity} >= 0 and ${t.receivedQuantity} <= ${t.quantity}`),
    tenantPolicy(),
  ],
);

/**
 * The goods receipts a purchase order's deliveries posted (inventory module), with the receipt's number, date and
 * quantity kept here so the order's answer needs no call into the inventory.
 */
export const purchaseOrderReceipts = pgTable(
  'purchase_order_receipts',
  {
    workspaceId: workspaceIdColumn(),
    purchaseOrderId: uuid()
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    goodsReceiptId: uuid().notNull(),
    number: text().notNull(),
    date: date({ mode: 'string' }).notNull(),
    totalQuantity: integer().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.purchaseOrderId, t.goodsReceiptId] }), tenantPolicy()],
);

/** Per-workspace counters of purchase order numbers, one per month of the order date (period `2026/11`). */
export const purchaseOrderSequences = pgTable(
  'purchase_order_sequences',
  {
    workspaceId: workspaceIdColumn(),
    period: text().notNull(),
    last: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.period] }), tenantPolicy()],
);
