import type { Platform } from '../../platform/platform.ts';
import { QUEUES, runProductExport, runProductImport, type ExportJob, type ImportJob } from './catalog-io.service.ts';

/** The catalog's job handlers: product import and export. */
export async function registerCatalogWorkers(platform: Platform): Promise<void> {
  await platform.jobs.work<ImportJob>(QUEUES.import, (job) => runProductImport(platform, job));
  await platform.jobs.work<ExportJob>(QUEUES.export, (job) => runProductExport(platform, job));
}
