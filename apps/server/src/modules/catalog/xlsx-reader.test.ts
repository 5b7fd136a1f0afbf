import ExcelJS from 'exceljs';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { detached, workbookReader, xmlPieces } from './xlsx-reader.ts';

async function collect(pieces: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of pieces) out.push(piece);
  return out;
}

async function* chunks(...buffers: Buffer[]): AsyncGenerator<Buffer> {
  for (const buffer of buffers) yield buffer;
}

describe('xmlPieces', () => {
  it('cuts the XML into pieces of at most the size asked, decoding a character split between two chunks', async () => {
    const text = `<c><is><t>Kopi Gayo — Aceh ☕ ${'é'.repeat(50)} 𝓚</t></is></c>`.repeat(20);
    const bytes = Buffer.from(text, 'utf8');
    // Cut inside multi-byte characters: ExcelJS decoded each chunk on its own and read U+FFFD there.
    const cuts = [7, 31, 32, 33, 100, 101, 513, bytes.length];
    const parts = cuts.map((end, i) => bytes.subarray(i === 0 ? 0 : cuts[i - 1], end));
    const pieces = await collect(xmlPieces(chunks(...parts), 16));
    expect(pieces.join('')).toBe(text);
    expect(pieces.join('')).not.toContain('\uFFFD');
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(16);
  });

  it('never ends a piece between the two halves of a surrogate pair', async () => {
    const text = 'a𝓚'.repeat(40);
    const pieces = await collect(xmlPieces(chunks(Buffer.from(text, 'utf8')), 2));
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) {
      const last = piece.charCodeAt(piece.length - 1);
      expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
    }
  });
});

describe('workbookReader', () => {
  it('reads every row of a sheet whose XML spans many inflated chunks, non-ASCII text intact', async () => {
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (chunk: Buffer) => parts.push(chunk));
    const done = new Promise((resolve) => out.on('end', resolve));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = writer.addWorksheet('Produk');
    const rows = 3_000;
    for (let i = 1; i <= rows; i++) sheet.addRow([`SKU-${i}`, `Kemeja Batik — motif ${i} ☕ é`, i * 1_000]).commit();
    sheet.commit();
    await writer.commit();
    await done;

    const reader = workbookReader(ExcelJS, Readable.from(Buffer.concat(parts)));
    const seen: unknown[][] = [];
    for await (const worksheet of reader) {
      for await (const row of worksheet) seen.push((row.values as unknown[]).slice(1));
      break;
    }
    expect(seen).toHaveLength(rows);
    expect(seen[0]).toEqual(['SKU-1', 'Kemeja Batik — motif 1 ☕ é', 1_000]);
    expect(seen[rows - 1]).toEqual([`SKU-${rows}`, `Kemeja Batik — motif ${rows} ☕ é`, rows * 1_000]);
    expect(seen.every((values, i) => values[1] === `Kemeja Batik — motif ${i + 1} ☕ é`)).toBe(true);
  });
});

describe('detached', () => {
  it('answers an equal string', () => {
    const xml = `<t>${'x'.repeat(100)}</t><t>BK-12345-HITAM-XL</t>`;
    const sku = xml.slice(xml.lastIndexOf('<t>') + 3, xml.lastIndexOf('</t>'));
    expect(detached(sku)).toBe('BK-12345-HITAM-XL');
    expect(detached('TEH-1')).toBe('TEH-1');
  });
});
