import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
// exceljs is the server's XLSX library (apps/server/package.json), resolved from the workspace root's node_modules.
import ExcelJS from 'exceljs';
import type { Download } from 'playwright-core';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG (8-bit RGB, no interlace) of `width`×`height` in two colours split diagonally, made here so a journey
 * needs no image file: the server reads it with sharp and makes its thumbnail as for a photo.
 */
export function pngImage(
  width: number,
  height: number,
  [r, g, b]: readonly [number, number, number],
  [r2, g2, b2] = [255, 255, 255] as const,
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter method, no interlace
  const stride = 1 + width * 3;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    pixels[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const at = y * stride + 1 + x * 3;
      pixels.set(x > y ? [r, g, b] : [r2, g2, b2], at);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The bytes of a file the page downloaded (Playwright keeps it in a temporary file until the context closes). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const failure = await download.failure();
  if (failure) throw new Error(`download of ${download.suggestedFilename()} failed: ${failure}`);
  return readFile(await download.path());
}

/** A cell's value as the import reads it: text, numbers as digits, empty as ''. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((part) => part.text).join('');
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  return String(value as string | number | boolean);
}

/** Every row of a worksheet of an XLSX (the first unless named), cells as text, row 1 (the header) included. */
export async function xlsxRows(bytes: Buffer, sheetName?: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = sheetName ? workbook.getWorksheet(sheetName) : workbook.worksheets[0];
  if (!sheet)
    throw new Error(`no worksheet ${sheetName ?? '(first)'} in the file; it has ${workbook.worksheets.map((w) => w.name).join(', ')}`);
  const rows: string[][] = [];
  // Array.from, not map: row.values is sparse where cells are empty, and map would keep the holes.
  sheet.eachRow((row) => rows.push(Array.from((row.values as ExcelJS.CellValue[]).slice(1), cellText)));
  return rows;
}

/**
 * The import template filled in: its example rows removed, then `rows` (objects keyed by the template's header
 * names) written under the header, the explanation sheet kept. Throws when a key is not one of the template's columns.
 */
export async function fillTemplate(
  template: Buffer,
  rows: readonly Record<string, string | number>[],
  sheetName = 'Produk',
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`the template has no ${sheetName} sheet`);
  const headers = Array.from((sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1), cellText);
  const unknown = [...new Set(rows.flatMap(Object.keys))].filter((key) => !headers.includes(key));
  if (unknown.length > 0) throw new Error(`not columns of the template: ${unknown.join(', ')} (it has ${headers.join(', ')})`);
  // Emptied in place: ExcelJS's spliceRows leaves the last rows of a sheet where they are.
  for (let number = 2; number <= sheet.rowCount; number += 1) sheet.getRow(number).values = [];
  rows.forEach((row, index) => {
    sheet.getRow(index + 2).values = headers.map((header) => row[header] ?? null);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
