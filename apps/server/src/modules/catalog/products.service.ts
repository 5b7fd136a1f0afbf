import {
  BulkIdsInput,
  BulkStatusInput,
  ProductInput,
  type BundleAvailability,
  type FieldIssue,
  type Product,
  type ProductData,
  type ProductList,
  type ProductListQuery,
  type ProductStockState,
} from '@kelola/contracts';
import { bundleAvailability, imageTag, slugify, stockState } from '@kelola/domain';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { insertJsonRows } from '../../platform/db/database.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldIssue } from '../../platform/errors.ts';
import { noteStockChanged } from '../channels/index.ts';
import { formulaExists } from '../pricing/index.ts';
import { audit, auditMany, likePattern, parseInput, pgCode, toNumber } from './catalog.common.ts';
import { brands, bundleComponents, categories, catalogs, productImages, products } from './catalog.schema.ts';
import { categoryPaths, categorySubtree } from './categories.service.ts';
import { bundlePrice, componentTotal } from './formula-pricing.service.ts';
import * as repo from './products.repository.ts';
import { stockView } from './stock-view.ts';
import { presentVideo } from './video-key.ts';

/** Above this many matches a filtered list reports total_row as a lower bound (total_capped) instead of counting on. */
export const COUNT_CAP = 10_000;

export const imageUrl = (productId: string, imageId: string, size?: 'thumb') =>
  `/api/products/${productId}/images/${imageId}/file${size ? '?size=thumb' : ''}`;

const catalogName = (productName: string, options: readonly string[]) => [productName, ...options].join(' ');

// ---------------------------------------------------------------------------------------------------------------
// Reading

