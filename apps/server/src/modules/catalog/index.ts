import type { KelolaModule } from '../../http/context.ts';
import type { TenantCtx } from '../../http/context.ts';
import { registerCatalogSearchRoute } from './catalog-search.ts';
import { registerCatalogRoutes } from './catalog.routes.ts';
import { registerChannelPriceRoutes } from './channel-prices.routes.ts';
import { channelPriceValues } from './channel-prices.service.ts';
import { registerCatalogWorkers } from './catalog.jobs.ts';
import { bundleCatalogsOfQuery, catalogProductTypes, catalogRefsBySkus, catalogsByNames, imagesOf } from './products.repository.ts';
export { bundleAvailabilityOf, catalogRefs, catalogTargets, getProduct } from './products.service.ts';
export { lookupAreaPrice } from './area-prices.service.ts';
export {
  channelPriceOf,
  channelPriceValues,
  derivedPricesOf,
  setManualChannelPrice,
  type DerivedPrice,
  type ResolvedChannelPrice,
} from './channel-prices.service.ts';
export { runProductExport, runProductImport, type ExportJob, type ImportJob } from './catalog-io.service.ts';
export { bundleComponentsOf } from './products.service.ts';
export { catalogThumbnails } from './catalog-thumbnails.ts';
// The stock port: the inventory module implements it, the composition root wires it in (no import cycle).
export type { CatalogStock, StockView } from './stock-view.ts';

export { createProduct } from './products.service.ts';
export { uploadImage } from './images.service.ts';
export { createCategory } from './categories.service.ts';
export { createBrand } from './brands.service.ts';
export { catalogUnits, replaceProductUnits, type CatalogUnits } from './product-units.service.ts';

/** Products, categories, brands and channel prices; shows stock through the `stock` port. */
export const catalogModule: KelolaModule = {
  name: 'catalog',
  routes: (router) => {
    registerCatalogRoutes(router);
    registerCatalogSearchRoute(router);
    registerChannelPriceRoutes(router);
  },
  workers: registerCatalogWorkers,
  provides: { channelPrice: channelPriceValues },
  needs: ['stock'],
};

/** The product type (VARIANT, BUNDLING …) of these catalogs of the workspace; ids not found are left out. */
export const catalogTypes = (ctx: TenantCtx, ids: readonly string[]) => catalogProductTypes(ctx, ids);

/** Catalogs of this workspace by SKU (marketplace order import maps a seller SKU to its catalog), with their product type. */
export async function catalogRefsBySku(ctx: TenantCtx, skus: readonly string[]) {
  return (await catalogRefsBySkus(ctx, skus)).map((c) => ({
    id: c.id,
    sku: c.sku,
    name: c.name,
    price: Number(c.price),
    costPrice: c.costPrice === null ? null : Number(c.costPrice),
    productType: c.productType,
  }));
}

/** Catalogs of this workspace whose name equals one of these, ignoring case and outer spaces (channel product mapping). */
export async function catalogRefsByName(ctx: TenantCtx, names: readonly string[]) {
  return (await catalogsByNames(ctx, names)).map((c) => ({ id: c.id, sku: c.sku, name: c.name }));
}

/**
 * The catalogs of the bundles that contain any of these catalogs (the inventory re-pushes them when a component
 * moves), as a query of one column that the caller runs inside its own statement.
 */
export function bundleCatalogsContaining(ctx: Pick<TenantCtx, 'workspaceId'>, componentCatalogIds: readonly string[]) {
  return bundleCatalogsOfQuery(ctx, componentCatalogIds);
}

/** A product's image files in position order (publishing uploads them to the shops). */
export async function productImageFiles(ctx: TenantCtx, productId: string) {
  return (await imagesOf(ctx, productId)).map((i) => ({
    id: i.id,
    fileKey: i.fileKey,
    fileName: i.fileName,
    mimeType: i.mimeType,
    sizeBytes: i.sizeBytes,
    position: i.position,
  }));
}
