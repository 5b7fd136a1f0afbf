import { describe, expect, it } from 'vitest';
import { bundleAvailability } from './bundle.ts';

describe('bundleAvailability', () => {
  it('is the minimum over components of ⌊available / quantity⌋, with the limiting component', () => {
    const components = [
      { catalogId: 'shampoo', quantity: 2 },
      { catalogId: 'sabun', quantity: 3 },
    ];
    expect(bundleAvailability(components, { shampoo: 9, sabun: 12 })).toEqual({ available: 4, limitingCatalogId: 'shampoo' });
    expect(
      bundleAvailability(
        components,
        new Map([
          ['shampoo', 20],
          ['sabun', 5],
        ]),
      ),
    ).toEqual({ available: 1, limitingCatalogId: 'sabun' });
  });
  it('counts missing and negative stock as none', () => {
    expect(bundleAvailability([{ catalogId: 'a', quantity: 1 }], {})).toEqual({ available: 0, limitingCatalogId: 'a' });
    expect(bundleAvailability([{ catalogId: 'a', quantity: 1 }], { a: -3 })).toEqual({ available: 0, limitingCatalogId: 'a' });
    expect(bundleAvailability([], {})).toEqual({ available: 0, limitingCatalogId: null });
  });
  it('refuses a quantity that is not a positive integer', () => {
    expect(() => bundleAvailability([{ catalogId: 'a', quantity: 0 }], { a: 1 })).toThrow(RangeError);
  });
});
