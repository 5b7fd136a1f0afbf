import type { ChannelProduct, ChannelProductList, ChannelProductQuery, MappingState } from '@kelola/contracts/channel-products';
import type { MarketplaceCode } from '@kelola/contracts/channels';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { MarketplaceProduct } from './adapters/types.ts';
import { channelProductImports, channelProducts, channelProductSkus } from './channel-products.schema.ts';
import { adapterFor } from './channels.adapters.ts';
import * as repo from './channels.repository.ts';
import type { ScopedCtx } from './channels.repository.ts';
import { callMarketplace, connectionOr404, inWorkspace, usableConnection } from './channels.service.ts';
import { forgetUnmapped, noteStockChanged, notePriceChanged } from './stock-push.service.ts';

// A shop's products as imported (spec part 4 "synchronize"), and each channel SKU's catalog SKU (the mapping).

export const PRODUCT_IMPORT_QUEUE = 'channels-product-import';
export type ProductImportJob = { workspaceId: string; importId: string; connectionId: string };

/**
 * Finds catalog SKUs for channel SKUs (provided by the flow that can read the catalog): by seller SKU, and by name
 * for products with one SKU. Returns catalog ids by key.
 */
export type CatalogMatcher = (
  ctx: TenantCtx,
  wanted: { sellerSkus: string[]; names: string[] },
) => Promise<{ bySku: Map<string, string>; byName: Map<string, string[]> }>;

const p = channelProducts;
const k = channelProductSkus;

/** Starts an import of the shop's products; one already running is returned as it is. */
export async function startProductImport(ctx: TenantCtx, channelId: string) {
  const connection = await connectionOr404(ctx, channelId);
  if (connection.status !== 'CONNECTED') throw new DomainError('CHANNEL_NOT_CONNECTED');
  const [running] = await ctx.db
    .select()
    .from(channelProductImports)
    .where(
      and(
        eq(channelProductImports.workspaceId, ctx.workspaceId),
        eq(channelProductImports.connectionId, channelId),
        eq(channelProductImports.status, 'ONPROGRESS'),
      ),
    )
    .limit(1);
  if (running) return importStatus(ctx, channelId);
  const importId = uuidv7();
  await ctx.db.insert(channelProductImports).values({ id: importId, workspaceId: ctx.workspaceId, connectionId: channelId });
  const job: ProductImportJob = { workspaceId: ctx.workspaceId, importId, connectionId: channelId };
  ctx.afterCommit(async () => {
    await ctx.platform.jobs.send(PRODUCT_IMPORT_QUEUE, job);
  });
  return importStatus(ctx, channelId);
}

/** The shop's latest import: status, reason of a failure, how many products it read. */
export async function importStatus(ctx: ScopedCtx, channelId: string): Promise<ChannelProductList['import']> {
  const [row] = await ctx.db
    .select()
    .from(channelProductImports)
    .where(and(eq(channelProductImports.workspaceId, ctx.workspaceId), eq(channelProductImports.connectionId, channelId)))
    .orderBy(desc(channelProductImports.id))
    .limit(1);
  if (!row) return { status: 'NONE', reason: null, started_at: null, finished_at: null, imported: 0 };
  return {
    status: row.status as 'ONPROGRESS' | 'SUCCESS' | 'FAILED',
    reason: row.reason,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    imported: row.imported,
  };
}

/**
 * The import job: reads every product of the shop (paced, recorded), saves them, keeps the mapping of SKUs already
 * known and maps new or unmapped ones automatically: an equal seller SKU confirms, then an equal name (one SKU, one
 * catalog of that name) confirms, the rest stay UNCONFIRMED. Newly confirmed SKUs get a stock and price push.
 */
export async function runProductImport(
  platform: Platform,
  job: ProductImportJob,
  match: CatalogMatcher,
  ctxOf: (db: ScopedCtx['db']) => TenantCtx,
) {
  const finish = (values: { status: 'SUCCESS' | 'FAILED'; reason?: string; imported: number }) =>
    inWorkspace(platform, job.workspaceId, (ctx) =>
      ctx.db
        .update(channelProductImports)
        .set({ status: values.status, reason: values.reason ?? null, imported: values.imported, finishedAt: platform.now() })
        .where(and(eq(channelProductImports.workspaceId, job.workspaceId), eq(channelProductImports.id, job.importId))),
    );
  let imported = 0;
  try {
    const connection = await inWorkspace(platform, job.workspaceId, (ctx) => repo.findConnection(ctx, job.connectionId));
    if (!connection || connection.status !== 'CONNECTED') throw new DomainError('CHANNEL_NOT_CONNECTED');
    const adapter = adapterFor(platform, connection.marketplace as MarketplaceCode);
    let cursor: string | undefined;
    for (let page = 0; page < 500; page += 1) {
      const current = await usableConnection(platform, job.workspaceId, job.connectionId);
      const list = await callMarketplace(platform, current, 'listProducts', 1, undefined, (auth) =>
        adapter.listProducts(auth, { pageSize: 50, ...(cursor ? { cursor } : {}) }),
      );
      await inWorkspace(platform, job.workspaceId, async (ctx) => {
        await saveProducts(ctxOf(ctx.db), job.connectionId, list.items, match, platform.now());
      });
      imported += list.items.length;
      cursor = list.nextCursor;
      if (!cursor || list.items.length === 0) break;
    }
    await finish({ status: 'SUCCESS', imported });
  } catch (error) {
    await finish({ status: 'FAILED', reason: (error instanceof Error ? error.message : String(error)).slice(0, 500), imported });
  }
}

