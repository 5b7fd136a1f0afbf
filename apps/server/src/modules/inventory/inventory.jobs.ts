import type { Platform } from '../../platform/platform.ts';
import { INVENTORY_EXPORT_QUEUE, runInventoryExport, type InventoryExportJob } from './inventory-export.service.ts';
import { runStockSync, STOCK_SYNC_QUEUE, type StockSyncJob } from './stock-sync.service.ts';

/** The inventory's job handlers: warehouse stock sync and inventory export. */
export async function registerInventoryWorkers(platform: Platform): Promise<void> {
  await platform.jobs.work<StockSyncJob>(STOCK_SYNC_QUEUE, (job) => runStockSync(platform, job));
  await platform.jobs.work<InventoryExportJob>(INVENTORY_EXPORT_QUEUE, (job) => runInventoryExport(platform, job));
}
