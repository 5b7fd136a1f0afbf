import { z } from 'zod';
import { PAYMENT_STATUSES } from './orders.ts';
import { uuid } from './validation.ts';

/**
 * Fulfillment documents and order exports (issue 14: shipping labels 100 × 150 mm, picking and packing lists, how
 * often each was printed, bin locations per SKU and warehouse, the /fulfillment and /delivery-order exports).
 */
export const PRINT_KINDS = ['label', 'picking', 'packing'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** At most this many orders in one printed document (a pick wave, a bulk label run). */
export const DOCUMENT_MAX_ORDERS = 500;

/** The orders a document is printed for, in the order given (labels keep it; picking lists group by bin and SKU). */
export const DocumentOrdersInput = z.object({
  order_ids: z
    .array(uuid, { error: 'REQUIRED' })
    .min(1, { error: 'REQUIRED' })
    .max(DOCUMENT_MAX_ORDERS, { error: 'TOO_MANY' })
    .transform((ids) => [...new Set(ids)]),
});

/** The same, as a query string (`order_ids=a,b,c`) for the printable full pages. */
export const DocumentOrdersQuery = z.object({
  order_ids: z
    .string({ error: 'REQUIRED' })
    .trim()
    .min(1, { error: 'REQUIRED' })
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(
      z
        .array(uuid)
        .min(1, { error: 'REQUIRED' })
        .max(DOCUMENT_MAX_ORDERS, { error: 'TOO_MANY' })
        .transform((ids) => [...new Set(ids)]),
    ),
});

export const PrintStatus = z.object({
  order_id: z.string(),
  kind: z.enum(PRINT_KINDS),
  print_count: z.number(),
  first_printed_at: z.string(),
  last_printed_at: z.string(),
});
export type PrintStatus = z.infer<typeof PrintStatus>;
export const PrintStatusList = z.object({ items: z.array(PrintStatus) });

/** Where a SKU lies in a warehouse (rack / bin), for sorting the picking list. Empty location removes it. */
export const BinLocationInput = z.object({
  warehouse_id: uuid,
  catalog_id: uuid,
  location: z.string().trim().max(40, { error: 'TOO_LONG' }),
});
export const BinLocation = z.object({ warehouse_id: z.string(), catalog_id: z.string(), location: z.string() });
export type BinLocation = z.infer<typeof BinLocation>;
export const BinLocationQuery = z.object({ warehouse_id: uuid, catalog_ids: z.string().trim().max(20_000).optional() });
/** A bin location in a list, with the SKU it holds (code and name) for the bin-location screen. */
export const BinLocationItem = BinLocation.extend({ sku: z.string(), name: z.string() });
export type BinLocationItem = z.infer<typeof BinLocationItem>;
export const BinLocationList = z.object({ items: z.array(BinLocationItem) });

// ---------------------------------------------------------------------------------------------------------------
// Order exports (/fulfillment/export, /delivery-order/export)

export const ORDER_EXPORT_KINDS = ['fulfillment', 'delivery-order'] as const;
export const ORDER_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
/** The longest period one order export may cover (spec part 5 and 9). */
export const ORDER_EXPORT_MAX_MONTHS = 3;

const period = z.iso.date({ error: 'INVALID_DATE' });
/** An empty date is no date (the object's check then asks for it). */
const optionalDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), period.optional());

/** The last day a period starting on `from` (yyyy-mm-dd) may end: the same day three months later (clamped to month end). */
export function periodLimit(from: string, months = ORDER_EXPORT_MAX_MONTHS): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * An order export: the period is required ('Harap isi periode pesanan') and spans at most 3 months; the other
 * filters are the list's.
 */
export const OrderExportInput = z
  .object({
    format: z.enum(ORDER_EXPORT_FORMATS).default('xlsx'),
    date_from: optionalDate,
    date_to: optionalDate,
    channel_id: uuid.optional(),
    warehouse_id: uuid.optional(),
    courier: z.string().trim().max(100, { error: 'TOO_LONG' }).optional(),
    payment_status: z.enum(PAYMENT_STATUSES).optional(),
    status: z.string().trim().max(40, { error: 'TOO_LONG' }).optional(),
    printed: z.enum(['printed', 'not_printed']).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.date_from) ctx.addIssue({ code: 'custom', path: ['date_from'], message: 'PERIOD_REQUIRED' });
    if (!v.date_to) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'PERIOD_REQUIRED' });
    const valid = (d: unknown): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/u.test(d);
    if (!valid(v.date_from) || !valid(v.date_to)) return;
    if (v.date_from > v.date_to) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'DATE_RANGE' });
    else if (v.date_to > periodLimit(v.date_from)) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'PERIOD_TOO_LONG' });
  });
export type OrderExportInput = z.output<typeof OrderExportInput>;
