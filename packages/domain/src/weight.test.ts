import { describe, expect, it } from 'vitest';
import { channelWeight, gramsToKilograms, toGrams, tokopediaWeight } from './weight.ts';

describe('weight units (spec part 5)', () => {
  it('stores grams from g, gr or kg', () => {
    expect(toGrams(250, 'g')).toBe(250);
    expect(toGrams(250, 'GR')).toBe(250);
    expect(toGrams(1.25, 'kg')).toBe(1250);
    expect(() => toGrams(1, 'lb')).toThrow(RangeError);
    expect(() => toGrams(-1, 'g')).toThrow(RangeError);
  });
  it('Shopee and TikTok: grams divided by 1000', () => {
    expect(gramsToKilograms(250)).toBe(0.25);
    expect(gramsToKilograms(1001)).toBe(1.001);
    expect(channelWeight(300, 'shopee')).toEqual({ value: 0.3, unit: 'KG' });
    expect(channelWeight(0, 'tiktok')).toEqual({ value: 0, unit: 'KG' });
  });
  it('Tokopedia: GR, or KG for whole kilograms', () => {
    expect(tokopediaWeight(250)).toEqual({ value: 250, unit: 'GR' });
    expect(tokopediaWeight(2000)).toEqual({ value: 2, unit: 'KG' });
    expect(tokopediaWeight(1500)).toEqual({ value: 1500, unit: 'GR' });
    expect(channelWeight(3000, 'tokopedia')).toEqual({ value: 3, unit: 'KG' });
  });
});