/** Saves one page of the shop's products in the caller's transaction, mapping what can be mapped. */
export async function saveProducts(
  ctx: TenantCtx,
  connectionId: string,
  items: readonly MarketplaceProduct[],
  match: CatalogMatcher,
  now: Date,
) {
  if (items.length === 0) return;
  for (const product of items) {
    await ctx.db
      .insert(p)
      .values({
        id: uuidv7(),
        workspaceId: ctx.workspaceId,
        connectionId,
        productId: product.productId,
        name: product.name,
        status: product.status,
        categoryId: product.categoryId ?? null,
        images: product.images,
        importedAt: now,
      })
      .onConflictDoUpdate({
        target: [p.workspaceId, p.connectionId, p.productId],
        set: {
          name: product.name,
          status: product.status,
          categoryId: product.categoryId ?? null,
          images: product.images,
          importedAt: now,
        },
      });
  }
  const known = await ctx.db
    .select()
    .from(k)
    .where(
      and(
        eq(k.workspaceId, ctx.workspaceId),
        eq(k.connectionId, connectionId),
        inArray(
          k.productId,
          items.map((i) => i.productId),
        ),
      ),
    );
  const knownOf = new Map(known.map((row) => [`${row.productId}|${row.skuId}`, row]));
  const open = items.flatMap((product) =>
    product.skus
      .filter((sku) => {
        const row = knownOf.get(`${product.productId}|${sku.skuId}`);
        return !row || (row.mapping === 'UNCONFIRMED' && row.mappedBy !== 'MANUAL');
      })
      .map((sku) => ({ product, sku })),
  );
  const found = await match(ctx, {
    sellerSkus: open.map((o) => o.sku.sellerSku).filter(Boolean),
    names: open.filter((o) => o.product.skus.length === 1).map((o) => o.product.name),
  });
  const confirmed: string[] = [];
  for (const product of items) {
    for (const sku of product.skus) {
      const row = knownOf.get(`${product.productId}|${sku.skuId}`);
      const values = { sellerSku: sku.sellerSku, price: Math.round(sku.price), stock: sku.stock, updatedAt: now };
      let mapping: Partial<typeof k.$inferInsert> = {};
      if (!row || (row.mapping === 'UNCONFIRMED' && row.mappedBy !== 'MANUAL')) {
        const bySku = sku.sellerSku ? found.bySku.get(sku.sellerSku) : undefined;
        const byName = product.skus.length === 1 ? found.byName.get(product.name.trim().toLowerCase()) : undefined;
        if (bySku) mapping = { catalogId: bySku, mapping: 'CONFIRMED', mappedBy: 'SKU' };
        else if (byName?.length === 1) mapping = { catalogId: byName[0]!, mapping: 'CONFIRMED', mappedBy: 'NAME' };
        else if (byName && byName.length > 1) mapping = { catalogId: byName[0]!, mapping: 'UNCONFIRMED', mappedBy: 'NAME' };
        if (mapping.mapping === 'CONFIRMED') confirmed.push(mapping.catalogId!);
      }
      await ctx.db
        .insert(k)
        .values({
          id: uuidv7(),
          workspaceId: ctx.workspaceId,
          connectionId,
          productId: product.productId,
          skuId: sku.skuId,
          ...values,
          ...mapping,
        })
        .onConflictDoUpdate({ target: [k.workspaceId, k.connectionId, k.productId, k.skuId], set: { ...values, ...mapping } });
    }
  }
  if (confirmed.length > 0) {
    forgetUnmapped(ctx.platform, ctx.workspaceId);
    await noteStockChanged(ctx, confirmed, 'mapping');
    await notePriceChanged(ctx, confirmed, connectionId);
  }
}

