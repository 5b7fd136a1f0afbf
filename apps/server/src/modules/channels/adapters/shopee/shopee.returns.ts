import { arr, obj } from '../adapter-http.ts';
import type { ReturnCapability } from '../types.ts';
import type { ShopeeClient } from './shopee.client.ts';
import { toReturn } from './shopee.mappers.ts';

/** Buyers' returns (returns module). */
export const shopeeReturns = ({ api }: ShopeeClient): ReturnCapability => ({
  listReturns: async (auth, input) => {
    const pageNo = Number(input.cursor ?? '0');
    const response = await api({
      method: 'GET',
      path: '/api/v2/returns/get_return_list',
      auth,
      query: {
        page_no: pageNo,
        page_size: Math.min(input.pageSize ?? 50, 100),
        create_time_from: input.createdFrom !== undefined ? Math.floor(input.createdFrom / 1000) : undefined,
        create_time_to: input.createdTo !== undefined ? Math.floor(input.createdTo / 1000) : undefined,
      },
    });
    return {
      items: arr(response.return).map(obj).map(toReturn),
      ...(response.more === true ? { nextCursor: String(pageNo + 1) } : {}),
    };
  },

  getReturn: async (auth, returnId) =>
    toReturn(await api({ method: 'GET', path: '/api/v2/returns/get_return_detail', auth, query: { return_sn: returnId } })),
});
