import { arr, num, obj, str } from '../adapter-http.ts';
import type { ReturnCapability } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { TiktokClient } from './tiktok.client.ts';
import { toReturn } from './tiktok.mappers.ts';

/** Return and refund reads (returns/search). */
export const tiktokReturns = ({ call }: TiktokClient): ReturnCapability => ({
  listReturns: async (auth, input) => {
    const data = await call({
      method: 'POST',
      path: '/return_refund/202309/returns/search',
      auth,
      // The documented page_size range is 10–50.
      query: {
        page_size: Math.max(10, Math.min(input.pageSize ?? 50, 50)),
        page_token: input.cursor,
        sort_field: 'create_time',
        sort_order: 'DESC',
      },
      body: {
        ...(input.createdFrom !== undefined ? { create_time_ge: Math.floor(input.createdFrom / 1000) } : {}),
        ...(input.createdTo !== undefined ? { create_time_lt: Math.ceil(input.createdTo / 1000) } : {}),
      },
    });
    return {
      items: arr(data.return_orders).map(obj).map(toReturn),
      total: num(data.total_count),
      ...(str(data.next_page_token) ? { nextCursor: str(data.next_page_token) } : {}),
    };
  },

  // The API has no single-return read; returns/search filtered by return_ids is the detail (README choice).
  getReturn: async (auth, returnId) => {
    const data = await call({
      method: 'POST',
      path: '/return_refund/202309/returns/search',
      auth,
      query: { page_size: 10 },
      body: { return_ids: [returnId] },
    });
    const found = arr(data.return_orders)
      .map(obj)
      .find((entry) => str(entry.return_id) === returnId);
    if (!found) {
      throw new MarketplaceError({
        marketplace: 'tiktok',
        kind: 'not_found',
        code: 'return_not_found',
        message: `Return ${returnId} does not exist`,
      });
    }
    return toReturn(found);
  },
});
