import { describe, expect, it } from 'vitest';
import { combineItemStatuses, MARKETPLACE_ORDER_STATUS, mapMarketplaceStatus } from './marketplace-order-status.ts';
import { lineTotal, manualOrderNumber, orderAmounts, ZERO_CHARGES } from './order-amounts.ts';
import {
  allowedActions,
  isNewerMarketplaceStatus,
  ORDER_ACTIONS,
  ORDER_PROGRESS,
  ORDER_STATUSES,
  ORDER_TABS,
  stockPhase,
  stockSteps,
  transition,
  type OrderAction,
  type OrderStatus,
} from './order-state.ts';

/** The whole expected table, written out: every (state, action) pair not listed here must be refused. */
const EXPECTED: Partial<Record<OrderStatus, Partial<Record<OrderAction, OrderStatus>>>> = {
  DRAFT: { CONFIRM: 'CONFIRMED', CANCEL: 'CANCELED' },
  UNPAID: { PAY: 'NEW', REJECT: 'CANCELED', REQUEST_CANCEL: 'CANCEL_REQUESTED', CANCEL: 'CANCELED' },
  NEW: { ACCEPT: 'CONFIRMED', REJECT: 'CANCELED', REQUEST_CANCEL: 'CANCEL_REQUESTED', CANCEL: 'CANCELED' },
  CONFIRMED: { PROCESS: 'ON_PROCESS', READY: 'READY_TO_SHIP', REQUEST_CANCEL: 'CANCEL_REQUESTED', CANCEL: 'CANCELED' },
  ON_PROCESS: { READY: 'READY_TO_SHIP', REQUEST_CANCEL: 'CANCEL_REQUESTED', CANCEL: 'CANCELED' },
  READY_TO_SHIP: { SHIP: 'SHIPPED', REQUEST_CANCEL: 'CANCEL_REQUESTED', CANCEL: 'CANCELED' },
  SHIPPED: { DELIVER: 'DELIVERED', COMPLETE: 'COMPLETED', CANCEL: 'CANCEL_CONFIRMATION' },
  DELIVERED: { COMPLETE: 'COMPLETED' },
  COMPLETED: {},
  CANCEL_REQUESTED: { ACCEPT_CANCEL: 'CANCELED', REFUSE_CANCEL: 'NEW', CANCEL: 'CANCELED' },
  CANCEL_CONFIRMATION: { CONFIRM_CANCEL: 'CANCELED' },
  CANCELED: {},
};

describe('order state machine', () => {
  for (const from of ORDER_STATUSES) {
    for (const action of ORDER_ACTIONS) {
      const expected = EXPECTED[from]?.[action];
      it(`${from} + ${action} → ${expected ?? 'refused'}`, () => {
        const result = transition(from, action);
        if (expected) expect(result).toEqual({ ok: true, to: expected });
        else expect(result).toEqual({ ok: false, from, action });
      });
    }
  }

  it('refusing a cancel request returns to the state before the request', () => {
    for (const before of ['UNPAID', 'NEW', 'CONFIRMED', 'ON_PROCESS', 'READY_TO_SHIP'] as const) {
      expect(transition('CANCEL_REQUESTED', 'REFUSE_CANCEL', before)).toEqual({ ok: true, to: before });
    }
    // A remembered state that cannot be resumed (shipped meanwhile, garbage) falls back to NEW.
    expect(transition('CANCEL_REQUESTED', 'REFUSE_CANCEL', 'SHIPPED')).toEqual({ ok: true, to: 'NEW' });
  });

  it('final states allow nothing', () => {
    expect(allowedActions('COMPLETED')).toEqual([]);
    expect(allowedActions('CANCELED')).toEqual([]);
    expect(allowedActions('NEW')).toEqual(['ACCEPT', 'REJECT', 'REQUEST_CANCEL', 'CANCEL']);
  });

  it('every state shows in exactly one tab', () => {
    for (const s of ORDER_STATUSES) {
      const tabs = Object.entries(ORDER_TABS).filter(([, states]) => (states as readonly string[] | null)?.includes(s));
      expect(tabs.length).toBe(1);
    }
  });
});

describe('stock follows the state', () => {
  it('phases', () => {
    expect(ORDER_STATUSES.map((s) => [s, stockPhase(s)])).toEqual([
      ['DRAFT', 'none'],
      ['UNPAID', 'reserved'],
      ['NEW', 'reserved'],
      ['CONFIRMED', 'reserved'],
      ['ON_PROCESS', 'reserved'],
      ['READY_TO_SHIP', 'reserved'],
      ['SHIPPED', 'shipped'],
      ['DELIVERED', 'shipped'],
      ['COMPLETED', 'shipped'],
      ['CANCEL_REQUESTED', 'reserved'],
      ['CANCEL_CONFIRMATION', 'shipped'],
      ['CANCELED', 'none'],
    ]);
  });

  it('steps between every pair of states', () => {
    for (const from of [null, ...ORDER_STATUSES]) {
      for (const to of ORDER_STATUSES) {
        const a = from === null ? 'none' : stockPhase(from);
        const b = stockPhase(to);
        const steps = stockSteps(from, to);
        const want =
          a === b
            ? []
            : a === 'none'
              ? b === 'reserved'
                ? ['RESERVE']
                : ['RESERVE', 'SHIP']
              : a === 'reserved'
                ? b === 'none'
                  ? ['RELEASE']
                  : ['SHIP']
                : b === 'none'
                  ? ['RETURN']
                  : [];
        expect(steps, `${from} → ${to}`).toEqual(want);
      }
    }
    expect(stockSteps(null, 'NEW')).toEqual(['RESERVE']);
    expect(stockSteps('NEW', 'CANCELED')).toEqual(['RELEASE']);
    expect(stockSteps('READY_TO_SHIP', 'SHIPPED')).toEqual(['SHIP']);
    expect(stockSteps('CANCEL_CONFIRMATION', 'CANCELED')).toEqual(['RETURN']);
    expect(stockSteps(null, 'COMPLETED')).toEqual(['RESERVE', 'SHIP']);
    expect(stockSteps('SHIPPED', 'NEW')).toEqual([]);
  });

  it('no allowed transition takes shipped goods back to a reservation', () => {
    for (const from of ORDER_STATUSES)
      for (const action of allowedActions(from)) {
        const r = transition(from, action);
        if (r.ok && stockPhase(from) === 'shipped') expect(stockPhase(r.to)).not.toBe('reserved');
      }
  });
});

