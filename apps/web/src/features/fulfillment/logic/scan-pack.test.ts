import { describe, expect, it } from 'vitest';
import { isComplete, lineFor, scan, scannedPayload, startPacking, undo, type PackLine } from './scan-pack.ts';

const LINES: PackLine[] = [
  { id: 'a', sku: 'KOPI-250', barcode: '8991234567890', name: 'Kopi Gayo 250 g', quantity: 2 },
  { id: 'b', sku: 'TEH-100', barcode: null, name: 'Teh Melati', quantity: 1 },
];
const run = (codes: string[]) => codes.reduce(scan, startPacking(LINES));

describe('scan to pack', () => {
  it('matches a barcode first, then a SKU, ignoring case and spaces', () => {
    expect(lineFor(LINES, ' 8991234567890\n')?.id).toBe('a');
    expect(lineFor(LINES, 'kopi-250')?.id).toBe('a');
    expect(lineFor(LINES, 'teh-100')?.id).toBe('b');
    expect(lineFor(LINES, 'GULA-1')).toBeNull();
    expect(lineFor(LINES, '   ')).toBeNull();
  });

  it('counts each scan and completes only when every line has its quantity', () => {
    let s = run(['8991234567890']);
    expect(s.counts).toEqual({ a: 1, b: 0 });
    expect(s.last).toEqual({ code: '8991234567890', outcome: 'COUNTED', lineId: 'a' });
    expect(isComplete(s)).toBe(false);
    s = scan(s, 'KOPI-250');
    expect(s.last?.outcome).toBe('LINE_DONE');
    expect(isComplete(s)).toBe(false);
    s = scan(s, 'TEH-100');
    expect(s.last?.outcome).toBe('ALL_DONE');
    expect(isComplete(s)).toBe(true);
    expect(scannedPayload(s)).toEqual([
      { code: '8991234567890', quantity: 2 },
      { code: 'TEH-100', quantity: 1 },
    ]);
  });

  it('refuses a wrong item and an extra one without counting them', () => {
    let s = run(['GULA-1']);
    expect(s.last).toEqual({ code: 'GULA-1', outcome: 'WRONG', lineId: null });
    expect(s.counts).toEqual({ a: 0, b: 0 });
    expect(s.refused).toBe(1);
    s = scan(scan(s, 'TEH-100'), 'TEH-100');
    expect(s.last).toEqual({ code: 'TEH-100', outcome: 'EXTRA', lineId: 'b' });
    expect(s.counts).toEqual({ a: 0, b: 1 });
    expect(s.refused).toBe(2);
    expect(isComplete(s)).toBe(false);
  });

  it('undo takes one back, never below zero', () => {
    const s = run(['KOPI-250', 'KOPI-250']);
    expect(undo(s, 'a').counts.a).toBe(1);
    expect(undo(startPacking(LINES), 'a').counts.a).toBe(0);
  });
});
