/** Query parameters carried across navigation (spec part 2). */
export const WORKSPACE_QUERY_KEYS = ['workspace_id', 'business_id', 'warehouse_id'] as const;

/** Adds the current workspace, business and warehouse query to an in-app link that lacks them. */
export function withWorkspaceQuery(to: string, currentSearch: string): string {
  const current = new URLSearchParams(currentSearch);
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
