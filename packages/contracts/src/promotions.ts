import {
  ADMIN_VOUCHER_TYPES,
  CRITERIA_MODES,
  DISCOUNT_ACTIONS,
  DISCOUNT_FORMATS,
  DISCOUNT_STATUSES,
  DISCOUNT_TIERS,
  INACTIVE_REASONS,
  VOUCHER_STATUSES,
  VOUCHER_VALUE_TYPES,
  WEB_VOUCHER_TYPE_IDS,
} from '@kelola/domain';
import { z } from 'zod';
import { integer, optionalText, page, paged, requiredText, uuid } from './validation.ts';

/**
 * Promotions (issue 16; spec part 3 "Discount", "Voucher (web store)", "Voucher (admin)", part 4 states, part 5
 * voucher save rules and sale price, part 8 voucher save errors, part 9 voucher list page 1, limit 20). Money is
 * integer rupiah (ADR 0008); validity of a web-store voucher is unix seconds, as the spec sends it.
 */

const money = integer().min(0, { error: 'INVALID_VALUE' }).max(1e13, { error: 'INVALID_VALUE' });
const count = integer().min(1, { error: 'INVALID_VALUE' }).max(100_000_000, { error: 'INVALID_VALUE' });
const isoDate = z.iso.date({ error: 'INVALID_DATE' });
/** A number with at most two decimals (a percentage such as 12.5). */
const decimal = z
  .number({ error: (i) => (i.input === undefined || i.input === null ? 'REQUIRED' : 'INVALID_TYPE') })
  .min(0, { error: 'INVALID_VALUE' })
  .max(1e13, { error: 'INVALID_VALUE' })
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'INVALID_VALUE' });
const idList = z.array(uuid).max(500, { error: 'TOO_MANY' }).default([]);

// ---------------------------------------------------------------------------------------------------------------
// Discount programmes

export const DiscountCriterionInput = z.object({ min_qty: count, value: decimal });

export const DiscountItemInput = z.object({
  catalog_id: uuid,
  /** The SKU's cost price where known: the approval screen shows margins from it. */
  cost_price: money.nullable().optional(),
});

export const DiscountTarget = z.object({
  customer_category_ids: idList,
  area_codes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{2}(\.\d{2}){0,2}$/u, { error: 'INVALID_VALUE' }),
    )
    .max(500)
    .default([]),
  channel_ids: idList,
  brand_ids: idList,
  category_ids: idList,
});

