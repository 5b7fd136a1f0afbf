import { useQueries } from '@tanstack/react-query';
import type { InventoryDetail as InventoryDetailSchema } from '@kelola/contracts/inventory';
import type { z } from 'zod';
import { apiFetch } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { useWorkspaceId } from './workspace-query.ts';

/** The stock of one SKU in every warehouse the member may see (GET /api/inventory/catalogs/:id). */
export const fetchCatalogStock = (catalogId: string) =>
  apiFetch<z.infer<typeof InventoryDetailSchema>>(`/inventory/catalogs/${encodeURIComponent(catalogId)}`);

/** The key of one SKU's stock, under the inventory balances so a stock write refreshes it (inventory, orders). */
export const catalogStockKey = (workspaceId: string | null, catalogId: string) =>
  queryKeys.inventory.of(workspaceId, 'balances', 'catalog', catalogId);

/**
 * The available stock of each SKU in one warehouse (GET /api/inventory/catalogs/:id per SKU, shared with the
 * inventory screens' cache). A SKU without stock in the warehouse has 0; undefined while loading or failed. Its
 * safety stock too (part of on hand an adjustment may still take away: a count may find less than it).
 */
export function useAvailableStock(warehouseId: string | undefined, catalogIds: readonly (string | undefined)[], enabled = true) {
  const workspaceId = useWorkspaceId();
  const ids = [...new Set(catalogIds.filter((id): id is string => Boolean(id)))];
  const results = useQueries({
    queries: ids.map((catalogId) => ({
      queryKey: catalogStockKey(workspaceId, catalogId),
      queryFn: () => fetchCatalogStock(catalogId),
      enabled: enabled && Boolean(warehouseId),
      // Stock moves all the time; a line shows what is available when it is chosen.
      staleTime: 10_000,
    })),
  });
  const available = new Map<string, number | undefined>();
  const safetyStock = new Map<string, number>();
  ids.forEach((catalogId, index) => {
    const data = results[index]?.data;
    const balance = warehouseId ? data?.warehouses.find((w) => w.warehouse_id === warehouseId) : undefined;
    available.set(catalogId, !data || !warehouseId ? undefined : (balance?.available ?? 0));
    if (balance) safetyStock.set(catalogId, balance.safety_stock);
  });
  return { available, safetyStock, loading: results.some((r) => r.isFetching), failed: results.some((r) => r.isError) };
}
