import { FULFILLMENT_ACTIONS, FULFILLMENT_CANCEL_DETAIL_MIN, FULFILLMENT_STEPS, ORDER_STATUSES } from '@kelola/domain';
import { z } from 'zod';
import { areaCode, postalCode } from './areas.ts';
import { Order, OrderSummary } from './orders.ts';
import { integer, optionalText, page, paged, size, uuid } from './validation.ts';
import { optionalPhone } from './warehouses.ts';

/**
 * Fulfillment (issue 14; spec part 2 /fulfillment and /delivery-order, part 4 fulfillment steps, part 5 the
 * cancellation detail). /fulfillment holds marketplace (and web-store) orders, /delivery-order the manual and
 * distributor orders the merchant ships with its own courier (with a delivery note number).
 */
export const FULFILLMENT_KINDS = ['fulfillment', 'delivery-order'] as const;
export type FulfillmentKind = (typeof FULFILLMENT_KINDS)[number];
/** How a shipment is handed over: the marketplace's pickup or drop-off, or the merchant's own courier. */
export const SHIP_METHODS = ['PICKUP', 'DROPOFF', 'OWN_COURIER'] as const;
export const SHIPMENT_STATES = ['SENDING', 'FAILED', 'DONE'] as const;

const isoDate = z.iso.date({ error: 'INVALID_DATE' });

export const FulfillmentListQuery = z
  .object({
    page,
    size,
    step: z.enum(FULFILLMENT_STEPS).default('NEW'),
    /** The shop (channel connection). */
    channel_id: uuid.optional(),
    warehouse_id: uuid.optional(),
    courier: z.string().trim().max(100).optional(),
    /** Whether the order's shipping label has been printed (true) or not yet (false). */
    printed: z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
      .transform((v) => v === true || v === 'true' || v === '1')
      .optional(),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
    /** Order number, receipt number or delivery note number (contains). */
    q: z.string().trim().max(100, { error: 'TOO_LONG' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.date_from && v.date_to && v.date_from > v.date_to) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'DATE_RANGE' });
  });
export type FulfillmentListQuery = z.output<typeof FulfillmentListQuery>;

export const StepRecord = z.object({ at: z.string(), by: z.string().nullable() });

/** Where an order stands in the warehouse. */
export const FulfillmentInfo = z.object({
  step: z.enum(FULFILLMENT_STEPS),
  allowed_actions: z.array(z.enum(FULFILLMENT_ACTIONS)),
  /** False once the goods are issued: warehouse, courier, receipt number, dropshipper and address are fixed. */
  editable: z.boolean(),
  delivery_note_number: z.string().nullable(),
  ship_method: z.enum(SHIP_METHODS).nullable(),
  /** The marketplace's arrange-shipment call: SENDING until it answers, FAILED with its message, DONE. */
  shipment_state: z.enum(SHIPMENT_STATES).nullable(),
  shipment_message: z.string().nullable(),
  picked: StepRecord.nullable(),
  packed: StepRecord.nullable(),
  packing_completed: StepRecord.nullable(),
  goods_issued: StepRecord.nullable(),
  shipped: StepRecord.nullable(),
});
export type FulfillmentInfo = z.infer<typeof FulfillmentInfo>;

export const FulfillmentSummary = OrderSummary.extend({ fulfillment: FulfillmentInfo });
export type FulfillmentSummary = z.infer<typeof FulfillmentSummary>;
export const FulfillmentStepCounts = z.record(z.enum(FULFILLMENT_STEPS), z.number());
export const FulfillmentList = paged(FulfillmentSummary).extend({ counts: FulfillmentStepCounts });
export type FulfillmentList = z.infer<typeof FulfillmentList>;

export const FulfillmentLine = z.object({
  id: z.string(),
  sku: z.string().nullable(),
  /** The SKU's barcode (catalog), what a scanner reads; the SKU is accepted too. */
  barcode: z.string().nullable(),
  name: z.string(),
  options: z.string().nullable(),
  quantity: z.number(),
});
export const FulfillmentDetail = Order.extend({ fulfillment: FulfillmentInfo, pack_lines: z.array(FulfillmentLine) });
export type FulfillmentDetail = z.infer<typeof FulfillmentDetail>;

export const FulfillmentStepInput = z.object({ action: z.enum(FULFILLMENT_ACTIONS, { error: 'INVALID_VALUE' }) });

