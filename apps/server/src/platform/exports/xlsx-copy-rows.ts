/**
 * A sheet's rows written from `COPY (select <text columns>) TO STDOUT (FORMAT binary)` (ADR 0060): PostgreSQL sends
 * each row's fields as text, and the XML of each row is written here byte by byte, straight from the COPY's bytes
 * into blocks handed to the sheet's compressor. The same XML as `XlsxStreamWriter.row` writes for the same values
 * (`xlsxCellText` is the rule for the slow cases), so a sheet can mix rows of both.
 */

/** How a column's text is written: as text (an inline string) or as a number (a `<v>`, its text as PostgreSQL wrote it). */
export type SheetColumnKind = 'text' | 'number';

// eslint-disable-next-line no-control-regex
const XML_SPECIAL = /[<>&"\u0000-\u0008\u000B\u000C\u000E-\u001F]/u;
// eslint-disable-next-line no-control-regex
const XML_SPECIAL_ALL = /[<>&"\u0000-\u0008\u000B\u000C\u000E-\u001F]/gu;
/** Text as XML character data; control characters XML 1.0 cannot hold are dropped. */
export function escapeXml(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return text.replace(XML_SPECIAL_ALL, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c === '"' ? '&quot;' : ''));
}

/**
 * Whether a text needs `xml:space="preserve"` to keep its spaces: when it starts or ends with white space (what
 * openpyxl and XlsxWriter check), or, to stay on the safe side without a table of Unicode spaces, with any
 * character outside printable ASCII. Inner spaces and line breaks are kept without it.
 */
const needsPreserve = (first: number, last: number) => first <= 0x20 || first >= 0x7f || last <= 0x20 || last >= 0x7f;

const T_OPEN = '<is><t>';
const T_OPEN_PRESERVE = '<is><t xml:space="preserve">';
/** The `<is>` of an inline string cell (its escaped text in a `<t>`), '' when the text is empty once escaped. */
export function xlsxCellText(text: string): string {
  const escaped = escapeXml(text);
  if (escaped === '') return '';
  const open = needsPreserve(escaped.charCodeAt(0), escaped.charCodeAt(escaped.length - 1)) ? T_OPEN_PRESERVE : T_OPEN;
  return `${open}${escaped}</t></is>`;
}

const bytes = (text: string) => Buffer.from(text, 'utf8');
const ROW_OPEN = bytes('<row r="');
const ROW_CLOSE = bytes('</row>');
const CELL_OPEN = '<c r="';
const TEXT_OPEN = bytes(`" t="inlineStr">${T_OPEN}`);
const TEXT_OPEN_PRESERVE = bytes(`" t="inlineStr">${T_OPEN_PRESERVE}`);
const TEXT_CLOSE = bytes('</t></is></c>');
const SLOW_TEXT_OPEN = bytes('" t="inlineStr">');
const SLOW_TEXT_CLOSE = bytes('</c>');
const NUMBER_OPEN = bytes('"><v>');
const NUMBER_CLOSE = bytes('</v></c>');
/** What each byte of a text becomes: 0 itself, 1 to 4 an entity (ENTITIES), 5 a control character to drop. */
const TEXT_BYTE = new Uint8Array(256);
const ENTITIES = [bytes(''), bytes('&amp;'), bytes('&lt;'), bytes('&gt;'), bytes('&quot;')];
for (let b = 0; b < 0x20; b += 1) TEXT_BYTE[b] = b === 0x09 || b === 0x0a || b === 0x0d ? 0 : 5;
TEXT_BYTE[0x26] = 1;
TEXT_BYTE[0x3c] = 2;
TEXT_BYTE[0x3e] = 3;
TEXT_BYTE[0x22] = 4;
/** What a row's markup takes besides its texts, at most (per cell and per row), and what a text byte can become (`&quot;`). */
const CELL_MARKUP = 96;
const ROW_MARKUP = 64;
const ESCAPED_BYTE = 6;
const BLOCK = 256 * 1024;
const SIGNATURE = 11;

/**
 * Reads a binary COPY whose fields are all text (or null) and writes each row's sheet XML, numbered on from `row`
 * (the last row written before): one cell per non-null field in the column of its position, none for a null (nor
 * for a text that is empty once its control characters are dropped). Rows may be cut anywhere between two chunks;
 * a chunk is read before `push` returns, nothing of it is kept.
 */
export class CopyRowsToSheetXml {
  private rest: Buffer | undefined;
  private started = false;
  private ended = false;
  private out: Buffer;
  private pos = 0;
  /** The row number's digits, counted up in place. */
  private readonly digits = Buffer.alloc(16);
  private digitCount: number;
  /** `<c r="` and the column's letters, per column. */
  private readonly cellOpen: Buffer[];
  /**
   * Each cell's opening with the row's number in it (`<c r="B7" t="inlineStr"><is><t>`, with `xml:space` or not;
   * `<c r="R7"><v>` for a number), and the row's (`<row r="7">`): one copy per cell, their digits counted up in place.
   */
  private open: Buffer[] = [];
  private openPreserve: Buffer[] = [];
  private rowOpen = ROW_OPEN;
  /** Blocks the receiver is done with (`emit`'s callback), used again: a gigabyte of XML is not a gigabyte of garbage. */
  private readonly spare: Buffer[] = [];

  constructor(
    private readonly kinds: readonly SheetColumnKind[],
    letters: readonly string[],
    private row: number,
    /** Takes a block of XML and calls `done` once it no longer needs it; answers false while it is full. */
    private readonly emit: (xml: Buffer, done: () => void) => boolean,
  ) {
    this.cellOpen = kinds.map((_, i) => bytes(`${CELL_OPEN}${letters[i]!}`));
    this.digitCount = this.digits.write(String(row), 0, 'latin1');
    this.openings();
    this.out = Buffer.allocUnsafe(BLOCK);
  }

  /** The openings for the current row number. */
  private openings(): void {
    const n = this.digits.toString('latin1', 0, this.digitCount);
    this.rowOpen = bytes(`<row r="${n}">`);
    this.open = this.cellOpen.map((cell, i) => Buffer.concat([cell, bytes(n), this.kinds[i] === 'number' ? NUMBER_OPEN : TEXT_OPEN]));
    this.openPreserve = this.cellOpen.map((cell, i) =>
      Buffer.concat([cell, bytes(n), this.kinds[i] === 'number' ? NUMBER_OPEN : TEXT_OPEN_PRESERVE]),
    );
  }

  /** The number of the last row written. */
  get lastRow(): number {
    return this.row;
  }

  /** Writes the rows complete in what has arrived; answers false while the receiver is full. */
  push(chunk: Buffer): boolean {
    const data = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    this.rest = undefined;
    let at = 0;
    if (!this.started) {
      if (data.length < SIGNATURE + 8 || data.length < SIGNATURE + 8 + data.readInt32BE(SIGNATURE + 4)) {
        this.rest = Buffer.from(data);
        return true;
      }
      at = SIGNATURE + 8 + data.readInt32BE(SIGNATURE + 4);
      this.started = true;
    }
    let ready = true;
    while (!this.ended && at + 2 <= data.length) {
      const fields = data.readInt16BE(at);
      if (fields === -1) {
        this.ended = true;
        at += 2;
        break;
      }
      if (fields !== this.kinds.length) throw new Error(`COPY row with ${fields} fields (${this.kinds.length} expected)`);
      // The whole row must have arrived: its field lengths are walked first.
      let end = at + 2;
      for (let i = 0; i < fields && end <= data.length; i += 1) {
        if (end + 4 > data.length) end = data.length + 1;
        else {
          const length = (data[end]! << 24) | (data[end + 1]! << 16) | (data[end + 2]! << 8) | data[end + 3]!;
          end += length > 0 ? 4 + length : 4;
        }
      }
      if (end > data.length) break;
      const need = (end - at) * ESCAPED_BYTE + fields * CELL_MARKUP + ROW_MARKUP;
      if (this.pos + need > this.out.length) ready = this.flush(need) && ready;
      this.nextRow();
      this.pos = this.writeRow(data, at + 2, fields);
      at = end;
    }
    // A copy: the caller may reuse its buffer.
    if (at < data.length && !this.ended) this.rest = Buffer.from(data.subarray(at));
    if (this.pos >= BLOCK - 4096) ready = this.flush(0) && ready;
    return ready;
  }

  /** Hands on what is left; answers false while the receiver is full. */
  end(): boolean {
    if (this.rest && this.rest.length > 0) throw new Error('COPY ended in the middle of a row');
    return this.flush(0);
  }

  /** Hands the current block on and starts a new one of at least `size` bytes. */
  private flush(size: number): boolean {
    let ready = true;
    if (this.pos > 0) {
      const block = this.out;
      ready = this.emit(block.subarray(0, this.pos), () => {
        if (block.length === BLOCK) this.spare.push(block);
      });
    }
    this.out = size <= BLOCK ? (this.spare.pop() ?? Buffer.allocUnsafe(BLOCK)) : Buffer.allocUnsafe(size);
    this.pos = 0;
    return ready;
  }

  /** Counts the row number up, in the digits and in the openings (mostly their last digit only). */
  private nextRow(): void {
    this.row += 1;
    const digits = this.digits;
    const count = this.digitCount;
    let d = count - 1;
    while (d >= 0 && digits[d] === 0x39) digits[d--] = 0x30;
    if (d < 0) {
      digits.copyWithin(1, 0, count);
      digits[0] = 0x31;
      this.digitCount += 1;
      this.openings();
      return;
    }
    digits[d]! += 1;
    const rowAt = ROW_OPEN.length;
    for (let k = d; k < count; k += 1) this.rowOpen[rowAt + k] = digits[k]!;
    for (let i = 0; i < this.open.length; i += 1) {
      const at = this.cellOpen[i]!.length;
      const open = this.open[i]!;
      const openPreserve = this.openPreserve[i]!;
      for (let k = d; k < count; k += 1) {
        open[at + k] = digits[k]!;
        openPreserve[at + k] = digits[k]!;
      }
    }
  }

  /**
   * One row's XML at `this.pos`; answers the position after it. A cell is its opening (one `set`, its row number
   * already in it), its text copied byte by byte and escaped on the way (a loop beats a `subarray` and a `set` for
   * texts this short), and its closing; the block and position in locals: one tight function per row (ADR 0060).
   */
  private writeRow(data: Buffer, at: number, fields: number): number {
    const out = this.out;
    const open = this.open;
    const openPreserve = this.openPreserve;
    let pos = put(this.rowOpen, out, this.pos);
    for (let i = 0; i < fields; i += 1) {
      // A field's length, or -1 for null (Buffer.readInt32BE, without its checks: the row was walked already).
      const length = (data[at]! << 24) | (data[at + 1]! << 16) | (data[at + 2]! << 8) | data[at + 3]!;
      at += 4;
      if (length <= 0) continue;
      const start = at;
      const end = at + length;
      at = end;
      const cellStart = pos;
      if (this.kinds[i] === 'number') {
        pos = put(open[i]!, out, pos);
        for (let k = start; k < end; k += 1) out[pos++] = data[k]!;
        pos = put(NUMBER_CLOSE, out, pos);
        continue;
      }
      pos = put(needsPreserve(data[start]!, data[end - 1]!) ? openPreserve[i]! : open[i]!, out, pos);
      let k = start;
      for (; k < end; k += 1) {
        const b = data[k]!;
        const kind = TEXT_BYTE[b]!;
        if (kind === 0) out[pos++] = b;
        else if (kind < 5) pos = put(ENTITIES[kind]!, out, pos);
        else break;
      }
      if (k === end) pos = put(TEXT_CLOSE, out, pos);
      else pos = this.writeSlowText(data.toString('utf8', start, end), i, cellStart);
    }
    return put(ROW_CLOSE, out, pos);
  }

  /**
   * A text with a control character to drop (which may leave it empty or change its first or last character), in
   * place of the cell begun at `cellStart`, through the row writer's rule; no cell at all when nothing is left of it.
   */
  private writeSlowText(text: string, column: number, cellStart: number): number {
    const inner = xlsxCellText(text);
    if (inner === '') return cellStart;
    const out = this.out;
    let pos = put(this.cellOpen[column]!, out, cellStart);
    for (let d = 0; d < this.digitCount; d += 1) out[pos++] = this.digits[d]!;
    pos = put(SLOW_TEXT_OPEN, out, pos);
    pos += out.write(inner, pos, 'utf8');
    return put(SLOW_TEXT_CLOSE, out, pos);
  }
}

/** Copies a piece of markup into `out` at `pos`; answers the position after it. */
function put(piece: Buffer, out: Buffer, pos: number): number {
  out.set(piece, pos);
  return pos + piece.length;
}
