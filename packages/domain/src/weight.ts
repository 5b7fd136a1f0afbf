/**
 * Weights (spec part 5 and 9): stored as whole grams; marketplaces want kilograms (Shopee, TikTok: grams divided
 * by 1000) or a value with a GR/KG unit (Tokopedia). Weight, width and height default to 0.
 */
export const WEIGHT_UNITS = ['g', 'gr', 'kg'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export const GRAMS_PER_KILOGRAM = 1000;

/** Whole grams from a value in g, gr or kg (case-insensitive); fractions of a gram are rounded half up. */
export function toGrams(value: number, unit: string): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`weight must be a non-negative number: ${value}`);
  const u = unit.trim().toLowerCase();
  if (u === 'g' || u === 'gr' || u === 'gram') return Math.round(value);
  if (u === 'kg') return Math.round(value * GRAMS_PER_KILOGRAM);
  throw new RangeError(`unknown weight unit: ${unit}`);
}

/** Shopee and TikTok: kilograms, grams divided by 1000 (exact to the gram, no float noise). */
export function gramsToKilograms(grams: number): number {
  return Number((grams / GRAMS_PER_KILOGRAM).toFixed(3));
}

/** Tokopedia: whole grams as GR below one kilogram and when not a whole kilogram, else KG. */
export function tokopediaWeight(grams: number): { value: number; unit: 'GR' | 'KG' } {
  if (grams >= GRAMS_PER_KILOGRAM && grams % GRAMS_PER_KILOGRAM === 0) return { value: grams / GRAMS_PER_KILOGRAM, unit: 'KG' };
  return { value: grams, unit: 'GR' };
}

/** The weight a marketplace expects for a product stored in grams. */
export function channelWeight(grams: number, channel: 'shopee' | 'tiktok' | 'tokopedia' | string): { value: number; unit: 'KG' | 'GR' } {
  if (channel === 'tokopedia') return tokopediaWeight(grams);
  return { value: gramsToKilograms(grams), unit: 'KG' };
}
