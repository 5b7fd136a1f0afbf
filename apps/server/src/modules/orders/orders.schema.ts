import type { CustomerImportItem } from '@kelola/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';

type CustomerImportPreviewJson = {
  counts: { new: number; changed: number; unchanged: number; errors: number; examples: number };
  items: CustomerImportItem[];
  truncated: boolean;
};

const rupiah = () => bigint({ mode: 'number' }).notNull().default(0);

/**
 * An order of any channel (spec part 3 "Order"): a marketplace order keyed by (connection, marketplace order id),
 * or a manual order numbered SO/yyyy/mm/nnnnnn per workspace. Amounts are integer rupiah (ADR 0008); the totals
 * are stored as computed by `orderAmounts` of the domain package so lists need no line join.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    businessId: uuid(),
    /** MARKETPLACE or MANUAL. */
    source: text().notNull(),
    /** The channel connection of a marketplace order. */
    channelId: uuid(),
    marketplace: text(),
    /** The marketplace's order id (order_sn, order_id …). */
    externalId: text(),
    orderNumber: text().notNull(),
    status: text().notNull(),
    /** The state before a cancel request, where a refused request goes back to. */
    resumeStatus: text(),
    marketplaceStatus: text(),
    /** When the marketplace status we hold was current: an older one arriving later is ignored. */
    marketplaceUpdatedAt: timestamptz(),
    orderDate: timestamptz().notNull(),
    warehouseId: uuid(),
    customerId: uuid(),
    buyerName: text(),
    buyerPhone: text(),
    buyerEmail: text(),
    shipName: text(),
    shipPhone: text(),
    shipAddress: text(),
    provinceCode: text(),
    cityCode: text(),
    districtCode: text(),
    subdistrictCode: text(),
    postalCode: text(),
    shipCity: text(),
    shippingId: text(),
    serviceType: text(),
    courierName: text(),
    courierService: text(),
    receiptNumber: text(),
    pickupAddress: text(),
    dropshipper: boolean().notNull().default(false),
    dropshipperName: text(),
    dropshipperPhone: text(),
    paymentStatus: text().notNull().default('UNPAID'),
    paymentMethod: text(),
    notes: text(),
    /** The admin voucher code a manual order used (issue 16), as typed; its use row says the discount. */
    voucherCode: text(),
    cancelReason: text(),
    totalItem: integer().notNull().default(0),
    subtotal: rupiah(),
    sellerDiscount: rupiah(),
    marketplaceDiscount: rupiah(),
    voucher: rupiah(),
    deposit: rupiah(),
    loyalty: rupiah(),
    shippingFeeBuyer: rupiah(),
    shippingFeeSeller: rupiah(),
    adminFee: rupiah(),
    buyerTotal: rupiah(),
    merchantNet: rupiah(),
    cost: rupiah(),
    costComplete: boolean().notNull().default(true),
    stockShort: boolean().notNull().default(false),
    hasUnmapped: boolean().notNull().default(false),
    /** The last action sent to the marketplace: SENDING until it answers, FAILED with its message. */
    marketplaceAction: text(),
    marketplaceActionState: text(),
    marketplaceActionMessage: text(),
    marketplaceActionAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  // Not declared here: `list_head` and `list_tail`, the order's row of the list as JSON text, written by the orders'
  // trigger from the columns above (migration 0025, ADR 0067) and read only by the list's statement.
  (t) => [
    uniqueIndex('orders_channel_external_key')
      .on(t.workspaceId, t.channelId, t.externalId)
      .where(sql`external_id is not null`),
    uniqueIndex('orders_manual_number_key')
      .on(t.workspaceId, t.orderNumber)
      .where(sql`source = 'MANUAL'`),
    // The list: newest first, by tab or across tabs (ARCHITECTURE §10, ADR 0018).
    index('orders_workspace_date_idx').on(t.workspaceId, t.orderDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_workspace_status_date_idx').on(t.workspaceId, t.status, t.orderDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_workspace_channel_date_idx').on(t.workspaceId, t.channelId, t.orderDate.desc().nullsFirst()),
    index('orders_workspace_number_idx').on(t.workspaceId, t.orderNumber),
    index('orders_workspace_receipt_idx').on(t.workspaceId, t.receiptNumber),
    // The orders waiting for stock, per warehouse, oldest first (ADR 0069): only the flagged rows are in it.
    index('orders_short_idx')
      .on(t.workspaceId, t.warehouseId, t.orderDate, t.id)
      .where(sql`stock_short`),
    tenantPolicy(),
  ],
);

