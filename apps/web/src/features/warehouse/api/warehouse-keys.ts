import { queryKeys } from '../../../lib/query-keys.ts';

/** Query keys of the warehouse screens, from the one key helper; invalidate by the leading parts, e.g. `warehouseKeys.all`. */
export const warehouseKeys = queryKeys.warehouses;

export const businessKeys = queryKeys.businesses;
