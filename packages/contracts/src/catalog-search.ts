import { z } from 'zod';

/** SKU picker of documents (goods receipts, adjustments, allocation, orders): GET /api/catalogs. */
export const CatalogSearchQuery = z.object({
  /** SKU prefix or part of the SKU's name; empty lists the first SKUs by SKU. */
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Only SKUs that hold stock of their own (bundles reserve their components instead). */
  stocked: z.enum(['true', 'false'], { error: 'INVALID_VALUE' }).optional(),
  /** Comma-separated SKU ids (at most 50): the picker's label of a value it has not listed (a link, a saved filter). */
  ids: z
    .string()
    .optional()
    .transform((text) => (text ? text.split(',').map((id) => id.trim()) : undefined))
    .pipe(
      z
        .array(z.uuid({ error: 'INVALID_ID' }))
        .max(50, { error: 'TOO_BIG' })
        .optional(),
    ),
});
export type CatalogSearchQuery = z.infer<typeof CatalogSearchQuery>;

export const CatalogSearchItem = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  product_type: z.enum(['SINGLE', 'VARIANT', 'BUNDLING']),
  base_unit: z.string(),
  price: z.number(),
  thumbnail_url: z.string().nullable(),
});
export type CatalogSearchItem = z.infer<typeof CatalogSearchItem>;

export const CatalogSearchResult = z.object({ items: z.array(CatalogSearchItem) });
export type CatalogSearchResult = z.infer<typeof CatalogSearchResult>;
