import { describe, expect, it } from 'vitest';
import { CopyRowsToSheetXml, type SheetColumnKind, xlsxCellText } from './xlsx-copy-rows.ts';

/** A COPY … (FORMAT binary) of these rows, each field a text or null, as PostgreSQL writes it. */
function binaryCopy(rows: readonly (readonly (string | null)[])[]): Buffer {
  const parts: Buffer[] = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)];
  for (const row of rows) {
    const count = Buffer.alloc(2);
    count.writeInt16BE(row.length);
    parts.push(count);
    for (const field of row) {
      const length = Buffer.alloc(4);
      const bytes = field === null ? Buffer.alloc(0) : Buffer.from(field, 'utf8');
      length.writeInt32BE(field === null ? -1 : bytes.length);
      parts.push(length, bytes);
    }
  }
  parts.push(Buffer.from([0xff, 0xff]));
  return Buffer.concat(parts);
}

/** The XML the row writer (`XlsxStreamWriter.row`) writes for these texts. */
const rowWriterXml = (
  kinds: readonly SheetColumnKind[],
  letters: readonly string[],
  first: number,
  rows: readonly (readonly (string | null)[])[],
) =>
  rows
    .map((row, r) => {
      const n = first + r;
      const cells = row.map((value, i) => {
        if (value === null || value === '') return '';
        if (kinds[i] === 'number') return `<c r="${letters[i]}${n}"><v>${value}</v></c>`;
        const text = xlsxCellText(value);
        return text === '' ? '' : `<c r="${letters[i]}${n}" t="inlineStr">${text}</c>`;
      });
      return `<row r="${n}">${cells.join('')}</row>`;
    })
    .join('');

function written(kinds: readonly SheetColumnKind[], lastRow: number, chunks: readonly Buffer[]) {
  const blocks: Buffer[] = [];
  const letters = kinds.map((_, i) => String.fromCharCode(65 + i));
  const rows = new CopyRowsToSheetXml(kinds, letters, lastRow, (xml, done) => {
    blocks.push(Buffer.from(xml));
    done();
    return true;
  });
  for (const chunk of chunks) rows.push(chunk);
  rows.end();
  return { xml: Buffer.concat(blocks).toString('utf8'), lastRow: rows.lastRow, letters };
}

const KINDS: SheetColumnKind[] = ['text', 'text', 'text', 'number'];
const ROWS: (string | null)[][] = [
  ['SO/2026/00000001', 'Ani & <Toko> "Jaya"', null, '115000'],
  ['  spasi di tepi  ', 'Jl. Merdeka 5\nRT 01/RW 02\tBlok "A"', 'Yogyakarta é', '0'],
  ['\u0001\u0002', '08\u000b12', ' \u0001X', '-5'],
  ['日本語テキスト', '💳 Kartu', 'tab\t', null],
  ['', 'ok', '\u001f', '12345678901234'],
];

describe('CopyRowsToSheetXml', () => {
  it("writes the row writer's XML for texts with markup characters, outer spaces, control characters and non-ASCII", () => {
    const { xml, lastRow, letters } = written(KINDS, 1, [binaryCopy(ROWS)]);
    expect(xml).toBe(rowWriterXml(KINDS, letters, 2, ROWS));
    expect(lastRow).toBe(1 + ROWS.length);
    expect(xml).toContain('<c r="B2" t="inlineStr"><is><t>Ani &amp; &lt;Toko&gt; &quot;Jaya&quot;</t></is></c>');
    // xml:space="preserve" only where the text starts or ends with a space (or a character outside ASCII).
    expect(xml).toContain('<c r="A3" t="inlineStr"><is><t xml:space="preserve">  spasi di tepi  </t></is></c>');
    expect(xml).toContain('<c r="B3" t="inlineStr"><is><t>Jl. Merdeka 5\nRT 01/RW 02\tBlok &quot;A&quot;</t></is></c>');
    expect(xml).toContain('<c r="C3" t="inlineStr"><is><t xml:space="preserve">Yogyakarta é</t></is></c>');
    // Control characters are dropped; a text of nothing else is no cell, like an empty text or a null.
    expect(xml).toContain(
      '<row r="4"><c r="B4" t="inlineStr"><is><t>0812</t></is></c><c r="C4" t="inlineStr"><is><t xml:space="preserve"> X</t></is></c><c r="D4"><v>-5</v></c></row>',
    );
    expect(xml).toContain('<row r="6"><c r="B6" t="inlineStr"><is><t>ok</t></is></c><c r="D6"><v>12345678901234</v></c></row>');
    expect(xml).toContain('<c r="B5" t="inlineStr"><is><t xml:space="preserve">💳 Kartu</t></is></c>');
  });

  it('reads rows cut anywhere between chunks, and numbers rows on from where it starts', () => {
    const copy = binaryCopy(ROWS);
    const whole = written(KINDS, 1, [copy]).xml;
    const byteByByte = written(
      KINDS,
      1,
      Array.from({ length: copy.length }, (_, i) => copy.subarray(i, i + 1)),
    );
    expect(byteByByte.xml).toBe(whole);
    for (const cut of [3, 11, 19, 20, 25, 60, copy.length - 1])
      expect(written(KINDS, 1, [copy.subarray(0, cut), copy.subarray(cut)]).xml).toBe(whole);
    // Rows 9 to 10 and 99 to 101: the row number gains a digit.
    const many = Array.from({ length: 120 }, (_, i) => [`row ${i}`, null, null, String(i)]);
    const from8 = written(KINDS, 8, [binaryCopy(many)]);
    expect(from8.xml).toBe(rowWriterXml(KINDS, from8.letters, 9, many));
    expect(from8.lastRow).toBe(128);
  });

  it('writes a row bigger than a block, and refuses a COPY of another shape or cut short', () => {
    const long = `${'&'.repeat(200_000)}x`;
    const { xml, letters } = written(KINDS, 1, [binaryCopy([[long, long, 'a', '1']])]);
    expect(xml).toBe(rowWriterXml(KINDS, letters, 2, [[long, long, 'a', '1']]));
    expect(() => written(KINDS, 1, [binaryCopy([['a', 'b']])])).toThrow(/2 fields/u);
    const copy = binaryCopy(ROWS);
    expect(() => written(KINDS, 1, [copy.subarray(0, copy.length - 30)])).toThrow(/middle of a row/u);
  });
});
