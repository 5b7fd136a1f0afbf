import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ExportRecord } from '@kelola/contracts/catalog';
import {
  STOCK_SYNC_POLL_MS,
  type InventoryDetail as InventoryDetailSchema,
  type GoodsReceiptList as GoodsReceiptListSchema,
  type InventoryExportInput,
  type InventoryList,
  type StockSyncStatus,
} from '@kelola/contracts/inventory';
import { apiFetch } from '../../../lib/api-client.ts';
import { whileBusy } from '../../../lib/busy-banner.ts';
import { downloadFile } from '../../../lib/file-api.ts';
import { fetchCatalogStock } from '../../../lib/stock.ts';
import { useBusinessId, useWorkspaceId, withBusinessKey } from '../../../lib/workspace-query.ts';
import { inventoryKeys } from './inventory-keys.ts';

export type InventoryDetail = z.infer<typeof InventoryDetailSchema>;
export type InventoryExportBody = z.input<typeof InventoryExportInput>;
export type { InventoryList, StockSyncStatus };

export const fetchInventory = (params: Record<string, string | number>) => apiFetch<InventoryList>('/inventory', { query: params });

/** One page of balances (warehouse × SKU) with the counts per stock state; the previous page stays while the next loads. */
export function useInventory(params: Record<string, string | number>) {
  const workspaceId = useWorkspaceId();
  const businessId = useBusinessId();
  return useQuery({
    queryKey: inventoryKeys.balanceList(workspaceId, withBusinessKey(params, businessId)),
    queryFn: () => fetchInventory(params),
    placeholderData: keepPreviousData,
  });
}

/** The stock of one SKU in every warehouse the member may see. */
export function useCatalogStock(catalogId: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: inventoryKeys.catalogStock(workspaceId, catalogId ?? ''),
    queryFn: () => fetchCatalogStock(catalogId ?? ''),
    enabled: Boolean(catalogId),
    // Stock moves all the time: the drawer shows the balances of the moment it opens.
    staleTime: 0,
  });
}

/** Warehouses for the filters (the first 200 by name), limited to the top bar's business when one is chosen. */

// ---------------------------------------------------------------------------------------------------------------
// Warehouse stock sync (spec part 4): start, poll each second while any warehouse is ONPROGRESS, then report.

export const startStockSync = (warehouseIds: string[]) =>
  apiFetch<StockSyncStatus>('/inventory/sync-stock', { method: 'POST', body: { warehouse_ids: warehouseIds } });
export const fetchStockSyncStatus = (warehouseIds: string[]) =>
  apiFetch<StockSyncStatus>('/inventory/sync-stock', { query: { warehouse_ids: warehouseIds.join(',') } });

/** Polls in a row that may fail (network blips) before the run is given up as failed. */
const MAX_POLL_FAILURES = 5;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The whole stock sync as the spec describes it: POST, then GET every second while any warehouse reports
 * ONPROGRESS. Resolves with the final state (success and error lists filled by the server once none is in progress).
 * The shell's busy banner shows for the whole run.
 */
export function runStockSync(warehouseIds: string[], pollMs: number = STOCK_SYNC_POLL_MS): Promise<StockSyncStatus> {
  return whileBusy('stock-sync', async () => {
    let state = await startStockSync(warehouseIds);
    let failures = 0;
    while (state.in_progress) {
      await sleep(pollMs);
      try {
        state = await fetchStockSyncStatus(warehouseIds);
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures >= MAX_POLL_FAILURES) throw error;
      }
    }
    return state;
  });
}

/** Runs a stock sync; when it ends, every inventory key is refreshed, then the caller's onSuccess runs. */
export function useStockSync(options: { onSuccess?: (state: StockSyncStatus) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (warehouseIds: string[]) => runStockSync(warehouseIds),
    onSuccess: async (state) => {
      await queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      options.onSuccess?.(state);
    },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Inventory export: queue, poll with the waiting modal, download from the export history.

export const EXPORT_POLL_MS = 1500;
export const startInventoryExport = (input: InventoryExportBody) =>
  apiFetch<ExportRecord>('/inventory/exports', { method: 'POST', body: input });
export const fetchInventoryExport = (id: string) => apiFetch<ExportRecord>(`/inventory/exports/${encodeURIComponent(id)}`);
export const downloadExport = (record: Pick<ExportRecord, 'id' | 'file_name'>) =>
  downloadFile(`/inventory/exports/${encodeURIComponent(record.id)}/file`, record.file_name);

export function useStartInventoryExport(options: { onSuccess?: (record: ExportRecord) => void } = {}) {
  return useMutation({ mutationFn: startInventoryExport, onSuccess: (record) => options.onSuccess?.(record) });
}

/** The export's state, polled while it is PROCESSING or RETRY (the job retries a failure up to three times). */
export function useInventoryExport(id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: inventoryKeys.export(workspaceId, id ?? ''),
    queryFn: () => fetchInventoryExport(id ?? ''),
    enabled: Boolean(id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'DONE' || query.state.data?.status === 'FAILED' ? false : EXPORT_POLL_MS),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Inbound: the posted goods receipts (GET /api/inventory/inbound).

export type InboundList = z.infer<typeof GoodsReceiptListSchema>;
export const fetchInbound = (params: Record<string, string | number>) => apiFetch<InboundList>('/inventory/inbound', { query: params });

/** One page of inbound receipts (warehouse, status, catalog_id, sort); the previous page stays while the next loads. */
export function useInbound(params: Record<string, string | number>) {
  const workspaceId = useWorkspaceId();
  const businessId = useBusinessId();
  return useQuery({
    queryKey: inventoryKeys.inboundList(workspaceId, withBusinessKey(params, businessId)),
    queryFn: () => fetchInbound(params),
    placeholderData: keepPreviousData,
  });
}
