import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Distributor, DistributorInput, DistributorList } from '@kelola/contracts/distributors';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

/**
 * The distributors feature's calls (ADR 0071): GET/POST /api/distributor-channels/:id/distributors and
 * GET/PUT/DELETE …/distributors/:distributorId. Every write invalidates the distributors.
 */
type Params = Record<string, string | number>;

const listPath = (channelId: string) => `/distributor-channels/${encodeURIComponent(channelId)}/distributors`;
const distributorPath = (channelId: string, id: string) => `${listPath(channelId)}/${encodeURIComponent(id)}`;

export function useDistributors(channelId: string, params: Params) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: queryKeys.distributors.list(workspaceId, { channel: channelId, ...params }),
    queryFn: () => apiFetch<DistributorList>(listPath(channelId), { query: params }),
    placeholderData: keepPreviousData,
    enabled: Boolean(channelId),
  });
}

/** One distributor to edit (null: a new one, nothing loaded). */
export function useDistributor(channelId: string, id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: queryKeys.distributors.detail(workspaceId, id ?? ''),
    queryFn: () => apiFetch<Distributor>(distributorPath(channelId, id ?? '')),
    enabled: Boolean(channelId && id),
    // The form must start from the saved values, not a cached copy from before someone else's edit.
    staleTime: 0,
  });
}

export type DistributorSave = { id: string | null; body: DistributorInput };

/** Adds (no `id`, POST → 201) or replaces (PUT, the whole form) a distributor; the answer is the distributor as saved. */
export function useSaveDistributor(channelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: DistributorSave) =>
      id
        ? apiFetch<Distributor>(distributorPath(channelId, id), { method: 'PUT', body })
        : apiFetch<Distributor>(listPath(channelId), { method: 'POST', body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.distributors.all });
    },
  });
}

/** Deletes a distributor (204). */
export function useDeleteDistributor(channelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<undefined>(distributorPath(channelId, id), { method: 'DELETE' }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.distributors.all });
    },
  });
}
