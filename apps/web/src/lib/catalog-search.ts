import { useQuery } from '@tanstack/react-query';
import type { CatalogSearchItem, CatalogSearchResult } from '@kelola/contracts/catalog-search';
import { apiFetch } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { useWorkspaceId } from './workspace-query.ts';

/** The SKU picker asks for this many SKUs per search. */
export const CATALOG_SEARCH_LIMIT = 20;

/** SKU look-ups of the picker: catalog data, unaffected by stock or price writes, so kept outside every feature's keys. */
export const catalogSearchKeys = {
  ...queryKeys.catalogSearch,
  search: (workspaceId: string | null, q: string, stockedOnly: boolean) =>
    queryKeys.catalogSearch.of(workspaceId, stockedOnly ? 'stocked' : 'any', q),
  byId: (workspaceId: string | null, id: string) => queryKeys.catalogSearch.of(workspaceId, 'id', id),
};

/** GET /api/catalogs: SKUs by SKU prefix or name, only those holding stock of their own when `stockedOnly`. */
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

/** The SKU of an id no search has listed (a link, a saved filter), for the picker's label; off without an id. */
export function useCatalogById(id: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: catalogSearchKeys.byId(workspaceId, id ?? ''),
    queryFn: ({ signal }) => apiFetch<CatalogSearchResult>('/catalogs', { query: { ids: id, limit: 1 }, signal }),
    select: (result) => result.items.find((item) => item.id === id) ?? null,
    enabled: Boolean(id),
    staleTime: Infinity,
  });
}

export type { CatalogSearchItem };
