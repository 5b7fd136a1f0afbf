import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { anyOf } from '../../platform/db/database.ts';
import { brands, bundleComponents, catalogs, categories, productImages, products, productStatusCounts } from './catalog.schema.ts';

export type ProductRow = typeof products.$inferSelect;
export type CatalogRow = typeof catalogs.$inferSelect;
export type ImageRow = typeof productImages.$inferSelect;
export type ProductStatus = ProductRow['status'];

const ws = (ctx: TenantCtx) => eq(products.workspaceId, ctx.workspaceId);

export async function findProduct(ctx: TenantCtx, id: string, lock = false): Promise<ProductRow | undefined> {
  const query = ctx.db
    .select()
    .from(products)
    .where(and(ws(ctx), eq(products.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findProducts(ctx: TenantCtx, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return ctx.db
    .select()
    .from(products)
    .where(and(ws(ctx), inArray(products.id, [...ids])));
}

export async function catalogsOf(ctx: TenantCtx, productIds: readonly string[]): Promise<CatalogRow[]> {
  if (productIds.length === 0) return [];
  return ctx.db
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.workspaceId, ctx.workspaceId), inArray(catalogs.productId, [...productIds])))
    .orderBy(asc(catalogs.productId), asc(catalogs.position));
}

export async function catalogsByIds(ctx: TenantCtx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return ctx.db
    .select({ catalog: catalogs, productType: products.type, productName: products.name, baseUnit: products.baseUnit })
    .from(catalogs)
    .innerJoin(products, eq(products.id, catalogs.productId))
    .where(and(eq(catalogs.workspaceId, ctx.workspaceId), anyOf(catalogs.id, ids, 'uuid')));
}

/** The product type of the catalogs of these ids (a stock batch tells bundles from plain SKUs with it). */
export async function catalogProductTypes(ctx: TenantCtx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return ctx.db
    .select({ id: catalogs.id, productType: products.type })
    .from(catalogs)
    .innerJoin(products, eq(products.id, catalogs.productId))
    .where(and(eq(catalogs.workspaceId, ctx.workspaceId), anyOf(catalogs.id, ids, 'uuid')));
}

/**
 * Id, SKU, name, price and product type of the catalogs of these SKUs: the columns the marketplace order import maps
 * lines with, and the type its stock batch tells bundles by (read here, not again by the batch: ADR 0061).
 */
export async function catalogRefsBySkus(ctx: TenantCtx, skus: readonly string[]) {
  if (skus.length === 0) return [];
  return ctx.db
    .select({
      id: catalogs.id,
      sku: catalogs.sku,
      name: catalogs.name,
      price: catalogs.price,
      costPrice: catalogs.costPrice,
      productType: products.type,
    })
    .from(catalogs)
    .leftJoin(products, eq(products.id, catalogs.productId))
    .where(and(eq(catalogs.workspaceId, ctx.workspaceId), anyOf(catalogs.sku, skus, 'text')));
}

export async function catalogsBySkus(ctx: TenantCtx, skus: readonly string[]): Promise<CatalogRow[]> {
  if (skus.length === 0) return [];
  return ctx.db
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.workspaceId, ctx.workspaceId), anyOf(catalogs.sku, skus, 'text')));
}

export async function catalogsByNames(ctx: TenantCtx, names: readonly string[]): Promise<CatalogRow[]> {
  const keys = [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))];
  if (keys.length === 0) return [];
  return ctx.db
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.workspaceId, ctx.workspaceId), inArray(sql`lower(trim(${catalogs.name}))`, keys)));
}

export async function imagesOf(ctx: TenantCtx, productId: string): Promise<ImageRow[]> {
  return ctx.db
    .select()
    .from(productImages)
    .where(and(eq(productImages.workspaceId, ctx.workspaceId), eq(productImages.productId, productId)))
    .orderBy(asc(productImages.position));
}

export async function componentsOf(ctx: TenantCtx, bundleProductId: string) {
  return ctx.db
    .select({
      catalogId: bundleComponents.componentCatalogId,
      quantity: bundleComponents.quantity,
      productId: catalogs.productId,
      sku: catalogs.sku,
      name: catalogs.name,
      price: catalogs.price,
    })
    .from(bundleComponents)
    .innerJoin(catalogs, eq(catalogs.id, bundleComponents.componentCatalogId))
    .where(and(eq(bundleComponents.workspaceId, ctx.workspaceId), eq(bundleComponents.bundleProductId, bundleProductId)))
    .orderBy(asc(bundleComponents.position));
}

/** The components of several bundles at once (a list page's bundles). */
export async function componentsOfBundles(ctx: TenantCtx, bundleProductIds: readonly string[]) {
  if (bundleProductIds.length === 0) return [];
  return ctx.db
    .select({
      bundleProductId: bundleComponents.bundleProductId,
      catalogId: bundleComponents.componentCatalogId,
      quantity: bundleComponents.quantity,
      sku: catalogs.sku,
    })
    .from(bundleComponents)
    .innerJoin(catalogs, eq(catalogs.id, bundleComponents.componentCatalogId))
    .where(and(eq(bundleComponents.workspaceId, ctx.workspaceId), inArray(bundleComponents.bundleProductId, [...bundleProductIds])))
    .orderBy(asc(bundleComponents.bundleProductId), asc(bundleComponents.position));
}

