import type { KelolaModule } from '../../http/context.ts';
import { registerInventoryWorkers } from './inventory.jobs.ts';
import { registerInventoryRoutes } from './inventory.routes.ts';
import { registerProductUnitRoutes } from './product-units.ts';
import { inventoryStockView } from './stock-view.ts';
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

/** Stock ledger, balances, goods receipts and adjustments; provides the catalog's view of stock. */
export const inventoryModule: KelolaModule = {
  name: 'inventory',
  routes: (router) => {
    registerInventoryRoutes(router);
    registerProductUnitRoutes(router);
  },
  workers: registerInventoryWorkers,
  provides: { stock: inventoryStockView },
};