async function present(ctx: TenantCtx, row: repo.ProductRow): Promise<Product> {
  const [catalogRows, images, components, paths, brandName] = [
    await repo.catalogsOf(ctx, [row.id]),
    await repo.imagesOf(ctx, row.id),
    row.type === 'BUNDLING' ? await repo.componentsOf(ctx, row.id) : [],
    row.categoryId ? await categoryPaths(ctx) : new Map<string, { id: string; name: string }[]>(),
    await repo.brandName(ctx, row.brandId),
  ];
  const availability = row.type === 'BUNDLING' ? await bundleAvailabilityView(ctx, components) : null;
  return {
    id: row.id,
    product_id: row.id,
    type: row.type,
    name: row.name,
    slug: row.slug,
    category_id: row.categoryId,
    category_path: row.categoryId ? (paths.get(row.categoryId) ?? []) : [],
    brand_id: row.brandId,
    brand_name: brandName,
    condition: row.condition,
    specification: row.specification,
    description: row.description,
    short_description: row.shortDescription,
    video_url: row.videoUrl,
    video: presentVideo(row.id, row.videoFileKey),
    base_unit: row.baseUnit,
    units: row.units,
    gift_size: row.giftSize,
    weight: row.weightGrams,
    width: row.widthCm,
    height: row.heightCm,
    length: row.lengthCm,
    factory_sku: row.factorySku,
    barcode: row.barcode,
    wholesale_prices: row.wholesalePrices.map((w) => ({ min_qty: w.min_qty, price: Number(w.price) })),
    is_import: row.isImport,
    origin: row.origin,
    vat_mode: row.vatMode,
    status: row.status,
    is_valid: row.isValid,
    variant_tiers: row.variantTiers,
    catalogs: catalogRows.map((c) => ({
      id: c.id,
      catalog_id: c.id,
      product_id: c.productId,
      sku: c.sku,
      name: c.name,
      options: c.options,
      price: toNumber(c.price),
      cost_price: c.costPrice === null ? null : toNumber(c.costPrice),
      barcode: c.barcode,
      weight: c.weightGrams,
      position: c.position,
    })),
    images: images.map(presentImage),
    bundle:
      row.type === 'BUNDLING'
        ? {
            components: components.map((c) => ({
              catalog_id: c.catalogId,
              product_id: c.productId,
              sku: c.sku,
              name: c.name,
              price: toNumber(c.price),
              quantity: c.quantity,
            })),
            price_formula_id: row.priceFormulaId,
            available: availability?.quantity ?? 0,
            limiting_catalog_id: availability?.limiting_catalog_id ?? null,
          }
        : null,
    availability,
    price: { currency: 'IDR', min: toNumber(row.priceMin), max: toNumber(row.priceMax) },
    variant_count: row.type === 'VARIANT' ? row.catalogCount : 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentImage(image: repo.ImageRow) {
  const tag = imageTag(image.position);
  return {
    id: image.id,
    catalog_id: image.catalogId,
    name: image.fileName,
    type: image.mimeType,
    size: image.sizeBytes,
    width: image.width,
    height: image.height,
    position: image.position,
    tags: tag,
    is_show: tag === 'show',
    is_thumb: tag === 'thumb',
    url: imageUrl(image.productId, image.id),
    thumbnail_url: image.thumbKey ? imageUrl(image.productId, image.id, 'thumb') : null,
  };
}

type ComponentRef = { catalogId: string; quantity: number; sku: string };

/** Buildable bundles from stock per catalog (absent: none), with the limiting component and its SKU. */
function buildable(components: readonly ComponentRef[], stock: (catalogId: string) => number) {
  const result = bundleAvailability(components, new Map(components.map((c) => [c.catalogId, stock(c.catalogId)])));
  return {
    quantity: result.available,
    limiting_catalog_id: result.limitingCatalogId,
    limiting_sku: components.find((c) => c.catalogId === result.limitingCatalogId)?.sku ?? null,
  };
}

/**
 * A bundle's availability (ADR 0007): min ⌊available / quantity⌋ over its components from the inventory (through the
 * stock port), in total over the member's warehouses and per warehouse holding stock of a component.
 */
async function bundleAvailabilityView(ctx: TenantCtx, components: readonly ComponentRef[]): Promise<BundleAvailability> {
  const view = stockView(ctx);
  const stock = await view.availableByCatalog(
    ctx,
    components.map((c) => c.catalogId),
  );
  const warehouseIds = [...new Set([...stock.values()].flatMap((s) => [...s.warehouses.keys()]))];
  const names = await view.warehouseNames(ctx, warehouseIds);
  return {
    ...buildable(components, (id) => stock.get(id)?.total ?? 0),
    per_warehouse: warehouseIds
      .map((warehouseId) => ({
        warehouse_id: warehouseId,
        warehouse_name: names.get(warehouseId) ?? '',
        ...buildable(components, (id) => stock.get(id)?.warehouses.get(warehouseId) ?? 0),
      }))
      .sort((a, b) => a.warehouse_name.localeCompare(b.warehouse_name) || a.warehouse_id.localeCompare(b.warehouse_id)),
  };
}

export async function findProductOrThrow(ctx: TenantCtx, id: string, lock = false): Promise<repo.ProductRow> {
  const row = await repo.findProduct(ctx, id, lock);
  if (!row) throw new DomainError('PRODUCT_NOT_FOUND');
  return row;
}

export async function getProduct(ctx: TenantCtx, id: string): Promise<Product> {
  return present(ctx, await findProductOrThrow(ctx, id));
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

type Resolved = { id: string; isNew: boolean; input: ProductData['catalogs'][number]; price: bigint };

/** Checks references and uniqueness, prices the SKUs, and resolves which input SKU is which stored catalog. */
async function prepare(ctx: TenantCtx, data: ProductData, existing: repo.ProductRow | null) {
  const issues: FieldIssue[] = [];
  const current = existing ? await repo.catalogsOf(ctx, [existing.id]) : [];
  if (data.category_id) {
    const [found] = await ctx.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.workspaceId, ctx.workspaceId), eq(categories.id, data.category_id)));
    if (!found) issues.push(fieldIssue('category_id', 'CATEGORY_NOT_FOUND'));
  }
  if (data.brand_id && !(await repo.brandExists(ctx, data.brand_id))) issues.push(fieldIssue('brand_id', 'BRAND_NOT_FOUND'));
  // A video is a YouTube link or an uploaded file, never both: the file has to go before a link can be set.
  if (data.video_url && existing?.videoFileKey) issues.push(fieldIssue('video_url', 'VIDEO_EXCLUSIVE'));
  const components = data.type === 'BUNDLING' ? (data.bundle?.components ?? []) : [];
  const componentRows = await repo.catalogsByIds(
    ctx,
    components.map((c) => c.catalog_id),
  );
  const ownIds = new Set(current.map((c) => c.id));
  components.forEach((c, i) => {
    const found = componentRows.find((r) => r.catalog.id === c.catalog_id);
    if (!found) issues.push(fieldIssue(`bundle.components.${i}.catalog_id`, 'CATALOG_NOT_FOUND'));
    else if (found.productType === 'BUNDLING' || ownIds.has(found.catalog.id))
      issues.push(fieldIssue(`bundle.components.${i}.catalog_id`, 'BUNDLE_SELF'));
  });
  const formulaId = data.type === 'BUNDLING' ? (data.bundle?.price_formula_id ?? null) : null;
  if (formulaId && !(await formulaExists(ctx, formulaId))) issues.push(fieldIssue('bundle.price_formula_id', 'FORMULA_NOT_FOUND'));
  data.catalogs.forEach((c, i) => {
    if (c.id && !ownIds.has(c.id)) issues.push(fieldIssue(`catalogs.${i}.id`, 'CATALOG_NOT_FOUND'));
  });
  if (issues.length > 0) throw new DomainError('VALIDATION_FAILED', { fields: issues });

  // SKU unique per workspace: taken by another product, answered on the field.
  const taken = await repo.catalogsBySkus(
    ctx,
    data.catalogs.map((c) => c.sku),
  );
  const takenIssues = data.catalogs.flatMap((c, i) =>
    taken.some((t) => t.sku === c.sku && t.productId !== existing?.id) ? [fieldIssue(`catalogs.${i}.sku`, 'SKU_TAKEN')] : [],
  );
  if (takenIssues.length > 0) throw new DomainError('SKU_TAKEN', { fields: takenIssues });

  let slug = data.slug || slugify(data.name) || 'produk';
  if (await repo.isSlugTaken(ctx, slug, existing?.id)) {
    if (data.slug) throw new DomainError('SLUG_TAKEN', { fields: [fieldIssue('slug', 'SLUG_TAKEN')] });
    const base = slug.slice(0, 110);
    for (let n = 2; await repo.isSlugTaken(ctx, slug, existing?.id); n += 1)
      slug = n < 20 ? `${base}-${n}` : `${base}-${uuidv7().slice(-8)}`;
  }

  const resolved: Resolved[] = data.catalogs.map((c) => {
    const match = c.id ? current.find((x) => x.id === c.id) : current.find((x) => x.sku === c.sku);
    return { id: match?.id ?? uuidv7(), isNew: !match, input: c, price: c.price ?? 0n };
  });
  if (data.type === 'BUNDLING') {
    const total = componentTotal(
      components.map((c) => ({ price: componentRows.find((r) => r.catalog.id === c.catalog_id)!.catalog.price, quantity: c.quantity })),
    );
    const bundle = resolved[0]!;
    if (formulaId)
      bundle.price = await bundlePrice(ctx, formulaId, {
        catalogId: bundle.isNew ? null : bundle.id,
        listPrice: bundle.input.price ?? total,
        componentTotal: total,
      });
  }
  const removed = current.filter((c) => !resolved.some((r) => r.id === c.id));
  if (removed.length > 0) {
    const used = await repo.catalogsInBundles(
      ctx,
      removed.map((c) => c.id),
    );
    if (used.length > 0) throw new DomainError('CATALOG_IN_BUNDLE', { catalog_ids: used });
  }
  return { slug, resolved, removed, components, formulaId };
}

