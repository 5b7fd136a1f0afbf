import { z } from 'zod';
import { duplicateUnitIndexes, ProductUnitsInput } from './catalog.ts';

/**
 * Product units in the inventory (spec: GET productUnit/{id}, POST product_unit): a SKU's base unit, its product's
 * conversion units and its stock expressed in each of them. Stock is always counted in the base unit.
 */

/** PUT /api/inventory/product-units/:catalog_id: replaces the product's conversion units (the base unit stays). */
export const ProductUnitsUpdateInput = z.object({ units: ProductUnitsInput });
export type ProductUnitsUpdateInput = z.input<typeof ProductUnitsUpdateInput>;

/**
 * The same body checked against the product's base unit, as the product form checks it: a name may not repeat the
 * base unit or another unit, ignoring case (DUPLICATE_VALUE on `units.<i>.unit`).
 */
export const productUnitsUpdateFor = (baseUnit: string) =>
  ProductUnitsUpdateInput.superRefine((value, ctx) => {
    for (const i of duplicateUnitIndexes(baseUnit, value.units))
      ctx.addIssue({ code: 'custom', path: ['units', i, 'unit'], message: 'DUPLICATE_VALUE' });
  });

/**
 * A quantity in base units expressed in a unit: `whole` units plus `remainder` base units (25 PCS with BOX = 12 →
 * 2 BOX + 1 PCS). Negative stock keeps the sign on both parts (−25 PCS → −2 BOX − 1 PCS).
 */
export const UnitQuantity = z.object({ whole: z.number(), remainder: z.number() });
export type UnitQuantity = z.infer<typeof UnitQuantity>;

export const ProductUnitStock = z.object({
  unit: z.string(),
  /** Base units in one of this unit: 1 for the base unit itself. */
  conversion_qty: z.number(),
  is_base: z.boolean(),
  on_hand: UnitQuantity,
  available: UnitQuantity,
});
export type ProductUnitStock = z.infer<typeof ProductUnitStock>;

/** GET (and the PUT's answer): the SKU, its product's units, and its stock over the warehouses the caller may see. */
export const ProductUnitsView = z.object({
  catalog_id: z.string(),
  product_id: z.string(),
  sku: z.string(),
  name: z.string(),
  base_unit: z.string(),
  /** The conversion units as stored (what the PUT replaces), in their saved order. */
  units: z.array(z.object({ unit: z.string(), conversion_qty: z.number() })),
  /** Totals in the base unit, summed over the visible warehouses (as GET /api/inventory/catalogs/:catalog_id). */
  on_hand: z.number(),
  available: z.number(),
  /** The base unit first, then each conversion unit. */
  stock: z.array(ProductUnitStock),
});
export type ProductUnitsView = z.infer<typeof ProductUnitsView>;
