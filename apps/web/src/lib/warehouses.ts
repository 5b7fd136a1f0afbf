import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WarehouseList } from '@kelola/contracts/warehouses';
import { apiFetch } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { useWorkspaceId } from './workspace-query.ts';

export const fetchWarehouses = (params: Record<string, string | number>) => apiFetch<WarehouseList>('/warehouses', { query: params });

/**
 * One page of warehouses (q, business_id, page, size, sort); the previous page stays while the next loads. Shared by
 * the warehouse list and every warehouse filter.
 */
export function useWarehouses(params: Record<string, string | number>, enabled = true) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: queryKeys.warehouses.list(workspaceId, params),
    queryFn: () => fetchWarehouses(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Warehouse choices of a select (optionally of one business). */
export function useWarehouseOptions(businessId: string | null, enabled: boolean) {
  const list = useWarehouses({ page: 1, size: 200, sort: 'name', ...(businessId ? { business_id: businessId } : {}) }, enabled);
  return { ...list, options: (list.data?.items ?? []).map((w) => ({ value: w.id, label: w.name })) };
}