const productValues = (data: ProductData, slug: string, formulaId: string | null) => ({
  type: data.type,
  name: data.name,
  slug,
  categoryId: data.category_id ?? null,
  brandId: data.brand_id ?? null,
  condition: data.condition,
  specification: data.specification || null,
  description: data.description || null,
  shortDescription: data.short_description || null,
  videoUrl: data.video_url || null,
  baseUnit: data.base_unit,
  units: data.units,
  giftSize: data.gift_size || null,
  weightGrams: data.weight,
  widthCm: data.width,
  heightCm: data.height,
  lengthCm: data.length,
  factorySku: data.factory_sku || null,
  barcode: data.barcode || null,
  wholesalePrices: data.wholesale_prices.map((w) => ({ min_qty: w.min_qty, price: w.price.toString() })),
  isImport: data.is_import,
  origin: data.origin || null,
  vatMode: data.vat_mode,
  status: data.status,
  isValid: data.is_valid,
  variantTiers: data.type === 'VARIANT' ? data.variant_tiers : [],
  priceFormulaId: formulaId,
});

const skuTaken = () => new DomainError('SKU_TAKEN', { fields: [fieldIssue('catalogs', 'SKU_TAKEN')] });

async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgCode(error) === '23505') throw skuTaken();
    throw error;
  }
}

async function writeCatalogs(ctx: TenantCtx, productId: string, productName: string, prepared: Awaited<ReturnType<typeof prepare>>) {
  const { resolved, removed } = prepared;
  if (removed.length > 0)
    await ctx.db.delete(catalogs).where(
      and(
        eq(catalogs.workspaceId, ctx.workspaceId),
        inArray(
          catalogs.id,
          removed.map((c) => c.id),
        ),
      ),
    );
  for (const [position, r] of resolved.entries()) {
    const values = {
      sku: r.input.sku,
      name: catalogName(productName, r.input.options),
      options: r.input.options,
      price: r.price,
      ...(r.input.cost_price !== undefined || r.isNew ? { costPrice: r.input.cost_price ?? null } : {}),
      barcode: r.input.barcode || null,
      weightGrams: r.input.weight,
      position,
    };
    if (r.isNew) await ctx.db.insert(catalogs).values({ id: r.id, workspaceId: ctx.workspaceId, productId, ...values });
    else
      await ctx.db
        .update(catalogs)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(catalogs.workspaceId, ctx.workspaceId), eq(catalogs.id, r.id)));
  }
  await repo.replaceComponents(
    ctx,
    productId,
    prepared.components.map((c) => ({ catalogId: c.catalog_id, quantity: c.quantity })),
  );
  // A bundle's channel stock comes from its components (ADR 0039): new components, new number for the shops selling it.
  if (prepared.components.length > 0)
    await noteStockChanged(
      ctx,
      resolved.map((r) => r.id),
      'mapping',
    );
  const prices = resolved.map((r) => r.price);
  return {
    priceMin: prices.reduce((a, b) => (b < a ? b : a), prices[0] ?? 0n),
    priceMax: prices.reduce((a, b) => (b > a ? b : a), prices[0] ?? 0n),
    catalogCount: resolved.length,
  };
}

