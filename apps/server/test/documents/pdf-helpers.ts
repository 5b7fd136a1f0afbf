import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/** Page sizes of a PDF in millimetres (rounded), read with pdf-lib. */
export async function pageSizesMm(pdf: Uint8Array): Promise<[number, number][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => {
    const { width, height } = p.getSize();
    return [Math.round((width * 25.4) / 72), Math.round((height * 25.4) / 72)];
  });
}

/**
 * The text pdfkit wrote (its standard fonts write WinAnsi strings as hex in TJ arrays): every content stream is
 * inflated and its strings decoded, one line per TJ.
 */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/gu;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let body: string;
    try {
      body = inflateSync(Buffer.from(raw.slice(start, end), 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of body.matchAll(/\[([^\]]*)\]\s*TJ/gu)) {
      const parts = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/gu)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'));
      out.push(parts.join(''));
    }
  }
  return out.join('\n');
}

let zxing: Promise<unknown> | undefined;

/** The barcodes on one page (1-based), rendered at 150 dpi with pdftoppm (poppler-utils) and decoded with zxing-wasm. */
export async function barcodesOnPage(pdf: Uint8Array, page: number): Promise<{ format: string; text: string }[]> {
  zxing ??= (() => {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    return prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
      fireImmediately: true,
    });
  })();
  await zxing;
  const dir = mkdtempSync(join(tmpdir(), 'kelola-label-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-r',
      '150',
      '-f',
      String(page),
      '-l',
      String(page),
      '-png',
      '-singlefile',
      join(dir, 'in.pdf'),
      join(dir, 'out'),
    ]);
    const png = readFileSync(join(dir, 'out.png'));
    const found = await readBarcodes(new Blob([png]), { maxNumberOfSymbols: 5 });
    return found.filter((r) => r.isValid).map((r) => ({ format: r.format, text: r.text }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The images drawn in a PDF (`pdfimages -list`, poppler-utils): page, pixel width and height, encoding of each. */
export function pdfImages(pdf: Uint8Array): { page: number; width: number; height: number; enc: string }[] {
  const dir = mkdtempSync(join(tmpdir(), 'kelola-images-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const out = execFileSync('pdfimages', ['-list', join(dir, 'in.pdf')]).toString();
    return out
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/u))
      .filter((cols) => cols.length > 8 && cols[2] === 'image')
      .map((cols) => ({ page: Number(cols[0]), width: Number(cols[3]), height: Number(cols[4]), enc: cols[8]! }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
