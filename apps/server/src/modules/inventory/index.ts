import type { KelolaModule } from '../../http/context.ts';
import { registerInventoryWorkers } from './inventory.jobs.ts';
import { registerInventoryRoutes } from './inventory.routes.ts';
import { registerProductUnitRoutes } from './product-units.ts';
import { channelStockDependents, channelStockOf } from './channel-stock.ts';
import { inventoryStockView } from './stock-view.ts';
export {
  adjustStock,
  ledgerMismatches,
  receiveStock,
  releaseStock,
  reserveStock,
  returnStock,
  shipStock,
  standaloneStock,
  type StockArrivedHandler,
  type StockRequest,
  type StockResult,
} from './stock-ledger.service.ts';
export {
  applyStockPlan,
  withdrawStockClaims,
  planStockBatch,
  reserveStockBatch,
  StockPlanChanged,
  type StockBatchPlan,
  type BatchOutcome,
  type BatchStockLine,
  type BatchStockRequest,
} from './stock-batch.service.ts';
export { runInventoryExport, type InventoryExportJob } from './inventory-export.service.ts';
export { runStockSync, type StockSyncJob } from './stock-sync.service.ts';
export type { AppliedLine, StockLine } from './stock-ledger.repository.ts';
export { createGoodsReceipt } from './goods-receipts.service.ts';

/** Stock ledger, balances, goods receipts and adjustments; provides the catalog's view of stock. */
export const inventoryModule: KelolaModule = {
  name: 'inventory',
  routes: (router) => {
    registerInventoryRoutes(router);
    registerProductUnitRoutes(router);
  },
  workers: registerInventoryWorkers,
  provides: { stock: inventoryStockView, channelStock: channelStockOf, channelStockDependents },
};
