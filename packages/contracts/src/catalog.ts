import { SLUG_PATTERN, STOCK_STATES, VAT_MODES, YOUTUBE_URL } from '@kelola/domain';
import { VIDEO_FORMATS } from '@kelola/domain/video-file';
import { z } from 'zod';
import { decimalValue } from './pricing.ts';
import { integer, optionalText, page, requiredText, uuid } from './validation.ts';

export const PRODUCT_TYPES = ['SINGLE', 'VARIANT', 'BUNDLING'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const PRODUCT_STATUSES = ['ACTIVE', 'INACTIVE', 'DRAFT'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_CONDITIONS = ['NEW', 'USED'] as const;
/** Spec part 9: at most two variant tiers (Shopee's limit). */
export const MAX_VARIANT_TIERS = 2;
export const MAX_VARIANT_OPTIONS = 50;
export const MAX_BUNDLE_COMPONENTS = 30;
export const MAX_BULK_IDS = 500;

/** "150.000" (Indonesian thousands separators) → "150000"; anything else stays as typed. */
const thousands = (v: string) => (/^-?\d{1,3}(?:\.\d{3})+$/u.test(v) ? v.replace(/\./gu, '') : v);

/**
 * Money in whole rupiah (IDR has no minor unit): a non-negative integer as a JSON number or a digit string, at
 * most Rp 999 triliun so it stays exact in JavaScript numbers. Stored as bigint. A negative amount is
 * MONEY_NEGATIVE, anything else that is not whole rupiah INVALID_MONEY.
 */
export const money = z.union([z.number(), z.string(), z.bigint()], { error: 'REQUIRED' }).transform((v, ctx) => {
  const text = typeof v === 'bigint' ? String(v) : typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : thousands(v.trim());
  if (!/^\d{1,15}$/u.test(text)) {
    // "-15000" is refused with its own message, never read as 15000.
    const code =
      text === '' && typeof v === 'string'
        ? 'REQUIRED'
        : /^-\s*\d/u.test(text) || (typeof v === 'number' && v < 0)
          ? 'MONEY_NEGATIVE'
          : 'INVALID_MONEY';
    ctx.addIssue({ code: 'custom', message: code });
    return z.NEVER;
  }
  return BigInt(text);
});

/** Weight and dimensions: a whole number; left out or null is 0 (the form's cleared field), any other type an error. */
const nonNegativeInt = (max: number) =>
  integer()
    .min(0)
    .max(max)
    .nullish()
    .transform((v) => v ?? 0);

// ---------------------------------------------------------------------------------------------------------------
// Categories and brands

export const CategoryInput = z.object({
  name: requiredText(100),
  parent_id: uuid.nullable().optional(),
  position: z.number().int().min(0).max(100_000).optional(),
});
export type CategoryInput = z.input<typeof CategoryInput>;

export const CategoryMoveInput = z.object({ parent_id: uuid.nullable(), position: z.number().int().min(0).max(100_000).optional() });

export type CategoryNode = {
  id: string;
  name: string;
  parent_id: string | null;
  position: number;
  level: number;
  product_count: number;
  children: CategoryNode[];
};
export const CategoryNode: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    parent_id: z.string().nullable(),
    position: z.number(),
    level: z.number(),
    product_count: z.number(),
    children: z.array(CategoryNode),
  }),
);

