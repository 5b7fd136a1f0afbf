import { ORDER_ACTIONS, ORDER_STATUSES, ORDER_TAB_KEYS } from '@kelola/domain';
import { z } from 'zod';
import { areaCode, postalCode } from './areas.ts';
import { integer, optionalText, page, paged, requiredText, size, uuid } from './validation.ts';
import { MARKETPLACES } from './channels.ts';
import { STORE_TYPES } from './customers.ts';
import { optionalPhone } from './warehouses.ts';

/**
 * Orders (issue 13; spec part 3 "Order", part 4 order filters and actions, part 5 search and cancellation rules).
 * Money is integer rupiah (ADR 0008), currency IDR (id 111).
 */
export const ORDER_SOURCES = ['MARKETPLACE', 'MANUAL'] as const;
export const PAYMENT_STATUSES = ['UNPAID', 'PAID', 'PARTIALLY_PAID'] as const;
export const ORDER_SEARCH_PARAMS = ['order_number', 'receipt_number', 'buyer', 'sku', 'product_name'] as const;
export const ORDER_SORTS = ['-order_date', 'order_date', '-buyer_total', 'buyer_total'] as const;
/** Where an order's last marketplace action stands: sending, or failed with the marketplace's message. */
export const MARKETPLACE_ACTION_STATES = ['SENDING', 'FAILED'] as const;
export const TIMELINE_ACTORS = ['USER', 'MARKETPLACE', 'RECONCILIATION', 'JOB', 'SYSTEM'] as const;
/** The actions a user takes on the order screens (spec part 4). */
export const USER_ORDER_ACTIONS = ['ACCEPT', 'REJECT', 'ACCEPT_CANCEL', 'REFUSE_CANCEL', 'CANCEL'] as const;

// JSON numbers only: a boolean or an array is a field error, never coerced (issue 12).
const money = integer().min(0, { error: 'INVALID_VALUE' }).max(1e13, {
  error: 'INVALID_VALUE',
});
const quantity = integer().min(1, { error: 'INVALID_VALUE' }).max(1_000_000, {
  error: 'INVALID_VALUE',
});
const isoDate = z.iso.date({ error: 'INVALID_DATE' });
const bool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

// ---------------------------------------------------------------------------------------------------------------
// List

/**
 * The /sales list (and /sales-channel/:id with `channel_id`, /manual-order/:id with `source=MANUAL`). A search text
 * needs its parameter: without `search_by`, 400 on `search_by` with SEARCH_PARAMETER_REQUIRED
 * ('Please select parameter for search sales order/voucher').
 */
export const OrderListQuery = z
  .object({
    page,
    size,
    tab: z.enum(ORDER_TAB_KEYS).default('all'),
    search_by: z.enum(ORDER_SEARCH_PARAMS).optional(),
    q: z.string().trim().max(100, { error: 'TOO_LONG' }).optional(),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
    channel_id: uuid.optional(),
    /** The channel type (spec part 4 "marketplace" filter): every shop of that marketplace. */
    marketplace: z.enum(MARKETPLACES).optional(),
    business_id: uuid.optional(),
    warehouse_id: uuid.optional(),
    courier: z.string().trim().max(100).optional(),
    payment_status: z.enum(PAYMENT_STATUSES).optional(),
    source: z.enum(ORDER_SOURCES).optional(),
    stock_short: bool.optional(),
    sort: z.enum(ORDER_SORTS).default('-order_date'),
  })
  .superRefine((v, ctx) => {
    if (v.q && !v.search_by) ctx.addIssue({ code: 'custom', path: ['search_by'], message: 'SEARCH_PARAMETER_REQUIRED' });
    if (v.date_from && v.date_to && v.date_from > v.date_to) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'DATE_RANGE' });
  });
export type OrderListQuery = z.output<typeof OrderListQuery>;

