import { useQuery } from '@tanstack/react-query';
import type { AreaList } from '@kelola/contracts/areas';
import { apiFetch } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export const fetchAreas = (parent: string | null) => apiFetch<AreaList>('/areas', { query: { parent } });

/** Children of an area (the provinces for null); reference data that changes once in years. */
export function useAreas(parent: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.areas.children(parent),
    queryFn: () => fetchAreas(parent),
    enabled,
    staleTime: 60 * 60 * 1000,
    gcTime: 60 * 60 * 1000,
  });
}
