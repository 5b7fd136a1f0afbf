import { PUBLISH_MAX_IMAGES, PUBLISH_TARGETS } from '@kelola/domain';
import { z } from 'zod';

/**
 * Publishing master products to shops (issue 15, spec part 4 "publishing flow"): one publication per product and
 * shop, run one channel at a time by a job that uploads images, saves a draft, creates (or updates) the product and
 * polls it, then maps the new channel SKUs to the master SKUs.
 */

export const PUBLICATION_STATUSES = ['PENDING', 'IMAGES', 'DRAFT', 'ON_PROGRESS', 'FINISHED', 'FAILED'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export const PUBLISH_NAME_MAX = 255;
export const PUBLISH_DESCRIPTION_MAX = 5000;

const id = z.uuid({ error: 'INVALID_ID' });
const text = (max: number) => z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).max(max, { error: 'TOO_LONG' });
const marketplaceId = z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).max(100, { error: 'TOO_LONG' });

/** What the merchant chose for one shop; everything but the shop and the category falls back to the master product. */
export const PublishChannelInput = z.object({
  channel_id: id,
  /** Tokopedia goes through a TikTok Shop connection; defaults to the shop's own marketplace. */
  target: z.enum(PUBLISH_TARGETS, { error: 'INVALID_VALUE' }).optional(),
  /** The categories chosen from the top level down; the deepest one is sent (spec part 5). */
  category_path: z.array(marketplaceId).min(1, { error: 'REQUIRED' }).max(10, { error: 'INVALID_VALUE' }),
  brand_id: marketplaceId.nullable().optional(),
  name: text(PUBLISH_NAME_MAX).optional(),
  /** Rich text allowed; markup is stripped before sending. */
  description: z.string().max(PUBLISH_DESCRIPTION_MAX, { error: 'TOO_LONG' }).optional(),
  weight_grams: z
    .number({ error: 'INVALID_VALUE' })
    .int({ error: 'INVALID_VALUE' })
    .min(1, { error: 'INVALID_VALUE' })
    .max(300_000, { error: 'INVALID_VALUE' })
    .optional(),
  /** Master product images to send, in order; all of them (up to 9) when left out. */
  image_ids: z.array(id).min(1, { error: 'REQUIRED' }).max(PUBLISH_MAX_IMAGES, { error: 'TOO_MANY' }).optional(),
  attributes: z
    .array(
      z.object({
        id: marketplaceId,
        values: z
          .array(z.string().trim().min(1, { error: 'REQUIRED' }).max(200, { error: 'TOO_LONG' }))
          .min(1)
          .max(20),
      }),
    )
    .max(50)
    .optional(),
  /** Channel prices in whole rupiah per master SKU; the SKU's price when left out. */
  prices: z
    .array(
      z.object({
        catalog_id: id,
        price: z
          .number({ error: 'INVALID_VALUE' })
          .int({ error: 'INVALID_VALUE' })
          .min(1, { error: 'INVALID_VALUE' })
          .max(1_000_000_000_000, { error: 'INVALID_VALUE' }),
      }),
    )
    .max(500)
    .optional(),
});
export type PublishChannelInput = z.infer<typeof PublishChannelInput>;

export const PublishInput = z.object({
  channels: z.array(PublishChannelInput).min(1, { error: 'REQUIRED' }).max(10, { error: 'TOO_MANY' }),
});
export type PublishInput = z.infer<typeof PublishInput>;

/** Edit a published product: the same choices for the shop it is on (`edit-product-*`). */
export const PublishEditInput = PublishChannelInput.omit({ channel_id: true });
export type PublishEditInput = z.infer<typeof PublishEditInput>;

