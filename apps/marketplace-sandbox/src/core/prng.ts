/** Seeded pseudo-random numbers so a sandbox started with the same seed builds the same shops and orders. */

export type Rng = {
  next(): number;
  int(minInclusive: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  hex(length: number): string;
  digits(length: number): string;
};

/** FNV-1a: turns any seed text into the 32-bit state mulberry32 needs. */
export const hashSeed = (seed: string | number): number => {
  let h = 0x811c9dc5;
  for (const ch of String(seed)) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

export const createRng = (seed: string | number): Rng => {
  let state = hashSeed(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    hex: (length) => Array.from({ length }, () => int(0, 15).toString(16)).join(''),
    digits: (length) => Array.from({ length }, (_, i) => String(i === 0 ? int(1, 9) : int(0, 9))).join(''),
  };
};