/** Catalogs among `catalogIds` used as a component by a bundle other than `exceptBundleId`. */
export async function catalogsInBundles(
  ctx: TenantCtx,
  catalogIds: readonly string[],
  exceptBundleIds: readonly string[] = [],
): Promise<string[]> {
  if (catalogIds.length === 0) return [];
  const rows = await ctx.db
    .selectDistinct({ id: bundleComponents.componentCatalogId })
    .from(bundleComponents)
    .where(
      and(
        eq(bundleComponents.workspaceId, ctx.workspaceId),
        inArray(bundleComponents.componentCatalogId, [...catalogIds]),
        ...exceptBundleIds.map((id) => ne(bundleComponents.bundleProductId, id)),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The catalogs of the bundles that contain any of these catalogs as a component (a component's stock moved), as a
 * query of one column, for a caller that reads them inside its own statement.
 */
export function bundleCatalogsOfQuery(ctx: Pick<TenantCtx, 'workspaceId'>, componentCatalogIds: readonly string[]): SQL {
  return sql`select ${catalogs.id} from ${bundleComponents}
    join ${catalogs} on ${catalogs.productId} = ${bundleComponents.bundleProductId} and ${catalogs.workspaceId} = ${ctx.workspaceId}
    where ${bundleComponents.workspaceId} = ${ctx.workspaceId} and ${anyOf(bundleComponents.componentCatalogId, componentCatalogIds, 'uuid')}`;
}

export async function replaceComponents(
  ctx: TenantCtx,
  bundleProductId: string,
  components: readonly { catalogId: string; quantity: number }[],
) {
  await ctx.db
    .delete(bundleComponents)
    .where(and(eq(bundleComponents.workspaceId, ctx.workspaceId), eq(bundleComponents.bundleProductId, bundleProductId)));
  if (components.length === 0) return;
  await ctx.db.insert(bundleComponents).values(
    components.map((c, position) => ({
      workspaceId: ctx.workspaceId,
      bundleProductId,
      componentCatalogId: c.catalogId,
      quantity: c.quantity,
      position,
    })),
  );
}

export async function brandName(ctx: TenantCtx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await ctx.db
    .select({ name: brands.name })
    .from(brands)
    .where(and(eq(brands.workspaceId, ctx.workspaceId), eq(brands.id, id)));
  return row?.name ?? null;
}

export async function brandExists(ctx: TenantCtx, id: string): Promise<boolean> {
  return (await brandName(ctx, id)) !== null;
}

export async function isSlugTaken(ctx: TenantCtx, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(ws(ctx), eq(products.slug, slug), exceptId ? ne(products.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

/** Which of these slugs the workspace's products already use (one query for a batch). */
export async function takenSlugs(ctx: TenantCtx, slugs: readonly string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await ctx.db
    .select({ slug: products.slug })
    .from(products)
    .where(and(ws(ctx), inArray(products.slug, [...new Set(slugs)])));
  return rows.map((r) => r.slug);
}

/** Adds delta to the per-status counters (upsert), in the caller's transaction. */
export async function bumpCounts(ctx: TenantCtx, deltas: Partial<Record<ProductStatus, number>>): Promise<void> {
  const entries = Object.entries(deltas).filter(([, n]) => n !== 0) as [ProductStatus, number][];
  if (entries.length === 0) return;
  await ctx.db
    .insert(productStatusCounts)
    .values(entries.map(([status, count]) => ({ workspaceId: ctx.workspaceId, status, count })))
    .onConflictDoUpdate({
      target: [productStatusCounts.workspaceId, productStatusCounts.status],
      set: { count: sql`${productStatusCounts.count} + excluded.count` },
    });
}

export async function statusCounts(ctx: TenantCtx): Promise<Record<ProductStatus, number>> {
  const rows = await ctx.db
    .select({ status: productStatusCounts.status, count: productStatusCounts.count })
    .from(productStatusCounts)
    .where(eq(productStatusCounts.workspaceId, ctx.workspaceId));
  const counts: Record<ProductStatus, number> = { ACTIVE: 0, INACTIVE: 0, DRAFT: 0 };
  for (const r of rows) counts[r.status] = r.count;
  return counts;
}

/**
 * The brand and category of SKUs, the category with its ancestors (deepest first), so a discount targeting a brand
 * or any level of the category tree can match (issue 16).
 */
export async function catalogTargets(
  ctx: TenantCtx,
  ids: readonly string[],
): Promise<Map<string, { brandId: string | null; categoryIds: string[] }>> {
  const out = new Map<string, { brandId: string | null; categoryIds: string[] }>();
  if (ids.length === 0) return out;
  const rows = await ctx.db
    .select({ id: catalogs.id, brandId: products.brandId, categoryId: products.categoryId })
    .from(catalogs)
    .innerJoin(products, eq(products.id, catalogs.productId))
    .where(and(eq(catalogs.workspaceId, ctx.workspaceId), inArray(catalogs.id, [...ids])));
  const leafIds = [...new Set(rows.flatMap((r) => (r.categoryId ? [r.categoryId] : [])))];
  const parents = new Map<string, string | null>();
  let frontier = leafIds;
  while (frontier.length > 0) {
    const found = await ctx.db
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .where(and(eq(categories.workspaceId, ctx.workspaceId), inArray(categories.id, frontier)));
    for (const f of found) parents.set(f.id, f.parentId);
    frontier = [...new Set(found.flatMap((f) => (f.parentId && !parents.has(f.parentId) ? [f.parentId] : [])))];
  }
  for (const r of rows) {
    const chain: string[] = [];
    for (let c = r.categoryId; c && !chain.includes(c); c = parents.get(c) ?? null) chain.push(c);
    out.set(r.id, { brandId: r.brandId, categoryIds: chain });
  }
  return out;
}
