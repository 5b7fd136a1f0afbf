import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BinLocation, BinLocationItem } from '@kelola/contracts/documents';
import { apiFetch } from '../../lib/api-client.ts';
import { useWorkspaceId } from '../../lib/workspace-query.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export type { BinLocationItem };

const binKey = (workspaceId: string | null, warehouseId: string) => [
  ...queryKeys.warehouses.detail(workspaceId, warehouseId),
  'bin-locations',
];

/** GET /api/bin-locations: where each SKU lies in this warehouse (with its SKU code and name). */
export function useBinLocations(warehouseId: string, enabled = true) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: binKey(workspaceId, warehouseId),
    queryFn: () => apiFetch<{ items: BinLocationItem[] }>('/bin-locations', { query: { warehouse_id: warehouseId } }),
    enabled: enabled && Boolean(warehouseId),
  });
}

/**
 * Puts SKUs in one bin (PUT /api/bin-locations per SKU; an empty location takes a SKU out of its bin). The picking
 * list walks the warehouse by these locations.
 */
export function useSetBinLocations(warehouseId: string) {
  const workspaceId = useWorkspaceId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ catalogIds, location }: { catalogIds: readonly string[]; location: string }) => {
      const saved: BinLocation[] = [];
      for (const catalogId of catalogIds)
        saved.push(
          await apiFetch<BinLocation>('/bin-locations', {
            method: 'PUT',
            body: { warehouse_id: warehouseId, catalog_id: catalogId, location },
          }),
        );
      return saved;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: binKey(workspaceId, warehouseId) }),
  });
}
