/**
 * PPN (Indonesian VAT) for the three product VAT modes, in whole rupiah rounded down (research §5, PMK 131/2024).
 * Since 1 Jan 2025 the 12 % rate applies to DPP nilai lain = 11/12 of the selling price for ordinary goods (an
 * effective 11 %); luxury (PPnBM) goods pay 12 % of the full price from 1 Feb 2025. Rates are dated, so an order
 * of an earlier date keeps the rule of its day.
 */
export const VAT_MODES = ['INCLUDE', 'EXCLUDE', 'NONE'] as const;
export type VatMode = (typeof VAT_MODES)[number];

/** One dated rule: rate in percent and the DPP factor num/den applied to the selling price. */
export type PpnRule = { from: string; rate: bigint; dppNum: bigint; dppDen: bigint };

export const PPN_RULES: readonly PpnRule[] = [
  { from: '0000-01-01', rate: 10n, dppNum: 1n, dppDen: 1n },
  { from: '2022-04-01', rate: 11n, dppNum: 1n, dppDen: 1n },
  { from: '2025-01-01', rate: 12n, dppNum: 11n, dppDen: 12n },
];

export const PPN_LUXURY_RULES: readonly PpnRule[] = [
  { from: '0000-01-01', rate: 10n, dppNum: 1n, dppDen: 1n },
  { from: '2022-04-01', rate: 11n, dppNum: 1n, dppDen: 1n },
  { from: '2025-01-01', rate: 12n, dppNum: 11n, dppDen: 12n },
  { from: '2025-02-01', rate: 12n, dppNum: 1n, dppDen: 1n },
];

/** The rule in force on a date (YYYY-MM-DD, Asia/Jakarta calendar day). */
export function ppnRuleOn(date: string, luxury = false): PpnRule {
  const rules = luxury ? PPN_LUXURY_RULES : PPN_RULES;
  let found = rules[0]!;
  for (const rule of rules) if (rule.from <= date) found = rule;
  return found;
}

/** What a faktur line states: the selling price (harga jual), the tax base, the PPN and what the buyer pays. */
export type PpnBreakdown = { mode: VatMode; hargaJual: bigint; dpp: bigint; ppn: bigint; total: bigint; rate: string };

export type PpnOptions = { date?: string; luxury?: boolean };

const today = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

/**
 * Splits a price by the product's VAT mode. EXCLUDE: the price is before tax, PPN is added. INCLUDE: the price is
 * what the buyer pays, harga jual = ⌊g × 100 / (100 + effective rate)⌋ and PPN is the rest. NONE: no PPN.
 */
export function computePpn(price: bigint, mode: VatMode, options: PpnOptions = {}): PpnBreakdown {
  if (price < 0n) throw new RangeError('price must not be negative');
  const rule = ppnRuleOn(options.date ?? today(), options.luxury ?? false);
  const rate = `${rule.rate}${rule.dppNum === rule.dppDen ? '' : ` × ${rule.dppNum}/${rule.dppDen}`}`;
  const dppOf = (harga: bigint) => (harga * rule.dppNum) / rule.dppDen;
  switch (mode) {
    case 'NONE':
      return { mode, hargaJual: price, dpp: price, ppn: 0n, total: price, rate: '0' };
    case 'EXCLUDE': {
      const ppn = (price * rule.rate * rule.dppNum) / (100n * rule.dppDen);
      return { mode, hargaJual: price, dpp: dppOf(price), ppn, total: price + ppn, rate };
    }
    case 'INCLUDE': {
      const hargaJual = (price * 100n * rule.dppDen) / (100n * rule.dppDen + rule.rate * rule.dppNum);
      return { mode, hargaJual, dpp: dppOf(hargaJual), ppn: price - hargaJual, total: price, rate };
    }
  }
}
