import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { PRODUCT_IMPORT_STATUSES, type ImportPreview } from '@kelola/contracts';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';
import { priceFormulas, priceVariables } from '../pricing/index.ts';

const money = () => bigint({ mode: 'bigint' });

/** Product categories as a tree (adjacency list); a product uses the deepest category chosen. */
export const categories = pgTable(
  'categories',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    parentId: uuid().references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    position: integer().notNull().default(0),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    unique('categories_workspace_parent_name_key').on(t.workspaceId, t.parentId, t.name).nullsNotDistinct(),
    index('categories_parent_idx').on(t.parentId),
    tenantPolicy(),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    name: text().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('brands_workspace_name_key').on(t.workspaceId, sql`lower(${t.name})`), tenantPolicy()],
);

export type ProductUnit = { unit: string; conversion_qty: number };
export type WholesalePrice = { min_qty: number; price: string };
export type VariantTier = { name: string; options: string[] };

/**
 * Master product (spec part 3) of type SINGLE, VARIANT or BUNDLING. Sellable units are its catalogs (SKUs).
 * price_min, price_max, catalog_count and image_key are kept by the service on every write so the list page is one
 * index scan with no join to catalogs or images.
 */
export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    type: text({ enum: ['SINGLE', 'VARIANT', 'BUNDLING'] }).notNull(),
    name: text().notNull(),
    slug: text().notNull(),
    categoryId: uuid().references(() => categories.id, { onDelete: 'restrict' }),
    brandId: uuid().references(() => brands.id, { onDelete: 'restrict' }),
    condition: text({ enum: ['NEW', 'USED'] })
      .notNull()
      .default('NEW'),
    specification: text(),
    description: text(),
    shortDescription: text(),
    videoUrl: text(),
    videoFileKey: text(),
    baseUnit: text().notNull().default('PCS'),
    units: jsonb().$type<ProductUnit[]>().notNull().default([]),
    giftSize: text(),
    weightGrams: integer().notNull().default(0),
    widthCm: integer().notNull().default(0),
    heightCm: integer().notNull().default(0),
    lengthCm: integer().notNull().default(0),
    factorySku: text(),
    barcode: text(),
    wholesalePrices: jsonb().$type<WholesalePrice[]>().notNull().default([]),
    isImport: boolean().notNull().default(false),
    origin: text(),
    vatMode: text({ enum: ['INCLUDE', 'EXCLUDE', 'NONE'] })
      .notNull()
      .default('NONE'),
    status: text({ enum: ['ACTIVE', 'INACTIVE', 'DRAFT'] })
      .notNull()
      .default('DRAFT'),
    isValid: boolean().notNull().default(true),
    variantTiers: jsonb().$type<VariantTier[]>().notNull().default([]),
    priceFormulaId: uuid().references(() => priceFormulas.id, { onDelete: 'restrict' }),
    priceMin: money()
      .notNull()
      .default(sql`0`),
    priceMax: money()
      .notNull()
      .default(sql`0`),
    catalogCount: integer().notNull().default(0),
    imageKey: text(),
    createdBy: uuid(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_workspace_slug_key').on(t.workspaceId, t.slug),
    // The list's sorts, with and without a status filter (ARCHITECTURE §11: DESC NULLS FIRST serves ORDER BY … DESC).
    index('products_workspace_status_created_idx').on(t.workspaceId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_workspace_created_idx').on(t.workspaceId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_workspace_name_idx').on(t.workspaceId, t.name, t.id),
    index('products_workspace_updated_idx').on(t.workspaceId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_category_idx').on(t.workspaceId, t.categoryId),
    index('products_brand_idx').on(t.workspaceId, t.brandId),
    index('products_formula_idx').on(t.priceFormulaId),
    tenantPolicy(),
  ],
);

/** A sellable unit (SKU): one per product for SINGLE and BUNDLING, one per option combination for VARIANT. */
export const catalogs = pgTable(
  'catalogs',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text().notNull(),
    name: text().notNull(),
    /** The option of each variant tier, in tier order (empty for single and bundling products). */
    options: jsonb().$type<string[]>().notNull().default([]),
    price: money().notNull(),
    /** What one unit costs the merchant (HPP), for the orders' profit; null when not given. */
    costPrice: money(),
    barcode: text(),
    weightGrams: integer().notNull().default(0),
    position: integer().notNull().default(0),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('catalogs_workspace_sku_key').on(t.workspaceId, t.sku),
    index('catalogs_product_idx').on(t.productId, t.position),
    tenantPolicy(),
  ],
);