/** A discount programme as the maker enters it (spec part 3 "Discount": every field). */
export const DiscountProgramInput = z
  .object({
    program_name: requiredText(150),
    tier: z.enum(DISCOUNT_TIERS, { error: 'INVALID_VALUE' }),
    /** The channel the programme was made on (/promotion-channel/:id); targets decide where it applies. */
    channel_id: uuid.nullable().optional(),
    start_date: isoDate,
    end_date: isoDate,
    /** Discounted units the programme may give in all; empty is unlimited. */
    quota: count.nullable().optional(),
    target: DiscountTarget.default({ customer_category_ids: [], area_codes: [], channel_ids: [], brand_ids: [], category_ids: [] }),
    /** The spec's discount "type": a free label such as payday sale or 12.12 (no rule depends on it). */
    type: optionalText(50),
    format: z.enum(DISCOUNT_FORMATS, { error: 'INVALID_VALUE' }),
    value: decimal,
    criteria_mode: z.enum(CRITERIA_MODES, { error: 'INVALID_VALUE' }).default('RANGE'),
    criteria: z.array(DiscountCriterionInput).max(10, { error: 'TOO_MANY' }).default([]),
    min_quantity: count.nullable().optional(),
    max_quantity: count.nullable().optional(),
    min_transaction: money.nullable().optional(),
    max_transaction: money.nullable().optional(),
    max_discount: money.nullable().optional(),
    coin_value: money.nullable().optional(),
    /** An exclusive programme is not beaten by a better non-exclusive one on the same SKU (ADR 0032). */
    exclusive: z.boolean({ error: 'INVALID_TYPE' }).default(false),
    /** The channel's marketplace fee in percent, shown in the margin impact; empty when the channel has none. */
    marketplace_fee_percent: decimal.max(100, { error: 'INVALID_VALUE' }).nullable().optional(),
    items: z.array(DiscountItemInput).min(1, { error: 'REQUIRED' }).max(500, { error: 'TOO_MANY' }),
  })
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'DATE_RANGE' });
    const percent = v.format === 'PERCENTAGE';
    if (percent && v.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'INVALID_VALUE' });
    if (!percent && !Number.isInteger(v.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'INVALID_VALUE' });
    if (v.criteria.length === 0 && v.value <= 0) ctx.addIssue({ code: 'custom', path: ['value'], message: 'INVALID_VALUE' });
    v.criteria.forEach((c, i) => {
      if ((percent && c.value > 100) || (!percent && !Number.isInteger(c.value)) || c.value <= 0)
        ctx.addIssue({ code: 'custom', path: ['criteria', i, 'value'], message: 'INVALID_VALUE' });
      if (v.criteria.findIndex((o) => o.min_qty === c.min_qty) !== i)
        ctx.addIssue({ code: 'custom', path: ['criteria', i, 'min_qty'], message: 'DUPLICATE_VALUE' });
    });
    if (v.min_quantity != null && v.max_quantity != null && v.max_quantity < v.min_quantity)
      ctx.addIssue({ code: 'custom', path: ['max_quantity'], message: 'INVALID_VALUE' });
    if (v.min_transaction != null && v.max_transaction != null && v.max_transaction < v.min_transaction)
      ctx.addIssue({ code: 'custom', path: ['max_transaction'], message: 'INVALID_VALUE' });
    v.items.forEach((item, i) => {
      if (v.items.findIndex((o) => o.catalog_id === item.catalog_id) !== i)
        ctx.addIssue({ code: 'custom', path: ['items', i, 'catalog_id'], message: 'DUPLICATE_VALUE' });
    });
  });
export type DiscountProgramData = z.output<typeof DiscountProgramInput>;

/** A checker's decision; a rejection needs its note. */
export const DiscountDecisionInput = z.object({ note: optionalText(500) });
export const DiscountActionInput = z.object({
  action: z.enum(['PAUSE', 'RESUME', 'END', 'CANCEL'], { error: 'INVALID_VALUE' }),
  note: optionalText(500),
});

export const DISCOUNT_SEARCH_PARAMS = ['program_name'] as const;

/** The discount and approval lists (filters: status, period, tier, channel; a search needs its parameter). */
export const DiscountListQuery = z
  .object({
    page,
    size: z.coerce.number().int().min(1).max(200).default(20),
    status: z.enum(DISCOUNT_STATUSES).optional(),
    tier: z.enum(DISCOUNT_TIERS).optional(),
    channel_id: uuid.optional(),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
    search_by: z.enum(DISCOUNT_SEARCH_PARAMS).optional(),
    q: z.string().trim().max(100, { error: 'TOO_LONG' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.q && !v.search_by) ctx.addIssue({ code: 'custom', path: ['search_by'], message: 'SEARCH_PARAMETER_REQUIRED' });
    if (v.date_from && v.date_to && v.date_from > v.date_to) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'DATE_RANGE' });
  });

const Margin = z.object({ rupiah: z.number(), percent: z.number().nullable() }).nullable();

export const DiscountImpactLine = z.object({
  catalog_id: z.string(),
  sku: z.string(),
  name: z.string(),
  normal_price: z.number(),
  promo_price: z.number(),
  cost_price: z.number().nullable(),
  marketplace_fee: z.number().nullable(),
  margin_before: Margin,
  margin_after: Margin,
  below_cost: z.boolean(),
  max_budget: z.number().nullable(),
});

export const DiscountOverlap = z.object({
  catalog_id: z.string(),
  sku: z.string(),
  /** Another programme (ours, or a synced Shopee discount) on the same SKU and channel in an overlapping period. */
  other_id: z.string(),
  other_name: z.string(),
  other_source: z.enum(['KELOLA', 'SHOPEE']),
  /** Which one the buyer gets on the first day both run (ADR 0032); null for a marketplace discount (the marketplace applies its own). */
  winner_id: z.string().nullable(),
});