/** Creates a master product with its SKUs (and bundle components), priced and counted, in one transaction. */
export async function createProduct(ctx: TenantCtx, input: z.input<typeof ProductInput>): Promise<Product> {
  const data = parseInput(ProductInput, input);
  const prepared = await prepare(ctx, data, null);
  const id = uuidv7();
  const row = await guardUnique(async () => {
    await ctx.db
      .insert(products)
      .values({ id, workspaceId: ctx.workspaceId, createdBy: ctx.actor.userId, ...productValues(data, prepared.slug, prepared.formulaId) });
    const summary = await writeCatalogs(ctx, id, data.name, prepared);
    const [updated] = await ctx.db.update(products).set(summary).where(eq(products.id, id)).returning();
    return updated!;
  });
  await repo.bumpCounts(ctx, { [row.status]: 1 });
  await audit(ctx, {
    entity: 'product',
    entityId: id,
    action: 'create',
    before: null,
    after: { ...row, skus: data.catalogs.map((c) => c.sku) },
  });
  return present(ctx, row);
}

/**
 * Many new single or variant products in the caller's transaction, set-based (the product import, ADR 0043): every
 * input is checked with the form's rules (ProductInput) and the references prepare() checks, then the products, their
 * SKUs, the counts and the audit rows are written with a few multi-row statements instead of about twenty statements
 * per product. Answers, per input, null (created) or the DomainError createProduct would have thrown; a bundle or an
 * input naming existing SKUs by id is not for this path (VALIDATION_FAILED). A SKU or slug taken meanwhile by another
 * transaction fails the whole call with SKU_TAKEN (the unique indexes): the caller then goes one product at a time.
 * With `write: false` (a preview) it only answers: every check runs before the first write.
 */