export const Category = z.object({
  id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  position: z.number(),
  /** From the root to this category. */
  path: z.array(z.object({ id: z.string(), name: z.string() })),
  children_count: z.number(),
  product_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Category = z.infer<typeof Category>;
export const CategoryTree = z.object({ items: z.array(CategoryNode) });

export const BrandInput = z.object({ name: requiredText(100) });
export const Brand = z.object({
  id: z.string(),
  name: z.string(),
  product_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Brand = z.infer<typeof Brand>;
export const BrandListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page,
  size: z.coerce.number().int().min(1).max(500).default(50),
});
export const BrandList = z.object({ items: z.array(Brand), page: z.number(), size: z.number(), total_row: z.number() });

// ---------------------------------------------------------------------------------------------------------------
// Master products

export const CatalogInput = z.object({
  /** An existing catalog of the product (update); absent for a new SKU. */
  id: uuid.optional(),
  sku: requiredText(64).regex(/^\S+$/u, { error: 'NO_SPACE' }),
  /** The option of each variant tier, in tier order; empty for single and bundling products. */
  options: z.array(requiredText(30)).max(MAX_VARIANT_TIERS).default([]),
  /** Ignored for a bundle priced by a formula (the formula sets it). */
  price: money.optional(),
  /**
   * What one unit of the SKU costs the merchant (HPP), for the orders' profit; null clears it. Left out on an update,
   * the SKU keeps the one it has.
   */
  cost_price: money.nullable().optional(),
  barcode: optionalText(64),
  weight: nonNegativeInt(1_000_000),
});

export const VariantTierInput = z.object({
  name: z.string({ error: 'VARIANT_NAME_REQUIRED' }).trim().min(1, { error: 'VARIANT_NAME_REQUIRED' }).max(30, { error: 'TOO_LONG' }),
  options: z.array(requiredText(30)).min(1).max(MAX_VARIANT_OPTIONS),
});

/** Spec part 3: a product's conversion units besides its base unit, e.g. BOX = 12 PCS. */
export const MAX_PRODUCT_UNITS = 10;
/** One conversion unit: its name and how many base units it holds. */
export const ProductUnitInput = z.object({ unit: requiredText(20), conversion_qty: z.number().int().min(2).max(1_000_000) });
/**
 * A product's conversion units, as the product form and the inventory's unit editor send them. Names are also unique
 * case-insensitively with the base unit: that needs the base unit, so it is `duplicateUnitIndexes`, run by both.
 */
export const ProductUnitsInput = z.array(ProductUnitInput).max(MAX_PRODUCT_UNITS);
export type ProductUnit = z.output<typeof ProductUnitInput>;

/** Positions of the units whose name repeats the base unit or an earlier unit, ignoring case (DUPLICATE_VALUE on `units.<i>.unit`). */
export function duplicateUnitIndexes(baseUnit: string, units: readonly { unit?: string | null }[]): number[] {
  const seen = new Set<string>([baseUnit.trim().toUpperCase()]);
  const duplicates: number[] = [];
  units.forEach((u, i) => {
    const name = (u.unit ?? '').trim().toUpperCase();
    if (name === '') return;
    if (seen.has(name)) duplicates.push(i);
    seen.add(name);
  });
  return duplicates;
}

/** A variant option as it is compared: "MERAH " and "merah" are the same option as "Merah". */
export const variantOptionKey = (option: string): string => option.trim().toLocaleLowerCase('id');

/** Positions of the options that repeat an earlier one of the same tier, trimmed and ignoring case (DUPLICATE_VALUE on the option). */
export function duplicateOptionIndexes(options: readonly (string | null | undefined)[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  options.forEach((o, i) => {
    const key = variantOptionKey(o ?? '');
    if (key === '') return;
    if (seen.has(key)) duplicates.push(i);
    seen.add(key);
  });
  return duplicates;
}

export const ProductInput = z
  .object({
    type: z.enum(PRODUCT_TYPES, { error: 'INVALID_VALUE' }),
    name: requiredText(255),
    /** Generated from the name when empty; unique in the workspace. */
    slug: z
      .string()
      .trim()
      .max(120, { error: 'TOO_LONG' })
      .refine((v) => v === '' || SLUG_PATTERN.test(v), { error: 'INVALID_FORMAT' })
      .optional()
      .nullable(),
    /** The deepest category chosen. */
    category_id: uuid.nullable().optional(),
    brand_id: uuid.nullable().optional(),
    condition: z.enum(PRODUCT_CONDITIONS, { error: 'INVALID_VALUE' }).default('NEW'),
    specification: optionalText(5000),
    /** Rich text (HTML) as the editor sends it; stripped of markup only when published to a channel. */
    description: optionalText(50_000),
    short_description: optionalText(500),
    video_url: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || YOUTUBE_URL.test(v), { error: 'INVALID_YOUTUBE_URL' })
      .optional()
      .nullable(),
    base_unit: requiredText(20).default('PCS'),
    units: ProductUnitsInput.default([]),
    gift_size: optionalText(50),
    /** Grams. */
    weight: nonNegativeInt(1_000_000),
    /** Centimetres. */
    width: nonNegativeInt(10_000),
    height: nonNegativeInt(10_000),
    length: nonNegativeInt(10_000),
    factory_sku: optionalText(100),
    barcode: optionalText(64),
    wholesale_prices: z
      .array(z.object({ min_qty: z.number().int().min(2).max(1_000_000), price: money }))
      .max(5)
      .default([]),
    is_import: z.boolean().default(false),
    origin: optionalText(100),
    vat_mode: z.enum(VAT_MODES, { error: 'INVALID_VALUE' }).default('NONE'),
    status: z.enum(PRODUCT_STATUSES, { error: 'INVALID_VALUE' }).default('DRAFT'),
    is_valid: z.boolean().default(true),
    variant_tiers: z.array(VariantTierInput).max(MAX_VARIANT_TIERS).default([]),
    catalogs: z.array(CatalogInput).min(1).max(500),
    bundle: z
      .object({
        components: z
          .array(z.object({ catalog_id: uuid, quantity: z.number().int().min(1).max(10_000) }))
          .max(MAX_BUNDLE_COMPONENTS)
          .default([]),
        price_formula_id: uuid.nullable().optional(),
      })
      .optional()
      .nullable(),
  })
  .superRefine((p, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (p.is_import && !p.origin) issue(['origin'], 'ORIGIN_REQUIRED');
    p.wholesale_prices.forEach((tier, i) => {
      if (i > 0 && tier.min_qty <= p.wholesale_prices[i - 1]!.min_qty) issue(['wholesale_prices', i, 'min_qty'], 'WHOLESALE_ORDER');
    });
    for (const i of duplicateUnitIndexes(p.base_unit, p.units)) issue(['units', i, 'unit'], 'DUPLICATE_VALUE');
    const skus = new Map<string, number>();
    p.catalogs.forEach((c, i) => {
      const key = c.sku.toUpperCase();
      if (skus.has(key)) issue(['catalogs', i, 'sku'], 'DUPLICATE_VALUE');
      skus.set(key, i);
    });
    if (p.type === 'VARIANT') {
      if (p.variant_tiers.length === 0) issue(['variant_tiers'], 'VARIANT_NAME_REQUIRED');
      p.variant_tiers.forEach((tier, t) => {
        for (const i of duplicateOptionIndexes(tier.options)) issue(['variant_tiers', t, 'options', i], 'DUPLICATE_VALUE');
        if (p.variant_tiers.findIndex((x) => variantOptionKey(x.name) === variantOptionKey(tier.name)) !== t)
          issue(['variant_tiers', t, 'name'], 'DUPLICATE_VALUE');
      });
      // One SKU per combination of options, no more and no less.
      const combos = new Set<string>();
      const expected = p.variant_tiers.reduce<string[][]>(
        (acc, tier) => acc.flatMap((prefix) => tier.options.map((o) => [...prefix, o])),
        [[]],
      );
      const wanted = new Set(expected.map((c) => JSON.stringify(c.map(variantOptionKey))));
      p.catalogs.forEach((c, i) => {
        const key = JSON.stringify(c.options.map(variantOptionKey));
        if (!wanted.has(key) || combos.has(key)) issue(['catalogs', i, 'options'], 'VARIANT_COMBINATION');
        combos.add(key);
        if (c.price === undefined) issue(['catalogs', i, 'price'], 'REQUIRED');
      });
      if (p.variant_tiers.length > 0 && combos.size !== wanted.size) issue(['catalogs'], 'VARIANT_COMBINATION');
    } else {
      if (p.variant_tiers.length > 0) issue(['variant_tiers'], 'VARIANTS_NOT_ALLOWED');
      if (p.catalogs.length !== 1) issue(['catalogs'], 'ONE_SKU_ONLY');
      p.catalogs.forEach((c, i) => {
        if (c.options.length > 0) issue(['catalogs', i, 'options'], 'VARIANTS_NOT_ALLOWED');
      });
    }
    if (p.type === 'BUNDLING') {
      const components = p.bundle?.components ?? [];
      if (components.length === 0) issue(['bundle', 'components'], 'BUNDLE_REQUIRED');
      const ids = new Set<string>();
      components.forEach((c, i) => {
        if (ids.has(c.catalog_id)) issue(['bundle', 'components', i, 'catalog_id'], 'DUPLICATE_VALUE');
        ids.add(c.catalog_id);
      });
      if (!p.bundle?.price_formula_id && p.catalogs[0] && p.catalogs[0].price === undefined) issue(['catalogs', 0, 'price'], 'REQUIRED');
    } else {
      if (p.bundle && (p.bundle.components.length > 0 || p.bundle.price_formula_id)) issue(['bundle'], 'VARIANTS_NOT_ALLOWED');
      if (p.type === 'SINGLE' && p.catalogs[0] && p.catalogs[0].price === undefined) issue(['catalogs', 0, 'price'], 'REQUIRED');
    }
  });
export type ProductInput = z.input<typeof ProductInput>;
export type ProductData = z.output<typeof ProductInput>;

export const ProductImage = z.object({
  id: z.string(),
  catalog_id: z.string().nullable(),
  name: z.string(),
  type: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  position: z.number(),
  /** Spec: show for the first, thumb for the second, otherwise none. */
  tags: z.enum(['show', 'thumb', 'none']),
  is_show: z.boolean(),
  is_thumb: z.boolean(),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
});
export type ProductImage = z.infer<typeof ProductImage>;

export const Catalog = z.object({
  id: z.string(),
  catalog_id: z.string(),
  product_id: z.string(),
  sku: z.string(),
  /** Product name plus option values. */
  name: z.string(),
  options: z.array(z.string()),
  price: z.number(),
  /** The SKU's cost price (HPP), null when the merchant gave none. */
  cost_price: z.number().nullable(),
  barcode: z.string().nullable(),
  weight: z.number(),
  position: z.number(),
});
export type Catalog = z.infer<typeof Catalog>;

export const BundleComponent = z.object({
  catalog_id: z.string(),
  product_id: z.string(),
  sku: z.string(),
  name: z.string(),
  price: z.number(),
  quantity: z.number(),
});

/** An uploaded video file (spec part 3: a file of at most 30 MB or a YouTube link, never both). */
export const ProductVideo = z.object({
  format: z.enum(VIDEO_FORMATS),
  content_type: z.string(),
  size: z.number(),
  /** GET streams it (with Range support); PUT replaces it; DELETE removes it. */
  url: z.string(),
});
export type ProductVideo = z.infer<typeof ProductVideo>;

/** How many bundles the components' available stock can build: min ⌊available / quantity⌋, and the SKU that limits it. */
export const BundleAvailability = z.object({
  quantity: z.number(),
  limiting_catalog_id: z.string().nullable(),
  limiting_sku: z.string().nullable(),
  /** The same per warehouse the member may see that holds stock of a component. */
  per_warehouse: z.array(
    z.object({
      warehouse_id: z.string(),
      warehouse_name: z.string(),
      quantity: z.number(),
      limiting_catalog_id: z.string().nullable(),
      limiting_sku: z.string().nullable(),
    }),
  ),
});
export type BundleAvailability = z.infer<typeof BundleAvailability>;

/** Spec part 4: in stock, out of stock, minus stock (the product list's filter and stock column). */
export const PRODUCT_STOCK_STATES = STOCK_STATES;
export type ProductStockState = (typeof STOCK_STATES)[number];

export const Product = z.object({
  id: z.string(),
  product_id: z.string(),
  type: z.enum(PRODUCT_TYPES),
  name: z.string(),
  slug: z.string(),
  category_id: z.string().nullable(),
  category_path: z.array(z.object({ id: z.string(), name: z.string() })),
  brand_id: z.string().nullable(),
  brand_name: z.string().nullable(),
  condition: z.enum(PRODUCT_CONDITIONS),
  specification: z.string().nullable(),
  description: z.string().nullable(),
  short_description: z.string().nullable(),
  video_url: z.string().nullable(),
  /** The uploaded video file; null with a YouTube link or no video. */
  video: ProductVideo.nullable(),
  base_unit: z.string(),
  units: z.array(z.object({ unit: z.string(), conversion_qty: z.number() })),
  gift_size: z.string().nullable(),
  weight: z.number(),
  width: z.number(),
  height: z.number(),
  length: z.number(),
  factory_sku: z.string().nullable(),
  barcode: z.string().nullable(),
  wholesale_prices: z.array(z.object({ min_qty: z.number(), price: z.number() })),
  is_import: z.boolean(),
  origin: z.string().nullable(),
  vat_mode: z.enum(VAT_MODES),
  status: z.enum(PRODUCT_STATUSES),
  is_valid: z.boolean(),
  variant_tiers: z.array(z.object({ name: z.string(), options: z.array(z.string()) })),
  catalogs: z.array(Catalog),
  images: z.array(ProductImage),
  bundle: z
    .object({
      components: z.array(BundleComponent),
      price_formula_id: z.string().nullable(),
      /** Same as availability.quantity and availability.limiting_catalog_id (kept for existing clients). */
      available: z.number(),
      limiting_catalog_id: z.string().nullable(),
    })
    .nullable(),
  /** BUNDLING only: bundles buildable from the components' available stock, in total and per warehouse. */
  availability: BundleAvailability.nullable(),
  price: z.object({ currency: z.literal('IDR'), min: z.number(), max: z.number() }),
  variant_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof Product>;

export const PRODUCT_SORTS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'name', '-name'] as const;

export const ProductListQuery = z.object({
  /** Name (contains) or exact SKU. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(PRODUCT_STATUSES, { error: 'INVALID_VALUE' }).optional(),
  type: z.enum(PRODUCT_TYPES, { error: 'INVALID_VALUE' }).optional(),
  /** A category and everything under it. */
  category_id: uuid.optional(),
  brand_id: uuid.optional(),
  is_valid: z.enum(['true', 'false'], { error: 'INVALID_VALUE' }).optional(),
  /** Spec part 4: by the available stock of the product's SKUs (a bundle: the bundles its components can build). */
  stock_state: z.enum(STOCK_STATES, { error: 'INVALID_VALUE' }).optional(),
  page,
  size: z.coerce.number().int().min(1).max(200).default(35),
  sort: z.enum(PRODUCT_SORTS, { error: 'INVALID_VALUE' }).default('-created_at'),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const ProductListItem = z.object({
  id: z.string(),
  product_id: z.string(),
  type: z.enum(PRODUCT_TYPES),
  name: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  is_valid: z.boolean(),
  category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  brand_id: z.string().nullable(),
  brand_name: z.string().nullable(),
  price: z.object({ currency: z.literal('IDR'), min: z.number(), max: z.number() }),
  variant_count: z.number(),
  thumbnail_url: z.string().nullable(),
  /** Available stock of the product's SKUs over the member's warehouses; for a bundle, the bundles buildable and the limiting SKU. */
  stock: z.object({ available: z.number(), state: z.enum(STOCK_STATES), limiting_sku: z.string().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Spec "List counts: active, notActive, all, total_row" (+ draft). */
export const ProductList = z.object({
  items: z.array(ProductListItem),
  page: z.number(),
  size: z.number(),
  total_row: z.number(),
  /** true when total_row is a lower bound (more than COUNT_CAP rows match a filtered search). */
  total_capped: z.boolean(),
  counts: z.object({ active: z.number(), notActive: z.number(), draft: z.number(), all: z.number() }),
});
export type ProductList = z.infer<typeof ProductList>;

export const BulkStatusInput = z.object({
  ids: z.array(uuid).min(1).max(MAX_BULK_IDS),
  status: z.enum(PRODUCT_STATUSES, { error: 'INVALID_VALUE' }),
});
export const BulkIdsInput = z.object({ ids: z.array(uuid).min(1).max(MAX_BULK_IDS) });
export const BulkResult = z.object({ done: z.array(z.string()), failed: z.array(z.object({ id: z.string(), code: z.string() })) });
export const StatusInput = z.object({ status: z.enum(PRODUCT_STATUSES, { error: 'INVALID_VALUE' }) });
export const ValidityInput = z.object({ is_valid: z.boolean() });

/** An image upload as JSON (base64): the API's body limit applies; see docs/adr for the multipart follow-up. */
export const ImageUploadInput = z.object({
  file_name: requiredText(255),
  content_base64: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }),
  catalog_id: uuid.nullable().optional(),
});
export const ImageOrderInput = z.object({ ids: z.array(uuid).min(1).max(100) });
export const ImageParams = z.object({ id: uuid, imageId: uuid });
export const ImageFileQuery = z.object({ size: z.enum(['original', 'thumb']).default('original') });
/** A video upload streams the file as the raw body (Content-Type video/mp4, video/webm or video/quicktime); its name comes in the query. */
export const VideoUploadQuery = z.object({ file_name: requiredText(255) });

// ---------------------------------------------------------------------------------------------------------------
// Price by area, per-SKU variable values, formula preview

const isoDate = z
  .string({ error: 'REQUIRED' })
  .regex(/^\d{4}-\d{2}-\d{2}$/u, { error: 'INVALID_DATE' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: 'INVALID_DATE',
  });
/** Province (31), city (31.73) or district (31.73.05) code. */
export const priceAreaCode = z
  .string({ error: 'REQUIRED' })
  .trim()
  .regex(/^\d{2}(?:\.\d{2}(?:\.\d{2})?)?$/u, { error: 'INVALID_FORMAT' });
export const customerType = requiredText(30)
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_]+$/u, { error: 'VARIABLE_NAME_FORMAT' }));

export const AreaPriceInput = z
  .object({
    area_code: priceAreaCode,
    customer_type: customerType,
    price: money,
    effective_from: isoDate,
    /** Inclusive; empty: open-ended. */
    effective_until: isoDate.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.effective_until && v.effective_until < v.effective_from)
      ctx.addIssue({ code: 'custom', path: ['effective_until'], message: 'DATE_RANGE' });
  });
export type AreaPriceInput = z.input<typeof AreaPriceInput>;

export const AreaPrice = z.object({
  id: z.string(),
  catalog_id: z.string(),
  area_code: z.string(),
  area_level: z.enum(['province', 'city', 'district']),
  area_name: z.string().nullable(),
  customer_type: z.string(),
  price: z.number(),
  effective_from: z.string(),
  effective_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const AreaPriceList = z.object({ items: z.array(AreaPrice) });

export const AreaPriceLookupQuery = z.object({
  catalog_id: uuid,
  customer_type: customerType,
  /** The buyer's most precise area: district, city or province code (a subdistrict code is cut to its district). */
  area_code: z
    .string({ error: 'REQUIRED' })
    .trim()
    .regex(/^\d{2}(?:\.\d{2}(?:\.\d{2}(?:\.\d{4})?)?)?$/u, { error: 'INVALID_FORMAT' }),
  date: isoDate.optional(),
});
export const AreaPriceLookup = z.object({
  catalog_id: z.string(),
  price: z.number(),
  source: z.enum(['AREA', 'LIST_PRICE']),
  area_price_id: z.string().nullable(),
  area_code: z.string().nullable(),
  area_level: z.enum(['province', 'city', 'district']).nullable(),
  date: z.string(),
});

export const CatalogVariablesInput = z.object({
  values: z.array(z.object({ variable_id: uuid, value: decimalValue.nullable() })).max(100),
});
export const CatalogVariables = z.object({
  items: z.array(z.object({ variable_id: z.string(), name: z.string(), value: z.string() })),
});

// ---------------------------------------------------------------------------------------------------------------
// Import and export

/** The largest product import file: 10 MB of XLSX holds well over 100,000 rows (50,000 rows are about 3 MB). */
export const IMPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The same file as base64 (4 characters per 3 bytes), with room for a `data:` prefix. */
export const IMPORT_BASE64_MAX_CHARS = Math.ceil(IMPORT_FILE_MAX_BYTES / 3) * 4 + 256;

export const ImportUploadInput = z.object({
  file_name: requiredText(255).refine((v) => v.toLowerCase().endsWith('.xlsx'), { error: 'INVALID_FORMAT' }),
  content_base64: z
    .string({ error: 'REQUIRED' })
    .min(1, { error: 'REQUIRED' })
    .max(IMPORT_BASE64_MAX_CHARS, { error: 'IMPORT_FILE_TOO_LARGE' }),
});

/**
 * An import first previews (PREVIEWING, then PREVIEW: nothing changed yet) and changes products only once the user
 * confirms it (QUEUED, RUNNING, DONE). ADR 0016.
 */
export const PRODUCT_IMPORT_STATUSES = ['PREVIEWING', 'PREVIEW', 'QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
/** What the import would do to one product (the rows with one product key). EXAMPLE: the template's own sample rows, skipped. */
export const IMPORT_OUTCOMES = ['NEW', 'CHANGED', 'UNCHANGED', 'ERROR', 'EXAMPLE'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const ImportPreviewSummary = z.object({
  new: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  errors: z.number(),
  examples: z.number(),
});
export const ImportPreviewItem = z.object({
  outcome: z.enum(IMPORT_OUTCOMES),
  /** Sheet row numbers (the header is row 1). */
  rows: z.array(z.number()),
  name: z.string(),
  skus: z.array(z.string()),
  /** CHANGED: each field that would change, as text. */
  changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
  errors: z.array(z.string()),
});
export type ImportPreviewItem = z.infer<typeof ImportPreviewItem>;
export const ImportPreview = z.object({
  summary: ImportPreviewSummary,
  /** At most IMPORT_PREVIEW_ITEMS items: errors and changes first. */
  items: z.array(ImportPreviewItem),
  truncated: z.boolean(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;
export const IMPORT_PREVIEW_ITEMS = 500;

export const ProductImport = z.object({
  id: z.string(),
  status: z.enum(PRODUCT_IMPORT_STATUSES),
  /** Counts of the preview, once it is ready. */
  preview: ImportPreviewSummary.nullable(),
  file_name: z.string(),
  total_rows: z.number(),
  processed_rows: z.number(),
  succeeded_rows: z.number(),
  failed_rows: z.number(),
  /** 0–100. */
  progress: z.number(),
  has_result_file: z.boolean(),
  /** Runs of the import job so far (0 while queued). */
  attempt: z.number(),
  /** The job was interrupted (the server stopped) and is running again from its last checkpoint. */
  resuming: z.boolean(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ProductImport = z.infer<typeof ProductImport>;
export const ProductImportList = z.object({ items: z.array(ProductImport) });

export const ProductExportInput = ProductListQuery.pick({ q: true, status: true, type: true, category_id: true, brand_id: true }).partial();

export const ExportRecord = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(['PROCESSING', 'DONE', 'FAILED', 'RETRY']),
  file_name: z.string(),
  row_count: z.number(),
  /** 0–100 while the job runs (100 when done). */
  progress: z.number(),
  /** Bytes of the finished file, null until done. */
  file_size: z.number().nullable(),
  /** The filters the export was asked with (period, search, status, warehouse …), as sent. */
  filters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  error: z.string().nullable(),
  requested_by: z.string(),
  /** The requester's name (in the list; null in single answers). */
  requested_by_name: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ExportRecord = z.infer<typeof ExportRecord>;
export const ExportListQuery = z.object({
  type: z.string().trim().max(30).optional(),
  page,
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export const ExportList = z.object({ items: z.array(ExportRecord), page: z.number(), size: z.number(), total_row: z.number() });