export const DiscountHistoryEntry = z.object({
  at: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  event: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string(),
  note: z.string().nullable(),
});

export const DiscountProgram = z.object({
  id: z.string(),
  program_name: z.string(),
  tier: z.enum(DISCOUNT_TIERS),
  channel_id: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  quota: z.number().nullable(),
  quota_used: z.number(),
  status: z.enum(DISCOUNT_STATUSES),
  inactive_reason: z.enum(INACTIVE_REASONS).nullable(),
  target: z.object({
    customer_category_ids: z.array(z.string()),
    area_codes: z.array(z.string()),
    channel_ids: z.array(z.string()),
    brand_ids: z.array(z.string()),
    category_ids: z.array(z.string()),
  }),
  type: z.string().nullable(),
  format: z.enum(DISCOUNT_FORMATS),
  value: z.number(),
  criteria_mode: z.enum(CRITERIA_MODES),
  criteria: z.array(z.object({ min_qty: z.number(), value: z.number() })),
  min_quantity: z.number().nullable(),
  max_quantity: z.number().nullable(),
  min_transaction: z.number().nullable(),
  max_transaction: z.number().nullable(),
  max_discount: z.number().nullable(),
  coin_value: z.number().nullable(),
  exclusive: z.boolean(),
  marketplace_fee_percent: z.number().nullable(),
  items: z.array(z.object({ catalog_id: z.string(), sku: z.string(), name: z.string(), cost_price: z.number().nullable() })),
  created_by: z.string(),
  decided_by: z.string().nullable(),
  decision_note: z.string().nullable(),
  created_at: z.string(),
  /** The actions the caller may take now (approval needs WRITE on the approval menu and not being the maker). */
  actions: z.array(z.enum(DISCOUNT_ACTIONS)),
  history: z.array(DiscountHistoryEntry),
});
export type DiscountProgram = z.infer<typeof DiscountProgram>;

export const DiscountImpact = z.object({
  program_id: z.string(),
  lines: z.array(DiscountImpactLine),
  below_cost: z.boolean(),
  max_budget: z.number().nullable(),
  overlaps: z.array(DiscountOverlap),
});
export type DiscountImpact = z.infer<typeof DiscountImpact>;

export const DiscountProgramSummary = DiscountProgram.pick({
  id: true,
  program_name: true,
  tier: true,
  channel_id: true,
  start_date: true,
  end_date: true,
  quota: true,
  quota_used: true,
  status: true,
  inactive_reason: true,
  format: true,
  value: true,
  created_by: true,
  created_at: true,
}).extend({ item_count: z.number() });
export const DiscountProgramList = paged(DiscountProgramSummary);