export async function createNewProducts(
  ctx: TenantCtx,
  inputs: z.input<typeof ProductInput>[],
  { write = true }: { write?: boolean } = {},
): Promise<(DomainError | null)[]> {
  const outcome: (DomainError | null)[] = inputs.map(() => null);
  const checked: { at: number; data: ProductData }[] = [];
  inputs.forEach((input, at) => {
    try {
      const data = parseInput(ProductInput, input);
      if (data.type === 'BUNDLING' || data.catalogs.some((c) => c.id))
        throw new DomainError('VALIDATION_FAILED', { fields: [fieldIssue('type', 'VALIDATION_FAILED')] });
      checked.push({ at, data });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcome[at] = error;
    }
  });
  const categoryIds = [...new Set(checked.flatMap(({ data }) => (data.category_id ? [data.category_id] : [])))];
  const brandIds = [...new Set(checked.flatMap(({ data }) => (data.brand_id ? [data.brand_id] : [])))];
  const skus = checked.flatMap(({ data }) => data.catalogs.map((c) => c.sku));
  const slugs = checked.map(({ data }) => data.slug || slugify(data.name) || 'produk');
  const [knownCategories, knownBrands, takenSkus, takenSlugs] = [
    categoryIds.length === 0
      ? new Set<string>()
      : new Set(
          (
            await ctx.db
              .select({ id: categories.id })
              .from(categories)
              .where(and(eq(categories.workspaceId, ctx.workspaceId), inArray(categories.id, categoryIds)))
          ).map((r) => r.id),
        ),
    brandIds.length === 0
      ? new Set<string>()
      : new Set(
          (
            await ctx.db
              .select({ id: brands.id })
              .from(brands)
              .where(and(eq(brands.workspaceId, ctx.workspaceId), inArray(brands.id, brandIds)))
          ).map((r) => r.id),
        ),
    new Set((await repo.catalogsBySkus(ctx, skus)).map((c) => c.sku)),
    new Set(await repo.takenSlugs(ctx, slugs)),
  ];
  type Row = typeof products.$inferInsert;
  const productRows: Row[] = [];
  const catalogRows: (typeof catalogs.$inferInsert)[] = [];
  const skusOf = new Map<string, string[]>();
  for (const [n, { at, data }] of checked.entries()) {
    const issues: FieldIssue[] = [];
    if (data.category_id && !knownCategories.has(data.category_id)) issues.push(fieldIssue('category_id', 'CATEGORY_NOT_FOUND'));
    if (data.brand_id && !knownBrands.has(data.brand_id)) issues.push(fieldIssue('brand_id', 'BRAND_NOT_FOUND'));
    if (issues.length > 0) {
      outcome[at] = new DomainError('VALIDATION_FAILED', { fields: issues });
      continue;
    }
    const takenIssues = data.catalogs.flatMap((c, i) => (takenSkus.has(c.sku) ? [fieldIssue(`catalogs.${i}.sku`, 'SKU_TAKEN')] : []));
    if (takenIssues.length > 0) {
      outcome[at] = new DomainError('SKU_TAKEN', { fields: takenIssues });
      continue;
    }
    let slug = slugs[n]!;
    if (takenSlugs.has(slug)) {
      if (data.slug) {
        outcome[at] = new DomainError('SLUG_TAKEN', { fields: [fieldIssue('slug', 'SLUG_TAKEN')] });
        continue;
      }
      const base = slug.slice(0, 110);
      for (let k = 2; takenSlugs.has(slug) || (await repo.isSlugTaken(ctx, slug)); k += 1)
        slug = k < 20 ? `${base}-${k}` : `${base}-${uuidv7().slice(-8)}`;
    }
    // Later inputs of the same call see this one's SKUs and slug as taken, as they would one call after another.
    takenSlugs.add(slug);
    for (const c of data.catalogs) takenSkus.add(c.sku);
    const id = uuidv7();
    const prices = data.catalogs.map((c) => c.price ?? 0n);
    productRows.push({
      id,
      workspaceId: ctx.workspaceId,
      createdBy: ctx.actor.userId,
      ...productValues(data, slug, null),
      priceMin: prices.reduce((a, b) => (b < a ? b : a), prices[0] ?? 0n),
      priceMax: prices.reduce((a, b) => (b > a ? b : a), prices[0] ?? 0n),
      catalogCount: data.catalogs.length,
    });
    skusOf.set(
      id,
      data.catalogs.map((c) => c.sku),
    );
    data.catalogs.forEach((c, position) =>
      catalogRows.push({
        id: uuidv7(),
        workspaceId: ctx.workspaceId,
        productId: id,
        sku: c.sku,
        name: catalogName(data.name, c.options),
        options: c.options,
        price: c.price ?? 0n,
        costPrice: c.cost_price ?? null,
        barcode: c.barcode || null,
        weightGrams: c.weight,
        position,
      }),
    );
  }
  if (productRows.length === 0 || !write) return outcome;
  await guardUnique(async () => {
    await insertJsonRows(ctx.db, products, productRows);
    await insertJsonRows(ctx.db, catalogs, catalogRows);
  });
  const deltas: Partial<Record<repo.ProductStatus, number>> = {};
  for (const row of productRows) deltas[row.status!] = (deltas[row.status!] ?? 0) + 1;
  await repo.bumpCounts(ctx, deltas);
  // The audit's "after" is the row as written: every column the insert sets (the others are null, which a diff omits).
  await auditMany(
    ctx,
    productRows.map((row) => ({
      entity: 'product',
      entityId: row.id!,
      action: 'create' as const,
      before: null,
      after: { ...row, skus: skusOf.get(row.id!) ?? [] },
    })),
  );
  return outcome;
}

/** Replaces a product (PUT sends the whole form); SKUs are matched by id, else by SKU code. */
export async function updateProduct(ctx: TenantCtx, id: string, input: z.input<typeof ProductInput>): Promise<Product> {
  const before = await findProductOrThrow(ctx, id, true);
  const data = parseInput(ProductInput, input);
  // Stock, reservations and channel listings hang on a product's SKUs as the type made them: a single or variant
  // product's SKUs hold stock, a bundle's never do. The type is therefore fixed once the product exists.
  if (data.type !== before.type)
    throw new DomainError('VALIDATION_FAILED', { fields: [{ path: 'type', code: 'PRODUCT_TYPE_LOCKED', message: 'PRODUCT_TYPE_LOCKED' }] });
  const beforeSkus = (await repo.catalogsOf(ctx, [id])).map((c) => c.sku);
  const prepared = await prepare(ctx, data, before);
  const row = await guardUnique(async () => {
    const summary = await writeCatalogs(ctx, id, data.name, prepared);
    const [updated] = await ctx.db
      .update(products)
      .set({ ...productValues(data, prepared.slug, prepared.formulaId), ...summary, updatedAt: new Date() })
      .where(and(eq(products.workspaceId, ctx.workspaceId), eq(products.id, id)))
      .returning();
    return updated!;
  });
  if (row.status !== before.status) await repo.bumpCounts(ctx, { [before.status]: -1, [row.status]: 1 });
  await audit(ctx, {
    entity: 'product',
    entityId: id,
    action: 'update',
    before: { ...before, skus: beforeSkus },
    after: { ...row, skus: data.catalogs.map((c) => c.sku) },
  });
  return present(ctx, row);
}

