import { z } from 'zod';
import { npwp } from './businesses.ts';
import { money } from './catalog.ts';
import { integer, optionalText, page, paged, requiredText, size, uuid } from './validation.ts';
import { optionalPhone } from './warehouses.ts';

/**
 * Suppliers and purchase orders (spec part 1 "purchase orders and suppliers", part 2 /purchase-order/list, /create,
 * /supplier/list, part 4 "Purchase order: created, partial received, received, unreceived, cancelled"; ADR 0070).
 * Receiving a purchase order posts a goods receipt in its warehouse: the stock arrives through the inventory module.
 */

// ---------------------------------------------------------------------------------------------------------------
// Suppliers

export const SupplierInput = z.object({
  name: requiredText(150),
  /** The merchant's own short code; unique in the workspace when given. */
  code: optionalText(50),
  contact_name: optionalText(150),
  phone: optionalPhone,
  email: z
    .string()
    .trim()
    .max(200)
    .transform((v) => (v === '' ? null : v.toLowerCase()))
    .pipe(z.email({ error: 'INVALID_EMAIL' }).nullable())
    .optional()
    .nullable(),
  /** NPWP: 15 or 16 digits, dots and dashes allowed, kept as 16 digits (INVALID_NPWP); empty is none, as a business's. */
  npwp,
  address: optionalText(500),
  /** Days the merchant has to pay the supplier's invoice (0 = cash). */
  payment_term_days: integer().min(0, { error: 'INVALID_VALUE' }).max(365, { error: 'INVALID_VALUE' }).default(0),
  notes: optionalText(500),
});
export type SupplierInput = z.input<typeof SupplierInput>;

export const Supplier = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  contact_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  npwp: z.string().nullable(),
  address: z.string().nullable(),
  payment_term_days: z.number(),
  notes: z.string().nullable(),
  /** Purchase orders that name the supplier (a supplier with orders cannot be deleted). */
  purchase_order_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Supplier = z.infer<typeof Supplier>;

/** Search by name, code, contact or phone (`q`); newest first. */
export const SupplierListQuery = z.object({ page, size, q: z.string().trim().max(100).optional() });
export const SupplierList = paged(Supplier);
export type SupplierList = z.infer<typeof SupplierList>;

// ---------------------------------------------------------------------------------------------------------------
// Purchase orders

export const PURCHASE_ORDER_STATUSES = ['CREATED', 'PARTIAL_RECEIVED', 'RECEIVED', 'UNRECEIVED', 'CANCELLED'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

const MAX_QTY = 1_000_000;
const MAX_LINES = 500;
const isoDate = z.iso.date({ error: 'INVALID_DATE' });
const quantity = integer().min(1, { error: 'INVALID_VALUE' }).max(MAX_QTY, { error: 'INVALID_VALUE' });

export const PurchaseOrderInput = z.object({
  supplier_id: uuid,
  warehouse_id: uuid,
  order_date: isoDate,
  /** When the goods are expected; not before the order date (EXPECTED_BEFORE_ORDER on this field). */
  expected_date: isoDate.optional().nullable(),
  notes: optionalText(500),
  /** One line per SKU (a second line of the same SKU is DUPLICATE_LINE on its catalog_id); the cost per unit in rupiah. */
  lines: z
    .array(z.object({ catalog_id: uuid, quantity, unit_cost: money }))
    .min(1, { error: 'REQUIRED' })
    .max(MAX_LINES),
});
export type PurchaseOrderInput = z.input<typeof PurchaseOrderInput>;

export const PurchaseOrderLine = z.object({
  id: z.string(),
  catalog_id: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number(),
  received_quantity: z.number(),
  unit_cost: z.number(),
  /** quantity × unit_cost */
  total: z.number(),
});

export const PurchaseOrderSummary = z.object({
  id: z.string(),
  /** PO/2026/11/000001: year and month of the order date, a per-workspace sequence. */
  number: z.string(),
  supplier_id: z.string(),
  supplier_name: z.string(),
  warehouse_id: z.string(),
  warehouse_name: z.string(),
  order_date: z.string(),
  expected_date: z.string().nullable(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  total_quantity: z.number(),
  received_quantity: z.number(),
  /** Sum of the lines' totals, in rupiah. */
  total: z.number(),
  created_at: z.string(),
});
export type PurchaseOrderSummary = z.infer<typeof PurchaseOrderSummary>;

export const PurchaseOrder = PurchaseOrderSummary.extend({
  notes: z.string().nullable(),
  lines: z.array(PurchaseOrderLine),
  /** The goods receipts its deliveries posted, oldest first. */
  receipts: z.array(z.object({ id: z.string(), number: z.string(), date: z.string(), total_quantity: z.number() })),
  updated_at: z.string(),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrder>;

export const PurchaseOrderListQuery = z.object({
  page,
  size,
  status: z.enum(PURCHASE_ORDER_STATUSES).optional(),
  supplier_id: uuid.optional(),
  warehouse_id: uuid.optional(),
  /** Part of the number. */
  q: z.string().trim().max(100).optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
});
export const PurchaseOrderList = paged(PurchaseOrderSummary).extend({
  /** Orders per status under the same filters but the status (the tabs). */
  counts: z.record(z.enum(PURCHASE_ORDER_STATUSES), z.number()),
});
export type PurchaseOrderList = z.infer<typeof PurchaseOrderList>;

/**
 * A delivery from the supplier: a quantity per line (0 for a line not in this delivery), at most what the line
 * still waits for (OVER_RECEIVED on `lines.<i>.quantity`); at least one above 0. Posts a goods receipt.
 */
export const PurchaseOrderReceiveInput = z.object({
  date: isoDate,
  /** The supplier's delivery note number, kept on the goods receipt. */
  supplier_reference: optionalText(100),
  lines: z
    .array(
      z.object({
        line_id: uuid,
        quantity: integer().min(0, { error: 'INVALID_VALUE' }).max(MAX_QTY, { error: 'INVALID_VALUE' }),
      }),
    )
    .min(1, { error: 'REQUIRED' })
    .max(MAX_LINES),
});
export type PurchaseOrderReceiveInput = z.input<typeof PurchaseOrderReceiveInput>;
