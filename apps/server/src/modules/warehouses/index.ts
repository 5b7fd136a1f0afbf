export { listWarehouseOptions, visibleWarehouseCondition, visibleWarehouseIds } from './warehouses.repository.ts';
export { createWarehouse, getWarehouse, listWarehouses, updateWarehouse, type NewWarehouse } from './warehouses.service.ts';
