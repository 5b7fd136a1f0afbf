import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelProductList, ChannelPushList } from '@kelola/contracts/channel-products';
import type { Channel } from '@kelola/contracts/channels';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

const keys = queryKeys.channelProducts;

/** One shop (its name and marketplace for the title). */
export function useShop(channelId: string) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: queryKeys.channels.detail(workspaceId, channelId),
    queryFn: () => apiFetch<Channel>(`/channels/${encodeURIComponent(channelId)}`),
  });
}

/** The shop's products; polled every 2 s while an import runs (spec part 9: polls every 2 s). */
export function useChannelProducts(channelId: string, params: { status: string; page: number; size: number }) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.list(workspaceId, { channelId, ...params }),
    queryFn: () => apiFetch<ChannelProductList>(`/channels/${encodeURIComponent(channelId)}/products`, { query: params }),
    refetchInterval: (query) => (query.state.data?.import.status === 'ONPROGRESS' ? 2_000 : false),
  });
}

/** What the shop was last told about stock and prices, with the explanations. */
export function useChannelPushes(channelId: string) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'pushes', channelId),
    queryFn: () => apiFetch<ChannelPushList>(`/channels/${encodeURIComponent(channelId)}/pushes`),
    refetchInterval: 10_000,
  });
}

export function useSynchronize(channelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/channels/${encodeURIComponent(channelId)}/products/synchronize`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useMapSku(channelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: string; skuId: string; catalogId: string | null }) =>
      apiFetch(
        `/channels/${encodeURIComponent(channelId)}/products/${encodeURIComponent(input.productId)}/skus/${encodeURIComponent(input.skuId)}/mapping`,
        { method: 'PUT', body: { catalog_id: input.catalogId } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