/** `/product/bulk-publish`: many master products to the same shops, each product its own run with its own result. */
export const BulkPublishInput = z.object({
  product_ids: z.array(id).min(1, { error: 'REQUIRED' }).max(50, { error: 'TOO_MANY' }),
  /** Each shop's choice, for every product that has no choice of its own in `choices`. */
  channels: z
    .array(PublishChannelInput.pick({ channel_id: true, target: true, category_path: true, brand_id: true, attributes: true }))
    .min(1, { error: 'REQUIRED' })
    .max(10, { error: 'TOO_MANY' }),
  /** One product's own category (and brand, attributes) on one of the shops, instead of that shop's choice. */
  choices: z
    .array(PublishChannelInput.pick({ channel_id: true, category_path: true, brand_id: true, attributes: true }).extend({ product_id: id }))
    .max(500, { error: 'TOO_MANY' })
    .optional(),
});
export type BulkPublishInput = z.infer<typeof BulkPublishInput>;

export const Publication = z.object({
  id: z.string(),
  batch_id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  channel_id: z.string(),
  channel_name: z.string(),
  target: z.enum(PUBLISH_TARGETS),
  mode: z.enum(['CREATE', 'UPDATE']),
  status: z.enum(PUBLICATION_STATUSES),
  /** The marketplace's product id once it has one. */
  channel_product_id: z.string().nullable(),
  /** What the marketplace said, in order (Tokopedia keeps every attempt's). */
  errors: z.array(z.string()),
  attempts: z.number().int(),
  /** The draft as sent: category, weight in the marketplace's unit, stripped description, defaults. */
  draft: z.record(z.string(), z.unknown()).nullable(),
  mapped_skus: z.number().int(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Publication = z.infer<typeof Publication>;

export const PublishBatch = z.object({
  id: z.string(),
  /** True once every publication of the batch is FINISHED or FAILED. */
  done: z.boolean(),
  items: z.array(Publication),
});
export type PublishBatch = z.infer<typeof PublishBatch>;

/** Where a master product was published, newest first (the product edit screen's "Dipublikasikan ke"). */
export const ProductPublicationList = z.object({ items: z.array(Publication) });
export type ProductPublicationList = z.infer<typeof ProductPublicationList>;

export const BulkPublishResult = z.object({ batches: z.array(PublishBatch) });
export type BulkPublishResult = z.infer<typeof BulkPublishResult>;

export const BatchParams = z.object({ id });
export const ProductParams = z.object({ id });
export const ChannelProductParams = z.object({ id, productId: marketplaceId });

export const CategoryQuery = z.object({ category_id: marketplaceId.optional() });

export const MarketplaceCategory = z.object({ id: z.string(), parent_id: z.string().nullable(), name: z.string(), is_leaf: z.boolean() });
export const MarketplaceCategoryList = z.object({ items: z.array(MarketplaceCategory) });
export type MarketplaceCategoryList = z.infer<typeof MarketplaceCategoryList>;

export const MarketplaceAttributeList = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      mandatory: z.boolean(),
      input_type: z.enum(['text', 'number', 'single_select', 'multi_select']),
      values: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
});
export type MarketplaceAttributeList = z.infer<typeof MarketplaceAttributeList>;

export const MarketplaceBrandList = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });
export type MarketplaceBrandList = z.infer<typeof MarketplaceBrandList>;

export const CategoryAttributesParams = z.object({ id, categoryId: marketplaceId });

/** What the edit screen (`edit-product-*`) starts from: the mapped master product and the last choices sent. */
export const ChannelProductEdit = z.object({
  channel_id: z.string(),
  channel_product_id: z.string(),
  /** The master product the channel SKUs are mapped to; null when none is (map it first). */
  product_id: z.string().nullable(),
  product_name: z.string().nullable(),
  target: z.enum(PUBLISH_TARGETS),
  category_path: z.array(z.string()),
  brand_id: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  weight_grams: z.number().int(),
  prices: z.array(z.object({ catalog_id: z.string(), sku: z.string(), price: z.number().int() })),
  last: Publication.nullable(),
});
export type ChannelProductEdit = z.infer<typeof ChannelProductEdit>;