/** The price preview: the sale price of SKUs for a customer, channel and date. */
export const PricePreviewInput = z.object({
  date: isoDate,
  channel_id: uuid.nullable().optional(),
  customer_id: uuid.nullable().optional(),
  area_code: z.string().trim().max(20).nullable().optional(),
  lines: z
    .array(z.object({ catalog_id: uuid, quantity: count }))
    .min(1, { error: 'REQUIRED' })
    .max(200, { error: 'TOO_MANY' }),
});
export const PricePreview = z.object({
  lines: z.array(
    z.object({
      catalog_id: z.string(),
      list_price: z.number(),
      unit_price: z.number(),
      line_discount: z.number(),
      free_quantity: z.number(),
      total: z.number(),
      program_id: z.string().nullable(),
      candidates: z.array(z.object({ program_id: z.string(), unit_price: z.number(), total: z.number(), exclusive: z.boolean() })),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------------------------
// Web-store vouchers (spec part 3, 5, 7: POST/PUT /channel/store/promotions/cmd/vouchers {channel_id, items[]})

export const TransactionData = z.object({
  value: decimal,
  type: z.enum(VOUCHER_VALUE_TYPES, { error: 'INVALID_VALUE' }),
  min_transaction: money,
  max_discount: money,
});

export const WebVoucherItemInput = z
  .object({
    voucher_code: requiredText(50).regex(/^[A-Za-z0-9_-]+$/u, { error: 'INVALID_VALUE' }),
    type_id: z.union(WEB_VOUCHER_TYPE_IDS.map((t) => z.literal(t)) as [z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>], {
      error: 'INVALID_VALUE',
    }),
    transaction_data: TransactionData,
    validity: z.object({ from: integer().min(0, { error: 'INVALID_VALUE' }), until: integer().min(0, { error: 'INVALID_VALUE' }) }),
    f_combined: z.boolean({ error: 'INVALID_TYPE' }),
    f_allstore: z.boolean({ error: 'INVALID_TYPE' }),
    store_list: z.array(z.string().trim().min(1).max(100)).max(500, { error: 'TOO_MANY' }).default([]),
    qty: count,
    reference_list: z.array(z.string().trim().min(1).max(100)).max(500, { error: 'TOO_MANY' }).default([]),
    courier_list: z.array(z.string().trim().min(1).max(50)).max(50, { error: 'TOO_MANY' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.validity.until < v.validity.from) ctx.addIssue({ code: 'custom', path: ['validity', 'until'], message: 'DATE_RANGE' });
    if (v.transaction_data.type === 'PERCENTAGE' && v.transaction_data.value > 100)
      ctx.addIssue({ code: 'custom', path: ['transaction_data', 'value'], message: 'INVALID_VALUE' });
    if (v.transaction_data.type === 'AMOUNT' && !Number.isInteger(v.transaction_data.value))
      ctx.addIssue({ code: 'custom', path: ['transaction_data', 'value'], message: 'INVALID_VALUE' });
    if (v.transaction_data.value <= 0) ctx.addIssue({ code: 'custom', path: ['transaction_data', 'value'], message: 'INVALID_VALUE' });
    if (!v.f_allstore && v.store_list.length === 0) ctx.addIssue({ code: 'custom', path: ['store_list'], message: 'REQUIRED' });
    if (v.type_id === 3) {
      if (!v.courier_list || v.courier_list.length === 0) ctx.addIssue({ code: 'custom', path: ['courier_list'], message: 'REQUIRED' });
      if (v.reference_list.length > 0) ctx.addIssue({ code: 'custom', path: ['reference_list'], message: 'NOT_ALLOWED' });
    } else {
      if (v.courier_list !== undefined) ctx.addIssue({ code: 'custom', path: ['courier_list'], message: 'NOT_ALLOWED' });
      if (v.reference_list.length === 0) ctx.addIssue({ code: 'custom', path: ['reference_list'], message: 'REQUIRED' });
      if (v.type_id === 4 && v.reference_list.length > 1) ctx.addIssue({ code: 'custom', path: ['reference_list'], message: 'TOO_MANY' });
      if (v.type_id === 2)
        v.reference_list.forEach((r, i) => {
          if (!uuid.safeParse(r).success) ctx.addIssue({ code: 'custom', path: ['reference_list', i], message: 'INVALID_ID' });
        });
    }
  });
export type WebVoucherItemData = z.output<typeof WebVoucherItemInput>;

export const WebVoucherSaveInput = z.object({
  channel_id: uuid,
  items: z.array(WebVoucherItemInput).min(1, { error: 'REQUIRED' }).max(50, { error: 'TOO_MANY' }),
});
export const WebVoucherUpdateInput = z.object({
  channel_id: uuid,
  items: z
    .array(z.intersection(z.object({ id: uuid }), WebVoucherItemInput))
    .min(1, { error: 'REQUIRED' })
    .max(50, { error: 'TOO_MANY' }),
});
export const WebVoucherDeleteInput = z.object({ channel_id: uuid, voucher_ids: z.array(uuid).min(1, { error: 'REQUIRED' }).max(200) });

export const VOUCHER_SEARCH_PARAMS = ['voucher_code'] as const;

/** Spec part 9: the voucher list opens on page 1, limit 20. */
export const WebVoucherListQuery = z
  .object({
    channel_id: uuid,
    page,
    limit: z.coerce.number().int().min(1).max(200).default(20),
    status: z.enum(VOUCHER_STATUSES).optional(),
    type_id: z.coerce
      .number()
      .pipe(z.union([z.literal(2), z.literal(3), z.literal(4)]))
      .optional(),
    search_by: z.enum(VOUCHER_SEARCH_PARAMS).optional(),
    q: z.string().trim().max(100, { error: 'TOO_LONG' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.q && !v.search_by) ctx.addIssue({ code: 'custom', path: ['search_by'], message: 'SEARCH_PARAMETER_REQUIRED' });
  });

export const WebVoucher = z.object({
  id: z.string(),
  channel_id: z.string(),
  voucher_code: z.string(),
  type_id: z.number(),
  transaction_data: z.object({
    value: z.number(),
    type: z.enum(VOUCHER_VALUE_TYPES),
    min_transaction: z.number(),
    max_discount: z.number(),
  }),
  validity: z.object({ from: z.number(), until: z.number() }),
  f_combined: z.boolean(),
  f_allstore: z.boolean(),
  store_list: z.array(z.string()),
  qty: z.number(),
  booked: z.number(),
  available: z.number(),
  reference_list: z.array(z.string()),
  courier_list: z.array(z.string()),
  status: z.enum(VOUCHER_STATUSES),
  created_at: z.string(),
});
export type WebVoucher = z.infer<typeof WebVoucher>;
export const WebVoucherList = z.object({ items: z.array(WebVoucher), page: z.number(), limit: z.number(), total_row: z.number() });
export const WebVoucherSaved = z.object({ items: z.array(WebVoucher) });

/** A checkout using a voucher: one unit of its quantity is booked atomically, or 409 VOUCHER_SOLD_OUT. */
export const VoucherRedeemInput = z.object({
  order_reference: requiredText(100),
  /** The goods amount (types 2 and 4 discount it; the minimum transaction is checked on it). */
  amount: money,
  shipping_fee: money.default(0),
  store_id: z.string().trim().max(100).nullable().optional(),
  customer_reference: z.string().trim().max(100).nullable().optional(),
});
export const VoucherRedemption = z.object({
  id: z.string(),
  voucher_id: z.string(),
  order_reference: z.string(),
  discount: z.number(),
  available: z.number(),
});
export const VoucherStatusInput = z.object({ status: z.enum(['ACTIVE', 'CANCELED'], { error: 'INVALID_VALUE' }) });

export const PromotionIdParams = z.object({ id: uuid });
export const ChannelQuery = z.object({ channel_id: uuid });

// ---------------------------------------------------------------------------------------------------------------
// Admin vouchers (spec part 3 "Voucher (admin)": name, code, type, get period, usage period, combinable, usage
// quota, minimum requirement; part 4: waiting → active → canceled; part 9: list page 1, limit 20)

export const AdminVoucherInput = z
  .object({
    channel_id: uuid.nullable().optional(),
    name: requiredText(100),
    code: requiredText(50).regex(/^[A-Za-z0-9_-]+$/u, { error: 'INVALID_VALUE' }),
    type: z.enum(ADMIN_VOUCHER_TYPES, { error: 'INVALID_VALUE' }),
    value_type: z.enum(VOUCHER_VALUE_TYPES, { error: 'INVALID_VALUE' }),
    value: decimal,
    max_discount: money.nullable().optional(),
    get_start: isoDate,
    get_end: isoDate,
    use_start: isoDate,
    use_end: isoDate,
    combinable: z.boolean({ error: 'INVALID_TYPE' }).default(false),
    quota: count,
    per_customer_limit: count.default(1),
    min_transaction: money.default(0),
  })
  .superRefine((v, ctx) => {
    if (v.get_end < v.get_start) ctx.addIssue({ code: 'custom', path: ['get_end'], message: 'DATE_RANGE' });
    if (v.use_end < v.use_start) ctx.addIssue({ code: 'custom', path: ['use_end'], message: 'DATE_RANGE' });
    // a voucher claimed on the last day of its get period must still be usable
    if (v.use_start < v.get_start) ctx.addIssue({ code: 'custom', path: ['use_start'], message: 'DATE_RANGE' });
    if (v.use_end < v.get_end) ctx.addIssue({ code: 'custom', path: ['use_end'], message: 'DATE_RANGE' });
    if (v.value <= 0) ctx.addIssue({ code: 'custom', path: ['value'], message: 'INVALID_VALUE' });
    if (v.value_type === 'PERCENTAGE' && v.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'INVALID_VALUE' });
    if (v.value_type === 'AMOUNT' && !Number.isInteger(v.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'INVALID_VALUE' });
    if (v.per_customer_limit > v.quota) ctx.addIssue({ code: 'custom', path: ['per_customer_limit'], message: 'INVALID_VALUE' });
  });
export type AdminVoucherData = z.output<typeof AdminVoucherInput>;

export const AdminVoucherListQuery = z
  .object({
    channel_id: uuid.optional(),
    page,
    limit: z.coerce.number().int().min(1).max(200).default(20),
    status: z.enum(VOUCHER_STATUSES).optional(),
    type: z.enum(ADMIN_VOUCHER_TYPES).optional(),
    search_by: z.enum(['code', 'name']).optional(),
    q: z.string().trim().max(100, { error: 'TOO_LONG' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.q && !v.search_by) ctx.addIssue({ code: 'custom', path: ['search_by'], message: 'SEARCH_PARAMETER_REQUIRED' });
  });

export const AdminVoucher = z.object({
  id: z.string(),
  channel_id: z.string().nullable(),
  name: z.string(),
  code: z.string(),
  type: z.enum(ADMIN_VOUCHER_TYPES),
  value_type: z.enum(VOUCHER_VALUE_TYPES),
  value: z.number(),
  max_discount: z.number().nullable(),
  get_start: z.string(),
  get_end: z.string(),
  use_start: z.string(),
  use_end: z.string(),
  combinable: z.boolean(),
  quota: z.number(),
  used: z.number(),
  available: z.number(),
  per_customer_limit: z.number(),
  min_transaction: z.number(),
  status: z.enum(VOUCHER_STATUSES),
  created_by: z.string(),
  /** What the caller may do now: APPROVE (a checker who is not the maker), CANCEL. */
  actions: z.array(z.enum(['APPROVE', 'CANCEL'])),
  created_at: z.string(),
});
export type AdminVoucher = z.infer<typeof AdminVoucher>;
export const AdminVoucherList = z.object({ items: z.array(AdminVoucher), page: z.number(), limit: z.number(), total_row: z.number() });
export const AdminVoucherActionInput = z.object({ action: z.enum(['APPROVE', 'CANCEL'], { error: 'INVALID_VALUE' }) });

/** An order using an admin voucher: the quota and the customer's limit are checked and used atomically. */
export const AdminVoucherUseInput = z.object({
  order_reference: requiredText(100),
  customer_reference: requiredText(100),
  amount: money,
  shipping_fee: money.default(0),
  date: isoDate,
});
export const AdminVoucherUse = z.object({
  id: z.string(),
  voucher_id: z.string(),
  order_reference: z.string(),
  customer_reference: z.string().nullable(),
  discount: z.number(),
  available: z.number(),
});

/** Used vouchers (spec GET /channel/store/promotions/query/vouchers/used, and the admin vouchers' uses): who redeemed which voucher on which order. */
export const UsedVoucherQuery = z.object({
  channel_id: uuid.optional(),
  voucher_id: uuid.optional(),
  page,
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export const UsedVoucher = z.object({
  id: z.string(),
  voucher_id: z.string(),
  voucher_code: z.string(),
  order_reference: z.string(),
  customer_reference: z.string().nullable(),
  discount: z.number(),
  used_at: z.string(),
});
export type UsedVoucher = z.infer<typeof UsedVoucher>;
export const UsedVoucherList = z.object({ items: z.array(UsedVoucher), page: z.number(), limit: z.number(), total_row: z.number() });

// ---------------------------------------------------------------------------------------------------------------
// Shopee promotions (spec part 7 /channel/shopee/v2/promotion: list, detail, create discount, update, end, delete,
// sync all or one, sync status, items_available). Times are ISO instants; prices integer rupiah.

export const SHOPEE_PROMOTION_STATUSES = ['upcoming', 'ongoing', 'expired'] as const;

export const ShopeePromotionQuery = z.object({
  shop_id: uuid,
  page,
  limit: z.coerce.number().int().min(1).max(200).default(20),
  status: z.enum(SHOPEE_PROMOTION_STATUSES).optional(),
});
export const ShopeePromotionParams = z.object({ id: uuid });
export const ShopeePromotionItemInput = z.object({
  catalog_id: uuid,
  promotion_price: money.refine((v) => v > 0, { error: 'INVALID_VALUE' }),
  promotion_stock: integer().min(0, { error: 'INVALID_VALUE' }).nullable().optional(),
  purchase_limit: integer().min(0, { error: 'INVALID_VALUE' }).default(0),
});
export const ShopeePromotionInput = z
  .object({
    shop_id: uuid,
    name: requiredText(150),
    start_time: z.iso.datetime({ offset: true, error: 'INVALID_DATE' }),
    end_time: z.iso.datetime({ offset: true, error: 'INVALID_DATE' }),
    items: z.array(ShopeePromotionItemInput).max(200, { error: 'TOO_MANY' }).default([]),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.end_time) <= Date.parse(v.start_time)) ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'DATE_RANGE' });
    v.items.forEach((item, i) => {
      if (v.items.findIndex((o) => o.catalog_id === item.catalog_id) !== i)
        ctx.addIssue({ code: 'custom', path: ['items', i, 'catalog_id'], message: 'DUPLICATE_VALUE' });
    });
  });
export const ShopeePromotionUpdateInput = z
  .object({
    name: requiredText(150).optional(),
    start_time: z.iso.datetime({ offset: true, error: 'INVALID_DATE' }).optional(),
    end_time: z.iso.datetime({ offset: true, error: 'INVALID_DATE' }).optional(),
    items: z.array(ShopeePromotionItemInput).max(200, { error: 'TOO_MANY' }).optional(),
    /** Catalog SKUs to take out of the discount (Shopee's delete_discount_item). */
    remove_catalog_ids: z.array(uuid).max(200, { error: 'TOO_MANY' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.start_time && v.end_time && Date.parse(v.end_time) <= Date.parse(v.start_time))
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'DATE_RANGE' });
  });
export const ShopeePromotionSyncInput = z.object({ shop_id: uuid, discount_id: z.string().trim().max(40).optional() });
export const ShopeeItemsAvailableInput = z.object({ shop_id: uuid });

export const ShopeePromotionClash = z.object({
  catalog_id: z.string(),
  sku: z.string(),
  program_id: z.string(),
  program_name: z.string(),
  shopee_price: z.number(),
  kelola_price: z.number(),
  /** ADR 0032: the better price for the buyer; `SHOPEE` when the Shopee price is lower or equal. */
  winner: z.enum(['SHOPEE', 'KELOLA']),
});
export const ShopeePromotionItem = z.object({
  product_id: z.string(),
  sku_id: z.string(),
  name: z.string(),
  catalog_id: z.string().nullable(),
  sku: z.string().nullable(),
  original_price: z.number(),
  promotion_price: z.number(),
  promotion_stock: z.number().nullable(),
  purchase_limit: z.number(),
});
export const ShopeePromotion = z.object({
  id: z.string(),
  shop_id: z.string(),
  discount_id: z.string(),
  name: z.string(),
  status: z.enum(SHOPEE_PROMOTION_STATUSES),
  start_time: z.string(),
  end_time: z.string(),
  synced_at: z.string(),
  item_count: z.number(),
  items: z.array(ShopeePromotionItem),
  clashes: z.array(ShopeePromotionClash),
  failures: z.array(z.object({ product_id: z.string(), sku_id: z.string(), code: z.string(), message: z.string() })),
});
export type ShopeePromotion = z.infer<typeof ShopeePromotion>;
export const ShopeePromotionList = z.object({
  items: z.array(ShopeePromotion.omit({ items: true, failures: true })),
  page: z.number(),
  limit: z.number(),
  total_row: z.number(),
});
export const ShopeePromotionSyncStatus = z.object({
  shop_id: z.string(),
  status: z.enum(['IDLE', 'DONE', 'FAILED']),
  synced: z.number(),
  last_synced_at: z.string().nullable(),
  error: z.string().nullable(),
});
export const ShopeeItemsAvailable = z.object({
  items: z.array(
    z.object({
      product_id: z.string(),
      sku_id: z.string(),
      name: z.string(),
      price: z.number(),
      catalog_id: z.string().nullable(),
      sku: z.string().nullable(),
    }),
  ),
});
