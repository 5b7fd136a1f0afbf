import { useQuery } from '@tanstack/react-query';
import type { BusinessList } from '@kelola/contracts/businesses';
import { apiFetch } from '../../../lib/api-client.ts';
import { businessKeys } from './warehouse-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

export const fetchBusinesses = () => apiFetch<BusinessList>('/businesses');

/** Businesses of the workspace for the warehouse form's business select (needs READ on store-list). */
export function useBusinesses(enabled = true) {
  const workspaceId = useWorkspaceId();
  return useQuery({ queryKey: businessKeys.lists(workspaceId), queryFn: fetchBusinesses, enabled });
}
