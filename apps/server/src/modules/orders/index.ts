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
export {
  addTimeline,
  findByExternalId,
  findSync,
  insertOrder,
  linesOf,
  nextSequence,
  saveSync,
  updateLine,
  updateOrder,
  type LineRow,
  type NewLine,
  type NewOrder,
  type OrderRow,
} from './orders.repository.ts';
export { findCustomer } from './customers.service.ts';
