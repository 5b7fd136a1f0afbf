import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Warehouse, WarehouseInput } from '@kelola/contracts/warehouses';
import { apiFetch } from '../../../lib/api-client.ts';
import { warehouseKeys } from './warehouse-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

export const fetchWarehouse = (id: string) => apiFetch<Warehouse>(`/warehouses/${encodeURIComponent(id)}`);
export const createWarehouse = (input: WarehouseInput) => apiFetch<Warehouse>('/warehouses', { method: 'POST', body: input });
export const updateWarehouse = (id: string, input: WarehouseInput) =>
  apiFetch<Warehouse>(`/warehouses/${encodeURIComponent(id)}`, { method: 'PUT', body: input });

export function useWarehouse(id: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: warehouseKeys.detail(workspaceId, id ?? ''),
    queryFn: () => fetchWarehouse(id ?? ''),
    enabled: Boolean(id),
    // The form must start from the saved values, not a cached copy from before someone else's edit.
    staleTime: 0,
  });
}

type MutationOptions = { onSuccess?: (warehouse: Warehouse) => void };

/** STYLE rule 9: invalidate the warehouse keys, then call the caller's onSuccess. */
export function useCreateWarehouse(options: MutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWarehouse,
    onSuccess: async (warehouse) => {
      await queryClient.invalidateQueries({ queryKey: warehouseKeys.all });
      options.onSuccess?.(warehouse);
    },
  });
}

export function useUpdateWarehouse(id: string, options: MutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WarehouseInput) => updateWarehouse(id, input),
    onSuccess: async (warehouse) => {
      await queryClient.invalidateQueries({ queryKey: warehouseKeys.all });
      options.onSuccess?.(warehouse);
    },
  });
}
