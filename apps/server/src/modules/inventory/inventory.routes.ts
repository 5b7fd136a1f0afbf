import {
  Adjustment,
  AdjustmentInput,
  AdjustmentList,
  AllocationInput,
  SetAsideInput,
  AllocationQuery,
  AllocationView,
  DocumentListQuery,
  ExportRecord,
  GoodsReceipt,
  GoodsReceiptInput,
  GoodsReceiptList,
  InventoryDetail,
  InventoryExportInput,
  InventoryList,
  InventoryListQuery,
  MovementList,
  MovementListQuery,
  StockMovement,
  StockSyncInput,
  StockSyncQuery,
  StockSyncStatus,
  StockTransfer,
  StockTransferInput,
} from '@kelola/contracts';
import { z } from 'zod';
import { download } from '../../platform/files/download.ts';
import type { Router } from '../../http/route.ts';
import { createAdjustment, getAdjustment, listAdjustments, postAdjustment, updateAdjustment } from './stock-adjustments.service.ts';
import { createGoodsReceipt, getGoodsReceipt, listGoodsReceipts, postGoodsReceipt } from './goods-receipts.service.ts';
import { getMovement, inventoryDetail, listInventory, listMovements } from './inventory-queries.service.ts';
import { getInventoryExport, inventoryExportFile, startInventoryExport } from './inventory-export.service.ts';
import { getAllocation, saveAllocation, saveSetAside } from './stock-allocation.service.ts';
import { startStockSync, stockSyncStatus } from './stock-sync.service.ts';
import { transferStock } from './stock-transfers.service.ts';

const IdParams = z.object({ id: z.uuid({ error: 'INVALID_ID' }) });
const CatalogParams = z.object({ catalog_id: z.uuid({ error: 'INVALID_ID' }) });

