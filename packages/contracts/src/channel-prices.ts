import { z } from 'zod';
import { money, PRODUCT_TYPES } from './catalog.ts';
import { MARKETPLACES, CHANNEL_STATUSES } from './channels.ts';
import { FormulaProblem } from './pricing.ts';
import { page, uuid } from './validation.ts';

/**
 * Price of a SKU per sales channel (spec part 3: price_list per channel_id with price_msrp and price_sales).
 * FORMULA: derived from the product's price formula with the SKU's own variable values (the SKU's base price when
 * the product has no formula); MANUAL: both prices typed by the merchant.
 */
export const CHANNEL_PRICE_MODES = ['FORMULA', 'MANUAL'] as const;
export type ChannelPriceMode = (typeof CHANNEL_PRICE_MODES)[number];

/** Where an effective price comes from: a formula, the SKU's base price (no formula on the product), or the merchant. */
export const CHANNEL_PRICE_SOURCES = ['FORMULA', 'BASE_PRICE', 'MANUAL'] as const;
export type ChannelPriceSource = (typeof CHANNEL_PRICE_SOURCES)[number];

/** A manual price of a SKU on one channel: whole rupiah (ADR 0008), the sale price never above the MSRP. */
export const ChannelPriceInput = z.object({ price_msrp: money, price_sales: money }).superRefine((v, ctx) => {
  if (typeof v.price_msrp === 'bigint' && typeof v.price_sales === 'bigint' && v.price_sales > v.price_msrp)
    ctx.addIssue({ code: 'custom', path: ['price_sales'], message: 'SALE_ABOVE_MSRP' });
});
export type ChannelPriceInput = z.input<typeof ChannelPriceInput>;
export type ChannelPriceData = z.output<typeof ChannelPriceInput>;

export const ChannelPriceParams = z.object({ id: uuid, channelId: uuid });

export const ChannelPriceListQuery = z.object({
  /** SKU prefix, or part of the SKU's or the product's name. */
  q: z.string().trim().max(100).optional(),
  /** Only this channel's prices (and, with `mode`, only SKUs in that mode on it). */
  channel_id: uuid.optional(),
  /** MANUAL: SKUs with a manual price (on the channel, or on any channel); FORMULA: SKUs without one. */
  mode: z.enum(CHANNEL_PRICE_MODES, { error: 'INVALID_VALUE' }).optional(),
  page,
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export type ChannelPriceListQuery = z.infer<typeof ChannelPriceListQuery>;

/** The effective price of a SKU on one channel. */
export const ChannelPrice = z.object({
  channel_id: z.string(),
  mode: z.enum(CHANNEL_PRICE_MODES),
  source: z.enum(CHANNEL_PRICE_SOURCES),
  /** Whole rupiah; null only when the formula cannot be evaluated for this SKU (`formula_errors` say why). */
  price_msrp: z.number().nullable(),
  price_sales: z.number().nullable(),
  formula_errors: z.array(FormulaProblem),
  /** The prices last typed by hand, kept when the channel goes back to the formula (the edit dialog starts from them). */
  manual: z.object({ price_msrp: z.number(), price_sales: z.number() }).nullable(),
  updated_at: z.string().nullable(),
});
export type ChannelPrice = z.infer<typeof ChannelPrice>;

/** One SKU with its base price and its price on each channel of the answer. */
export const ChannelPriceRow = z.object({
  catalog_id: z.string(),
  sku: z.string(),
  name: z.string(),
  options: z.array(z.string()),
  product_id: z.string(),
  product_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  /** The SKU's own price (master product); web store and manual orders sell at it. */
  base_price: z.number(),
  /** The product's price formula, which FORMULA prices come from (null: they follow the base price). */
  formula: z.object({ id: z.string(), name: z.string() }).nullable(),
  prices: z.array(ChannelPrice),
});
export type ChannelPriceRow = z.infer<typeof ChannelPriceRow>;

/** A channel (connected marketplace shop) as a column of the price list. */
export const PriceChannel = z.object({
  id: z.string(),
  name: z.string(),
  marketplace: z.enum(MARKETPLACES),
  status: z.enum(CHANNEL_STATUSES),
});
export type PriceChannel = z.infer<typeof PriceChannel>;

export const ChannelPriceList = z.object({
  /** Each SKU's prices on every channel, or on the `channel_id` of the query only. */
  items: z.array(ChannelPriceRow),
  /** Every channel of the workspace (for the channel filter), whatever the query. */
  channels: z.array(PriceChannel),
  page: z.number(),
  size: z.number(),
  total_row: z.number(),
  /** true when total_row is a lower bound (more than 10,000 SKUs match a search). */
  total_capped: z.boolean(),
});
export type ChannelPriceList = z.infer<typeof ChannelPriceList>;

/** One SKU's prices on every channel of the workspace. */
export const CatalogChannelPrices = ChannelPriceRow.extend({ channels: z.array(PriceChannel) });
export type CatalogChannelPrices = z.infer<typeof CatalogChannelPrices>;
