export { registerInventoryWorkers } from './inventory.jobs.ts';
export {
  adjustStock,
  ledgerMismatches,
  receiveStock,
  releaseStock,
  reserveStock,
  returnStock,
  shipStock,
  standaloneStock,
  type StockRequest,
  type StockResult,
} from './stock-ledger.service.ts';
export { runInventoryExport, type InventoryExportJob } from './inventory-export.service.ts';
export { runStockSync, type StockSyncJob } from './stock-sync.service.ts';
export type { AppliedLine, StockLine } from './stock-ledger.repository.ts';
export { createGoodsReceipt } from './goods-receipts.service.ts';
export { inventoryStockView } from './stock-view.ts';
