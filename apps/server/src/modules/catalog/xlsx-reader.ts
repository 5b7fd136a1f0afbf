import type ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';

/**
 * Characters of worksheet XML parsed at a time. ExcelJS hands its XML parser each inflated chunk of the archive whole
 * (64 KB, about 140 rows) and keeps all of the chunk's parser events (an object per tag, attribute and text) and rows
 * until the chunk's last row is consumed: a few megabytes that outlived young-generation collections and were promoted
 * to the old generation as garbage, about 9 KB per row read (267 of the 426 MB a heap profile of a 10,000-row import
 * found promoted), which V8 let grow to four times the live heap before collecting it (ADR 0054). Pieces of 4,096
 * characters (about nine rows) die young.
 */
export const XML_PIECE_CHARS = 4_096;

/**
 * The XML of a worksheet entry as text pieces of at most `size` characters. Decoded as a stream: ExcelJS decodes each
 * piece on its own, which turns a character whose bytes straddle two pieces into U+FFFD. A piece never ends between
 * the two halves of a surrogate pair.
 */
export async function* xmlPieces(chunks: AsyncIterable<Buffer | string>, size = XML_PIECE_CHARS): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    for (let at = 0; at < text.length;) {
      let end = Math.min(at + size, text.length);
      const last = text.charCodeAt(end - 1);
      if (end < text.length && end - at > 1 && last >= 0xd800 && last <= 0xdbff) end -= 1;
      yield text.slice(at, end);
      at = end;
    }
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

type ExcelModule = typeof ExcelJS;
type WorkbookReader = InstanceType<ExcelModule['stream']['xlsx']['WorkbookReader']>;
/** ExcelJS 4.4's own hook (pinned in package.json): every worksheet's XML, from the archive or a temporary file, passes here. */
type ParseWorksheet = (iterator: AsyncIterable<Buffer | string>, sheetNo: string) => Generator<unknown>;

/**
 * ExcelJS's streaming workbook reader, whose worksheets are parsed XML_PIECE_CHARS at a time (memory stays flat
 * whatever the row count: ADR 0054). Options as the import reads: the first sheet's values, shared strings cached,
 * nothing else.
 */
export function workbookReader(excel: ExcelModule, stream: Readable): WorkbookReader {
  const reader = new excel.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const hooked = reader as unknown as { _parseWorksheet?: ParseWorksheet };
  const parse = hooked._parseWorksheet;
  // A newer ExcelJS without the hook would read in big pieces again: fail loudly (the reader's test) rather than grow.
  if (typeof parse !== 'function') throw new Error('ExcelJS WorkbookReader has no _parseWorksheet: check xlsx-reader.ts');
  hooked._parseWorksheet = (iterator, sheetNo) => parse.call(reader, xmlPieces(iterator), sheetNo);
  return reader;
}

/**
 * A copy of a cell's text, for what an import keeps to its end (the file's SKUs, the failed rows). V8 makes a
 * substring of 13 characters or more a view into the string it was cut from, and a cell's text is cut from the
 * decoded 64 KB chunk of XML: one kept SKU kept its chunk alive, and the SKUs of a file its whole XML (ADR 0054).
 */
export const detached = (text: string): string => (text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8'));
