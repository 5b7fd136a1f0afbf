import { productUnitsUpdateFor, type ProductType, type ProductUnitsUpdateInput } from '@kelola/contracts';
import { and, eq } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { audit, parseInput } from './catalog.common.ts';
import { products, type ProductUnit } from './catalog.schema.ts';
import * as repo from './products.repository.ts';
import { findProductOrThrow } from './products.service.ts';

export type CatalogUnits = {
  catalogId: string;
  productId: string;
  productType: ProductType;
  sku: string;
  name: string;
  baseUnit: string;
  units: ProductUnit[];
};

/** A SKU with its product's base unit and conversion units (inventory's unit view); null when not in the workspace. */
export async function catalogUnits(ctx: TenantCtx, catalogId: string): Promise<CatalogUnits | null> {
  const [ref] = await repo.catalogsByIds(ctx, [catalogId]);
  if (!ref) return null;
  const product = await repo.findProduct(ctx, ref.catalog.productId);
  if (!product) return null;
  return {
    catalogId: ref.catalog.id,
    productId: product.id,
    productType: product.type,
    sku: ref.catalog.sku,
    name: ref.catalog.name,
    baseUnit: product.baseUnit,
    units: product.units,
  };
}

/**
 * Replaces a product's conversion units (the base unit stays: stock is counted in it), with the product form's rules
 * against the stored base unit; 400 VALIDATION_FAILED with field errors (`units.1.unit` DUPLICATE_VALUE …).
 * The product row is locked, so two editors never merge their lists; an unchanged list writes nothing.
 */
export async function replaceProductUnits(
  ctx: TenantCtx,
  productId: string,
  input: ProductUnitsUpdateInput,
): Promise<{ baseUnit: string; units: ProductUnit[] }> {
  const before = await findProductOrThrow(ctx, productId, true);
  const { units } = parseInput(productUnitsUpdateFor(before.baseUnit), input);
  if (JSON.stringify(units) === JSON.stringify(before.units)) return { baseUnit: before.baseUnit, units: before.units };
  await ctx.db
    .update(products)
    .set({ units, updatedAt: new Date() })
    .where(and(eq(products.workspaceId, ctx.workspaceId), eq(products.id, productId)));
  await audit(ctx, { entity: 'product', entityId: productId, action: 'update', before: { units: before.units }, after: { units } });
  return { baseUnit: before.baseUnit, units };
}
