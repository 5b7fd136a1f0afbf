import { arr, num, obj } from '../adapter-http.ts';
import type { ReturnCapability } from '../types.ts';
import type { LazadaClient } from './lazada.client.ts';
import { toReturn } from './lazada.mappers.ts';

/** Reverse orders (the Return and Refund API). */
export const lazadaReturns = ({ call, data }: LazadaClient): ReturnCapability => ({
  listReturns: async (auth, input) => {
    const pageNo = Number(input.cursor ?? 1);
    const pageSize = Math.min(input.pageSize ?? 50, 100);
    const page = obj(
      (
        await call({
          method: 'GET',
          path: '/reverse/getreverseordersforseller',
          auth,
          params: {
            page_no: pageNo,
            page_size: pageSize,
            // A buyer's cancel request is a CANCEL reverse order too: returns are the others.
            request_type_list: JSON.stringify(['RETURN', 'ONLY_REFUND']),
            // Milliseconds, inclusive (README choice for the creation-time names).
            ReverseOrderLineCreatedTimeRangeStart: input.createdFrom,
            ReverseOrderLineCreatedTimeRangeEnd: input.createdTo !== undefined ? input.createdTo - 1 : undefined,
          },
        })
      ).result,
    );
    const total = num(page.total);
    return {
      items: arr(page.items).map(obj).map(toReturn),
      total,
      ...(pageNo * pageSize < total ? { nextCursor: String(pageNo + 1) } : {}),
    };
  },

  getReturn: async (auth, returnId) =>
    toReturn(obj(await data({ method: 'GET', path: '/order/reverse/return/detail/list', auth, params: { reverse_order_id: returnId } }))),
});
