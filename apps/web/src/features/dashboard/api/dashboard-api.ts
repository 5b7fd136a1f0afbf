import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Channel } from '@kelola/contracts/channels';
import type { OrderList } from '@kelola/contracts/orders';
import type { WarehouseList } from '@kelola/contracts/warehouses';
import type { MemberList } from '@kelola/contracts/workspaces';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

type Members = z.infer<typeof MemberList>;

/**
 * Query keys of the dashboard's figures, per workspace, under the resource they count (adding a warehouse refreshes
 * its count); refetched whenever the dashboard opens (staleTime 0).
 */
export const dashboardKeys = {
  count: (workspaceId: string | null, resource: 'warehouses' | 'users' | 'channels' | 'products') =>
    queryKeys[resource].of(workspaceId, 'count'),
};

export type ChannelCount = { total: number; connected: number };
/** The orders waiting for the team: new, ready to ship, and buyers' cancel requests (the /sales tabs' counts). */
export type OrderTodo = { new: number; ready_to_ship: number; cancel_requested: number };

// One row is enough: the lists answer with the spec's total_row.
export const fetchWarehouseCount = async () => (await apiFetch<WarehouseList>('/warehouses', { query: { page: 1, size: 1 } })).total_row;
export const fetchProductCount = async () =>
  (await apiFetch<{ total_row: number }>('/products', { query: { page: 1, size: 1 } })).total_row;
export const fetchUserCount = async () => (await apiFetch<Members>('/users', { query: { page: 1, size: 1 } })).total_row;
export const fetchChannelCount = async (): Promise<ChannelCount> => {
  const { items } = await apiFetch<{ items: Channel[] }>('/channels');
  return { total: items.length, connected: items.filter((channel) => channel.status === 'CONNECTED').length };
};

// One row is enough here too: the answer carries every tab's count for the member's orders.
export const fetchOrderTodo = async (): Promise<OrderTodo> => {
  const { counts } = await apiFetch<OrderList>('/orders', { query: { page: 1, size: 1 } });
  return { new: counts.new ?? 0, ready_to_ship: counts.ready_to_ship ?? 0, cancel_requested: counts.cancel_requested ?? 0 };
};

function useWorkspaceId(): string | null {
  const [params] = useSearchParams();
  return params.get('workspace_id');
}

export function useWarehouseCount(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.count(useWorkspaceId(), 'warehouses'), queryFn: fetchWarehouseCount, enabled, staleTime: 0 });
}

export function useUserCount(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.count(useWorkspaceId(), 'users'), queryFn: fetchUserCount, enabled, staleTime: 0 });
}

export function useChannelCount(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.count(useWorkspaceId(), 'channels'), queryFn: fetchChannelCount, enabled, staleTime: 0 });
}

export function useProductCount(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.count(useWorkspaceId(), 'products'), queryFn: fetchProductCount, enabled, staleTime: 0 });
}

/** Under the orders' key: accepting, shipping or cancelling an order refreshes the to-do figures. */
export function useOrderTodo(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.orders.of(useWorkspaceId(), 'todo'), queryFn: fetchOrderTodo, enabled, staleTime: 0 });
}