/** Deletes products whose SKUs no bundle uses; their image files go after commit. */
async function deleteRows(ctx: TenantCtx, rows: repo.ProductRow[]): Promise<{ done: string[]; failed: { id: string; code: string }[] }> {
  const failed: { id: string; code: string }[] = [];
  const catalogRows = await repo.catalogsOf(
    ctx,
    rows.map((r) => r.id),
  );
  const used = new Set(
    await repo.catalogsInBundles(
      ctx,
      catalogRows.map((c) => c.id),
      rows.map((r) => r.id),
    ),
  );
  const deletable = rows.filter((r) => {
    const blocked = catalogRows.some((c) => c.productId === r.id && used.has(c.id));
    if (blocked) failed.push({ id: r.id, code: 'CATALOG_IN_BUNDLE' });
    return !blocked;
  });
  if (deletable.length === 0) return { done: [], failed };
  const ids = deletable.map((r) => r.id);
  const images = await ctx.db
    .select({ fileKey: productImages.fileKey, thumbKey: productImages.thumbKey })
    .from(productImages)
    .where(and(eq(productImages.workspaceId, ctx.workspaceId), inArray(productImages.productId, ids)));
  await ctx.db.delete(products).where(and(eq(products.workspaceId, ctx.workspaceId), inArray(products.id, ids)));
  const deltas: Partial<Record<repo.ProductStatus, number>> = {};
  for (const r of deletable) deltas[r.status] = (deltas[r.status] ?? 0) - 1;
  await repo.bumpCounts(ctx, deltas);
  for (const r of deletable) await audit(ctx, { entity: 'product', entityId: r.id, action: 'delete', before: r, after: null });
  const videos = deletable.flatMap((r) => (r.videoFileKey ? [r.videoFileKey] : []));
  ctx.afterCommit(async () => {
    for (const image of images) for (const key of [image.fileKey, image.thumbKey]) if (key) await ctx.platform.files.remove(key);
    for (const key of videos) await ctx.platform.files.remove(key);
  });
  return { done: ids, failed };
}

export async function deleteProduct(ctx: TenantCtx, id: string): Promise<void> {
  const row = await findProductOrThrow(ctx, id, true);
  const result = await deleteRows(ctx, [row]);
  if (result.failed.length > 0) throw new DomainError('CATALOG_IN_BUNDLE');
}

async function setStatuses(ctx: TenantCtx, rows: repo.ProductRow[], status: repo.ProductStatus): Promise<string[]> {
  const changing = rows.filter((r) => r.status !== status);
  if (changing.length === 0) return rows.map((r) => r.id);
  await ctx.db
    .update(products)
    .set({ status, updatedAt: new Date() })
    .where(
      and(
        eq(products.workspaceId, ctx.workspaceId),
        inArray(
          products.id,
          changing.map((r) => r.id),
        ),
      ),
    );
  const deltas: Partial<Record<repo.ProductStatus, number>> = { [status]: changing.length };
  for (const r of changing) deltas[r.status] = (deltas[r.status] ?? 0) - 1;
  await repo.bumpCounts(ctx, deltas);
  for (const r of changing)
    await audit(ctx, { entity: 'product', entityId: r.id, action: 'update', before: { status: r.status }, after: { status } });
  return rows.map((r) => r.id);
}

export async function setProductStatus(ctx: TenantCtx, id: string, status: repo.ProductStatus): Promise<Product> {
  await setStatuses(ctx, [await findProductOrThrow(ctx, id, true)], status);
  return getProduct(ctx, id);
}

/** Spec "Product validity may be set valid or invalid". */
export async function setProductValidity(ctx: TenantCtx, id: string, isValid: boolean): Promise<Product> {
  const before = await findProductOrThrow(ctx, id, true);
  if (before.isValid !== isValid) {
    await ctx.db
      .update(products)
      .set({ isValid, updatedAt: new Date() })
      .where(and(eq(products.workspaceId, ctx.workspaceId), eq(products.id, id)));
    await audit(ctx, { entity: 'product', entityId: id, action: 'update', before: { isValid: before.isValid }, after: { isValid } });
  }
  return getProduct(ctx, id);
}

