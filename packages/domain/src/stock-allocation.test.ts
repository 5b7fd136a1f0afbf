import { describe, expect, it } from 'vitest';
import { allocateToChannel, stockState } from './stock-allocation.ts';

describe('allocateToChannel', () => {
  it('takes a percentage rounded down, minus the buffer, and explains it in both languages', () => {
    expect(allocateToChannel(10, { mode: 'PERCENTAGE', value: 70, buffer: 0 })).toEqual({
      quantity: 7,
      explanation: {
        en: '7 = 10 available × 70%, rounded down, minus buffer 0',
        id: '7 = 10 tersedia × 70%, dibulatkan ke bawah, dikurangi buffer 0',
      },
    });
    expect(allocateToChannel(9, { mode: 'PERCENTAGE', value: 33, buffer: 1 }).quantity).toBe(1);
  });

  it('caps a fixed quantity at what is available and never goes below zero', () => {
    expect(allocateToChannel(4, { mode: 'QUANTITY', value: 10, buffer: 1 })).toEqual({
      quantity: 3,
      explanation: {
        en: '3 = fixed 10, capped at 4 available, minus buffer 1',
        id: '3 = tetap 10, dibatasi 4 tersedia, dikurangi buffer 1',
      },
    });
    expect(allocateToChannel(5, { mode: 'QUANTITY', value: 2, buffer: 5 }).quantity).toBe(0);
    expect(allocateToChannel(-3, { mode: 'PERCENTAGE', value: 100, buffer: 0 }).quantity).toBe(0);
  });

  it('adds the stock set aside for the channel on top of its share, and says so', () => {
    expect(allocateToChannel(10, { mode: 'PERCENTAGE', value: 70, buffer: 0 }, 5)).toEqual({
      quantity: 12,
      explanation: {
        en: '12 = 10 available × 70%, rounded down, minus buffer 0, plus 5 set aside',
        id: '12 = 10 tersedia × 70%, dibulatkan ke bawah, dikurangi buffer 0, ditambah 5 disisihkan',
      },
    });
    expect(allocateToChannel(0, { mode: 'QUANTITY', value: 4, buffer: 2 }, 3).quantity).toBe(3);
    expect(() => allocateToChannel(5, { mode: 'QUANTITY', value: 1, buffer: 0 }, -1)).toThrow(RangeError);
  });

  it('rejects impossible rules', () => {
    expect(() => allocateToChannel(1, { mode: 'PERCENTAGE', value: 101, buffer: 0 })).toThrow(RangeError);
    expect(() => allocateToChannel(1, { mode: 'QUANTITY', value: 1, buffer: -1 })).toThrow(RangeError);
    expect(() => allocateToChannel(1.5, { mode: 'QUANTITY', value: 1, buffer: 0 })).toThrow(RangeError);
  });
});

describe('stockState', () => {
  it('names the three states of the spec', () => {
    expect([stockState(3), stockState(0), stockState(-1)]).toEqual(['IN_STOCK', 'OUT_OF_STOCK', 'MINUS_STOCK']);
  });
});
