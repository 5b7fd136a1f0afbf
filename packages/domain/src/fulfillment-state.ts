import { ORDER_PROGRESS, transition, type OrderAction, type OrderStatus } from './order-state.ts';

/**
 * The warehouse's own steps (spec part 4 "Fulfillment steps": pick confirmed, pack confirmed, packing completed,
 * goods issued (ready to ship), shipped), beside the order's state. NEW is an accepted order nobody has picked yet.
 * Each step moves the order's state where the order list needs it: pick → ON_PROCESS, goods issue →
 * READY_TO_SHIP, ship → SHIPPED (ADR 0024). One pure table, shared by the server (409 naming the current step on
 * anything else) and the web app (the buttons it shows).
 */
export const FULFILLMENT_STEPS = ['NEW', 'PICK_CONFIRMED', 'PACK_CONFIRMED', 'PACKING_COMPLETED', 'GOODS_ISSUED', 'SHIPPED'] as const;
export type FulfillmentStep = (typeof FULFILLMENT_STEPS)[number];

export const FULFILLMENT_ACTIONS = ['CONFIRM_PICK', 'CONFIRM_PACK', 'COMPLETE_PACKING', 'ISSUE_GOODS', 'SHIP'] as const;
export type FulfillmentAction = (typeof FULFILLMENT_ACTIONS)[number];

/** action → the one step it applies to, the step it leads to, and the order state the order must reach. */
export const FULFILLMENT_TRANSITIONS: Record<FulfillmentAction, { from: FulfillmentStep; to: FulfillmentStep; order: OrderStatus }> = {
  CONFIRM_PICK: { from: 'NEW', to: 'PICK_CONFIRMED', order: 'ON_PROCESS' },
  CONFIRM_PACK: { from: 'PICK_CONFIRMED', to: 'PACK_CONFIRMED', order: 'ON_PROCESS' },
  COMPLETE_PACKING: { from: 'PACK_CONFIRMED', to: 'PACKING_COMPLETED', order: 'ON_PROCESS' },
  ISSUE_GOODS: { from: 'PACKING_COMPLETED', to: 'GOODS_ISSUED', order: 'READY_TO_SHIP' },
  SHIP: { from: 'GOODS_ISSUED', to: 'SHIPPED', order: 'SHIPPED' },
};

/** The order states in which the warehouse works on an order (accepted, not cancelled, not yet shipped). */
export const FULFILLABLE_ORDER_STATUSES = ['CONFIRMED', 'ON_PROCESS', 'READY_TO_SHIP'] as const satisfies readonly OrderStatus[];
/** Order states that mean the goods left: the step shows as SHIPPED whatever was recorded (a marketplace may ship first). */
export const SHIPPED_ORDER_STATUSES = ['SHIPPED', 'DELIVERED', 'COMPLETED'] as const satisfies readonly OrderStatus[];

export type FulfillmentResult =
  | { ok: true; to: FulfillmentStep; orderAction: OrderAction | null; orderTo: OrderStatus }
  | { ok: false; conflict: 'STEP'; step: FulfillmentStep; action: FulfillmentAction }
  | { ok: false; conflict: 'ORDER'; status: OrderStatus; action: FulfillmentAction };

/** The step an order shows: its recorded step, or SHIPPED once its state says the goods left. */
export function effectiveStep(step: FulfillmentStep | null, status: OrderStatus): FulfillmentStep {
  if ((SHIPPED_ORDER_STATUSES as readonly string[]).includes(status)) return 'SHIPPED';
  return step ?? 'NEW';
}

/**
 * One step on an order in `status` at `step`: refused naming the current step when the step is not the one the
 * action follows; refused naming the order's state when the order is not in the warehouse's hands (cancelled,
 * waiting for a cancel answer, not accepted). Otherwise the next step and the order action that brings the order to
 * the state the step needs (none when a marketplace already moved it there).
 */
export function fulfillmentTransition(step: FulfillmentStep, status: OrderStatus, action: FulfillmentAction): FulfillmentResult {
  const rule = FULFILLMENT_TRANSITIONS[action];
  const current = effectiveStep(step, status);
  if (current !== rule.from) return { ok: false, conflict: 'STEP', step: current, action };
  if (!(FULFILLABLE_ORDER_STATUSES as readonly string[]).includes(status)) return { ok: false, conflict: 'ORDER', status, action };
  if (ORDER_PROGRESS[status] >= ORDER_PROGRESS[rule.order]) return { ok: true, to: rule.to, orderAction: null, orderTo: status };
  const orderAction = orderActionTo(status, rule.order);
  if (!orderAction) return { ok: false, conflict: 'ORDER', status, action };
  return { ok: true, to: rule.to, orderAction, orderTo: rule.order };
}

const MOVES: readonly OrderAction[] = ['PROCESS', 'READY', 'SHIP'];
function orderActionTo(from: OrderStatus, to: OrderStatus): OrderAction | null {
  for (const a of MOVES) {
    const r = transition(from, a);
    if (r.ok && r.to === to) return a;
  }
  return null;
}

/** The actions allowed for an order now (the buttons a screen shows). */
export function allowedFulfillmentActions(step: FulfillmentStep | null, status: OrderStatus): FulfillmentAction[] {
  return FULFILLMENT_ACTIONS.filter((a) => fulfillmentTransition(step ?? 'NEW', status, a).ok);
}

/** Warehouse, courier, receipt number, dropshipper and address may change until the goods are issued. */
export const isOrderEditable = (step: FulfillmentStep | null, status: OrderStatus): boolean => {
  const current = effectiveStep(step, status);
  return current !== 'GOODS_ISSUED' && current !== 'SHIPPED' && (FULFILLABLE_ORDER_STATUSES as readonly string[]).includes(status);
};

/** Cancelling from fulfillment: a reason, and a detail of at least this many characters (spec part 5). */
export const FULFILLMENT_CANCEL_DETAIL_MIN = 30;
