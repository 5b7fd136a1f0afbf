/**
 * Scan to pack (issue 14), as a pure state machine the screen drives: the packer first scans the order's (or the
 * receipt's) barcode, then each item's barcode or SKU; a keyboard-wedge scanner types the code and Enter. Every scan
 * is counted against the order's lines; a code that is in no line is WRONG, one more than the line needs is EXTRA, and
 * both are refused (not counted) and shown loudly. Packing can be confirmed only when every line is complete.
 */
export type PackLine = { id: string; sku: string | null; barcode: string | null; name: string; quantity: number };

export type ScanOutcome = 'COUNTED' | 'LINE_DONE' | 'ALL_DONE' | 'WRONG' | 'EXTRA';

export type PackState = {
  lines: readonly PackLine[];
  /** Scanned so far per line id. */
  counts: Readonly<Record<string, number>>;
  last: { code: string; outcome: ScanOutcome; lineId: string | null } | null;
  /** Refused scans in this session (wrong or extra items). */
  refused: number;
};

export const startPacking = (lines: readonly PackLine[]): PackState => ({
  lines,
  counts: Object.fromEntries(lines.map((l) => [l.id, 0])),
  last: null,
  refused: 0,
});

const same = (a: string | null, code: string) => a !== null && a.trim().toLowerCase() === code;

/** The line a scanned code names: by barcode first, then by SKU (case and surrounding spaces ignored). */
export function lineFor(lines: readonly PackLine[], raw: string): PackLine | null {
  const code = raw.trim().toLowerCase();
  if (!code) return null;
  return lines.find((l) => same(l.barcode, code)) ?? lines.find((l) => same(l.sku, code)) ?? null;
}

export const isComplete = (state: PackState): boolean => state.lines.every((l) => (state.counts[l.id] ?? 0) === l.quantity);

/** One scan: counted, or refused as a wrong or an extra item (the counts do not change then). */
export function scan(state: PackState, raw: string): PackState {
  const code = raw.trim();
  const line = lineFor(state.lines, code);
  if (!line) return { ...state, last: { code, outcome: 'WRONG', lineId: null }, refused: state.refused + 1 };
  const have = state.counts[line.id] ?? 0;
  if (have >= line.quantity) return { ...state, last: { code, outcome: 'EXTRA', lineId: line.id }, refused: state.refused + 1 };
  const counts = { ...state.counts, [line.id]: have + 1 };
  const next = { ...state, counts };
  const outcome: ScanOutcome = isComplete(next) ? 'ALL_DONE' : have + 1 === line.quantity ? 'LINE_DONE' : 'COUNTED';
  return { ...next, last: { code, outcome, lineId: line.id } };
}

/** Takes one back from a line (a mis-scan the packer puts aside). */
export function undo(state: PackState, lineId: string): PackState {
  const have = state.counts[lineId] ?? 0;
  if (have === 0) return state;
  return { ...state, counts: { ...state.counts, [lineId]: have - 1 }, last: null };
}

/** What the server's pack call receives: each line's code (barcode, else SKU) and its count. */
export function scannedPayload(state: PackState): { code: string; quantity: number }[] {
  return state.lines.flatMap((l) => {
    const quantity = state.counts[l.id] ?? 0;
    const code = l.barcode ?? l.sku;
    return quantity > 0 && code ? [{ code, quantity }] : [];
  });
}