export const OrderAmounts = z.object({
  subtotal: z.number(),
  seller_discount: z.number(),
  marketplace_discount: z.number(),
  voucher: z.number(),
  deposit: z.number(),
  loyalty: z.number(),
  shipping_fee_buyer: z.number(),
  shipping_fee_seller: z.number(),
  admin_fee: z.number(),
  /** What the buyer pays. */
  buyer_total: z.number(),
  /** What the merchant nets after discounts it funds, voucher, admin fee and shipping it bears. */
  merchant_net: z.number(),
  /** Cost price × quantity of the lines with a cost price. */
  cost: z.number(),
  profit: z.number(),
  /** False when some line has no cost price (profit counts it at zero cost). */
  cost_complete: z.boolean(),
});

export const MarketplaceActionState = z.object({
  action: z.enum(ORDER_ACTIONS),
  state: z.enum(MARKETPLACE_ACTION_STATES),
  /** The marketplace's message when it refused. */
  message: z.string().nullable(),
  at: z.string(),
});

export const OrderSummary = z.object({
  id: z.string(),
  order_number: z.string(),
  source: z.enum(ORDER_SOURCES),
  status: z.enum(ORDER_STATUSES),
  /** The marketplace's own status beside ours (null for manual orders). */
  marketplace_status: z.string().nullable(),
  marketplace: z.string().nullable(),
  channel_id: z.string().nullable(),
  channel_name: z.string().nullable(),
  business_id: z.string().nullable(),
  warehouse_id: z.string().nullable(),
  order_date: z.string(),
  buyer_name: z.string().nullable(),
  buyer_phone: z.string().nullable(),
  courier_name: z.string().nullable(),
  receipt_number: z.string().nullable(),
  total_item: z.number(),
  buyer_total: z.number(),
  currency: z.literal('IDR'),
  payment_status: z.enum(PAYMENT_STATUSES),
  stock_short: z.boolean(),
  has_unmapped_lines: z.boolean(),
  marketplace_action: MarketplaceActionState.nullable(),
  allowed_actions: z.array(z.enum(ORDER_ACTIONS)),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

/** Counts per tab for the same filters (tab excluded); `estimated` when a count came from the counts table. */
export const OrderTabCounts = z.record(z.enum(ORDER_TAB_KEYS), z.number());
export const OrderList = paged(OrderSummary).extend({ counts: OrderTabCounts });
export type OrderList = z.infer<typeof OrderList>;

// ---------------------------------------------------------------------------------------------------------------
// Detail

export const OrderAddress = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  province_code: z.string().nullable(),
  city_code: z.string().nullable(),
  district_code: z.string().nullable(),
  subdistrict_code: z.string().nullable(),
  postal_code: z.string().nullable(),
  /** Free-text city as the marketplace sent it, when no area code matched. */
  city: z.string().nullable(),
});

export const OrderLine = z.object({
  id: z.string(),
  catalog_id: z.string().nullable(),
  sku: z.string().nullable(),
  /** The marketplace's seller SKU; kept when it maps to no catalog. */
  marketplace_sku: z.string().nullable(),
  /** True when the line's SKU maps to no catalog: no stock is held for it, and the order shows a warning. */
  unmapped: z.boolean(),
  name: z.string(),
  options: z.string().nullable(),
  quantity: z.number(),
  unit_price: z.number(),
  discount: z.number(),
  total: z.number(),
  unit_cost: z.number().nullable(),
  /** Which price applied: INPUT (typed), AREA (price by area for the customer type), LIST_PRICE, MARKETPLACE. */
  price_source: z.string().nullable(),
  /** Stock held for this line (0 when short or not reserved), and how much could not be reserved. */
  reserved_quantity: z.number(),
  short_quantity: z.number(),
});

export const OrderTimelineEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor_type: z.enum(TIMELINE_ACTORS),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  /** What happened: an action of the machine, IMPORTED, STATUS_SYNCED, STOCK_SHORT, MARKETPLACE_SENT, MARKETPLACE_FAILED … */
  event: z.string(),
  from_status: z.enum(ORDER_STATUSES).nullable(),
  to_status: z.enum(ORDER_STATUSES).nullable(),
  note: z.string().nullable(),
});

