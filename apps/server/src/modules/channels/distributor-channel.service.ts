import type { ChannelProduct, ChannelProductList, ChannelProductQuery } from '@kelola/contracts/channel-products';
import type {
  DistributorChannel,
  DistributorChannelList,
  DistributorPriceList,
  DistributorProduct,
  DistributorProductEdit,
} from '@kelola/contracts/distributor-channel';
import type { FieldIssue } from '@kelola/contracts';
import { CHANNEL_IMAGE_MAX_BYTES, imageProblems, MIME_TYPES, PUBLISH_MAX_IMAGES, sniffImageFormat } from '@kelola/domain';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { TenantCtx } from '../../http/context.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { distributorChannels, distributorPrices, distributorProducts, distributorProductSkus } from './distributor-channel.schema.ts';

// The distributor channel (ADR 0047): master products offered to the workspace's distributors, each SKU with a
// price history by effective date. Kelola's own data: nothing is sent anywhere.

/** The master product as the flow read it from the catalog (this module cannot read the catalog itself). */
export type DistributorMaster = { id: string; name: string; catalogs: { id: string; sku: string; name: string }[] };

const ch = distributorChannels;
const dp = distributorProducts;
const ds = distributorProductSkus;
const pr = distributorPrices;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/u;
const EXTENSIONS = { jpeg: 'jpg', png: 'png', bmp: 'bmp', gif: 'gif' } as const;

/** The merchant's calendar date (Indonesia, UTC+7): the day a price "applies today". */
export const todayInJakarta = (now: Date) => new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

const present = (row: typeof ch.$inferSelect): DistributorChannel => ({
  id: row.id,
  name: row.name,
  status: 'ACTIVE',
  created_at: row.createdAt.toISOString(),
});

export async function listDistributorChannels(ctx: TenantCtx): Promise<DistributorChannelList> {
  const rows = await ctx.db.select().from(ch).where(eq(ch.workspaceId, ctx.workspaceId)).orderBy(asc(ch.createdAt));
  return { items: rows.map(present) };
}

