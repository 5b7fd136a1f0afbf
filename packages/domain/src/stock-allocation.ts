/**
 * Stock allocation per channel (issue 5): how much of a warehouse's allocatable stock one channel receives, with
 * the explanation the allocation screen shows ("7 = 10 available × 70%, rounded down, minus buffer 0").
 */
export const ALLOCATION_MODES = ['PERCENTAGE', 'QUANTITY'] as const;
export type AllocationMode = (typeof ALLOCATION_MODES)[number];

export type AllocationRule = {
  mode: AllocationMode;
  /** A percentage 0–100 (PERCENTAGE) or a number of units (QUANTITY). */
  value: number;
  /** Units held back from the channel after the share is computed. */
  buffer: number;
};

export type ChannelAllocation = {
  quantity: number;
  explanation: { id: string; en: string };
};

const int = (name: string, v: number) => {
  if (!Number.isInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative integer: ${v}`);
};

/**
 * The quantity a channel receives from `available` units: a percentage rounded down, or a fixed quantity capped
 * at what is available, then minus the buffer, never below zero. Negative stock counts as zero. Stock set aside
 * for the channel (`setAside`, outside `available`) is added on top: only that channel's orders may use it.
 */
export function allocateToChannel(available: number, rule: AllocationRule, setAside = 0): ChannelAllocation {
  if (!Number.isInteger(available)) throw new RangeError(`available must be an integer: ${available}`);
  int('buffer', rule.buffer);
  int('value', rule.value);
  int('setAside', setAside);
  if (rule.mode === 'PERCENTAGE' && rule.value > 100) throw new RangeError(`percentage above 100: ${rule.value}`);
  const base = Math.max(0, available);
  const plus = setAside > 0 ? { en: `, plus ${setAside} set aside`, id: `, ditambah ${setAside} disisihkan` } : { en: '', id: '' };
  if (rule.mode === 'PERCENTAGE') {
    const share = Math.floor((base * rule.value) / 100);
    const quantity = Math.max(0, share - rule.buffer) + setAside;
    return {
      quantity,
      explanation: {
        en: `${quantity} = ${base} available × ${rule.value}%, rounded down, minus buffer ${rule.buffer}${plus.en}`,
        id: `${quantity} = ${base} tersedia × ${rule.value}%, dibulatkan ke bawah, dikurangi buffer ${rule.buffer}${plus.id}`,
      },
    };
  }
  const share = Math.min(rule.value, base);
  const quantity = Math.max(0, share - rule.buffer) + setAside;
  const capped = rule.value > base;
  return {
    quantity,
    explanation: {
      en: `${quantity} = fixed ${rule.value}${capped ? `, capped at ${base} available` : ''}, minus buffer ${rule.buffer}${plus.en}`,
      id: `${quantity} = tetap ${rule.value}${capped ? `, dibatasi ${base} tersedia` : ''}, dikurangi buffer ${rule.buffer}${plus.id}`,
    },
  };
}

/** Stock state of the spec (part 4): in stock, out of stock, minus stock, by available quantity. */
export type StockState = 'IN_STOCK' | 'OUT_OF_STOCK' | 'MINUS_STOCK';
export const STOCK_STATES = ['IN_STOCK', 'OUT_OF_STOCK', 'MINUS_STOCK'] as const;
export const stockState = (available: number): StockState =>
  available > 0 ? 'IN_STOCK' : available === 0 ? 'OUT_OF_STOCK' : 'MINUS_STOCK';
