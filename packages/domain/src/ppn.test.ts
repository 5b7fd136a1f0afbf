import { describe, expect, it } from 'vitest';
import { computePpn, ppnRuleOn } from './ppn.ts';

describe('computePpn (PMK 131/2024, integer rupiah rounded down)', () => {
  const date = '2026-03-01';
  it('EXCLUDE adds 12 % of DPP 11/12 (the DDTC example)', () => {
    expect(computePpn(3_453_454n, 'EXCLUDE', { date })).toMatchObject({
      hargaJual: 3_453_454n,
      ppn: 379_879n,
      total: 3_833_333n,
      dpp: 3_165_666n,
    });
    expect(computePpn(50_000_000n, 'EXCLUDE', { date })).toMatchObject({ dpp: 45_833_333n, ppn: 5_500_000n });
  });
  it('INCLUDE splits the gross price: harga jual ⌊g × 100/111⌋', () => {
    expect(computePpn(111_000n, 'INCLUDE', { date })).toMatchObject({ hargaJual: 100_000n, ppn: 11_000n, total: 111_000n });
    expect(computePpn(100_000n, 'INCLUDE', { date })).toMatchObject({ hargaJual: 90_090n, ppn: 9_910n, total: 100_000n });
  });
  it('NONE charges nothing', () => {
    expect(computePpn(100_000n, 'NONE', { date })).toMatchObject({ ppn: 0n, total: 100_000n });
  });
  it('luxury goods pay 12 % of the full price from February 2025', () => {
    expect(computePpn(1_000_000n, 'EXCLUDE', { date, luxury: true }).ppn).toBe(120_000n);
    expect(computePpn(1_000_000n, 'EXCLUDE', { date: '2025-01-15', luxury: true }).ppn).toBe(110_000n);
    expect(computePpn(112_000n, 'INCLUDE', { date, luxury: true }).hargaJual).toBe(100_000n);
  });
  it('keeps the rule of the day for earlier dates', () => {
    expect(ppnRuleOn('2024-12-31').rate).toBe(11n);
    expect(ppnRuleOn('2022-03-31').rate).toBe(10n);
    expect(computePpn(100_000n, 'EXCLUDE', { date: '2024-06-01' }).ppn).toBe(11_000n);
  });
  it('EXCLUDE then INCLUDE of the total gives the price back for every price up to 100,000', () => {
    for (let p = 0n; p <= 100_000n; p += 7n) {
      const gross = computePpn(p, 'EXCLUDE', { date }).total;
      const split = computePpn(gross, 'INCLUDE', { date });
      expect(split.hargaJual + split.ppn).toBe(gross);
      expect(split.ppn >= 0n).toBe(true);
    }
  });
});
