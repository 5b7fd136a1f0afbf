import { describe, expect, it } from 'vitest';
import { parsePercent, salePrice } from './sale-price.ts';

describe('salePrice (spec part 5)', () => {
  it('is the list price without a discount', () => {
    expect(salePrice(150_000n)).toEqual({ price: 150_000n, discounted: false, discountPercent: null });
    expect(salePrice(150_000n, null).price).toBe(150_000n);
  });
  it('is list price × (100 − discount) / 100 with one', () => {
    expect(salePrice(150_000n, 10).price).toBe(135_000n);
    expect(salePrice(150_000n, '12.5').price).toBe(131_250n);
    expect(salePrice(150_000n, 100).price).toBe(0n);
    expect(salePrice(150_000n, 0)).toMatchObject({ price: 150_000n, discounted: true });
  });
  it('rounds a fractional rupiah half up', () => {
    expect(salePrice(999n, 15).price).toBe(849n); // 849.15
    expect(salePrice(1_001n, 50).price).toBe(501n); // 500.5
  });
  it('refuses a discount outside 0–100 % or not a number', () => {
    expect(() => salePrice(1000n, 101)).toThrow(RangeError);
    expect(() => salePrice(1000n, '-5')).toThrow(RangeError);
    expect(() => salePrice(1000n, 'abc')).toThrow(RangeError);
    expect(parsePercent('100.0001')).toBeNull();
  });
});
