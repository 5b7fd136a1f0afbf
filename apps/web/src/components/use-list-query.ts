import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams, type NavigateOptions } from 'react-router';

/** Spec part 7/9: lists start at page 1 with 10 rows. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;

export type ListQueryOptions<F extends string> = {
  /** URL parameters that are filters of this list (e.g. `q`, `status`). */
  filterKeys?: readonly F[];
  defaultSize?: number;
  /** The server's default sort: kept out of the URL when chosen. */
  defaultSort?: string;
};

export type ListQuery<F extends string = string> = {
  page: number;
  size: number;
  /** `field` ascending, `-field` descending; null for the server's default. */
  sort: string | null;
  filters: Partial<Record<F, string>>;
  /** page, size, sort and filters as API query parameters (defaults included). */
  params: Record<string, string | number>;
  /** `replace` corrects the URL without a new history entry (used for a page past the end). */
  setPage: (page: number, size?: number, options?: { replace?: boolean }) => void;
  setSort: (sort: string | null) => void;
  /** Sets filters (empty values remove them) and goes back to page 1. */
  setFilters: (changes: Partial<Record<F, string | null | undefined>>) => void;
  reset: () => void;
};

/**
 * The query of the last search-only navigation asked for, with the location it was made from. React Router's
 * `setSearchParams(fn)` hands `fn` the query of the last render, so two updates made before the router re-renders
 * (a list's new search and the shell's workspace_id carrying) lose one another: the later one overwrites the
 * newer location with stale parameters. Updates made through `useUpdateSearchParams` build on this instead.
 */
let pendingSearch: { key: string; pathname: string; search: string } | null = null;

export type SearchParamsChange = (next: URLSearchParams) => void;

/**
 * Changes the current page's query in place. Unlike `setSearchParams`, updates made before the router has rendered
 * the previous one build on it, so none is lost (the list's filters and the shell's workspace query).
 */
export function useUpdateSearchParams(): (change: SearchParamsChange, options?: NavigateOptions) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (change, options) => {
      const newer =
        pendingSearch && pendingSearch.key === location.key && pendingSearch.pathname === location.pathname ? pendingSearch.search : null;
      const next = new URLSearchParams(newer ?? location.search);
      change(next);
      const text = next.toString();
      const search = text ? `?${text}` : '';
      pendingSearch = { key: location.key, pathname: location.pathname, search };
      void navigate({ pathname: location.pathname, search }, options);
    },
    [location, navigate],
  );
}

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/**
 * Page, size, sort and filters of a list, kept in the URL query (STYLE rule 10): a list can be shared and the back
 * button restores it. Every change is a new history entry; other query parameters (workspace_id …) are kept.
 */
export function useListQuery<F extends string = never>(options: ListQueryOptions<F> = {}): ListQuery<F> {
  const { filterKeys, defaultSize = DEFAULT_PAGE_SIZE, defaultSort } = options;
  const [searchParams] = useSearchParams();
  const updateSearch = useUpdateSearchParams();
  const keys = useMemo(() => filterKeys ?? [], [filterKeys]);

  const page = positive(searchParams.get('page'), DEFAULT_PAGE);
  const size = positive(searchParams.get('size'), defaultSize);
  const sort = searchParams.get('sort') || defaultSort || null;
  // One string for every filter value: the memo below changes only when a filter does.
  const filterText = new URLSearchParams(
    keys.flatMap((key) => {
      const value = searchParams.get(key);
      return value ? [[key, value]] : [];
    }),
  ).toString();

  const filters = useMemo(() => Object.fromEntries(new URLSearchParams(filterText)) as Partial<Record<F, string>>, [filterText]);

  const params = useMemo(() => {
    const result: Record<string, string | number> = { page, size, ...filters };
    if (sort) result.sort = sort;
    return result;
  }, [page, size, sort, filters]);

  const update = useCallback((change: SearchParamsChange, replace = false) => updateSearch(change, { replace }), [updateSearch]);

  const setPage = useCallback(
    (nextPage: number, nextSize?: number, { replace = false }: { replace?: boolean } = {}) =>
      update((next) => {
        const chosenSize = nextSize ?? size;
        // A new page size starts again at page 1: the old page number may not exist any more.
        const chosenPage = nextSize !== undefined && nextSize !== size ? DEFAULT_PAGE : nextPage;
        if (chosenPage === DEFAULT_PAGE) next.delete('page');
        else next.set('page', String(chosenPage));
        if (chosenSize === defaultSize) next.delete('size');
        else next.set('size', String(chosenSize));
      }, replace),
    [update, size, defaultSize],
  );

  const setSort = useCallback(
    (nextSort: string | null) =>
      update((next) => {
        if (!nextSort || nextSort === defaultSort) next.delete('sort');
        else next.set('sort', nextSort);
        next.delete('page');
      }),
    [update, defaultSort],
  );

  const setFilters = useCallback(
    (changes: Partial<Record<F, string | null | undefined>>) =>
      update((next) => {
        for (const [key, value] of Object.entries(changes) as [F, string | null | undefined][]) {
          const text = typeof value === 'string' ? value.trim() : '';
          if (text) next.set(key, text);
          else next.delete(key);
        }
        next.delete('page');
      }),
    [update],
  );

  const reset = useCallback(
    () =>
      update((next) => {
        for (const key of ['page', 'size', 'sort', ...keys]) next.delete(key);
      }),
    [update, keys],
  );

  return { page, size, sort, filters, params, setPage, setSort, setFilters, reset };
}
