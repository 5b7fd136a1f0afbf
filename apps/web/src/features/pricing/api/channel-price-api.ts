import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelPrice, ChannelPriceInput, ChannelPriceList } from '@kelola/contracts/channel-prices';
import { apiFetch } from '../../../lib/api-client.ts';
import { priceKeys } from './pricing-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

const one = (catalogId: string, channelId: string) =>
  `/catalogs/${encodeURIComponent(catalogId)}/channel-prices/${encodeURIComponent(channelId)}`;

export const fetchChannelPrices = (params: Record<string, string | number>) =>
  apiFetch<ChannelPriceList>('/channel-prices', { query: params });

/** A page of SKUs with their base price and their price on each channel (formula-derived or manual). */
export function useChannelPrices(params: Record<string, string | number>) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: priceKeys.channelPrices(workspaceId, params),
    queryFn: () => fetchChannelPrices(params),
    placeholderData: keepPreviousData,
  });
}

type Target = { catalogId: string; channelId: string };
type Options<T> = { onSuccess?: (result: T) => void };

/** Sets a manual price of a SKU on a channel; invalidates every price key, then calls onSuccess. */
export function useSaveChannelPrice(options: Options<ChannelPrice> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ catalogId, channelId, input }: Target & { input: ChannelPriceInput }) =>
      apiFetch<ChannelPrice>(one(catalogId, channelId), { method: 'PUT', body: input }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: priceKeys.all });
      options.onSuccess?.(saved);
    },
  });
}

/** Puts a SKU's price on a channel back on the formula. */
export function useResetChannelPrice(options: Options<Target> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (target: Target) => {
      await apiFetch<void>(one(target.catalogId, target.channelId), { method: 'DELETE' });
      return target;
    },
    onSuccess: async (target) => {
      await queryClient.invalidateQueries({ queryKey: priceKeys.all });
      options.onSuccess?.(target);
    },
  });
}
