import { CHANNEL_IMAGE_MAX_BYTES, PUBLISH_MAX_IMAGES } from '@kelola/domain';
import { z } from 'zod';

/**
 * The distributor channel (issue 15, ADR 0047): a workspace offers master products to its distributors, with a
 * distributor price per SKU that takes effect on a date, its own images, a status and a minimum order. No
 * marketplace is called.
 */

/** The distributor channel's sales channel in the side menu (Kelola's own numbering, next to the marketplaces'). */
export const DISTRIBUTOR_SALES_CHANNEL = { id: 18, code: 'distributor', name: 'Distributor' } as const;

export const DISTRIBUTOR_PRODUCT_STATUSES = ['active', 'inactive'] as const;
export const DISTRIBUTOR_MIN_ORDER_MAX = 100_000;
export const DISTRIBUTOR_PRICE_MAX = 1_000_000_000_000;
/** Base64 of a 1 MB image, plus a little for a data-URL prefix. */
const BASE64_MAX = Math.ceil((CHANNEL_IMAGE_MAX_BYTES * 4) / 3) + 200;

const id = z.uuid({ error: 'INVALID_ID' });

/** A calendar date, YYYY-MM-DD. */
export const DistributorDate = z
  .string({ error: 'REQUIRED' })
  .regex(/^\d{4}-\d{2}-\d{2}$/u, { error: 'INVALID_DATE' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: 'INVALID_DATE',
  });

export const DistributorChannel = z.object({
  id: z.string(),
  name: z.string(),
  status: z.literal('ACTIVE'),
  created_at: z.string(),
});
export type DistributorChannel = z.infer<typeof DistributorChannel>;
export const DistributorChannelList = z.object({ items: z.array(DistributorChannel) });
export type DistributorChannelList = z.infer<typeof DistributorChannelList>;

export const DistributorChannelInput = z.object({
  name: z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).max(100, { error: 'TOO_LONG' }),
});

/** A SKU offered to distributors, with the price that applies from `effective_date` on. */
export const DistributorSkuInput = z.object({
  catalog_id: id,
  price: z
    .number({ error: 'REQUIRED' })
    .int({ error: 'INVALID_VALUE' })
    .min(1, { error: 'INVALID_VALUE' })
    .max(DISTRIBUTOR_PRICE_MAX, { error: 'INVALID_VALUE' }),
  effective_date: DistributorDate,
});

const productFields = {
  status: z.enum(DISTRIBUTOR_PRODUCT_STATUSES, { error: 'INVALID_VALUE' }),
  min_order: z
    .number({ error: 'REQUIRED' })
    .int({ error: 'INVALID_VALUE' })
    .min(1, { error: 'INVALID_VALUE' })
    .max(DISTRIBUTOR_MIN_ORDER_MAX, { error: 'INVALID_VALUE' }),
  skus: z.array(DistributorSkuInput).min(1, { error: 'REQUIRED' }).max(200, { error: 'TOO_MANY' }),
};

/** Create: the master product and what distributors get of it. */
export const DistributorProductInput = z.object({ product_id: id, ...productFields });
export type DistributorProductInput = z.infer<typeof DistributorProductInput>;
/** Edit: the SKUs listed are the ones offered; a price with a new date is added to the history, the same date replaced. */
export const DistributorProductEdit = z.object(productFields);
export type DistributorProductEdit = z.infer<typeof DistributorProductEdit>;

export const DistributorProductParams = z.object({ id, productId: id });

export const DistributorPrice = z.object({ price: z.number(), effective_date: z.string() });

export const DistributorProduct = z.object({
  channel_id: z.string(),
  product_id: z.string(),
  name: z.string(),
  status: z.enum(DISTRIBUTOR_PRODUCT_STATUSES),
  min_order: z.number(),
  images: z.array(z.object({ key: z.string(), url: z.string() })),
  skus: z.array(
    z.object({
      catalog_id: z.string(),
      seller_sku: z.string(),
      name: z.string(),
      /** The price on today's date (null before the first effective date). */
      price: z.number().nullable(),
      effective_date: z.string().nullable(),
      /** Every price, newest effective date first. */
      prices: z.array(DistributorPrice),
    }),
  ),
  updated_at: z.string(),
});
export type DistributorProduct = z.infer<typeof DistributorProduct>;

/** Spec multipart add-delete-images {images, images_existing}: new files (≤ 1 MB) and the kept ones, in order. */
export const DistributorImagesInput = z.object({
  images: z
    .array(
      z.object({
        file_name: z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).max(255, { error: 'TOO_LONG' }),
        content_base64: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(BASE64_MAX, { error: 'IMAGE_TOO_LARGE' }),
      }),
    )
    .max(PUBLISH_MAX_IMAGES, { error: 'TOO_MANY' })
    .default([]),
  images_existing: z.array(z.string().max(300)).max(PUBLISH_MAX_IMAGES, { error: 'TOO_MANY' }).default([]),
});
export type DistributorImagesInput = z.input<typeof DistributorImagesInput>;

export const DistributorImageParams = z.object({ id, productId: id, key: z.string().regex(/^[\w.-]{1,120}$/u, { error: 'INVALID_ID' }) });

/** Spec GET /channel/distributor/price/query/v2/{product}/{id} {product_id list, effective_date}. */
export const DistributorPriceQuery = z.object({
  product_id: z.union([id, z.array(id).min(1).max(100)]),
  effective_date: DistributorDate,
});
export const DistributorPriceList = z.object({
  items: z.array(
    z.object({
      product_id: z.string(),
      catalog_id: z.string(),
      /** The latest price effective on or before the date; null when none is yet. */
      price: z.number().nullable(),
      effective_date: z.string().nullable(),
    }),
  ),
});
export type DistributorPriceList = z.infer<typeof DistributorPriceList>;
