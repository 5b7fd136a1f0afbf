import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { allows, type Access, type MenuKey, type PermissionMap } from '@kelola/contracts/menu';
import type { Me } from '@kelola/contracts/me';
import { apiFetch } from '../lib/api-client.ts';
import { queryKeys } from '../lib/query-keys.ts';

/**
 * The signed-in user's permissions for the workspace of the page query. Same key and call as the shell's `useMe`
 * (features/me), so this reads the cached answer the shell already loaded; components may not import features.
 */
export function usePermissions(): PermissionMap | null {
  const [params] = useSearchParams();
  const workspaceId = params.get('workspace_id');
  const me = useQuery({
    queryKey: queryKeys.me.detail(workspaceId),
    queryFn: () => apiFetch<Me>('/me', { query: { workspace_id: workspaceId }, workspaceId }),
  });
  return (me.data?.permissions as PermissionMap | undefined) ?? null;
}

/** `useCan('warehouse', 'WRITE')`: whether the user's role grants the action on the menu key (WRITE implies READ). */
export function useCan(menuKey: MenuKey, action: Access = 'READ'): boolean {
  const permissions = usePermissions();
  return permissions ? allows(permissions, menuKey, action) : false;
}
