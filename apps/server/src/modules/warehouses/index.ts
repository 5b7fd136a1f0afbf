import type { KelolaModule } from '../../http/context.ts';
import { registerWarehouseRoutes } from './warehouses.routes.ts';
export { listWarehouseOptions, visibleWarehouseCondition, visibleWarehouseIds, warehouseOptionsJsonSql } from './warehouses.service.ts';
export { createWarehouse, getWarehouse, listWarehouses, updateWarehouse, type NewWarehouse } from './warehouses.service.ts';

/** Warehouses of a workspace. */
export const warehousesModule: KelolaModule = { name: 'warehouses', routes: registerWarehouseRoutes };
