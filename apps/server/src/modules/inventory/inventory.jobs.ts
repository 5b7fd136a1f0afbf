import type { Platform } from '../../platform/platform.ts';
import { QUEUES, runInventoryExport, runStockSync, type InventoryExportJob, type StockSyncJob } from './inventory.service.ts';

/** The inventory's job handlers: warehouse stock sync and inventory export. */
export async function registerInventoryWorkers(platform: Platform): Promise<void> {
  await platform.jobs.work<StockSyncJob>(QUEUES.sync, (job) => runStockSync(platform, job));
  await platform.jobs.work<InventoryExportJob>(QUEUES.export, (job) => runInventoryExport(platform, job));
}
