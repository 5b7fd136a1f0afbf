import { z } from 'zod';

/** Stock and price pushes to shops (issue 15): what each shop was last told about a SKU, and why. */
export const PUSH_KINDS = ['STOCK', 'PRICE'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The spec's mapping states of a channel product (part 4). */
export const MAPPING_STATES = ['CONFIRMED', 'UNCONFIRMED', 'PART_CONFIRMED', 'MIX_CONFIRMED'] as const;
export type MappingState = (typeof MAPPING_STATES)[number];

export const ChannelPush = z.object({
  channel_id: z.string(),
  channel_name: z.string(),
  marketplace: z.string(),
  catalog_id: z.string(),
  kind: z.enum(PUSH_KINDS),
  /** The number the shop last accepted (stock units or whole rupiah); null before the first push. */
  value: z.number().int().nullable(),
  /** "Shopee got 7 = 10 available × 70%, …" in the reader's language. */
  explanation: z.string().nullable(),
  pushed_at: z.string().nullable(),
  /** A newer number is waiting for its push. */
  pending: z.boolean(),
  push_count: z.number().int(),
  /** Why the last push happened: movement, price, sync, reconcile, mapping. */
  reason: z.string(),
  error: z.string().nullable(),
});
export type ChannelPush = z.infer<typeof ChannelPush>;
export const ChannelPushList = z.object({ items: z.array(ChannelPush) });
export type ChannelPushList = z.infer<typeof ChannelPushList>;

export const CatalogPushQuery = z.object({ catalog_id: z.uuid({ error: 'INVALID_ID' }) });

export const ChannelProductSku = z.object({
  sku_id: z.string(),
  seller_sku: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
  catalog_id: z.string().nullable(),
  mapping: z.enum(['CONFIRMED', 'UNCONFIRMED']),
  mapped_by: z.string().nullable(),
});
export const ChannelProduct = z.object({
  product_id: z.string(),
  name: z.string(),
  status: z.string(),
  mapping: z.enum(MAPPING_STATES),
  variant_count: z.number().int(),
  price_min: z.number().int().nullable(),
  price_max: z.number().int().nullable(),
  imported_at: z.string(),
  skus: z.array(ChannelProductSku),
});
export type ChannelProduct = z.infer<typeof ChannelProduct>;

export const ChannelProductQuery = z.object({
  status: z.enum(['all', 'active', 'inactive'], { error: 'INVALID_VALUE' }).default('all'),
  mapping: z.enum(MAPPING_STATES, { error: 'INVALID_VALUE' }).optional(),
  page: z.coerce.number({ error: 'INVALID_VALUE' }).int({ error: 'INVALID_VALUE' }).min(1, { error: 'INVALID_VALUE' }).default(1),
  size: z.coerce
    .number({ error: 'INVALID_VALUE' })
    .int({ error: 'INVALID_VALUE' })
    .min(1, { error: 'INVALID_VALUE' })
    .max(100, { error: 'INVALID_VALUE' })
    .default(20),
});
export type ChannelProductQuery = z.infer<typeof ChannelProductQuery>;

export const ImportStatus = z.object({
  status: z.enum(['NONE', 'ONPROGRESS', 'SUCCESS', 'FAILED']),
  reason: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  imported: z.number().int(),
});

export const ChannelProductList = z.object({
  items: z.array(ChannelProduct),
  counts: z.object({ all: z.number().int(), active: z.number().int(), inactive: z.number().int() }),
  total: z.number().int(),
  import: ImportStatus,
});
export type ChannelProductList = z.infer<typeof ChannelProductList>;

export const ProductSkuParams = z.object({
  id: z.uuid({ error: 'INVALID_ID' }),
  productId: z.string().min(1, { error: 'REQUIRED' }).max(100, { error: 'TOO_LONG' }),
  skuId: z.string().min(1, { error: 'REQUIRED' }).max(100, { error: 'TOO_LONG' }),
});

/** Map a channel SKU to a catalog SKU and confirm it, or unmap it (catalog_id null). */
export const MappingInput = z.object({
  catalog_id: z.uuid({ error: 'INVALID_ID' }).nullable(),
});
export type MappingInput = z.infer<typeof MappingInput>;