/** Inventory (issue 5): stock list v2, movements, goods receipts, adjustments, allocation, stock sync, export. */
export function registerInventoryRoutes({ route }: Router): void {
  const tags = ['inventory'];
  route(
    {
      method: 'GET',
      url: '/api/inventory',
      permission: ['list-inventory', 'READ'],
      tags,
      summary: 'Inventory list v2: balances per warehouse × SKU with counts per stock state',
      querystring: InventoryListQuery,
      response: InventoryList,
    },
    (ctx, { query }) => listInventory(ctx, query),
  );
  route(
    {
      method: 'GET',
      url: '/api/inventory/catalogs/:catalog_id',
      permission: ['list-inventory', 'READ'],
      tags,
      summary: 'Stock of one SKU in every visible warehouse',
      params: CatalogParams,
      response: InventoryDetail,
    },
    (ctx, { params }) => inventoryDetail(ctx, params.catalog_id),
  );

  // Movements (ledger) ---------------------------------------------------------------------------------------------
  route(
    {
      method: 'GET',
      url: '/api/inventory/movements',
      permission: ['stock-movement', 'READ'],
      tags,
      summary: 'Stock movement ledger, newest first',
      querystring: MovementListQuery,
      response: MovementList,
    },
    (ctx, { query }) => listMovements(ctx, query),
  );
  route(
    {
      method: 'GET',
      url: '/api/inventory/movements/:id',
      permission: ['stock-movement', 'READ'],
      tags,
      params: IdParams,
      response: StockMovement,
    },
    (ctx, { params }) => getMovement(ctx, params.id),
  );

  // Goods receipt ---------------------------------------------------------------------------------------------------
  route(
    {
      method: 'GET',
      url: '/api/inventory/goods-receipts',
      permission: ['goods-receipt', 'READ'],
      tags,
      querystring: DocumentListQuery,
      response: GoodsReceiptList,
    },
    (ctx, { query }) => listGoodsReceipts(ctx, query),
  );
  route(
    {
      method: 'POST',
      url: '/api/inventory/goods-receipts',
      permission: ['goods-receipt', 'WRITE'],
      tags,
      summary: 'Creates a goods receipt (draft, or posted with post: true)',
      body: GoodsReceiptInput,
      response: GoodsReceipt,
      status: 201,
    },
    (ctx, { body }) => createGoodsReceipt(ctx, body),
  );
  route(
    {
      method: 'GET',
      url: '/api/inventory/goods-receipts/:id',
      permission: ['goods-receipt', 'READ'],
      tags,
      params: IdParams,
      response: GoodsReceipt,
    },
    (ctx, { params }) => getGoodsReceipt(ctx, params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/inventory/goods-receipts/:id/post',
      permission: ['goods-receipt', 'WRITE'],
      tags,
      summary: 'Posts a draft receipt: adds its stock',
      params: IdParams,
      response: GoodsReceipt,
    },
    (ctx, { params }) => postGoodsReceipt(ctx, params.id),
  );
  // Inbound: the posted receipts, as the spec's inbound list (paged by warehouse, status, catalog_id, sort).
  route(
    {
      method: 'GET',
      url: '/api/inventory/inbound',
      permission: ['inbound', 'READ'],
      tags,
      querystring: DocumentListQuery,
      response: GoodsReceiptList,
    },
    (ctx, { query }) => listGoodsReceipts(ctx, { ...query, status: query.status ?? 'POSTED' }),
  );

  // Stock adjustment ------------------------------------------------------------------------------------------------
  route(
    {
      method: 'GET',
      url: '/api/inventory/adjustments',
      permission: ['stock-adjustment', 'READ'],
      tags,
      querystring: DocumentListQuery,
      response: AdjustmentList,
    },
    (ctx, { query }) => listAdjustments(ctx, query),
  );
  route(
    {
      method: 'POST',
      url: '/api/inventory/adjustments',
      permission: ['stock-adjustment', 'WRITE'],
      tags,
      summary: 'Creates a draft stock adjustment',
      body: AdjustmentInput,
      response: Adjustment,
      status: 201,
    },
    (ctx, { body }) => createAdjustment(ctx, body),
  );
  route(
    {
      method: 'GET',
      url: '/api/inventory/adjustments/:id',
      permission: ['stock-adjustment', 'READ'],
      tags,
      params: IdParams,
      response: Adjustment,
    },
    (ctx, { params }) => getAdjustment(ctx, params.id),
  );
  route(
    {
      method: 'PUT',
      url: '/api/inventory/adjustments/:id',
      permission: ['stock-adjustment', 'WRITE'],
      tags,
      summary: 'Edits a draft adjustment (409 once posted)',
      params: IdParams,
      body: AdjustmentInput,
      response: Adjustment,
    },
    (ctx, { params, body }) => updateAdjustment(ctx, params.id, body),
  );
  route(
    {
      method: 'POST',
      url: '/api/inventory/adjustments/:id/post',
      permission: ['stock-adjustment', 'WRITE'],
      tags,
      summary: 'Posts a draft adjustment: writes the ledger',
      params: IdParams,
      response: Adjustment,
    },
    (ctx, { params }) => postAdjustment(ctx, params.id),
  );

  // Transfer between warehouses -------------------------------------------------------------------------------------
  route(
    {
      method: 'POST',
      url: '/api/inventory/transfers',
      permission: ['list-inventory', 'WRITE'],
      tags,
      summary: 'Moves available stock from one warehouse to another (ledger type TRANSFER, number TRF-…); 409 INSUFFICIENT_STOCK',
      body: StockTransferInput,
      response: StockTransfer,
      status: 201,
    },
    (ctx, { body }) => transferStock(ctx, body),
  );

  // Allocation per channel ------------------------------------------------------------------------------------------
  route(
    {
      method: 'GET',
      url: '/api/inventory/stock-allocation',
      permission: ['stock-allocation', 'READ'],
      tags,
      summary: 'Channel rules of a warehouse and, for a SKU, each channel’s quantity with its explanation',
      querystring: AllocationQuery,
      response: AllocationView,
    },
    (ctx, { query }) => getAllocation(ctx, query),
  );
  route(
    {
      method: 'POST',
      url: '/api/inventory/stock-allocation',
      permission: ['stock-allocation', 'WRITE'],
      tags,
      summary: 'Replaces the channel rules of a warehouse (and a SKU’s safety stock)',
      body: AllocationInput,
      response: AllocationView,
    },
    (ctx, { body }) => saveAllocation(ctx, body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/inventory/set-asides',
      permission: ['stock-allocation', 'WRITE'],
      tags,
      summary: 'Sets the stock of a SKU in a warehouse set aside for one channel (ledger type ALLOCATION); 409 INSUFFICIENT_STOCK',
      body: SetAsideInput,
      response: AllocationView,
    },
    (ctx, { body }) => saveSetAside(ctx, body),
  );

  // Warehouse stock sync ------------------------------------------------------------------------------------------
  route(
    {
      method: 'POST',
      url: '/api/inventory/sync-stock',
      permission: ['list-inventory', 'WRITE'],
      tags,
      summary: 'Starts a stock sync per warehouse; poll GET each second while in_progress',
      body: StockSyncInput,
      response: StockSyncStatus,
      status: 202,
    },
    (ctx, { body }) => startStockSync(ctx, body),
  );
  route(
    {
      method: 'GET',
      url: '/api/inventory/sync-stock',
      permission: ['list-inventory', 'READ'],
      tags,
      summary: 'Latest sync state per warehouse (ONPROGRESS, SUCCESS, FAILED)',
      querystring: StockSyncQuery,
      response: StockSyncStatus,
    },
    (ctx, { query }) => stockSyncStatus(ctx, query),
  );

  // Export --------------------------------------------------------------------------------------------------------
  route(
    {
      method: 'POST',
      url: '/api/inventory/exports',
      permission: ['list-inventory', 'READ'],
      tags,
      summary: 'Queues an inventory XLSX export, recorded in export history (file: GET /api/inventory/exports/:id/file)',
      body: InventoryExportInput,
      response: ExportRecord,
      status: 202,
    },
    (ctx, { body }) => startInventoryExport(ctx, body),
  );
  route(
    {
      method: 'GET',
      url: '/api/inventory/exports/:id',
      permission: ['list-inventory', 'READ'],
      tags,
      params: IdParams,
      response: ExportRecord,
    },
    (ctx, { params }) => getInventoryExport(ctx, params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/inventory/exports/:id/file',
      permission: ['list-inventory', 'READ'],
      tags,
      summary: 'The exported XLSX',
      params: IdParams,
    },
    async (ctx, { params, reply }) => download(reply, await inventoryExportFile(ctx, params.id)),
  );
}
