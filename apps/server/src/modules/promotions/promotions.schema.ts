import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';

const rupiah = () => bigint({ mode: 'number' });

export type DiscountTargetJson = {
  customer_category_ids: string[];
  area_codes: string[];
  channel_ids: string[];
  brand_ids: string[];
  category_ids: string[];
};
export type CriterionJson = { min_qty: number; value: number };

/**
 * A discount programme (spec part 3 "Discount"; issue 16). `quota_used` only grows through one guarded UPDATE
 * (`quota_used + n <= quota`), so concurrent uses never pass the quota; the CHECK is the last line.
 */
export const discountPrograms = pgTable(
  'discount_programs',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    programName: text().notNull(),
    tier: text().notNull(),
    channelId: uuid(),
    /** Inclusive calendar dates in Asia/Jakarta. */
    startDate: text().notNull(),
    endDate: text().notNull(),
    quota: integer(),
    quotaUsed: integer().notNull().default(0),
    status: text().notNull(),
    inactiveReason: text(),
    target: jsonb().$type<DiscountTargetJson>().notNull(),
    type: text(),
    format: text().notNull(),
    value: numeric({ precision: 16, scale: 2, mode: 'number' }).notNull(),
    criteriaMode: text().notNull(),
    criteria: jsonb().$type<CriterionJson[]>().notNull().default([]),
    minQuantity: integer(),
    maxQuantity: integer(),
    minTransaction: rupiah(),
    maxTransaction: rupiah(),
    maxDiscount: rupiah(),
    coinValue: rupiah(),
    exclusive: boolean().notNull().default(false),
    marketplaceFeePercent: numeric({ precision: 5, scale: 2, mode: 'number' }),
    createdBy: uuid().notNull(),
    decidedBy: uuid(),
    decidedAt: timestamptz(),
    decisionNote: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('discount_programs_workspace_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index('discount_programs_active_idx').on(t.workspaceId, t.status, t.startDate, t.endDate),
    check('discount_programs_quota_check', sql`${t.quota} IS NULL OR (${t.quotaUsed} >= 0 AND ${t.quotaUsed} <= ${t.quota})`),
    tenantPolicy(),
  ],
);

/** The SKUs of a programme, with the cost price the maker gave (for the approval's margins). */
export const discountProgramItems = pgTable(
  'discount_program_items',
  {
    workspaceId: workspaceIdColumn(),
    programId: uuid()
      .notNull()
      .references(() => discountPrograms.id, { onDelete: 'cascade' }),
    catalogId: uuid().notNull(),
    position: integer().notNull(),
    costPrice: rupiah(),
  },
  (t) => [
    uniqueIndex('discount_program_items_key').on(t.programId, t.catalogId),
    index('discount_program_items_sku_idx').on(t.workspaceId, t.catalogId),
    tenantPolicy(),
  ],
);

/** A programme's history: created, approved, rejected, paused, resumed, ended, cancelled, each with who and a note. */
export const discountProgramHistory = pgTable(
  'discount_program_history',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    programId: uuid()
      .notNull()
      .references(() => discountPrograms.id, { onDelete: 'cascade' }),
    actorId: uuid(),
    event: text().notNull(),
    fromStatus: text(),
    toStatus: text().notNull(),
    note: text(),
    at: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('discount_program_history_idx').on(t.workspaceId, t.programId, t.at), tenantPolicy()],
);

/** One use of a programme's quota (an order line, a web-store checkout), so the quota can be audited. */
export const discountUses = pgTable(
  'discount_uses',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    programId: uuid()
      .notNull()
      .references(() => discountPrograms.id, { onDelete: 'cascade' }),
    catalogId: uuid().notNull(),
    quantity: integer().notNull(),
    reference: text().notNull(),
    at: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('discount_uses_program_idx').on(t.workspaceId, t.programId), tenantPolicy()],
);

/**
 * A web-store voucher (spec part 3 "Voucher (web store)"). The code is unique per workspace whatever its case
 * (`code_key` is the upper-cased code); `booked` only grows through one guarded UPDATE (`booked < qty`).
 */
export const webVouchers = pgTable(
  'web_vouchers',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    channelId: uuid().notNull(),
    voucherCode: text().notNull(),
    codeKey: text().notNull(),
    typeId: integer().notNull(),
    value: numeric({ precision: 16, scale: 2, mode: 'number' }).notNull(),
    valueType: text().notNull(),
    minTransaction: rupiah().notNull(),
    maxDiscount: rupiah().notNull(),
    validFrom: bigint({ mode: 'number' }).notNull(),
    validUntil: bigint({ mode: 'number' }).notNull(),
    combined: boolean().notNull(),
    allStore: boolean().notNull(),
    storeList: jsonb().$type<string[]>().notNull().default([]),
    qty: integer().notNull(),
    booked: integer().notNull().default(0),
    referenceList: jsonb().$type<string[]>().notNull().default([]),
    courierList: jsonb().$type<string[]>().notNull().default([]),
    status: text().notNull(),
    createdBy: uuid().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('web_vouchers_code_key').on(t.workspaceId, t.codeKey),
    index('web_vouchers_channel_idx').on(t.workspaceId, t.channelId, t.createdAt.desc(), t.id.desc()),
    check('web_vouchers_booked_check', sql`${t.booked} >= 0 AND ${t.booked} <= ${t.qty}`),
    tenantPolicy(),
  ],
);