/**
 * An order line: the SKU, name and options as they were when ordered. A marketplace SKU that maps to no catalog is
 * kept (catalog_id null, unmapped). Stock per line: RESERVED, SHORT (nothing held; `short_quantity` missing),
 * SHIPPED, RELEASED, RETURNED, or NONE; each step keyed `order-line:<id>:<step>` in the inventory ledger.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    catalogId: uuid(),
    sku: text(),
    marketplaceSku: text(),
    marketplaceItemId: text(),
    name: text().notNull(),
    options: text(),
    quantity: integer().notNull(),
    unitPrice: rupiah(),
    discount: rupiah(),
    unitCost: bigint({ mode: 'number' }),
    /** Where a manual line's price came from: INPUT, AREA (price by area) or LIST_PRICE; MARKETPLACE on imports. */
    priceSource: text(),
    unmapped: boolean().notNull().default(false),
    stockState: text().notNull().default('NONE'),
    reservedQuantity: integer().notNull().default(0),
    shortQuantity: integer().notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.workspaceId, t.orderId, t.position),
    index('order_lines_sku_idx').on(t.workspaceId, t.sku),
    tenantPolicy(),
  ],
);

/** Every change of an order: what, from which state to which, by whom (user, marketplace push, reconciliation, job), when. */
export const orderTimeline = pgTable(
  'order_timeline',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamptz().notNull().defaultNow(),
    actorType: text().notNull(),
    actorId: text(),
    event: text().notNull(),
    fromStatus: text(),
    toStatus: text(),
    note: text(),
  },
  (t) => [index('order_timeline_order_idx').on(t.workspaceId, t.orderId, t.id), tenantPolicy()],
);

/**
 * Orders per (business, channel, status), kept in the same transaction as every insert and status change, so the
 * tab counts of an unfiltered list cost a few rows instead of a count over a million (ADR 0018). The zero uuid
 * stands for "no business" / "no channel" (a primary key cannot hold null).
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    workspaceId: workspaceIdColumn(),
    businessId: uuid().notNull(),
    channelId: uuid().notNull(),
    status: text().notNull(),
    count: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.businessId, t.channelId, t.status] }), tenantPolicy()],
);

/**
 * The same counts per Jakarta day of the order date, kept in the same statement as `order_counts`, so the tab counts
 * of a list filtered by dates (whole Jakarta days) sum a few rows per day instead of counting the orders (ADR 0023).
 */
export const orderDayCounts = pgTable(
  'order_day_counts',
  {
    workspaceId: workspaceIdColumn(),
    day: date({ mode: 'string' }).notNull(),
    status: text().notNull(),
    businessId: uuid().notNull(),
    channelId: uuid().notNull(),
    count: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.status, t.businessId, t.channelId] }), tenantPolicy()],
);

/** Per-workspace number sequences (manual orders: one per month, kind `SO/2026/11`). */
export const orderSequences = pgTable(
  'order_sequences',
  {
    workspaceId: workspaceIdColumn(),
    kind: text().notNull(),
    last: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind] }), tenantPolicy()],
);

/** The on-demand order sync of one shop (spec: POST order sync, GET synchronize status). */
export const orderSyncs = pgTable(
  'order_syncs',
  {
    workspaceId: workspaceIdColumn(),
    channelId: uuid().notNull(),
    status: text().notNull(),
    startedAt: timestamptz(),
    finishedAt: timestamptz(),
    ordersSeen: integer().notNull().default(0),
    error: text(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.channelId] }), tenantPolicy()],
);

/** Customer categories and customers (spec part 3 "Customer"). */
export const customerCategories = pgTable(
  'customer_categories',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    name: text().notNull(),
    description: text(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_categories_name_key').on(t.workspaceId, t.name), tenantPolicy()],
);

export const customers = pgTable(
  'customers',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    code: text().notNull(),
    name: text().notNull(),
    categoryId: uuid().references(() => customerCategories.id),
    phone: text(),
    email: text(),
    address: text(),
    provinceCode: text(),
    cityCode: text(),
    districtCode: text(),
    subdistrictCode: text(),
    postalCode: text(),
    taxId: text(),
    creditLimit: rupiah(),
    transactionLimit: rupiah(),
    paymentLimitDays: integer().notNull().default(0),
    shopCode: text(),
    salesCode: text(),
    storeType: text(),
    coinUsage: boolean().notNull().default(false),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_code_key').on(t.workspaceId, t.code),
    index('customers_name_idx').on(t.workspaceId, t.name),
    tenantPolicy(),
  ],
);

/**
 * A customer import (ADR 0042 §3): the uploaded sheet, its preview (nothing changed yet) and, once confirmed, the
 * result and the file of the refused rows.
 */
export const customerImports = pgTable(
  'customer_imports',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    /** PREVIEW, then DONE once confirmed. */
    status: text().notNull().default('PREVIEW'),
    fileKey: text().notNull(),
    fileName: text().notNull(),
    preview: jsonb().$type<CustomerImportPreviewJson>().notNull(),
    result: jsonb().$type<{ created: number; updated: number; unchanged: number; failed: number }>(),
    errorFileKey: text(),
    requestedBy: uuid().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    finishedAt: timestamptz(),
  },
  (t) => [index('customer_imports_workspace_created_idx').on(t.workspaceId, t.createdAt), tenantPolicy()],
);
