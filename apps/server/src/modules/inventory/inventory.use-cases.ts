// The use cases the inventory routes call, gathered so inventory.routes.ts keeps its one `inventory.<use case>`
// call per route while the use cases live one per file. Only inventory.routes.ts imports this list; other modules
// use index.ts.
export { createAdjustment, getAdjustment, listAdjustments, postAdjustment, updateAdjustment } from './stock-adjustments.service.ts';
export { createGoodsReceipt, getGoodsReceipt, listGoodsReceipts, postGoodsReceipt } from './goods-receipts.service.ts';
export { getMovement, inventoryDetail, listInventory, listMovements } from './inventory-queries.service.ts';
export { getInventoryExport, inventoryExportFile, startInventoryExport } from './inventory-export.service.ts';
export { getAllocation, saveAllocation, saveSetAside } from './stock-allocation.service.ts';
export { startStockSync, stockSyncStatus } from './stock-sync.service.ts';
export { transferStock } from './stock-transfers.service.ts';
