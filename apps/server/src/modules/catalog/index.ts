export { bundleAvailabilityOf, catalogRefs, getProduct } from './products.service.ts';
export { lookupAreaPrice } from './area-prices.service.ts';
export { registerCatalogWorkers } from './catalog.jobs.ts';
export { runProductExport, runProductImport, type ExportJob, type ImportJob } from './catalog-io.service.ts';
