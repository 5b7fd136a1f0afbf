import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me, MenuResult, UserSettings } from '@kelola/contracts/me';
import { apiFetch } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export const fetchMe = (workspaceId: string | null) => apiFetch<Me>('/me', { query: { workspace_id: workspaceId }, workspaceId });
export const fetchMenu = (workspaceId: string | null) => apiFetch<MenuResult>('/me/menu', { workspaceId });

/** The signed-in user for a workspace (the active one when `workspaceId` is null). */
export function useMe(workspaceId: string | null, enabled = true) {
  return useQuery({ queryKey: queryKeys.me.detail(workspaceId), queryFn: () => fetchMe(workspaceId), enabled });
}

/** The server's menu tree and connected channels for the active workspace and business. */
export function useMenu(workspaceId: string | null, businessId: string | null, enabled = true) {
  return useQuery({ queryKey: queryKeys.me.menu(workspaceId, businessId), queryFn: () => fetchMenu(workspaceId), enabled });
}

export function useUpdateSettings(options: { onSuccess?: (settings: UserSettings) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UserSettings) => apiFetch<UserSettings>('/me/settings', { method: 'PUT', body: settings }),
    onSuccess: async (settings) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.me.all });
      options.onSuccess?.(settings);
    },
  });
}
