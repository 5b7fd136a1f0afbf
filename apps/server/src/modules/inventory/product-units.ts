import { ProductUnitsUpdateInput, ProductUnitsView, type UnitQuantity } from '@kelola/contracts';
import { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import type { Router } from '../../http/route.ts';
import { DomainError } from '../../platform/errors.ts';
import { catalogUnits, replaceProductUnits, type CatalogUnits } from '../catalog/index.ts';
import { inventoryDetail } from './inventory-queries.service.ts';

/**
 * Product units (spec: GET productUnit/{id}, POST product_unit): a SKU's stock in its product's base unit and in
 * each conversion unit (BOX = 12 PCS), and the editor of those conversion units. The units belong to the catalog's
 * product and are written through the catalog's index; the stock is this module's.
 */

/**
 * A base-unit quantity in a unit of `size` base units: whole units (rounded down) plus the rest in the base unit,
 * 25 in BOX = 12 → 2 BOX + 1. Negative stock keeps its sign on both parts (−25 → −2 BOX − 1), so it reads back the same.
 */
export function inUnit(quantity: number, size: number): UnitQuantity {
  // `|| 0` folds −0 (a small negative quantity has no whole unit) into 0.
  const whole = Math.trunc(quantity / size) || 0;
  return { whole, remainder: quantity - whole * size || 0 };
}

/** The SKU's units; another workspace's SKU, or a bundle (its stock is its components'), is CATALOG_NOT_FOUND. */
async function unitsOf(ctx: TenantCtx, catalogId: string): Promise<CatalogUnits> {
  const found = await catalogUnits(ctx, catalogId);
  if (!found || found.productType === 'BUNDLING') throw new DomainError('CATALOG_NOT_FOUND');
  return found;
}

/** The view of the units with the SKU's stock summed over the warehouses the caller may see (as the inventory detail). */
async function present(ctx: TenantCtx, item: CatalogUnits): Promise<ProductUnitsView> {
  const { totals } = await inventoryDetail(ctx, item.catalogId);
  const inEach = [{ unit: item.baseUnit, conversion_qty: 1, is_base: true }, ...item.units.map((u) => ({ ...u, is_base: false }))];
  return {
    catalog_id: item.catalogId,
    product_id: item.productId,
    sku: item.sku,
    name: item.name,
    base_unit: item.baseUnit,
    units: item.units.map((u) => ({ unit: u.unit, conversion_qty: u.conversion_qty })),
    on_hand: totals.on_hand,
    available: totals.available,
    stock: inEach.map((u) => ({
      unit: u.unit,
      conversion_qty: u.conversion_qty,
      is_base: u.is_base,
      on_hand: inUnit(totals.on_hand, u.conversion_qty),
      available: inUnit(totals.available, u.conversion_qty),
    })),
  };
}

export async function getProductUnits(ctx: TenantCtx, catalogId: string): Promise<ProductUnitsView> {
  return present(ctx, await unitsOf(ctx, catalogId));
}

/** Replaces the conversion units of the SKU's product (the product form's rules, audited), then answers as GET. */
export async function updateProductUnits(ctx: TenantCtx, catalogId: string, input: ProductUnitsUpdateInput): Promise<ProductUnitsView> {
  const item = await unitsOf(ctx, catalogId);
  const saved = await replaceProductUnits(ctx, item.productId, input);
  return present(ctx, { ...item, ...saved });
}

const CatalogParams = z.object({ catalog_id: z.uuid({ error: 'INVALID_ID' }) });

/** Product units in the inventory (issue 5): the SKU's stock per unit, and the conversion units' editor. */
export function registerProductUnitRoutes({ route }: Router): void {
  const tags = ['inventory'];
  route(
    {
      method: 'GET',
      url: '/api/inventory/product-units/:catalog_id',
      permission: ['list-inventory', 'READ'],
      tags,
      summary: 'A SKU’s base unit, conversion units and stock in each unit (whole units + remainder), over the visible warehouses',
      params: CatalogParams,
      response: ProductUnitsView,
    },
    (ctx, { params }) => getProductUnits(ctx, params.catalog_id),
  );
  route(
    {
      method: 'PUT',
      url: '/api/inventory/product-units/:catalog_id',
      permission: ['list-inventory', 'WRITE'],
      tags,
      summary: 'Replaces the conversion units of the SKU’s product (the base unit stays); answers as GET',
      params: CatalogParams,
      body: ProductUnitsUpdateInput,
      response: ProductUnitsView,
    },
    (ctx, { params, body }) => updateProductUnits(ctx, params.catalog_id, body),
  );
}
