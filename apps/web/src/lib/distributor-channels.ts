import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DistributorChannel, DistributorChannelList } from '@kelola/contracts/distributor-channel';
import { apiFetch } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { useWorkspaceId } from './workspace-query.ts';

/**
 * The workspace's distributor channel (none or one, ADR 0047): the channel product screens tell its id from a shop's,
 * and /integration opens it. Shared here because two features read it.
 */
export function useDistributorChannels() {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: queryKeys.channelProducts.of(workspaceId, 'distributor-channels'),
    queryFn: () => apiFetch<DistributorChannelList>('/distributor-channels'),
    staleTime: 60_000,
  });
}

/** Opens the workspace's distributor channel; the side menu lists it from then on. */
export function useOpenDistributorChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch<DistributorChannel>('/distributor-channels', { method: 'POST', body: { name } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.channelProducts.all });
      await client.invalidateQueries({ queryKey: queryKeys.me.all });
    },
  });
}
