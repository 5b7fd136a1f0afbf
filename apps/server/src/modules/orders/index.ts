import type { KelolaModule } from '../../http/context.ts';
import { registerOrderRoutes } from './orders.routes.ts';
export {
  amountColumns,
  applyAction,
  getOrder,
  listOrders,
  MANUAL_CANCELLATION_REASONS,
  orderOr404,
  setStatus,
  userActor,
  type ActorType,
  type OrderActor,
} from './orders.service.ts';
// A known exception: the order flows (place, import, act) write orders, lines and the timeline through these
// repository functions in their own transaction; wrapping each in a service function is left for the fulfillment work.
// eslint-disable-next-line no-restricted-syntax
export {
  addTimeline,
  findByExternalId,
  findSync,
  insertOrder,
  linesOf,
  nextSequence,
  replaceLines,
  saveSync,
  updateLine,
  updateOrder,
  type LineRow,
  type NewLine,
  type NewOrder,
  type OrderRow,
} from './orders.repository.ts';
export { findCustomer } from './customers.service.ts';

/** Orders, their lines, timeline and tab counts, and customers (the writes that move stock are flows). */
export const ordersModule: KelolaModule = { name: 'orders', routes: registerOrderRoutes };
