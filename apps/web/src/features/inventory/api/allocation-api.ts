import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '@kelola/contracts/channels';
import type { AllocationInput, AllocationView, SetAsideInput } from '@kelola/contracts/inventory';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';
import { inventoryKeys } from './inventory-keys.ts';

const ALLOCATION = '/inventory/stock-allocation';

export type ChannelOption = Pick<Channel, 'id' | 'name' | 'marketplace' | 'status'>;

export const fetchAllocation = (warehouseId: string, catalogId?: string) =>
  apiFetch<AllocationView>(ALLOCATION, { query: { warehouse_id: warehouseId, catalog_id: catalogId } });
export const saveAllocation = (input: AllocationInput) => apiFetch<AllocationView>(ALLOCATION, { method: 'POST', body: input });
export const saveSetAside = (input: SetAsideInput) => apiFetch<AllocationView>('/inventory/set-asides', { method: 'PUT', body: input });
export const fetchChannels = () => apiFetch<{ items: Channel[] }>('/channels');

/** The channel rules of a warehouse and, with a SKU, each channel's quantity with the server's explanation. */
export function useAllocation(warehouseId: string | undefined, catalogId: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: inventoryKeys.allocation(workspaceId, warehouseId ?? '', catalogId),
    queryFn: () => fetchAllocation(warehouseId ?? '', catalogId),
    enabled: Boolean(warehouseId),
    staleTime: 0,
  });
}

/**
 * The workspace's connected shops a new rule may name (GET /api/channels needs READ on `store-list`); `enabled` false
 * leaves only the channels the saved rules already name.
 */
export function useChannelOptions(enabled: boolean) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: inventoryKeys.channelOptions(workspaceId),
    queryFn: fetchChannels,
    // Only connected shops take new rules (spec part 4: only CONNECTED channels appear in menus).
    select: (list): ChannelOption[] =>
      list.items.filter((c) => c.status === 'CONNECTED').map(({ id, name, marketplace, status }) => ({ id, name, marketplace, status })),
    staleTime: 60_000,
    enabled,
  });
}

/** Replaces the warehouse's rules (and the SKU's safety stock); the answer is put in the cache, then onSuccess runs. */
export function useSaveAllocation(options: { onSuccess?: (view: AllocationView) => void } = {}) {
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  return useMutation({
    mutationFn: saveAllocation,
    onSuccess: async (view) => {
      // Other SKUs' shares of this warehouse and, with a safety stock, the SKU's balances changed too.
      await queryClient.invalidateQueries({ queryKey: view.catalog_id ? inventoryKeys.all : inventoryKeys.allocations(workspaceId) });
      queryClient.setQueryData(inventoryKeys.allocation(workspaceId, view.warehouse_id, view.catalog_id ?? undefined), view);
      options.onSuccess?.(view);
    },
  });
}

/** Sets the stock set aside for one channel; balances and every share of the SKU change, so the inventory is refreshed. */
export function useSaveSetAside() {
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  return useMutation({
    mutationFn: saveSetAside,
    onSuccess: async (view) => {
      await queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      queryClient.setQueryData(inventoryKeys.allocation(workspaceId, view.warehouse_id, view.catalog_id ?? undefined), view);
    },
  });
}
