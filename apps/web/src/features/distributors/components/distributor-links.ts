import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';

/**
 * The query of a channel's links in the side menu (`fillChannel` in components/side-menu-model.ts): the distributor
 * channel's pages keep it from one to the other, with the workspace query.
 */
export const CHANNEL_QUERY_KEYS = ['sales_channel_id', 'channel_code'] as const;

/** An in-app link to a page of the channel: its own query first, then the channel's and the workspace's from the page. */
export function channelLink(pathname: string, currentSearch: string, own: Record<string, string> = {}): string {
  const current = new URLSearchParams(currentSearch);
  const next = new URLSearchParams(own);
  for (const key of CHANNEL_QUERY_KEYS) {
    const value = current.get(key);
    if (value && !next.has(key)) next.set(key, value);
  }
  const text = next.toString();
  return withWorkspaceQuery(`${pathname}${text ? `?${text}` : ''}`, currentSearch);
}

const channelBase = (channelId: string) => `/distributor-channel/${encodeURIComponent(channelId)}`;

/** /distributor-channel/:id/distributor-list with the page's channel and workspace query. */
export const distributorListLink = (channelId: string, currentSearch: string) =>
  channelLink(`${channelBase(channelId)}/distributor-list`, currentSearch);

/** /distributor-channel/:id/add-distributor, or the same form on a saved distributor (`?edit=<distributorId>`). */
export const distributorFormLink = (channelId: string, currentSearch: string, editId?: string) =>
  channelLink(`${channelBase(channelId)}/add-distributor`, currentSearch, editId ? { edit: editId } : {});
