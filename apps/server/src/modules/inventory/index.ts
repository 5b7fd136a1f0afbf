export { registerInventoryWorkers } from './inventory.jobs.ts';
export {
  adjustStock,
  ledgerMismatches,
  receiveStock,
  releaseStock,
  reserveStock,
  returnStock,
  runInventoryExport,
  runStockSync,
  shipStock,
  standaloneStock,
  type InventoryExportJob,
  type StockRequest,
  type StockResult,
  type StockSyncJob,
} from './inventory.service.ts';
export type { AppliedLine, StockLine } from './inventory.repository.ts';
export { createGoodsReceipt } from './inventory.service.ts';
export { inventoryStockView } from './stock-view.ts';