/** Opens the workspace's distributor channel; a workspace has one (409 for a second). */
export async function createDistributorChannel(ctx: TenantCtx, input: { name: string }): Promise<DistributorChannel> {
  try {
    const [row] = await ctx.db.insert(ch).values({ id: uuidv7(), workspaceId: ctx.workspaceId, name: input.name }).returning();
    return present(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('DISTRIBUTOR_CHANNEL_EXISTS');
    throw error;
  }
}

/** The channel, or 404 (another workspace's id included). */
export async function distributorChannelOr404(ctx: TenantCtx, id: string) {
  const [row] = await ctx.db
    .select()
    .from(ch)
    .where(and(eq(ch.workspaceId, ctx.workspaceId), eq(ch.id, id)));
  if (!row) throw new DomainError('CHANNEL_NOT_FOUND');
  return row;
}

async function productRow(ctx: TenantCtx, channelId: string, productId: string) {
  const [row] = await ctx.db
    .select()
    .from(dp)
    .where(and(eq(dp.workspaceId, ctx.workspaceId), eq(dp.channelId, channelId), eq(dp.productId, productId)));
  return row;
}

/** Prices in effect on `date` per (distributor product, catalog): the latest effective date on or before it. */
async function pricesOnDate(ctx: TenantCtx, productRowIds: string[], date: string) {
  if (productRowIds.length === 0) return new Map<string, { price: number; effectiveDate: string }>();
  const rows = await ctx.db
    .selectDistinctOn([pr.distributorProductId, pr.catalogId], {
      productRowId: pr.distributorProductId,
      catalogId: pr.catalogId,
      price: pr.price,
      effectiveDate: pr.effectiveDate,
    })
    .from(pr)
    .where(and(eq(pr.workspaceId, ctx.workspaceId), inArray(pr.distributorProductId, productRowIds), lte(pr.effectiveDate, date)))
    .orderBy(pr.distributorProductId, pr.catalogId, desc(pr.effectiveDate));
  return new Map(rows.map((r) => [`${r.productRowId}|${r.catalogId}`, { price: r.price, effectiveDate: r.effectiveDate }]));
}

/**
 * The channel's products as the channel product list shows marketplace products (spec part 3): counts, price range
 * (today's distributor prices), variants. Every SKU is a master SKU, so each is CONFIRMED by construction.
 */
export async function listDistributorProducts(ctx: TenantCtx, channelId: string, query: ChannelProductQuery): Promise<ChannelProductList> {
  await distributorChannelOr404(ctx, channelId);
  const base = and(eq(dp.workspaceId, ctx.workspaceId), eq(dp.channelId, channelId));
  const all = await ctx.db.select().from(dp).where(base).orderBy(asc(dp.name), asc(dp.productId));
  const counts = { all: all.length, active: all.filter((r) => r.status === 'active').length, inactive: 0 };
  counts.inactive = counts.all - counts.active;
  const shown = all.filter((r) => query.status === 'all' || (query.status === 'active' ? r.status === 'active' : r.status !== 'active'));
  const page = query.mapping && query.mapping !== 'CONFIRMED' ? [] : shown;
  const slice = page.slice((query.page - 1) * query.size, query.page * query.size);
  const ids = slice.map((r) => r.id);
  const skus = ids.length
    ? await ctx.db
        .select()
        .from(ds)
        .where(and(eq(ds.workspaceId, ctx.workspaceId), inArray(ds.distributorProductId, ids)))
        .orderBy(asc(ds.position))
    : [];
  const prices = await pricesOnDate(ctx, ids, todayInJakarta(ctx.platform.now()));
  const items: ChannelProduct[] = slice.map((row) => {
    const own = skus.filter((s) => s.distributorProductId === row.id);
    const priced = own.flatMap((s) => {
      const p = prices.get(`${row.id}|${s.catalogId}`);
      return p ? [p.price] : [];
    });
    return {
      product_id: row.productId,
      name: row.name,
      status: row.status,
      mapping: 'CONFIRMED',
      variant_count: own.length,
      price_min: priced.length ? Math.min(...priced) : null,
      price_max: priced.length ? Math.max(...priced) : null,
      imported_at: row.updatedAt.toISOString(),
      skus: own.map((s) => ({
        sku_id: s.catalogId,
        seller_sku: s.sellerSku,
        price: prices.get(`${row.id}|${s.catalogId}`)?.price ?? 0,
        stock: 0,
        catalog_id: s.catalogId,
        mapping: 'CONFIRMED' as const,
        mapped_by: 'PUBLISH',
      })),
    };
  });
  return {
    items,
    counts,
    total: page.length,
    import: { status: 'NONE', reason: null, started_at: null, finished_at: null, imported: 0 },
  };
}

const imageUrl = (channelId: string, productId: string, key: string) =>
  `/api/distributor-channels/${channelId}/products/${productId}/images/${key}`;

/** One distributor product with each SKU's price today and its whole price history. */
export async function getDistributorProduct(ctx: TenantCtx, channelId: string, productId: string): Promise<DistributorProduct> {
  await distributorChannelOr404(ctx, channelId);
  const row = await productRow(ctx, channelId, productId);
  if (!row) throw new DomainError('CHANNEL_PRODUCT_NOT_FOUND');
  const skus = await ctx.db
    .select()
    .from(ds)
    .where(and(eq(ds.workspaceId, ctx.workspaceId), eq(ds.distributorProductId, row.id)))
    .orderBy(asc(ds.position));
  const history = await ctx.db
    .select()
    .from(pr)
    .where(and(eq(pr.workspaceId, ctx.workspaceId), eq(pr.distributorProductId, row.id)))
    .orderBy(desc(pr.effectiveDate));
  const today = todayInJakarta(ctx.platform.now());
  return {
    channel_id: channelId,
    product_id: row.productId,
    name: row.name,
    status: row.status as 'active' | 'inactive',
    min_order: row.minOrder,
    images: row.images.map((key) => ({ key, url: imageUrl(channelId, row.productId, key) })),
    skus: skus.map((s) => {
      const own = history.filter((h) => h.catalogId === s.catalogId);
      const current = own.find((h) => h.effectiveDate <= today);
      return {
        catalog_id: s.catalogId,
        seller_sku: s.sellerSku,
        name: s.name,
        price: current?.price ?? null,
        effective_date: current?.effectiveDate ?? null,
        prices: own.map((h) => ({ price: h.price, effective_date: h.effectiveDate })),
      };
    }),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Creates (`existing` false) or edits a distributor product. The SKUs listed are the ones offered (master SKUs of
 * the product, each once); each price is saved for its effective date, replacing one of the same date, so earlier
 * prices stay in the history. All or nothing: field errors are found before anything is written.
 */
export async function saveDistributorProduct(
  ctx: TenantCtx,
  channelId: string,
  master: DistributorMaster,
  input: DistributorProductEdit,
  mode: 'CREATE' | 'UPDATE',
): Promise<DistributorProduct> {
  await distributorChannelOr404(ctx, channelId);
  const existing = await productRow(ctx, channelId, master.id);
  if (mode === 'CREATE' && existing) throw new DomainError('DISTRIBUTOR_PRODUCT_EXISTS');
  if (mode === 'UPDATE' && !existing) throw new DomainError('CHANNEL_PRODUCT_NOT_FOUND');
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  input.skus.forEach((sku, i) => {
    if (!master.catalogs.some((c) => c.id === sku.catalog_id))
      issues.push({ path: `skus.${i}.catalog_id`, code: 'CATALOG_NOT_FOUND', message: 'CATALOG_NOT_FOUND' });
    else if (seen.has(sku.catalog_id)) issues.push({ path: `skus.${i}.catalog_id`, code: 'DUPLICATE_VALUE', message: 'DUPLICATE_VALUE' });
    seen.add(sku.catalog_id);
  });
  if (issues.length > 0) throw new DomainError('VALIDATION_FAILED', { fields: issues });
  const now = ctx.platform.now();
  let rowId: string;
  if (existing) {
    rowId = existing.id;
    await ctx.db
      .update(dp)
      .set({ name: master.name, status: input.status, minOrder: input.min_order, updatedAt: now })
      .where(and(eq(dp.workspaceId, ctx.workspaceId), eq(dp.id, rowId)));
  } else {
    rowId = uuidv7();
    await ctx.db.insert(dp).values({
      id: rowId,
      workspaceId: ctx.workspaceId,
      channelId,
      productId: master.id,
      name: master.name,
      status: input.status,
      minOrder: input.min_order,
      createdAt: now,
      updatedAt: now,
    });
  }
  const offered = input.skus.map((s) => s.catalog_id);
  await ctx.db
    .delete(ds)
    .where(
      and(
        eq(ds.workspaceId, ctx.workspaceId),
        eq(ds.distributorProductId, rowId),
        sql`${ds.catalogId} <> all(${sql.param(offered)}::uuid[])`,
      ),
    );
  for (const [position, sku] of input.skus.entries()) {
    const catalog = master.catalogs.find((c) => c.id === sku.catalog_id)!;
    await ctx.db
      .insert(ds)
      .values({
        id: uuidv7(),
        workspaceId: ctx.workspaceId,
        distributorProductId: rowId,
        catalogId: catalog.id,
        sellerSku: catalog.sku,
        name: catalog.name,
        position,
      })
      .onConflictDoUpdate({
        target: [ds.workspaceId, ds.distributorProductId, ds.catalogId],
        set: { sellerSku: catalog.sku, name: catalog.name, position },
      });
    await ctx.db
      .insert(pr)
      .values({
        id: uuidv7(),
        workspaceId: ctx.workspaceId,
        distributorProductId: rowId,
        catalogId: catalog.id,
        price: sku.price,
        effectiveDate: sku.effective_date,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [pr.workspaceId, pr.distributorProductId, pr.catalogId, pr.effectiveDate],
        set: { price: sku.price, createdAt: now },
      });
  }
  return getDistributorProduct(ctx, channelId, master.id);
}

/**
 * Spec add-delete-images: keeps the listed existing images (in that order), adds the new files (JPG, JPEG, PNG, BMP,
 * GIF by their bytes, ≤ 1 MB each), at most 9 in all; removed files are deleted after commit.
 */
export async function setDistributorImages(
  ctx: TenantCtx,
  channelId: string,
  productId: string,
  input: { images: { file_name: string; content_base64: string }[]; images_existing: string[] },
): Promise<DistributorProduct> {
  await distributorChannelOr404(ctx, channelId);
  const row = await productRow(ctx, channelId, productId);
  if (!row) throw new DomainError('CHANNEL_PRODUCT_NOT_FOUND');
  const issues: FieldIssue[] = [];
  input.images_existing.forEach((key, i) => {
    if (!row.images.includes(key)) issues.push({ path: `images_existing.${i}`, code: 'IMAGE_NOT_FOUND', message: 'IMAGE_NOT_FOUND' });
  });
  const files = input.images.map((image, i) => {
    const content = image.content_base64.replace(/^data:[^,]*,/u, '').replace(/\s/gu, '');
    if (!BASE64.test(content)) {
      issues.push({ path: `images.${i}.content_base64`, code: 'INVALID_BASE64', message: 'INVALID_BASE64' });
      return null;
    }
    const bytes = Buffer.from(content, 'base64');
    for (const problem of imageProblems(image.file_name, bytes, CHANNEL_IMAGE_MAX_BYTES)) {
      const code = problem === 'IMAGE_TOO_LARGE' ? 'CHANNEL_IMAGE_TOO_LARGE' : problem;
      issues.push({ path: problem === 'IMAGE_EXTENSION' ? `images.${i}.file_name` : `images.${i}.content_base64`, code, message: code });
    }
    return bytes;
  });
  if (input.images_existing.length + input.images.length > PUBLISH_MAX_IMAGES)
    issues.push({ path: 'images', code: 'TOO_MANY', message: 'TOO_MANY' });
  if (issues.length > 0) throw new DomainError('VALIDATION_FAILED', { fields: issues });
  const added: string[] = [];
  for (const bytes of files) {
    const format = sniffImageFormat(bytes!)!;
    const key = `${uuidv7()}.${EXTENSIONS[format]}`;
    await ctx.platform.files.put(fileKey(ctx.workspaceId, key), bytes!);
    added.push(key);
  }
  const kept = [...new Set(input.images_existing)];
  const removed = row.images.filter((key) => !kept.includes(key));
  await ctx.db
    .update(dp)
    .set({ images: [...kept, ...added], updatedAt: ctx.platform.now() })
    .where(and(eq(dp.workspaceId, ctx.workspaceId), eq(dp.id, row.id)));
  ctx.afterCommit(async () => {
    for (const key of removed) await ctx.platform.files.remove(fileKey(ctx.workspaceId, key));
  });
  return getDistributorProduct(ctx, channelId, productId);
}

const fileKey = (workspaceId: string, key: string) => `distributor/${workspaceId}/${key}`;

/** One of a distributor product's image files. */
export async function distributorImageFile(
  ctx: TenantCtx,
  channelId: string,
  productId: string,
  key: string,
): Promise<{ stream: Readable; mimeType: string }> {
  await distributorChannelOr404(ctx, channelId);
  const row = await productRow(ctx, channelId, productId);
  if (!row || !row.images.includes(key)) throw new DomainError('IMAGE_NOT_FOUND');
  const stream = await ctx.platform.files.get(fileKey(ctx.workspaceId, key));
  if (!stream) throw new DomainError('IMAGE_NOT_FOUND');
  const extension = key.split('.').pop() ?? '';
  const format = extension === 'jpg' ? 'jpeg' : (extension as keyof typeof MIME_TYPES);
  return { stream, mimeType: MIME_TYPES[format] ?? 'application/octet-stream' };
}

/** Spec price query v2: each SKU of the listed products with the price in effect on `date`. */
export async function distributorPricesOn(
  ctx: TenantCtx,
  channelId: string,
  productIds: readonly string[],
  date: string,
): Promise<DistributorPriceList> {
  await distributorChannelOr404(ctx, channelId);
  const rows = await ctx.db
    .select({ id: dp.id, productId: dp.productId })
    .from(dp)
    .where(and(eq(dp.workspaceId, ctx.workspaceId), eq(dp.channelId, channelId), inArray(dp.productId, [...productIds])));
  const ids = rows.map((r) => r.id);
  const skus = ids.length
    ? await ctx.db
        .select()
        .from(ds)
        .where(and(eq(ds.workspaceId, ctx.workspaceId), inArray(ds.distributorProductId, ids)))
        .orderBy(asc(ds.position))
    : [];
  const prices = await pricesOnDate(ctx, ids, date);
  const productOf = new Map(rows.map((r) => [r.id, r.productId]));
  const order = new Map(productIds.map((id, i) => [id, i]));
  return {
    items: skus
      .map((s) => {
        const price = prices.get(`${s.distributorProductId}|${s.catalogId}`);
        return {
          product_id: productOf.get(s.distributorProductId)!,
          catalog_id: s.catalogId,
          price: price?.price ?? null,
          effective_date: price?.effectiveDate ?? null,
        };
      })
      .sort((a, b) => (order.get(a.product_id) ?? 0) - (order.get(b.product_id) ?? 0)),
  };
}