export const BulkFulfillmentInput = z.object({
  action: z.enum(FULFILLMENT_ACTIONS, { error: 'INVALID_VALUE' }),
  order_ids: z.array(uuid, { error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(100, { error: 'TOO_BIG' }),
});
export const BulkFulfillmentResult = z.object({
  items: z.array(
    z.object({
      order_id: z.string(),
      ok: z.boolean(),
      /** The error code when refused (ORDER_NOT_FOUND, FULFILLMENT_STEP_CONFLICT, ORDER_STATE_CONFLICT …). */
      code: z.string().nullable(),
      /** The order's step after the action, or the current step that refused it. */
      step: z.enum(FULFILLMENT_STEPS).nullable(),
      status: z.enum(ORDER_STATUSES).nullable(),
    }),
  ),
});
export type BulkFulfillmentResult = z.infer<typeof BulkFulfillmentResult>;

/** detail/update-order: only the fields sent change; refused with 409 once the goods are issued. */
export const FulfillmentUpdateInput = z
  .object({
    warehouse_id: uuid.optional(),
    courier_name: optionalText(100),
    courier_service: optionalText(100),
    receipt_number: optionalText(100),
    dropshipper: z.boolean({ error: 'INVALID_TYPE' }).optional(),
    dropshipper_name: optionalText(100),
    dropshipper_phone: optionalPhone,
    shipping_address: z
      .object({
        name: optionalText(100),
        phone: optionalPhone,
        address: optionalText(500),
        province_code: areaCode('province').optional().nullable(),
        city_code: areaCode('city').optional().nullable(),
        district_code: areaCode('district').optional().nullable(),
        subdistrict_code: areaCode('district').optional().nullable(),
        postal_code: postalCode.optional().nullable(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.dropshipper && !v.dropshipper_name) ctx.addIssue({ code: 'custom', path: ['dropshipper_name'], message: 'REQUIRED' });
  });
export type FulfillmentUpdateInput = z.output<typeof FulfillmentUpdateInput>;

/** Cancelling from fulfillment: a reason ('Please choose a reason') and a detail of at least 30 characters (spec part 5). */
export const FulfillmentCancelInput = z.object({
  reason_id: z.string({ error: 'REASON_REQUIRED' }).trim().min(1, { error: 'REASON_REQUIRED' }).max(100),
  reason_detail: z
    .string({ error: 'CANCEL_DETAIL_TOO_SHORT' })
    .trim()
    .min(FULFILLMENT_CANCEL_DETAIL_MIN, { error: 'CANCEL_DETAIL_TOO_SHORT' })
    .max(500, { error: 'TOO_LONG' }),
});
export type FulfillmentCancelInput = z.output<typeof FulfillmentCancelInput>;

/**
 * Ship: a marketplace order chooses pickup or drop-off (the receipt number comes back from the marketplace); an
 * own-courier order (delivery order) gives the courier's receipt number.
 */
export const ShipInput = z
  .object({
    method: z.enum(SHIP_METHODS, { error: 'INVALID_VALUE' }),
    receipt_number: optionalText(100),
    /** The pickup time slot chosen from GET …/pickup-slots (marketplaces that offer them); the first one when absent. */
    pickup_slot_id: z.string().trim().min(1, { error: 'REQUIRED' }).max(100, { error: 'TOO_LONG' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'OWN_COURIER' && !v.receipt_number) ctx.addIssue({ code: 'custom', path: ['receipt_number'], message: 'REQUIRED' });
  });
export type ShipInput = z.output<typeof ShipInput>;

/** A pickup time slot the marketplace offers for an order: start and end as ISO times (end null when only a day). */
export const PickupSlot = z.object({ id: z.string(), start: z.string(), end: z.string().nullable(), label: z.string() });
export type PickupSlot = z.infer<typeof PickupSlot>;
export const PickupSlotList = z.object({ items: z.array(PickupSlot) });
export type PickupSlotList = z.infer<typeof PickupSlotList>;

/** Scan to pack: what the packer scanned (barcode or SKU) and how many times; the server checks it against the order. */
export const PackInput = z.object({
  scanned: z
    .array(z.object({ code: z.string().trim().min(1, { error: 'REQUIRED' }).max(100), quantity: integer().min(1).max(100_000) }))
    .min(1, { error: 'REQUIRED' })
    .max(500),
});
export type PackInput = z.output<typeof PackInput>;

/** Finds the order a scanned order number or receipt number belongs to. */
export const ScanLookupQuery = z.object({ code: z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).max(100) });
export const ScanLookupResult = z.object({ order_id: z.string() });
