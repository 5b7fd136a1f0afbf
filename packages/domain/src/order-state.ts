/**
 * The order state machine (spec part 4, order filters and actions): one pure transition table shared by the server
 * (which refuses a transition not in it with 409 naming the current state) and the web app (which shows only the
 * actions the table allows). Fulfillment's own steps (pick, pack, goods issue) are a separate machine that moves
 * the order through PROCESS, READY and SHIP; the order keeps only what the order list filters on.
 */
export const ORDER_STATUSES = [
  /** A manual order saved as a draft: no stock held, no number shown to the customer yet. */
  'DRAFT',
  /** Spec "unpaid (verified)": the buyer has not paid (marketplace) or payment is being verified. */
  'UNPAID',
  /** Spec "created (new)": paid, waiting for the seller to accept. */
  'NEW',
  /** Spec "pending (confirmed)": accepted by the seller. */
  'CONFIRMED',
  /** Spec "on process": picking and packing. */
  'ON_PROCESS',
  /** Spec "ready to ship": goods issued, waiting for the courier. */
  'READY_TO_SHIP',
  /** Spec "on delivery (shipped)". */
  'SHIPPED',
  'DELIVERED',
  'COMPLETED',
  /** Spec "request to cancel": the buyer asked to cancel; the seller accepts or refuses. */
  'CANCEL_REQUESTED',
  /** Spec "confirm cancellation": cancelled after the goods left; the seller confirms they came back. */
  'CANCEL_CONFIRMATION',
  'CANCELED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The spec's order filter tabs (part 4), in its order, each with the states it shows. */
export const ORDER_TABS = {
  all: null,
  unpaid: ['UNPAID'],
  new: ['NEW'],
  confirmed: ['CONFIRMED'],
  on_process: ['ON_PROCESS'],
  confirm_cancellation: ['CANCEL_CONFIRMATION'],
  shipped: ['SHIPPED'],
  delivered: ['DELIVERED'],
  canceled: ['CANCELED'],
  completed: ['COMPLETED'],
  ready_to_ship: ['READY_TO_SHIP'],
  cancel_requested: ['CANCEL_REQUESTED'],
  /** Not a spec filter: manual orders saved as drafts (the manual order list); `all` leaves them out. */
  draft: ['DRAFT'],
} as const satisfies Record<string, readonly OrderStatus[] | null>;
export type OrderTab = keyof typeof ORDER_TABS;
export const ORDER_TAB_KEYS = Object.keys(ORDER_TABS) as OrderTab[];

export const ORDER_ACTIONS = [
  /** Manual draft → confirmed. */
  'CONFIRM',
  /** Payment verified. */
  'PAY',
  /** Spec "accept". */
  'ACCEPT',
  /** Spec "reject": the seller refuses a new order. */
  'REJECT',
  'PROCESS',
  'READY',
  'SHIP',
  'DELIVER',
  'COMPLETE',
  /** The buyer asks to cancel (marketplace push, or recorded by the seller for a manual order). */
  'REQUEST_CANCEL',
  /** Spec "accept cancel". */
  'ACCEPT_CANCEL',
  /** Spec "refuse cancel request": back to the state the order was in. */
  'REFUSE_CANCEL',
  /** Spec "cancel with reason". */
  'CANCEL',
  /** The returned goods of a cancelled shipment arrived. */
  'CONFIRM_CANCEL',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

const BEFORE_SHIPPING = ['UNPAID', 'NEW', 'CONFIRMED', 'ON_PROCESS', 'READY_TO_SHIP'] as const satisfies readonly OrderStatus[];

/** action → (from → to). REFUSE_CANCEL's target is the state before the request, so it is resolved by `transition`. */
export const ORDER_TRANSITIONS: Record<OrderAction, Partial<Record<OrderStatus, OrderStatus | 'RESUME'>>> = {
  CONFIRM: { DRAFT: 'CONFIRMED' },
  PAY: { UNPAID: 'NEW' },
  ACCEPT: { NEW: 'CONFIRMED' },
  REJECT: { UNPAID: 'CANCELED', NEW: 'CANCELED' },
  PROCESS: { CONFIRMED: 'ON_PROCESS' },
  READY: { CONFIRMED: 'READY_TO_SHIP', ON_PROCESS: 'READY_TO_SHIP' },
  SHIP: { READY_TO_SHIP: 'SHIPPED' },
  DELIVER: { SHIPPED: 'DELIVERED' },
  COMPLETE: { SHIPPED: 'COMPLETED', DELIVERED: 'COMPLETED' },
  REQUEST_CANCEL: Object.fromEntries(BEFORE_SHIPPING.map((s) => [s, 'CANCEL_REQUESTED'])),
  ACCEPT_CANCEL: { CANCEL_REQUESTED: 'CANCELED' },
  REFUSE_CANCEL: { CANCEL_REQUESTED: 'RESUME' },
  CANCEL: {
    DRAFT: 'CANCELED',
    ...Object.fromEntries(BEFORE_SHIPPING.map((s) => [s, 'CANCELED'])),
    CANCEL_REQUESTED: 'CANCELED',
    SHIPPED: 'CANCEL_CONFIRMATION',
  },
  CONFIRM_CANCEL: { CANCEL_CONFIRMATION: 'CANCELED' },
};

export type TransitionResult = { ok: true; to: OrderStatus } | { ok: false; from: OrderStatus; action: OrderAction };

/**
 * The state an action leads to, or a refusal naming the current state. `resumeTo` is the state before a cancel
 * request (what REFUSE_CANCEL goes back to); without it the order returns to NEW.
 */
export function transition(from: OrderStatus, action: OrderAction, resumeTo?: OrderStatus | null): TransitionResult {
  const to = ORDER_TRANSITIONS[action][from];
  if (!to) return { ok: false, from, action };
  if (to === 'RESUME') {
    const back = resumeTo && BEFORE_SHIPPING.includes(resumeTo as (typeof BEFORE_SHIPPING)[number]) ? resumeTo : 'NEW';
    return { ok: true, to: back };
  }
  return { ok: true, to };
}

/** The actions allowed in a state, for the buttons a screen shows. */
export const allowedActions = (from: OrderStatus): OrderAction[] => ORDER_ACTIONS.filter((a) => ORDER_TRANSITIONS[a][from] !== undefined);

export const isFinalStatus = (s: OrderStatus): boolean => s === 'COMPLETED' || s === 'CANCELED';

/**
 * Where the order's goods are as far as stock is concerned: nothing held (a draft, or cancelled), reserved (in
 * order, from creation to goods issue), or shipped (on hand already went down). Reservation starts when the order
 * exists, unpaid included (ADR 0017): marketplaces hold the buyer's stock from checkout, so must we.
 */
export type StockPhase = 'none' | 'reserved' | 'shipped';
export function stockPhase(s: OrderStatus): StockPhase {
  switch (s) {
    case 'DRAFT':
    case 'CANCELED':
      return 'none';
    case 'SHIPPED':
    case 'DELIVERED':
    case 'COMPLETED':
    case 'CANCEL_CONFIRMATION':
      return 'shipped';
    default:
      return 'reserved';
  }
}

export type StockStep = 'RESERVE' | 'RELEASE' | 'SHIP' | 'RETURN';

/**
 * The inventory steps that take an order from one state to another, in order. Marketplace imports may jump
 * (first seen already shipped: reserve then ship); a move back from shipped to reserved changes no stock.
 */
export function stockSteps(from: OrderStatus | null, to: OrderStatus): StockStep[] {
  const a = from === null ? 'none' : stockPhase(from);
  const b = stockPhase(to);
  if (a === b) return [];
  if (a === 'none') return b === 'reserved' ? ['RESERVE'] : ['RESERVE', 'SHIP'];
  if (a === 'reserved') return b === 'none' ? ['RELEASE'] : ['SHIP'];
  return b === 'none' ? ['RETURN'] : [];
}

/** How far an order has gone, to tell an older marketplace status from a newer one when both carry the same time. */
export const ORDER_PROGRESS: Record<OrderStatus, number> = {
  DRAFT: 0,
  UNPAID: 1,
  NEW: 2,
  CONFIRMED: 3,
  ON_PROCESS: 4,
  READY_TO_SHIP: 5,
  CANCEL_REQUESTED: 6,
  SHIPPED: 7,
  DELIVERED: 8,
  CANCEL_CONFIRMATION: 9,
  COMPLETED: 10,
  CANCELED: 10,
};

/**
 * Whether a marketplace status seen at `incomingAt` replaces the one the order has (seen at `currentAt`): a newer
 * time wins, an older one is ignored; at the same time the more advanced state wins.
 */
export function isNewerMarketplaceStatus(
  current: { status: OrderStatus; at: number } | null,
  incoming: { status: OrderStatus; at: number },
): boolean {
  if (!current) return true;
  if (incoming.at !== current.at) return incoming.at > current.at;
  return ORDER_PROGRESS[incoming.status] > ORDER_PROGRESS[current.status];
}
