import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AreaList } from '@kelola/contracts/areas';
import type { AreaPriceInput } from '@kelola/contracts/catalog';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { priceKeys } from './pricing-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

export type AreaPrice = {
  id: string;
  catalog_id: string;
  area_code: string;
  area_level: 'province' | 'city' | 'district';
  area_name: string | null;
  customer_type: string;
  price: number;
  effective_from: string;
  effective_until: string | null;
  created_at: string;
  updated_at: string;
};

export type AreaPriceLookup = {
  catalog_id: string;
  price: number;
  source: 'AREA' | 'LIST_PRICE';
  area_price_id: string | null;
  area_code: string | null;
  area_level: 'province' | 'city' | 'district' | null;
  date: string;
};

export type LookupParams = { catalog_id: string; customer_type: string; area_code: string; date?: string };

export const fetchAreaPrices = (catalogId: string) =>
  apiFetch<{ items: AreaPrice[] }>(`/catalogs/${encodeURIComponent(catalogId)}/area-prices`);
export const lookupAreaPrice = (params: LookupParams) => apiFetch<AreaPriceLookup>('/area-prices/lookup', { query: params });

export function useAreaPrices(catalogId: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: priceKeys.areaPrices(workspaceId, catalogId ?? ''),
    queryFn: () => fetchAreaPrices(catalogId ?? ''),
    enabled: Boolean(catalogId),
  });
}

export function useAreaPriceLookup(params: LookupParams | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: priceKeys.lookup(workspaceId, params ?? {}),
    queryFn: () => lookupAreaPrice(params!),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Area children by parent code (null: provinces); the same key as other area pickers, so the cache is shared. */
export function useAreaChildren(parent: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.areas.children(parent),
    queryFn: () => apiFetch<AreaList>('/areas', { query: { parent } }),
    enabled,
    staleTime: 60 * 60 * 1000,
  });
}

type Options<T> = { onSuccess?: (result: T) => void };

/** Creates (no id) or replaces an area price; invalidates every price key, then calls onSuccess. */
export function useSaveAreaPrice(catalogId: string, options: Options<AreaPrice> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AreaPriceInput }) =>
      id
        ? apiFetch<AreaPrice>(`/area-prices/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
        : apiFetch<AreaPrice>(`/catalogs/${encodeURIComponent(catalogId)}/area-prices`, { method: 'POST', body: input }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: priceKeys.all });
      options.onSuccess?.(saved);
    },
  });
}

export function useDeleteAreaPrice(options: Options<string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiFetch<void>(`/area-prices/${encodeURIComponent(id)}`, { method: 'DELETE' });
      return id;
    },
    onSuccess: async (id) => {
      await queryClient.invalidateQueries({ queryKey: priceKeys.all });
      options.onSuccess?.(id);
    },
  });
}
