import type { KelolaModule } from '../../http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { CUSTOMER_EXPORT_QUEUE, runCustomerExport, type CustomerExportJob } from './customer-io.service.ts';
import { registerOrderRoutes } from './orders.routes.ts';
export {
  amountColumns,
  applyAction,
  getOrder,
  listOrders,
  MANUAL_CANCELLATION_REASONS,
  orderOr404,
  setStatus,
  summarizeOrders,
  userActor,
  type ActorType,
  type OrderActor,
} from './orders.service.ts';
// A known exception: the order flows (place, import, act) write orders, lines and the timeline through these
// repository functions in their own transaction; wrapping each in a service function is left for the fulfillment work.
// eslint-disable-next-line no-restricted-syntax
export {
  addTimeline,
  countNewOrders,
  deleteNewOrders,
  newOrderCounts,
  findByExternalId,
  findByExternalIds,
  findSync,
  insertOrder,
  insertOrdersBatch,
  linesOf,
  nextSequence,
  ordersOfCustomer,
  replaceLines,
  saveSync,
  shortOrderIds,
  updateLine,
  updateOrder,
  type BatchOrder,
  type LineRow,
  type NewLine,
  type NewOrder,
  type OrderRow,
  type TimelineEntry,
} from './orders.repository.ts';
export { findCustomer } from './customers.service.ts';
// A second known exception (ADR 0024, like pricing's in ADR 0020): the fulfillment list filters and counts orders by
// their warehouse step, a column of fulfillment's own table, in one statement (STYLE 6); the orders table and the
// restricted member's condition are shared for that join, under the same row-level security.
// eslint-disable-next-line no-restricted-syntax
export { orders as ordersTable } from './orders.schema.ts';
// eslint-disable-next-line no-restricted-syntax
export { visibleOrders } from './orders.repository.ts';
export {
  countOrdersForExport,
  ORDER_EXPORT_COLUMNS,
  ORDER_EXPORT_SHEET_KINDS,
  orderExportCopy,
  orderExportCsvPage,
  orderExportPage,
  orderExportPages,
  ordersWithLines,
  type OrderExportFilter,
  type OrderExportKey,
  type OrderExportRow,
} from './order-batch.service.ts';

/** Orders, their lines, timeline and tab counts, and customers (the writes that move stock are flows). */
export const ordersModule: KelolaModule = {
  name: 'orders',
  routes: registerOrderRoutes,
  // The customer export (ADR 0042 §3).
  workers: async (platform: Platform) => {
    await platform.jobs.work<CustomerExportJob>(CUSTOMER_EXPORT_QUEUE, (job) => runCustomerExport(platform, job));
  },
};