/** Ids not found in the workspace are reported as failed (PRODUCT_NOT_FOUND); the rest are handled. */
async function bulkRows(ctx: TenantCtx, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.workspaceId, ctx.workspaceId), inArray(products.id, unique)))
    .orderBy(asc(products.id))
    .for('update');
  const missing = unique.filter((id) => !rows.some((r) => r.id === id)).map((id) => ({ id, code: 'PRODUCT_NOT_FOUND' }));
  return { rows, missing };
}

export async function bulkSetStatus(ctx: TenantCtx, input: z.input<typeof BulkStatusInput>) {
  const data = parseInput(BulkStatusInput, input);
  const { rows, missing } = await bulkRows(ctx, data.ids);
  return { done: await setStatuses(ctx, rows, data.status), failed: missing };
}

export async function bulkDelete(ctx: TenantCtx, input: z.input<typeof BulkIdsInput>) {
  const data = parseInput(BulkIdsInput, input);
  const { rows, missing } = await bulkRows(ctx, data.ids);
  const result = await deleteRows(ctx, rows);
  return { done: result.done, failed: [...missing, ...result.failed] };
}

// ---------------------------------------------------------------------------------------------------------------
// The list

const SORTS = { created_at: products.createdAt, updated_at: products.updatedAt, name: products.name } as const;

/**
 * The available stock of each product as a correlated SQL expression (through the stock port): the sum over its
 * SKUs, or for a bundle min ⌊available / quantity⌋ over its components (never below 0, like bundleAvailability).
 */
function productAvailableSql(ctx: TenantCtx): SQL<number> {
  const view = stockView(ctx);
  const own = view.availableSql(ctx, sql`select ${catalogs.id} from ${catalogs} where ${catalogs.productId} = ${products.id}`);
  const perComponent = view.availableSql(ctx, sql`select ${bundleComponents.componentCatalogId}`);
  const bundle = sql`coalesce((select min(greatest(0, ${perComponent} / ${bundleComponents.quantity})) from ${bundleComponents} where ${bundleComponents.bundleProductId} = ${products.id}), 0)`;
  return sql<number>`(case when ${products.type} = 'BUNDLING' then ${bundle} else ${own} end)`;
}

/** Spec part 4's stock state of a product, as a condition of the list query. */
export const stockStateCondition = (ctx: TenantCtx, state: ProductStockState): SQL =>
  stockView(ctx).stockStateFilter(state, productAvailableSql(ctx));

/** The filters of the list page except status (the counts are per status). */
export async function listFilters(
  ctx: TenantCtx,
  query: Partial<Pick<ProductListQuery, 'q' | 'type' | 'category_id' | 'brand_id' | 'is_valid' | 'stock_state'>>,
): Promise<SQL[] | null> {
  const where: SQL[] = [eq(products.workspaceId, ctx.workspaceId)];
  if (query.type) where.push(eq(products.type, query.type));
  if (query.brand_id) where.push(eq(products.brandId, query.brand_id));
  if (query.is_valid) where.push(eq(products.isValid, query.is_valid === 'true'));
  if (query.stock_state) where.push(stockStateCondition(ctx, query.stock_state));
  if (query.category_id) {
    const ids = await categorySubtree(ctx, query.category_id);
    if (!ids) return null;
    where.push(inArray(products.categoryId, ids));
  }
  const q = query.q?.trim();
  if (q) {
    const bySku = sql`${products.id} in (select ${catalogs.productId} from ${catalogs} where ${catalogs.workspaceId} = ${ctx.workspaceId} and ${catalogs.sku} = ${q})`;
    where.push(or(ilike(products.name, likePattern(q)), bySku)!);
  }
  return where;
}

/**
 * A page of products with the counts per status. Unfiltered counts come from product_status_counts (kept in the
 * same transaction as every write), so the first page of 100,000 products costs one index scan and one tiny
 * read. With a search or filter the counts are exact up to COUNT_CAP rows, then a lower bound (total_capped).
 */
