import { Warehouse, WarehouseInput, WarehouseList, WarehouseListQuery, WarehouseParams } from '@kelola/contracts';
import type { Router } from '../../http/route.ts';
import * as warehouses from './warehouses.service.ts';

const tags = ['warehouses'];

/** Warehouses (spec part 7 "Warehouse": query/list, find-by-id, save, update) under REST paths. */
export function registerWarehouseRoutes({ route }: Router): void {
  route(
    {
      method: 'GET',
      url: '/api/warehouses',
      permission: ['warehouse', 'READ'],
      tags,
      summary: 'Warehouses the member may see, paged',
      querystring: WarehouseListQuery,
      response: WarehouseList,
    },
    (ctx, { query }) => warehouses.listWarehouses(ctx, query),
  );
  route(
    { method: 'GET', url: '/api/warehouses/:id', permission: ['warehouse', 'READ'], tags, params: WarehouseParams, response: Warehouse },
    (ctx, { params }) => warehouses.getWarehouse(ctx, params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/warehouses',
      permission: ['warehouse', 'WRITE'],
      tags,
      body: WarehouseInput,
      response: Warehouse,
      status: 201,
    },
    (ctx, { body }) => warehouses.createWarehouse(ctx, body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/warehouses/:id',
      permission: ['warehouse', 'WRITE'],
      tags,
      params: WarehouseParams,
      body: WarehouseInput,
      response: Warehouse,
    },
    (ctx, { params, body }) => warehouses.updateWarehouse(ctx, params.id, body),
  );
}