/** The components of a bundle product, each a catalog of another product, with a quantity per bundle. */
export const bundleComponents = pgTable(
  'bundle_components',
  {
    workspaceId: workspaceIdColumn(),
    bundleProductId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    componentCatalogId: uuid()
      .notNull()
      .references(() => catalogs.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bundleProductId, t.componentCatalogId] }),
    index('bundle_components_component_idx').on(t.componentCatalogId),
    tenantPolicy(),
  ],
);

/** Product and catalog images in file storage; position 0 is "show", 1 is "thumb". */
export const productImages = pgTable(
  'product_images',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    catalogId: uuid().references(() => catalogs.id, { onDelete: 'cascade' }),
    fileKey: text().notNull(),
    thumbKey: text(),
    fileName: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    width: integer(),
    height: integer(),
    position: integer().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position), tenantPolicy()],
);

/** Product counts per status, kept in the same transaction as every write, so list pages never count(*) them. */
export const productStatusCounts = pgTable(
  'product_status_counts',
  {
    workspaceId: workspaceIdColumn(),
    status: text({ enum: ['ACTIVE', 'INACTIVE', 'DRAFT'] }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.status] }), tenantPolicy()],
);

/** Price by area (spec part 3): a SKU's price for a customer type in a province, city or district, over dates. */
export const areaPrices = pgTable(
  'area_prices',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    catalogId: uuid()
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    areaCode: text().notNull(),
    areaLevel: text({ enum: ['province', 'city', 'district'] }).notNull(),
    customerType: text().notNull(),
    price: money().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    /** Inclusive; null: open-ended. */
    effectiveUntil: date({ mode: 'string' }),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('area_prices_lookup_idx').on(t.workspaceId, t.catalogId, t.customerType, t.areaCode, t.effectiveFrom), tenantPolicy()],
);

/** A product variable's value for one SKU (falls back to the variable's own value). */
export const catalogVariableValues = pgTable(
  'catalog_variable_values',
  {
    workspaceId: workspaceIdColumn(),
    catalogId: uuid()
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    variableId: uuid()
      .notNull()
      .references(() => priceVariables.id, { onDelete: 'cascade' }),
    value: numeric({ precision: 24, scale: 6 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.variableId] }), tenantPolicy()],
);

/** A product import from an uploaded XLSX, run by a background job; progress and a result file of failed rows. */
export const productImports = pgTable(
  'product_imports',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    status: text({ enum: PRODUCT_IMPORT_STATUSES }).notNull().default('QUEUED'),
    fileKey: text().notNull(),
    fileName: text().notNull(),
    resultFileKey: text(),
    /** The preview the user confirms (ADR 0016); null until it is ready. */
    preview: jsonb().$type<ImportPreview>(),
    totalRows: integer().notNull().default(0),
    processedRows: integer().notNull().default(0),
    succeededRows: integer().notNull().default(0),
    failedRows: integer().notNull().default(0),
    /** Runs of the job; above 1 the import was interrupted (a crash) and resumed from its last checkpoint. */
    attempts: integer().notNull().default(0),
    /** The failed rows up to the checkpoint (processedRows), kept so a resumed run writes the whole result file. */
    failures: jsonb().$type<{ row: number; sku: string; name: string; errors: string[] }[]>().notNull().default([]),
    error: text(),
    requestedBy: uuid().notNull(),
    /** The language of the user who started it: the rows' reasons and the result file are written in it. */
    locale: text({ enum: ['id', 'en'] })
      .notNull()
      .default('id'),
    createdAt: timestamptz().notNull().defaultNow(),
    startedAt: timestamptz(),
    finishedAt: timestamptz(),
  },
  (t) => [index('product_imports_workspace_created_idx').on(t.workspaceId, t.createdAt.desc().nullsFirst()), tenantPolicy()],
);
