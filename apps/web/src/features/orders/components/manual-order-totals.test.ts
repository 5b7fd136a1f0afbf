import { describe, expect, it } from 'vitest';
import { manualOrderTotals } from './manual-order-totals.ts';

describe('manualOrderTotals', () => {
  it('adds lines (typed price or list price) minus line discounts, then order discount and shipping', () => {
    const totals = manualOrderTotals(
      [
        { quantity: 2, unit_price: 150000, discount: 10000 },
        { quantity: 3, unit_price: null, list_price: 50000, discount: 0 },
      ],
      20000,
      15000,
    );
    expect(totals.lines).toEqual([290000, 150000]);
    expect(totals.subtotal).toBe(440000);
    expect(totals.total).toBe(435000);
  });

  it('never goes below zero: a line discount above the line, an order discount above the subtotal', () => {
    const totals = manualOrderTotals([{ quantity: 1, unit_price: 1000, discount: 5000 }], 9000, 0);
    expect(totals.lines).toEqual([0]);
    expect(totals.discount).toBe(0);
    expect(totals.total).toBe(0);
  });

  it("takes the voucher's discount off last, never below zero", () => {
    const totals = manualOrderTotals([{ quantity: 2, unit_price: 100000 }], 10000, 15000, 25000);
    expect(totals).toMatchObject({ subtotal: 200000, voucher: 25000, total: 180000 });
    expect(manualOrderTotals([{ quantity: 1, unit_price: 1000 }], 0, 0, 5000)).toMatchObject({ voucher: 1000, total: 0 });
  });

  it('treats empty fields as zero', () => {
    expect(manualOrderTotals([{}], undefined, undefined).total).toBe(0);
  });
});