export async function listProducts(ctx: TenantCtx, query: ProductListQuery): Promise<ProductList> {
  const empty = {
    items: [],
    page: query.page,
    size: query.size,
    total_row: 0,
    total_capped: false,
    counts: { active: 0, notActive: 0, draft: 0, all: 0 },
  };
  const filters = await listFilters(ctx, query);
  if (!filters) return empty;
  const descending = query.sort.startsWith('-');
  const column = SORTS[query.sort.replace(/^-/u, '') as keyof typeof SORTS];
  const where = and(...filters, query.status ? eq(products.status, query.status) : undefined);
  const rows = await ctx.db
    .select({
      id: products.id,
      type: products.type,
      name: products.name,
      status: products.status,
      isValid: products.isValid,
      categoryId: products.categoryId,
      categoryName: categories.name,
      brandId: products.brandId,
      brandName: brands.name,
      priceMin: products.priceMin,
      priceMax: products.priceMax,
      catalogCount: products.catalogCount,
      imageKey: products.imageKey,
      // The same expression as the stock-state filter, so the column always agrees with it; only the page's rows run it.
      available: productAvailableSql(ctx).mapWith(Number),
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(where)
    .orderBy(descending ? desc(column) : asc(column), descending ? desc(products.id) : asc(products.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);

  let counts: Record<repo.ProductStatus, number>;
  let capped = false;
  if (filters.length === 1) counts = await repo.statusCounts(ctx);
  else {
    const inner = ctx.db
      .select({ status: products.status })
      .from(products)
      .where(and(...filters))
      .limit(COUNT_CAP + 1)
      .as('matched');
    const [c] = await ctx.db
      .select({
        active: sql<number>`count(*) filter (where ${inner.status} = 'ACTIVE')::int`,
        inactive: sql<number>`count(*) filter (where ${inner.status} = 'INACTIVE')::int`,
        draft: sql<number>`count(*) filter (where ${inner.status} = 'DRAFT')::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(inner);
    capped = (c?.all ?? 0) > COUNT_CAP;
    counts = { ACTIVE: c?.active ?? 0, INACTIVE: c?.inactive ?? 0, DRAFT: c?.draft ?? 0 };
  }
  const all = counts.ACTIVE + counts.INACTIVE + counts.DRAFT;
  const limiting = await limitingSkus(
    ctx,
    rows.filter((r) => r.type === 'BUNDLING').map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      product_id: r.id,
      type: r.type,
      name: r.name,
      status: r.status,
      is_valid: r.isValid,
      category_id: r.categoryId,
      category_name: r.categoryName,
      brand_id: r.brandId,
      brand_name: r.brandName,
      price: { currency: 'IDR' as const, min: toNumber(r.priceMin), max: toNumber(r.priceMax) },
      variant_count: r.type === 'VARIANT' ? r.catalogCount : 0,
      thumbnail_url: r.imageKey ? imageUrl(r.id, r.imageKey, 'thumb') : null,
      stock: { available: r.available, state: stockState(r.available), limiting_sku: limiting.get(r.id) ?? null },
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
    page: query.page,
    size: query.size,
    total_row: query.status ? counts[query.status] : all,
    total_capped: capped,
    counts: { active: counts.ACTIVE, notActive: counts.INACTIVE, draft: counts.DRAFT, all },
  };
}

/** The component limiting each bundle of a list page: one batched stock query for all their components (none without bundles). */
async function limitingSkus(ctx: TenantCtx, bundleIds: readonly string[]): Promise<Map<string, string | null>> {
  const result = new Map<string, string | null>();
  if (bundleIds.length === 0) return result;
  const components = await repo.componentsOfBundles(ctx, bundleIds);
  const stock = await stockView(ctx).availableByCatalog(
    ctx,
    components.map((c) => c.catalogId),
  );
  for (const id of bundleIds)
    result.set(
      id,
      buildable(
        components.filter((c) => c.bundleProductId === id),
        (catalogId) => stock.get(catalogId)?.total ?? 0,
      ).limiting_sku,
    );
  return result;
}

/** The SKUs a product's catalogs resolve to, for other modules (inventory, orders). */
export async function catalogRefs(ctx: TenantCtx, catalogIds: readonly string[]) {
  const rows = await repo.catalogsByIds(ctx, catalogIds);
  return rows.map((r) => ({
    id: r.catalog.id,
    productId: r.catalog.productId,
    sku: r.catalog.sku,
    name: r.catalog.name,
    price: r.catalog.price,
    /** What one unit costs the merchant (HPP) in rupiah, null when not given: an order line keeps it as its cost. */
    costPrice: r.catalog.costPrice === null ? null : Number(r.catalog.costPrice),
    barcode: r.catalog.barcode,
    productType: r.productType,
    baseUnit: r.baseUnit,
  }));
}

/** Bundle availability for given stock levels (available per component catalog): min ⌊available / qty⌋ and the limiting SKU. */
export async function bundleAvailabilityOf(ctx: TenantCtx, bundleProductId: string, stock: ReadonlyMap<string, number>) {
  const components = await repo.componentsOf(ctx, bundleProductId);
  return bundleAvailability(
    components.map((c) => ({ catalogId: c.catalogId, quantity: c.quantity })),
    stock,
  );
}

/** The components of a bundle (catalog id, SKU, quantity), for other modules (the inventory's bundle stock). */
export const bundleComponentsOf = (ctx: TenantCtx, bundleProductId: string) => repo.componentsOf(ctx, bundleProductId);

/** The brand and category (with its ancestors, deepest first) of SKUs, for discount targets (issue 16). */
export const catalogTargets = (ctx: TenantCtx, catalogIds: readonly string[]) => repo.catalogTargets(ctx, catalogIds);
