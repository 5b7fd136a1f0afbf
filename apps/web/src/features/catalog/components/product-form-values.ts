import type { Product, ProductInput, ProductStatus, ProductType } from '@kelola/contracts/catalog';
import { variantSku, type SkuRow, type VariantTier } from './variant-sku.ts';

export type BundleComponentRow = { catalog_id: string; sku: string; name: string; quantity: number };

/** The product form: the contract's field names (server errors such as `catalogs.0.sku` land on their fields) plus display-only extras. */
export type ProductFormValues = {
  type: ProductType;
  name: string;
  category_id?: string | null;
  brand_id?: string | null;
  condition: 'NEW' | 'USED';
  specification?: string | null;
  description?: string | null;
  short_description?: string | null;
  video_url?: string | null;
  base_unit: string;
  units: { unit: string; conversion_qty: number }[];
  gift_size?: string | null;
  weight?: number | null;
  width?: number | null;
  height?: number | null;
  length?: number | null;
  factory_sku?: string | null;
  barcode?: string | null;
  wholesale_prices: { min_qty: number; price: number }[];
  is_import: boolean;
  origin?: string | null;
  vat_mode: 'INCLUDE' | 'EXCLUDE' | 'NONE';
  status: ProductStatus;
  variant_tiers: VariantTier[];
  catalogs: SkuRow[];
  bundle?: { components?: BundleComponentRow[]; price_formula_id?: string | null };
  /** Only for generating variant SKU codes; not sent. */
  sku_prefix?: string;
};

export const EMPTY_PRODUCT: ProductFormValues = {
  type: 'SINGLE',
  name: '',
  condition: 'NEW',
  base_unit: 'PCS',
  units: [],
  wholesale_prices: [],
  is_import: false,
  vat_mode: 'NONE',
  status: 'DRAFT',
  variant_tiers: [],
  catalogs: [{ sku: '', options: [], price: null, barcode: null, weight: 0 }],
  bundle: { components: [], price_formula_id: null },
  weight: 0,
  width: 0,
  height: 0,
  length: 0,
};

const text = (value: string | null | undefined) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};
const int = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The form's values as the API's ProductInput: empty texts become null, only a variant product sends tiers, only a bundle sends components. */
export function toProductInput(values: ProductFormValues): ProductInput {
  const variant = values.type === 'VARIANT';
  const catalogs = (variant ? values.catalogs : values.catalogs.slice(0, 1)).map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    sku: (row.sku ?? '').trim(),
    options: variant ? row.options : [],
    ...(typeof row.price === 'number' ? { price: row.price } : {}),
    cost_price: typeof row.cost_price === 'number' ? row.cost_price : null,
    barcode: text(row.barcode),
    weight: int(row.weight),
  }));
  return {
    type: values.type,
    name: values.name,
    category_id: values.category_id ?? null,
    brand_id: values.brand_id ?? null,
    condition: values.condition,
    specification: text(values.specification),
    description: text(values.description),
    short_description: text(values.short_description),
    video_url: text(values.video_url),
    base_unit: values.base_unit,
    units: values.units ?? [],
    gift_size: text(values.gift_size),
    weight: int(values.weight),
    width: int(values.width),
    height: int(values.height),
    length: int(values.length),
    factory_sku: text(values.factory_sku),
    barcode: text(values.barcode),
    wholesale_prices: values.wholesale_prices ?? [],
    is_import: values.is_import,
    origin: text(values.origin),
    vat_mode: values.vat_mode,
    status: values.status,
    variant_tiers: variant
      ? values.variant_tiers.map((tier) => ({
          name: tier.name ?? '',
          options: (tier.options ?? []).filter((o): o is string => Boolean(o)),
        }))
      : [],
    catalogs,
    bundle:
      values.type === 'BUNDLING'
        ? {
            components: (values.bundle?.components ?? []).map((c) => ({ catalog_id: c.catalog_id, quantity: c.quantity })),
            price_formula_id: values.bundle?.price_formula_id ?? null,
          }
        : null,
  };
}

/** The prefix a saved SKU was generated from: the SKU without its options' part (KAOS-01-MERAH-M → KAOS-01), else its first segment. */
function skuPrefixOf(catalog: { sku: string; options: string[] } | undefined): string {
  if (!catalog) return '';
  const options = variantSku('', catalog.options);
  if (options && catalog.sku.endsWith(`-${options}`)) return catalog.sku.slice(0, -(options.length + 1));
  return catalog.sku.split('-')[0] ?? '';
}

/** A saved product as form values. */
export function fromProduct(product: Product): ProductFormValues {
  return {
    type: product.type,
    name: product.name,
    category_id: product.category_id,
    brand_id: product.brand_id,
    condition: product.condition,
    specification: product.specification,
    description: product.description,
    short_description: product.short_description,
    video_url: product.video_url,
    base_unit: product.base_unit,
    units: product.units,
    gift_size: product.gift_size,
    weight: product.weight,
    width: product.width,
    height: product.height,
    length: product.length,
    factory_sku: product.factory_sku,
    barcode: product.barcode,
    wholesale_prices: product.wholesale_prices,
    is_import: product.is_import,
    origin: product.origin,
    vat_mode: product.vat_mode,
    status: product.status,
    variant_tiers: product.variant_tiers,
    catalogs: product.catalogs.map((c) => ({
      id: c.id,
      sku: c.sku,
      options: c.options,
      price: c.price,
      cost_price: c.cost_price,
      barcode: c.barcode,
      weight: c.weight,
    })),
    bundle: {
      components: (product.bundle?.components ?? []).map((c) => ({
        catalog_id: c.catalog_id,
        sku: c.sku,
        name: c.name,
        quantity: c.quantity,
      })),
      price_formula_id: product.bundle?.price_formula_id ?? null,
    },
    sku_prefix: skuPrefixOf(product.catalogs[0]),
  };
}
