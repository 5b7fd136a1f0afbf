import { describe, expect, it } from 'vitest';
import {
  allowedFulfillmentActions,
  effectiveStep,
  FULFILLMENT_ACTIONS,
  FULFILLMENT_STEPS,
  fulfillmentTransition,
  isOrderEditable,
  type FulfillmentAction,
  type FulfillmentStep,
} from './fulfillment-state.ts';
import { ORDER_STATUSES, type OrderAction, type OrderStatus } from './order-state.ts';

/**
 * The whole expected table, written out: (order state, step, action) → [next step, order action, order state].
 * Every triple not listed is refused.
 */
type Ok = [FulfillmentStep, OrderAction | null, OrderStatus];
const EXPECTED: Partial<Record<OrderStatus, Partial<Record<FulfillmentStep, Partial<Record<FulfillmentAction, Ok>>>>>> = {
  CONFIRMED: {
    NEW: { CONFIRM_PICK: ['PICK_CONFIRMED', 'PROCESS', 'ON_PROCESS'] },
    PICK_CONFIRMED: { CONFIRM_PACK: ['PACK_CONFIRMED', 'PROCESS', 'ON_PROCESS'] },
    PACK_CONFIRMED: { COMPLETE_PACKING: ['PACKING_COMPLETED', 'PROCESS', 'ON_PROCESS'] },
    PACKING_COMPLETED: { ISSUE_GOODS: ['GOODS_ISSUED', 'READY', 'READY_TO_SHIP'] },
    // CONFIRMED → SHIPPED is no order transition: goods issue must come first.
  },
  ON_PROCESS: {
    NEW: { CONFIRM_PICK: ['PICK_CONFIRMED', null, 'ON_PROCESS'] },
    PICK_CONFIRMED: { CONFIRM_PACK: ['PACK_CONFIRMED', null, 'ON_PROCESS'] },
    PACK_CONFIRMED: { COMPLETE_PACKING: ['PACKING_COMPLETED', null, 'ON_PROCESS'] },
    PACKING_COMPLETED: { ISSUE_GOODS: ['GOODS_ISSUED', 'READY', 'READY_TO_SHIP'] },
  },
  READY_TO_SHIP: {
    NEW: { CONFIRM_PICK: ['PICK_CONFIRMED', null, 'READY_TO_SHIP'] },
    PICK_CONFIRMED: { CONFIRM_PACK: ['PACK_CONFIRMED', null, 'READY_TO_SHIP'] },
    PACK_CONFIRMED: { COMPLETE_PACKING: ['PACKING_COMPLETED', null, 'READY_TO_SHIP'] },
    PACKING_COMPLETED: { ISSUE_GOODS: ['GOODS_ISSUED', null, 'READY_TO_SHIP'] },
    GOODS_ISSUED: { SHIP: ['SHIPPED', 'SHIP', 'SHIPPED'] },
  },
};

describe('fulfillment state machine', () => {
  for (const status of ORDER_STATUSES) {
    for (const step of FULFILLMENT_STEPS) {
      for (const action of FULFILLMENT_ACTIONS) {
        const expected = EXPECTED[status]?.[step]?.[action];
        it(`${status}/${step} + ${action} → ${expected ? expected.join(' ') : 'refused'}`, () => {
          const result = fulfillmentTransition(step, status, action);
          if (expected) {
            expect(result).toEqual({ ok: true, to: expected[0], orderAction: expected[1], orderTo: expected[2] });
            return;
          }
          expect(result.ok).toBe(false);
          const shown = effectiveStep(step, status);
          if (result.ok) return;
          // A wrong step names the current step; a right step on an order out of the warehouse's hands names its state.
          if (result.conflict === 'STEP') expect(result.step).toBe(shown);
          else expect(result.status).toBe(status);
        });
      }
    }
  }

  it('a step out of order names the current step', () => {
    expect(fulfillmentTransition('NEW', 'CONFIRMED', 'ISSUE_GOODS')).toEqual({
      ok: false,
      conflict: 'STEP',
      step: 'NEW',
      action: 'ISSUE_GOODS',
    });
    expect(fulfillmentTransition('PICK_CONFIRMED', 'CANCELED', 'CONFIRM_PACK')).toEqual({
      ok: false,
      conflict: 'ORDER',
      status: 'CANCELED',
      action: 'CONFIRM_PACK',
    });
  });

  it('an order the marketplace shipped shows as shipped whatever step was recorded', () => {
    for (const s of ['SHIPPED', 'DELIVERED', 'COMPLETED'] as const) expect(effectiveStep('PICK_CONFIRMED', s)).toBe('SHIPPED');
    expect(effectiveStep(null, 'CONFIRMED')).toBe('NEW');
    expect(effectiveStep('GOODS_ISSUED', 'READY_TO_SHIP')).toBe('GOODS_ISSUED');
  });

  it('offers exactly the one next action, and edits only before goods issue', () => {
    expect(allowedFulfillmentActions(null, 'CONFIRMED')).toEqual(['CONFIRM_PICK']);
    expect(allowedFulfillmentActions('GOODS_ISSUED', 'READY_TO_SHIP')).toEqual(['SHIP']);
    expect(allowedFulfillmentActions('GOODS_ISSUED', 'CANCELED')).toEqual([]);
    expect(isOrderEditable('PACKING_COMPLETED', 'ON_PROCESS')).toBe(true);
    expect(isOrderEditable('GOODS_ISSUED', 'READY_TO_SHIP')).toBe(false);
    expect(isOrderEditable(null, 'SHIPPED')).toBe(false);
    expect(isOrderEditable(null, 'CANCELED')).toBe(false);
  });
});