describe('newer marketplace status wins', () => {
  it('by time, then by progress', () => {
    expect(isNewerMarketplaceStatus(null, { status: 'NEW', at: 1 })).toBe(true);
    expect(isNewerMarketplaceStatus({ status: 'NEW', at: 5 }, { status: 'SHIPPED', at: 6 })).toBe(true);
    expect(isNewerMarketplaceStatus({ status: 'SHIPPED', at: 6 }, { status: 'NEW', at: 5 })).toBe(false);
    expect(isNewerMarketplaceStatus({ status: 'NEW', at: 5 }, { status: 'CONFIRMED', at: 5 })).toBe(true);
    expect(isNewerMarketplaceStatus({ status: 'CONFIRMED', at: 5 }, { status: 'NEW', at: 5 })).toBe(false);
    expect(isNewerMarketplaceStatus({ status: 'NEW', at: 5 }, { status: 'NEW', at: 5 })).toBe(false);
  });
});

describe('marketplace status tables', () => {
  it('every value is a state of the machine', () => {
    for (const table of Object.values(MARKETPLACE_ORDER_STATUS)) for (const s of Object.values(table)) expect(ORDER_STATUSES).toContain(s);
  });
  it('maps each marketplace', () => {
    expect(mapMarketplaceStatus('shopee', 'READY_TO_SHIP')).toBe('NEW');
    expect(mapMarketplaceStatus('shopee', 'IN_CANCEL')).toBe('CANCEL_REQUESTED');
    expect(mapMarketplaceStatus('tiktok', 'AWAITING_COLLECTION')).toBe('READY_TO_SHIP');
    expect(mapMarketplaceStatus('lazada', 'Ready_To_Ship')).toBe('READY_TO_SHIP');
    expect(mapMarketplaceStatus('blibli', 'FP')).toBe('NEW');
    expect(mapMarketplaceStatus('zalora', 'shipped')).toBe('SHIPPED');
    expect(mapMarketplaceStatus('shopee', 'SOMETHING_NEW')).toBeNull();
  });
  it('per-item statuses: the least advanced open item decides', () => {
    expect(combineItemStatuses(['SHIPPED', 'NEW'], ORDER_PROGRESS)).toBe('NEW');
    expect(combineItemStatuses(['CANCELED', 'SHIPPED'], ORDER_PROGRESS)).toBe('SHIPPED');
    expect(combineItemStatuses(['CANCELED', 'CANCELED'], ORDER_PROGRESS)).toBe('CANCELED');
    expect(combineItemStatuses([], ORDER_PROGRESS)).toBeNull();
  });
});

describe('order amounts', () => {
  it('buyer total, merchant net and profit in integer rupiah', () => {
    const a = orderAmounts(
      [
        { quantity: 2, unitPrice: 150_000, discount: 10_000, unitCost: 90_000 },
        { quantity: 1, unitPrice: 49_900, discount: 0, unitCost: null },
      ],
      {
        ...ZERO_CHARGES,
        sellerDiscount: 5_000,
        marketplaceDiscount: 7_000,
        voucher: 3_000,
        loyalty: 1_000,
        shippingFeeBuyer: 12_000,
        shippingFeeSeller: 4_000,
        adminFee: 15_000,
      },
    );
    expect(a).toEqual({
      subtotal: 339_900,
      totalItems: 3,
      buyerTotal: 339_900 - 5_000 - 7_000 - 3_000 - 1_000 + 12_000,
      merchantNet: 339_900 - 5_000 - 3_000 - 15_000 - 4_000,
      cost: 180_000,
      profit: 339_900 - 5_000 - 3_000 - 15_000 - 4_000 - 180_000,
      costComplete: false,
    });
    expect(lineTotal({ quantity: 3, unitPrice: 1_000, discount: 500 })).toBe(2_500);
  });
  it('refuses fractions and negatives', () => {
    expect(() => orderAmounts([{ quantity: 1, unitPrice: 0.5, discount: 0 }], ZERO_CHARGES)).toThrow(RangeError);
    expect(() => orderAmounts([], { ...ZERO_CHARGES, voucher: -1 })).toThrow(RangeError);
  });
  it('manual order numbers per Jakarta month', () => {
    expect(manualOrderNumber(new Date('2026-11-24T10:00:00Z'), 123)).toBe('SO/2026/11/000123');
    // 30 Nov 20:00 UTC is already 1 Dec in Jakarta.
    expect(manualOrderNumber(new Date('2026-11-30T20:00:00Z'), 1)).toBe('SO/2026/12/000001');
  });
});
