import type { ChannelPriceListQuery } from '@kelola/contracts';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { priceFormulas } from '../pricing/index.ts';
import { likePattern } from './catalog.common.ts';
import { bundleComponents, catalogs, products } from './catalog.schema.ts';
import { catalogChannelPrices } from './channel-prices.schema.ts';

export type StoredPrice = typeof catalogChannelPrices.$inferSelect;

/** Above this many matching SKUs the list reports total_row as a lower bound (as the product list does). */
export const PRICE_LIST_COUNT_CAP = 10_000;

const skuColumns = {
  id: catalogs.id,
  sku: catalogs.sku,
  name: catalogs.name,
  options: catalogs.options,
  price: catalogs.price,
  productId: products.id,
  productName: products.name,
  productType: products.type,
  formulaId: products.priceFormulaId,
  formulaName: priceFormulas.name,
};

export type SkuRow = {
  id: string;
  sku: string;
  name: string;
  options: string[];
  price: bigint;
  productId: string;
  productName: string;
  productType: 'SINGLE' | 'VARIANT' | 'BUNDLING';
  formulaId: string | null;
  formulaName: string | null;
};

const skuQuery = (ctx: TenantCtx) =>
  ctx.db
    .select(skuColumns)
    .from(catalogs)
    .innerJoin(products, eq(products.id, catalogs.productId))
    .leftJoin(priceFormulas, eq(priceFormulas.id, products.priceFormulaId));

function listFilters(ctx: TenantCtx, query: ChannelPriceListQuery): SQL[] {
  const filters: SQL[] = [eq(catalogs.workspaceId, ctx.workspaceId)];
  const q = query.q?.trim();
  if (q) {
    const contains = likePattern(q);
    filters.push(or(ilike(catalogs.sku, contains.slice(1)), ilike(catalogs.name, contains), ilike(products.name, contains))!);
  }
  if (query.mode) {
    const manual = sql`exists (select 1 from ${catalogChannelPrices} where ${catalogChannelPrices.workspaceId} = ${ctx.workspaceId} and ${catalogChannelPrices.catalogId} = ${catalogs.id} and ${catalogChannelPrices.mode} = 'MANUAL'${
      query.channel_id ? sql` and ${catalogChannelPrices.channelConnectionId} = ${query.channel_id}` : sql``
    })`;
    filters.push(query.mode === 'MANUAL' ? manual : sql`not ${manual}`);
  }
  return filters;
}

/** A page of SKUs by SKU code (the unique index serves the order), with a count capped at PRICE_LIST_COUNT_CAP. */
export async function pageOfSkus(
  ctx: TenantCtx,
  query: ChannelPriceListQuery,
): Promise<{ rows: SkuRow[]; total: number; capped: boolean }> {
  const where = and(...listFilters(ctx, query));
  const rows = await skuQuery(ctx)
    .where(where)
    .orderBy(asc(catalogs.sku))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const matched = ctx.db
    .select({ one: sql`1`.as('one') })
    .from(catalogs)
    .innerJoin(products, eq(products.id, catalogs.productId))
    .where(where)
    .limit(PRICE_LIST_COUNT_CAP + 1)
    .as('matched');
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(matched);
  const n = count?.n ?? 0;
  return { rows, total: Math.min(n, PRICE_LIST_COUNT_CAP), capped: n > PRICE_LIST_COUNT_CAP };
}

export async function findSku(ctx: TenantCtx, catalogId: string): Promise<SkuRow | undefined> {
  const [row] = await skuQuery(ctx).where(and(eq(catalogs.workspaceId, ctx.workspaceId), eq(catalogs.id, catalogId)));
  return row;
}

/** SKUs by id (those of another workspace are left out). */
export async function findSkus(ctx: TenantCtx, catalogIds: readonly string[]): Promise<SkuRow[]> {
  if (catalogIds.length === 0) return [];
  return skuQuery(ctx).where(and(eq(catalogs.workspaceId, ctx.workspaceId), inArray(catalogs.id, [...catalogIds])));
}

/** The catalog row, locked: two writes of one SKU's channel prices queue here. */
export async function lockCatalog(ctx: TenantCtx, catalogId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: catalogs.id })
    .from(catalogs)
    .where(and(eq(catalogs.workspaceId, ctx.workspaceId), eq(catalogs.id, catalogId)))
    .for('update');
  return row !== undefined;
}

/** Stored channel prices of these SKUs (of one channel when given). */
export async function storedPrices(ctx: TenantCtx, catalogIds: readonly string[], channelId?: string): Promise<StoredPrice[]> {
  if (catalogIds.length === 0) return [];
  return ctx.db
    .select()
    .from(catalogChannelPrices)
    .where(
      and(
        eq(catalogChannelPrices.workspaceId, ctx.workspaceId),
        inArray(catalogChannelPrices.catalogId, [...catalogIds]),
        channelId ? eq(catalogChannelPrices.channelConnectionId, channelId) : undefined,
      ),
    );
}

export async function saveManual(
  ctx: TenantCtx,
  catalogId: string,
  channelId: string,
  prices: { msrp: bigint; sales: bigint },
): Promise<StoredPrice> {
  const values = {
    mode: 'MANUAL' as const,
    priceMsrp: prices.msrp,
    priceSales: prices.sales,
    updatedBy: ctx.actor.userId,
    updatedAt: new Date(),
  };
  const [row] = await ctx.db
    .insert(catalogChannelPrices)
    .values({ workspaceId: ctx.workspaceId, catalogId, channelConnectionId: channelId, ...values })
    .onConflictDoUpdate({ target: [catalogChannelPrices.catalogId, catalogChannelPrices.channelConnectionId], set: values })
    .returning();
  return row!;
}

/** Back to the formula; the manual figures stay for the next edit. */
export async function setFormulaMode(ctx: TenantCtx, catalogId: string, channelId: string): Promise<StoredPrice | undefined> {
  const [row] = await ctx.db
    .update(catalogChannelPrices)
    .set({ mode: 'FORMULA', updatedBy: ctx.actor.userId, updatedAt: new Date() })
    .where(
      and(
        eq(catalogChannelPrices.workspaceId, ctx.workspaceId),
        eq(catalogChannelPrices.catalogId, catalogId),
        eq(catalogChannelPrices.channelConnectionId, channelId),
        eq(catalogChannelPrices.mode, 'MANUAL'),
      ),
    )
    .returning();
  return row;
}

/** Σ component price × quantity per bundle product, in one query for a page of bundles. */
export async function componentTotals(ctx: TenantCtx, bundleProductIds: readonly string[]): Promise<Map<string, bigint>> {
  if (bundleProductIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      productId: bundleComponents.bundleProductId,
      total: sql<string>`coalesce(sum(${catalogs.price} * ${bundleComponents.quantity}), 0)::text`,
    })
    .from(bundleComponents)
    .innerJoin(catalogs, eq(catalogs.id, bundleComponents.componentCatalogId))
    .where(and(eq(bundleComponents.workspaceId, ctx.workspaceId), inArray(bundleComponents.bundleProductId, [...bundleProductIds])))
    .groupBy(bundleComponents.bundleProductId);
  return new Map(rows.map((r) => [r.productId, BigInt(r.total)]));
}
