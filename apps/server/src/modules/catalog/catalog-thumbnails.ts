import { and, eq, inArray, sql } from 'drizzle-orm';
import { buffer } from 'node:stream/consumers';
import type { TenantCtx } from '../../http/context.ts';
import { catalogs, productImages, products } from './catalog.schema.ts';

/**
 * The thumbnail (JPEG, at most 300 × 300) of each SKU's product: its first image, as the product list shows it. For
 * documents (the picking list); SKUs whose product has no image, or whose file is gone, are left out.
 */
export async function catalogThumbnails(ctx: TenantCtx, catalogIds: readonly string[]): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  if (catalogIds.length === 0) return found;
  const rows = await ctx.db
    .select({ catalogId: catalogs.id, thumbKey: productImages.thumbKey })
    .from(catalogs)
    .innerJoin(products, eq(products.id, catalogs.productId))
    // image_key holds the id of the product's first image (as text).
    .innerJoin(
      productImages,
      and(eq(productImages.workspaceId, products.workspaceId), sql`${productImages.id}::text = ${products.imageKey}`),
    )
    .where(and(eq(catalogs.workspaceId, ctx.workspaceId), inArray(catalogs.id, [...catalogIds])));
  const byKey = new Map<string, Promise<Buffer | null>>();
  for (const row of rows) {
    if (!row.thumbKey) continue;
    let file = byKey.get(row.thumbKey);
    if (!file) {
      file = ctx.platform.files.get(row.thumbKey).then(
        (stream) => (stream ? buffer(stream) : null),
        () => null,
      );
      byKey.set(row.thumbKey, file);
    }
    const bytes = await file;
    if (bytes && bytes.length > 0) found.set(row.catalogId, bytes);
  }
  return found;
}