/** A checkout that booked a voucher; one per voucher and order reference. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    voucherId: uuid()
      .notNull()
      .references(() => webVouchers.id, { onDelete: 'cascade' }),
    orderReference: text().notNull(),
    customerReference: text(),
    discount: rupiah().notNull(),
    at: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('voucher_redemptions_key').on(t.workspaceId, t.voucherId, t.orderReference), tenantPolicy()],
);

/**
 * An admin voucher (spec part 3 "Voucher (admin)"; part 4: WAITING → ACTIVE → CANCELED). The code is unique per
 * workspace whatever its case (`code_key`, shared with nothing else); `used` only grows through one guarded UPDATE
 * (`used < quota`), and the per-customer limit is checked under the voucher's row lock.
 */
export const adminVouchers = pgTable(
  'admin_vouchers',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    channelId: uuid(),
    name: text().notNull(),
    code: text().notNull(),
    codeKey: text().notNull(),
    type: text().notNull(),
    valueType: text().notNull(),
    value: numeric({ precision: 16, scale: 2, mode: 'number' }).notNull(),
    maxDiscount: rupiah(),
    /** Inclusive calendar dates in Asia/Jakarta: when buyers may claim it, and when a claimed voucher may be used. */
    getStart: text().notNull(),
    getEnd: text().notNull(),
    useStart: text().notNull(),
    useEnd: text().notNull(),
    combinable: boolean().notNull(),
    quota: integer().notNull(),
    used: integer().notNull().default(0),
    perCustomerLimit: integer().notNull(),
    minTransaction: rupiah().notNull(),
    status: text().notNull(),
    createdBy: uuid().notNull(),
    decidedBy: uuid(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admin_vouchers_code_key').on(t.workspaceId, t.codeKey),
    index('admin_vouchers_workspace_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    check('admin_vouchers_used_check', sql`${t.used} >= 0 AND ${t.used} <= ${t.quota}`),
    tenantPolicy(),
  ],
);

/** An order that used an admin voucher; one per voucher and order reference. */
export const adminVoucherUses = pgTable(
  'admin_voucher_uses',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    voucherId: uuid()
      .notNull()
      .references(() => adminVouchers.id, { onDelete: 'cascade' }),
    orderReference: text().notNull(),
    customerReference: text().notNull(),
    discount: rupiah().notNull(),
    at: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admin_voucher_uses_key').on(t.workspaceId, t.voucherId, t.orderReference),
    index('admin_voucher_uses_customer_idx').on(t.workspaceId, t.voucherId, t.customerReference),
    tenantPolicy(),
  ],
);

/** A Shopee seller discount of a shop, as last synced or created from our screen (spec part 7 Shopee promotions). */
export const shopeePromotions = pgTable(
  'shopee_promotions',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    connectionId: uuid().notNull(),
    discountId: text().notNull(),
    name: text().notNull(),
    /** Shopee's upcoming, ongoing or expired, as of the last sync. */
    status: text().notNull(),
    startTime: timestamptz().notNull(),
    endTime: timestamptz().notNull(),
    /** Items Shopee refused when we added them: {product_id, sku_id, code, message}. */
    failures: jsonb().$type<{ product_id: string; sku_id: string; code: string; message: string }[]>().notNull().default([]),
    syncedAt: timestamptz().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shopee_promotions_key').on(t.workspaceId, t.connectionId, t.discountId),
    index('shopee_promotions_list_idx').on(t.workspaceId, t.connectionId, t.startTime.desc()),
    tenantPolicy(),
  ],
);

/** An item (or model) of a Shopee discount and the catalog SKU its channel SKU is mapped to. */
export const shopeePromotionItems = pgTable(
  'shopee_promotion_items',
  {
    workspaceId: workspaceIdColumn(),
    promotionId: uuid()
      .notNull()
      .references(() => shopeePromotions.id, { onDelete: 'cascade' }),
    productId: text().notNull(),
    skuId: text().notNull(),
    name: text().notNull(),
    catalogId: uuid(),
    originalPrice: rupiah().notNull(),
    promotionPrice: rupiah().notNull(),
    promotionStock: integer(),
    purchaseLimit: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('shopee_promotion_items_key').on(t.promotionId, t.productId, t.skuId),
    index('shopee_promotion_items_catalog_idx').on(t.workspaceId, t.catalogId),
    tenantPolicy(),
  ],
);

/** The last promotion sync of each Shopee shop (spec part 7 "sync status"). */
export const shopeePromotionSyncs = pgTable(
  'shopee_promotion_syncs',
  {
    workspaceId: workspaceIdColumn(),
    connectionId: uuid().primaryKey(),
    status: text().notNull(),
    synced: integer().notNull().default(0),
    lastSyncedAt: timestamptz(),
    error: text(),
  },
  () => [tenantPolicy()],
);