/** The spec's mapping state of a product from its SKUs' mappings. */
export function mappingState(
  skus: readonly { mapping: string; catalogProductId?: string | null }[],
  productsOfCatalogs: number,
): MappingState {
  const confirmed = skus.filter((s) => s.mapping === 'CONFIRMED').length;
  if (confirmed === 0) return 'UNCONFIRMED';
  if (confirmed < skus.length) return 'PART_CONFIRMED';
  // Every SKU is confirmed, but they point at SKUs of more than one master product.
  return productsOfCatalogs > 1 ? 'MIX_CONFIRMED' : 'CONFIRMED';
}

/**
 * The shop's product list (spec part 3 "channel product list"): counts per status, each product with its SKUs, price
 * range, variant count and mapping state; `productOf` tells which master product a catalog SKU belongs to.
 */
export async function listChannelProducts(
  ctx: TenantCtx,
  channelId: string,
  query: ChannelProductQuery,
  productOf: (ids: string[]) => Promise<Map<string, string>>,
): Promise<ChannelProductList> {
  await connectionOr404(ctx, channelId);
  const base = and(eq(p.workspaceId, ctx.workspaceId), eq(p.connectionId, channelId));
  const statusRows = await ctx.db.select({ status: p.status, n: count() }).from(p).where(base).groupBy(p.status);
  const counts = { all: 0, active: 0, inactive: 0 };
  for (const row of statusRows) {
    counts.all += row.n;
    if (row.status === 'active') counts.active += row.n;
    else counts.inactive += row.n;
  }
  const where = and(
    base,
    query.status === 'active' ? eq(p.status, 'active') : query.status === 'inactive' ? sql`${p.status} <> 'active'` : undefined,
  );
  const all = await ctx.db.select().from(p).where(where).orderBy(asc(p.name), asc(p.productId));
  const skus = all.length
    ? await ctx.db
        .select()
        .from(k)
        .where(
          and(
            eq(k.workspaceId, ctx.workspaceId),
            eq(k.connectionId, channelId),
            inArray(
              k.productId,
              all.map((r) => r.productId),
            ),
          ),
        )
        .orderBy(asc(k.skuId))
    : [];
  const masters = await productOf([...new Set(skus.flatMap((s) => (s.catalogId ? [s.catalogId] : [])))]);
  let items: ChannelProduct[] = all.map((row) => {
    const own = skus.filter((s) => s.productId === row.productId);
    const prices = own.map((s) => s.price);
    const productCount = new Set(
      own.flatMap((s) => (s.catalogId && s.mapping === 'CONFIRMED' ? [masters.get(s.catalogId) ?? s.catalogId] : [])),
    ).size;
    return {
      product_id: row.productId,
      name: row.name,
      status: row.status,
      mapping: mappingState(own, productCount),
      variant_count: own.length,
      price_min: prices.length ? Math.min(...prices) : null,
      price_max: prices.length ? Math.max(...prices) : null,
      imported_at: row.importedAt.toISOString(),
      skus: own.map((s) => ({
        sku_id: s.skuId,
        seller_sku: s.sellerSku,
        price: s.price,
        stock: s.stock,
        catalog_id: s.catalogId,
        mapping: s.mapping as 'CONFIRMED' | 'UNCONFIRMED',
        mapped_by: s.mappedBy,
      })),
    };
  });
  if (query.mapping) items = items.filter((i) => i.mapping === query.mapping);
  const total = items.length;
  items = items.slice((query.page - 1) * query.size, query.page * query.size);
  return { items, counts, total, import: await importStatus(ctx, channelId) };
}

/**
 * Maps a channel SKU to a catalog SKU and confirms it, or unmaps it (null: UNCONFIRMED, no catalog). The caller has
 * checked the catalog id. A newly confirmed SKU gets a stock and price push; Zalora's unmapping is a PUT of the
 * product's UNCONFIRMED state, which is this same call (`PUT …/mapping` with `catalog_id: null`).
 */
export async function setMapping(ctx: TenantCtx, channelId: string, productId: string, skuId: string, catalogId: string | null) {
  await connectionOr404(ctx, channelId);
  const [row] = await ctx.db
    .update(k)
    .set(
      catalogId
        ? { catalogId, mapping: 'CONFIRMED', mappedBy: 'MANUAL', updatedAt: new Date() }
        : { catalogId: null, mapping: 'UNCONFIRMED', mappedBy: 'MANUAL', updatedAt: new Date() },
    )
    .where(and(eq(k.workspaceId, ctx.workspaceId), eq(k.connectionId, channelId), eq(k.productId, productId), eq(k.skuId, skuId)))
    .returning();
  if (!row) throw new DomainError('CHANNEL_PRODUCT_NOT_FOUND');
  if (catalogId) {
    forgetUnmapped(ctx.platform, ctx.workspaceId);
    await noteStockChanged(ctx, [catalogId], 'mapping');
    await notePriceChanged(ctx, [catalogId], channelId);
  }
  return row;
}
