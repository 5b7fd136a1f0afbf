import { arr, obj } from '../adapter-http.ts';
import type { ReturnCapability } from '../types.ts';
import type { BlibliClient } from './blibli.client.ts';
import { toReturn } from './blibli.mappers.ts';

/** Returned orders (RMA summary and detail). */
export const blibliReturns = ({ call, paged }: BlibliClient): ReturnCapability => ({
  listReturns: async (auth, input) => {
    const page = Number(input.cursor ?? 0);
    const json = await call(auth, 'GET', '/mta/api/businesspartner/v1/order/getReturnedOrderSummary', {
      query: {
        page,
        size: Math.min(input.pageSize ?? 50, 100),
        ...(input.createdFrom !== undefined ? { startDate: input.createdFrom } : {}),
        ...(input.createdTo !== undefined ? { endDate: input.createdTo - 1 } : {}),
      },
    });
    const items = arr(json.content).map(obj).map(toReturn);
    return { items, ...paged(json, page, items.length) };
  },

  getReturn: async (auth, returnId) =>
    toReturn(
      obj((await call(auth, 'GET', '/mta/api/businesspartner/v1/order/getReturnedOrderDetail', { query: { rmaId: returnId } })).value),
    ),
});
