import { CatalogSearchQuery, CatalogSearchResult, type CatalogSearchItem } from '@kelola/contracts';
import { and, asc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import type { Router } from '../../http/route.ts';
import { likePattern, toNumber } from './catalog.common.ts';
import { catalogs, products } from './catalog.schema.ts';
import { imageUrl } from './products.service.ts';

/** SKUs whose code starts with, or whose name contains, `q`: the picker of stock documents and orders. */
export async function searchCatalogs(ctx: TenantCtx, query: CatalogSearchQuery): Promise<{ items: CatalogSearchItem[] }> {
  const filters: SQL[] = [eq(catalogs.workspaceId, ctx.workspaceId)];
  if (query.q) {
    const contains = likePattern(query.q);
    const prefix = contains.slice(1);
    filters.push(or(ilike(catalogs.sku, prefix), ilike(catalogs.name, contains), ilike(products.name, contains))!);
  }
  if (query.stocked === 'true') filters.push(ne(products.type, 'BUNDLING'));
  if (query.ids) filters.push(inArray(catalogs.id, query.ids));
  const rows = await ctx.db
    .select({
      id: catalogs.id,
      sku: catalogs.sku,
      name: catalogs.name,
      price: catalogs.price,
      productId: products.id,
      productName: products.name,
      productType: products.type,
      baseUnit: products.baseUnit,
      imageKey: products.imageKey,
    })
    .from(catalogs)
    .innerJoin(products, eq(products.id, catalogs.productId))
    .where(and(...filters))
    .orderBy(asc(catalogs.sku))
    .limit(query.limit);
  return {
    items: rows.map((r) => ({
      id: r.id,
      sku: r.sku,
      name: r.name,
      product_id: r.productId,
      product_name: r.productName,
      product_type: r.productType,
      base_unit: r.baseUnit,
      price: toNumber(r.price),
      thumbnail_url: r.imageKey ? imageUrl(r.productId, r.imageKey, 'thumb') : null,
    })),
  };
}

/** Any member may look SKUs up: documents of every stock and order menu pick them. */
export function registerCatalogSearchRoute({ route }: Router): void {
  route(
    {
      method: 'GET',
      url: '/api/catalogs',
      permission: 'member',
      tags: ['products'],
      summary: 'SKU look-up by SKU prefix or name (or by ids), for pickers',
      querystring: CatalogSearchQuery,
      response: CatalogSearchResult,
    },
    (ctx, { query }) => searchCatalogs(ctx, query),
  );
}