export const Order = OrderSummary.extend({
  /** The name of the warehouse the order's stock comes from (null without one, or one the member cannot see). */
  warehouse_name: z.string().nullable(),
  shipping_id: z.string().nullable(),
  service_type: z.string().nullable(),
  courier_service: z.string().nullable(),
  pickup_address: z.string().nullable(),
  dropshipper: z.boolean(),
  dropshipper_name: z.string().nullable(),
  dropshipper_phone: z.string().nullable(),
  payment_method: z.string().nullable(),
  customer_id: z.string().nullable(),
  buyer_email: z.string().nullable(),
  shipping_address: OrderAddress,
  notes: z.string().nullable(),
  /** The admin voucher code a manual order used. */
  voucher_code: z.string().nullable().optional(),
  cancel_reason: z.string().nullable(),
  amounts: OrderAmounts,
  lines: z.array(OrderLine),
  timeline: z.array(OrderTimelineEntry),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof Order>;

// ---------------------------------------------------------------------------------------------------------------
// Actions

/** Cancel with a reason of the channel's own list; none chosen answers 400 REASON_REQUIRED ('Please choose a reason'). */
export const OrderCancelInput = z.object({
  reason_id: z.string({ error: 'REASON_REQUIRED' }).trim().min(1, { error: 'REASON_REQUIRED' }).max(100),
  reason_detail: optionalText(500),
});
export type OrderCancelInput = z.input<typeof OrderCancelInput>;

export const CancellationReason = z.object({ id: z.string(), label: z.string() });
export const CancellationReasonList = z.object({ items: z.array(CancellationReason) });
export const CancellationReasonQuery = z.object({ order_id: uuid });

export const BulkOrderActionInput = z
  .object({
    action: z.enum(['ACCEPT', 'CANCEL']),
    order_ids: z.array(uuid, { error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(100, { error: 'TOO_BIG' }),
    reason_id: z.string().trim().max(100).optional(),
    reason_detail: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'CANCEL' && !v.reason_id) ctx.addIssue({ code: 'custom', path: ['reason_id'], message: 'REASON_REQUIRED' });
  });
export const BulkOrderResult = z.object({
  items: z.array(
    z.object({
      order_id: z.string(),
      ok: z.boolean(),
      /** The error code when refused (ORDER_NOT_FOUND, ORDER_STATE_CONFLICT …). */
      code: z.string().nullable(),
      status: z.enum(ORDER_STATUSES).nullable(),
    }),
  ),
});

export const OrderSyncStatus = z.object({
  channel_id: z.string(),
  /** IDLE, ONPROGRESS, SUCCESS or FAILED, as the spec's synchronize status call. */
  status: z.enum(['IDLE', 'ONPROGRESS', 'SUCCESS', 'FAILED']),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  orders_seen: z.number(),
  error: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------------------------
// Manual orders

export const ManualOrderLineInput = z.object({
  catalog_id: uuid,
  quantity,
  /** Left out: the price for the customer's area and type on the order date (area price, formula, base price). */
  unit_price: money.optional(),
  discount: money.default(0),
});

export const ManualOrderInput = z.object({
  business_id: uuid.optional().nullable(),
  warehouse_id: uuid,
  customer_id: uuid.optional().nullable(),
  order_date: isoDate,
  buyer_name: requiredText(150),
  buyer_phone: optionalPhone,
  buyer_email: z
    .string()
    .trim()
    .max(200)
    .pipe(z.email({ error: 'INVALID_EMAIL' }))
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null)),
  address: optionalText(500),
  province_code: areaCode('province').optional().nullable(),
  city_code: areaCode('city').optional().nullable(),
  district_code: areaCode('district').optional().nullable(),
  subdistrict_code: areaCode('subdistrict').optional().nullable(),
  postal_code: postalCode.optional().nullable(),
  lines: z.array(ManualOrderLineInput, { error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(200, { error: 'TOO_BIG' }),
  /** Order-level discount. */
  discount: money.default(0),
  shipping_fee: money.default(0),
  /** An admin voucher's code (any case): its discount is the order's `voucher` amount, its quota used with the order. */
  voucher_code: optionalText(50),
  courier_name: optionalText(100),
  courier_service: optionalText(100),
  payment_status: z.enum(PAYMENT_STATUSES).default('UNPAID'),
  notes: optionalText(1000),
  /** Confirm at once (stock reserved) instead of saving a draft. */
  confirm: z.boolean().default(false),
});
export type ManualOrderInput = z.input<typeof ManualOrderInput>;
/** Which price a manual order line got: typed in, the area price, the SKU's formula, or its base price. */
export const MANUAL_PRICE_SOURCES = ['INPUT', 'AREA', 'FORMULA', 'LIST_PRICE'] as const;
export type ManualPriceSource = (typeof MANUAL_PRICE_SOURCES)[number];

/**
 * The prices a manual order's lines would get (the manual form fills its prices with them): for the customer's area
 * and store type, or the area and type given (they win over the customer's), on the order date.
 */
export const ManualPricePreviewInput = z.object({
  customer_id: uuid.optional().nullable(),
  province_code: areaCode('province').optional().nullable(),
  city_code: areaCode('city').optional().nullable(),
  district_code: areaCode('district').optional().nullable(),
  customer_type: z.enum(STORE_TYPES).optional().nullable(),
  order_date: isoDate,
  catalog_ids: z.array(uuid, { error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(200, { error: 'TOO_BIG' }),
});
export type ManualPricePreviewInput = z.input<typeof ManualPricePreviewInput>;

export const ManualPricePreview = z.object({
  /** The most specific area code used (district, city or province); null when neither the customer nor the input has one. */
  area_code: z.string().nullable(),
  customer_type: z.string(),
  order_date: z.string(),
  items: z.array(
    z.object({
      catalog_id: z.string(),
      unit_price: z.number(),
      source: z.enum(['AREA', 'FORMULA', 'LIST_PRICE']),
      /** The area of the area price that applied (it may be the city's or the province's for a district). */
      area_code: z.string().nullable(),
    }),
  ),
});
export type ManualPricePreview = z.infer<typeof ManualPricePreview>;

/**
 * A voucher code checked on the manual order form before saving: the form's customer, area, date, lines, order
 * discount and shipping fee (the same basis the save uses), and, when editing a draft, its id (the voucher use the
 * draft holds does not count against it). Nothing is used.
 */
export const ManualVoucherCheckInput = ManualOrderInput.pick({
  customer_id: true,
  order_date: true,
  buyer_phone: true,
  province_code: true,
  city_code: true,
  district_code: true,
  lines: true,
  discount: true,
  shipping_fee: true,
}).extend({
  voucher_code: requiredText(50),
  buyer_name: optionalText(150),
  order_id: uuid.optional().nullable(),
});
export type ManualVoucherCheckInput = z.input<typeof ManualVoucherCheckInput>;

/** What the voucher would take off: `DISCOUNT` from the goods, `FREE_SHIPPING` from the shipping fee. */
export const ManualVoucherCheck = z.object({
  voucher_id: z.string(),
  voucher_code: z.string(),
  name: z.string(),
  type: z.enum(['DISCOUNT', 'FREE_SHIPPING']),
  /** The goods after line discounts, promotional prices and the order discount (the basis of the minimum). */
  goods: z.number(),
  discount: z.number(),
});
export type ManualVoucherCheck = z.infer<typeof ManualVoucherCheck>;

/**
 * The form's lines priced as saving them would price them (area, formula or base price, then an approved discount
 * programme in the order's period, ADR 0040), so the form shows a promotional price before saving; nothing is used.
 */
export const ManualOrderQuoteInput = ManualVoucherCheckInput.omit({ voucher_code: true });
export type ManualOrderQuoteInput = z.input<typeof ManualOrderQuoteInput>;
export const ManualOrderQuote = z.object({
  lines: z.array(
    z.object({
      catalog_id: z.string(),
      unit_price: z.number(),
      /** The line's discount with the programme's share added. */
      discount: z.number(),
      price_source: z.enum([...MANUAL_PRICE_SOURCES, 'PROMOTION']),
    }),
  ),
});
export type ManualOrderQuote = z.infer<typeof ManualOrderQuote>;

export type ManualOrderData = z.output<typeof ManualOrderInput>;

/** The spec's PUT /sales-manual/state: one action of the machine on a manual order. */
export const ManualOrderStateInput = z.object({
  action: z.enum(['CONFIRM', 'PAY', 'PROCESS', 'READY', 'SHIP', 'DELIVER', 'COMPLETE', 'CONFIRM_CANCEL']),
});

export const OrderIdParams = z.object({ id: uuid });
