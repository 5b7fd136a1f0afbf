import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { CatalogSearchItem, CatalogSearchResult } from '@kelola/contracts/catalog-search';
import { apiFetch } from '../../../lib/api-client.ts';
import { catalogSearchKeys } from './inventory-keys.ts';

/** The picker asks for this many SKUs per search. */
export const CATALOG_SEARCH_LIMIT = 20;

/** The workspace of the page query (the shell keeps it there); part of every key. */
export function useWorkspaceId(): string | null {
  const [params] = useSearchParams();
  return params.get('workspace_id');
}

export const searchCatalogs = (q: string, stockedOnly: boolean, signal?: AbortSignal) =>
  apiFetch<CatalogSearchResult>('/catalogs', {
    query: { q: q.trim() || undefined, limit: CATALOG_SEARCH_LIMIT, stocked: stockedOnly ? 'true' : undefined },
    signal,
  });

/**
 * SKUs whose code starts with, or whose name contains, `q` (the first SKUs by code when `q` is empty). No previous
 * answer is kept while the next loads: a stale option could be picked for the new search.
 */
export function useCatalogSearch(q: string, stockedOnly: boolean, enabled = true) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: catalogSearchKeys.search(workspaceId, q.trim(), stockedOnly),
    queryFn: ({ signal }) => searchCatalogs(q, stockedOnly, signal),
    enabled,
  });
}

export type { CatalogSearchItem };
