import type { Marketplace } from './sandbox-types.ts';

/**
 * Each marketplace's own order states and how orders move between them without the seller: buyers pay or
 * abandon, couriers collect and deliver, buyers confirm or return. Seller actions (accept, ship, cancel) are
 * applied by the marketplace routes and then the automatic moves continue from the new state.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type AutoMove = { to: string; afterMs: number; weight: number };
export type Lifecycle = {
  /** Where generated orders start. */
  initial: string;
  statuses: readonly string[];
  auto: Record<string, readonly AutoMove[]>;
  /** Weight of "nothing happens until the seller acts" per state. */
  stay: Record<string, number>;
};

export const LIFECYCLES: Record<Marketplace, Lifecycle> = {
  shopee: {
    initial: 'UNPAID',
    statuses: ['UNPAID', 'READY_TO_SHIP', 'PROCESSED', 'SHIPPED', 'TO_CONFIRM_RECEIVE', 'COMPLETED', 'IN_CANCEL', 'CANCELLED', 'TO_RETURN'],
    auto: {
      UNPAID: [
        { to: 'READY_TO_SHIP', afterMs: 10 * MINUTE, weight: 85 },
        { to: 'CANCELLED', afterMs: 30 * MINUTE, weight: 15 },
      ],
      READY_TO_SHIP: [{ to: 'IN_CANCEL', afterMs: 45 * MINUTE, weight: 10 }],
      PROCESSED: [{ to: 'SHIPPED', afterMs: 3 * HOUR, weight: 1 }],
      SHIPPED: [{ to: 'TO_CONFIRM_RECEIVE', afterMs: 2 * DAY, weight: 1 }],
      TO_CONFIRM_RECEIVE: [
        { to: 'COMPLETED', afterMs: 3 * DAY, weight: 90 },
        { to: 'TO_RETURN', afterMs: DAY, weight: 10 },
      ],
    },
    stay: { READY_TO_SHIP: 90 },
  },
  tiktok: {
    initial: 'UNPAID',
    statuses: ['UNPAID', 'ON_HOLD', 'AWAITING_SHIPMENT', 'AWAITING_COLLECTION', 'IN_TRANSIT', 'DELIVERED', 'COMPLETED', 'CANCELLED'],
    auto: {
      UNPAID: [
        { to: 'ON_HOLD', afterMs: 10 * MINUTE, weight: 85 },
        { to: 'CANCELLED', afterMs: 30 * MINUTE, weight: 15 },
      ],
      ON_HOLD: [{ to: 'AWAITING_SHIPMENT', afterMs: HOUR, weight: 1 }],
      AWAITING_COLLECTION: [{ to: 'IN_TRANSIT', afterMs: 3 * HOUR, weight: 1 }],
      IN_TRANSIT: [{ to: 'DELIVERED', afterMs: 2 * DAY, weight: 1 }],
      DELIVERED: [{ to: 'COMPLETED', afterMs: 3 * DAY, weight: 1 }],
    },
    stay: {},
  },
  lazada: {
    initial: 'unpaid',
    statuses: ['unpaid', 'pending', 'packed', 'ready_to_ship', 'shipped', 'delivered', 'confirmed', 'canceled', 'returned'],
    auto: {
      unpaid: [
        { to: 'pending', afterMs: 10 * MINUTE, weight: 85 },
        { to: 'canceled', afterMs: 30 * MINUTE, weight: 15 },
      ],
      pending: [{ to: 'canceled', afterMs: 45 * MINUTE, weight: 5 }],
      ready_to_ship: [{ to: 'shipped', afterMs: 3 * HOUR, weight: 1 }],
      shipped: [{ to: 'delivered', afterMs: 2 * DAY, weight: 1 }],
      delivered: [
        { to: 'confirmed', afterMs: 3 * DAY, weight: 90 },
        { to: 'returned', afterMs: 2 * DAY, weight: 10 },
      ],
    },
    stay: { pending: 95 },
  },
  blibli: {
    // Blibli order items arrive paid: FP (for processing) → PU (packed, ready for pickup) → CX (in delivery) → D.
    initial: 'FP',
    statuses: ['FP', 'PU', 'CX', 'D', 'X'],
    auto: {
      FP: [{ to: 'X', afterMs: 6 * HOUR, weight: 5 }],
      CX: [{ to: 'D', afterMs: 2 * DAY, weight: 1 }],
    },
    stay: { FP: 95 },
  },
  zalora: {
    initial: 'pending',
    statuses: ['pending', 'ready_to_ship', 'shipped', 'delivered', 'canceled', 'returned', 'failed'],
    auto: {
      pending: [{ to: 'canceled', afterMs: HOUR, weight: 5 }],
      ready_to_ship: [{ to: 'shipped', afterMs: 3 * HOUR, weight: 1 }],
      shipped: [
        { to: 'delivered', afterMs: 2 * DAY, weight: 95 },
        { to: 'failed', afterMs: 2 * DAY, weight: 5 },
      ],
      delivered: [{ to: 'returned', afterMs: 2 * DAY, weight: 5 }],
    },
    stay: { pending: 95, delivered: 95 },
  },
};

/** Picks the next automatic move from a state with a number in [0, 1). */
export const planNextMove = (
  marketplace: Marketplace,
  status: string,
  enteredAt: number,
  roll: number,
): { at: number; to: string } | undefined => {
  const lifecycle = LIFECYCLES[marketplace];
  const moves = lifecycle.auto[status] ?? [];
  const stay = lifecycle.stay[status] ?? 0;
  const total = moves.reduce((sum, move) => sum + move.weight, stay);
  if (total === 0) return undefined;
  let point = roll * total;
  for (const move of moves) {
    if (point < move.weight) return { at: enteredAt + move.afterMs, to: move.to };
    point -= move.weight;
  }
  return undefined;
};
