import { useSearchParams } from 'react-router';

/** Query parameters carried across navigation (spec part 2). */
export const WORKSPACE_QUERY_KEYS = ['workspace_id', 'business_id', 'warehouse_id'] as const;

/** Adds the current workspace, business and warehouse query to an in-app link that lacks them. */
export function withWorkspaceQuery(to: string, currentSearch: string): string {
  // A click right after the shell added the query (history.replaceState) but before React re-rendered sees a stale
  // `currentSearch`; the browser's own address already has the query, so it is the fallback.
  const fresh =
    new URLSearchParams(currentSearch).get('workspace_id') || typeof window === 'undefined' ? currentSearch : window.location.search;
  const current = new URLSearchParams(fresh);
  const [pathAndQuery = '', hash] = to.split('#');
  const [pathname = '', query = ''] = pathAndQuery.split('?');
  const next = new URLSearchParams(query);
  for (const key of WORKSPACE_QUERY_KEYS) {
    const value = current.get(key);
    if (value && !next.has(key)) next.set(key, value);
  }
  const text = next.toString();
  return `${pathname}${text ? `?${text}` : ''}${hash !== undefined ? `#${hash}` : ''}`;
}

/** Spec part 2: paths containing one of these keep their full path when the workspace query is added. */
export const FULL_PATH_MARKERS = ['integration', '/confirmation/registered/success', '/inventory/'] as const;

/**
 * The path a navigation lands on when the workspace query has to be added to it (spec part 2):
 * paths containing `integration`, `/confirmation/registered/success` or `/inventory/` keep their full path,
 * every other path keeps only its first segment (`/fulfillment/detail` → `/fulfillment`).
 */
export function carriedPath(pathname: string): string {
  if (FULL_PATH_MARKERS.some((marker) => pathname.includes(marker))) return pathname;
  const first = pathname.split('/').find((segment) => segment !== '');
  return first === undefined ? '/' : `/${first}`;
}

/** The workspace query a page carries: workspace_id plus business_id or warehouse_id, when present. */
export function workspaceQueryOf(search: string): URLSearchParams | null {
  const current = new URLSearchParams(search);
  const workspaceId = current.get('workspace_id');
  if (!workspaceId) return null;
  const carried = new URLSearchParams({ workspace_id: workspaceId });
  for (const key of ['business_id', 'warehouse_id'] as const) {
    const value = current.get(key);
    if (value) carried.set(key, value);
  }
  return carried;
}

type Target = { pathname: string; search?: string; hash?: string };

/**
 * Where to send a navigation that arrived without `workspace_id` while the workspace query is known
 * (spec part 2), or null when the target already carries it. The target's own query is kept.
 * `isRoute` tells whether a cut path is a screen; when it is not, the full path is kept so carrying
 * the query never turns a valid page into the 404 page.
 */
export function carryWorkspaceQuery(
  target: Target,
  carried: URLSearchParams,
  isRoute: (pathname: string) => boolean = () => true,
): string | null {
  const query = new URLSearchParams(target.search ?? '');
  if (query.get('workspace_id')) return null;
  const cut = carriedPath(target.pathname);
  const pathname = cut === target.pathname || isRoute(cut) ? cut : target.pathname;
  for (const [key, value] of carried) if (!query.has(key)) query.set(key, value);
  const text = query.toString();
  return `${pathname}${text ? `?${text}` : ''}${target.hash ?? ''}`;
}

/** The workspace of the page query (the shell keeps it there); part of every query key. */
export function useWorkspaceId(): string | null {
  const [params] = useSearchParams();
  return params.get('workspace_id');
}

/** The business chosen in the top bar (the page query), which the API client sends as Business-Id. */
export function useBusinessId(): string | null {
  const [params] = useSearchParams();
  return params.get('business_id');
}

/**
 * A list's key parameters with the top bar's business: the server narrows the list to it (Business-Id), so a list
 * cached for another business (or for all) must not be shown for this one.
 */
export function withBusinessKey<P extends Record<string, string | number>>(params: P, businessId: string | null): P & { business: string } {
  return { ...params, business: businessId ?? 'all' };
}
