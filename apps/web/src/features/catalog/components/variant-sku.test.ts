import { describe, expect, it } from 'vitest';
import { syncVariantRows, variantCombinations, variantSku } from './variant-sku.ts';

describe('variant SKU generation', () => {
  it('makes one combination per pair of options, in tier order', () => {
    expect(
      variantCombinations([
        { name: 'Warna', options: ['Merah', 'Biru'] },
        { name: 'Ukuran', options: ['S', 'M', 'L'] },
      ]),
    ).toEqual([
      ['Merah', 'S'],
      ['Merah', 'M'],
      ['Merah', 'L'],
      ['Biru', 'S'],
      ['Biru', 'M'],
      ['Biru', 'L'],
    ]);
  });

  it('has no combination while a tier has no option, and ignores blank options', () => {
    expect(
      variantCombinations([
        { name: 'Warna', options: ['Merah'] },
        { name: 'Ukuran', options: [] },
      ]),
    ).toEqual([]);
    expect(variantCombinations([{ name: 'Warna', options: ['Merah', ' ', undefined] }])).toEqual([['Merah']]);
    // The same option typed again in another case or with spaces makes no second row (the tier shows the error).
    expect(variantCombinations([{ name: 'Warna', options: ['Merah', 'merah', 'MERAH ', 'Biru'] }])).toEqual([['Merah'], ['Biru']]);
  });

  it('builds SKU codes without spaces', () => {
    expect(variantSku('kaos-01', ['Biru Muda', 'xl'])).toBe('KAOS-01-BIRU-MUDA-XL');
  });

  it('keeps rows of combinations that stay and generates the new ones', () => {
    const rows = syncVariantRows([{ name: 'Warna', options: ['Merah'] }], [], { baseSku: 'KAOS', price: 50_000, weight: 200 });
    expect(rows).toEqual([{ sku: 'KAOS-MERAH', options: ['Merah'], price: 50_000, cost_price: null, barcode: null, weight: 200 }]);
    const edited = [{ ...rows[0]!, id: 'c-1', sku: 'KAOS-RED', price: 65_000 }];
    const next = syncVariantRows([{ name: 'Warna', options: ['merah', 'Biru'] }], edited, { baseSku: 'KAOS', price: 50_000, weight: 200 });
    expect(next).toEqual([
      { id: 'c-1', sku: 'KAOS-RED', options: ['merah'], price: 65_000, cost_price: null, barcode: null, weight: 200 },
      { sku: 'KAOS-BIRU', options: ['Biru'], price: 50_000, cost_price: null, barcode: null, weight: 200 },
    ]);
  });

  it('drops rows whose combination no longer exists', () => {
    const rows = syncVariantRows([{ options: ['A', 'B'] }], [], { baseSku: 'X' });
    expect(syncVariantRows([{ options: ['B'] }], rows, { baseSku: 'X' }).map((r) => r.sku)).toEqual(['X-B']);
  });
});
