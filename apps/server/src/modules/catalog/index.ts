import { and, eq } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { inTenant } from '../../platform/db/database.ts';
import type { Platform } from '../../platform/platform.ts';
import { exports } from './catalog.schema.ts';
import { catalogsBySkus } from './products.repository.ts';
export { bundleAvailabilityOf, catalogRefs, getProduct } from './products.service.ts';
export { lookupAreaPrice } from './area-prices.service.ts';
export { channelPriceOf, type ResolvedChannelPrice } from './channel-prices.service.ts';
export { registerCatalogWorkers } from './catalog.jobs.ts';
export { runProductExport, runProductImport, type ExportJob, type ImportJob } from './catalog-io.service.ts';
export { componentsOf as bundleComponentsOf } from './products.repository.ts';
export { exportFile, getExport } from './catalog-io.service.ts';
// The stock port: the inventory module implements it, the composition root wires it in (no import cycle).
export { provideStockView, type CatalogStock, type StockView } from './stock-view.ts';

// Export history for other modules (inventory, later orders): one `exports` table, owned here.

/** Records an export of another module in the export history (status PROCESSING); its job fills it in. */
export async function recordExport(
  ctx: TenantCtx,
  entry: { id: string; type: string; fileName: string; filters: Record<string, unknown> },
): Promise<void> {
  await ctx.db.insert(exports).values({ ...entry, workspaceId: ctx.workspaceId, requestedBy: ctx.actor.userId });
}

/** An export record as its job sees it, outside any request. */
export async function findExportRecord(platform: Platform, workspaceId: string, id: string) {
  return inTenant(
    platform.database.db,
    workspaceId,
    async (tx) =>
      (
        await tx
          .select()
          .from(exports)
          .where(and(eq(exports.workspaceId, workspaceId), eq(exports.id, id)))
      )[0] ?? null,
  );
}

/** Progress and outcome of an export job (DONE with file and row count, RETRY, FAILED). */
export async function updateExportRecord(
  platform: Platform,
  workspaceId: string,
  id: string,
  values: Partial<Pick<typeof exports.$inferInsert, 'status' | 'fileKey' | 'rowCount' | 'attempts' | 'error' | 'finishedAt'>>,
): Promise<void> {
  await inTenant(platform.database.db, workspaceId, (tx) =>
    tx
      .update(exports)
      .set(values)
      .where(and(eq(exports.workspaceId, workspaceId), eq(exports.id, id))),
  );
}
export { createProduct } from './products.service.ts';
export { createCategory } from './categories.service.ts';
export { createBrand } from './brands.service.ts';
export { catalogUnits, replaceProductUnits, type CatalogUnits } from './product-units.service.ts';

/** Catalogs of this workspace by SKU (marketplace order import maps a seller SKU to its catalog). */
export async function catalogRefsBySku(ctx: TenantCtx, skus: readonly string[]) {
  return (await catalogsBySkus(ctx, skus)).map((c) => ({ id: c.id, sku: c.sku, name: c.name, price: Number(c.price) }));
}
