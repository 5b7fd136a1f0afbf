import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { PDFDocument as PdfLibDocument } from 'pdf-lib';

/**
 * Drawing the fulfillment documents with pdfkit: shipping labels 100 × 150 mm with Code 128 barcodes drawn as
 * vector bars (bwip-js computes the bars; nothing is rasterised, so 500 labels stay fast and crisp), picking lists
 * and packing lists on A4. Marketplace label PDFs are merged in with pdf-lib.
 */

export const MM = 72 / 25.4;
export const LABEL_SIZE: [number, number] = [100 * MM, 150 * MM];

export type Party = { name: string; phone?: string | null; address?: string | null };
export type LabelData = {
  orderNumber: string;
  receiptNumber: string | null;
  courier: string | null;
  service: string | null;
  sender: Party;
  recipient: Party & { city?: string | null; postalCode?: string | null };
  items: { sku: string | null; name: string; options: string | null; quantity: number }[];
  /** The amount to collect, integer rupiah, when cash on delivery. */
  cod: number | null;
  channel: string | null;
  orderDate: Date;
};

export const rupiah = (n: number) => `Rp ${n.toLocaleString('id-ID')}`;

type Doc = InstanceType<typeof PDFDocument>;

/** A Code 128 barcode of `text` drawn as vector bars in the box (x, y, width, height), with the text under it. */
export function drawCode128(doc: Doc, text: string, x: number, y: number, width: number, height: number, fontSize = 8): void {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text }) as { sbs: number[] }[];
  const sbs = symbol!.sbs;
  const modules = sbs.reduce((a, b) => a + b, 0);
  const quiet = 10;
  const unit = width / (modules + 2 * quiet);
  let cursor = x + quiet * unit;
  doc.save().fillColor('black');
  for (let i = 0; i < sbs.length; i += 1) {
    const w = sbs[i]! * unit;
    if (i % 2 === 0) doc.rect(cursor, y, w, height);
    cursor += w;
  }
  doc.fill().restore();
  doc.fontSize(fontSize).text(text, x, y + height + 2, { width, align: 'center', lineBreak: false });
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function drawLabel(doc: Doc, label: LabelData): void {
  const [W] = LABEL_SIZE;
  const m = 4 * MM;
  const inner = W - 2 * m;
  let y = m;
  doc.lineWidth(0.6);
  // Courier and service, COD badge.
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(clip([label.courier, label.service].filter(Boolean).join(' - ') || 'Kurir', 34), m, y, {
      width: inner - (label.cod !== null ? 60 : 0),
      lineBreak: false,
    });
  if (label.cod !== null) {
    doc.rect(W - m - 56, y - 2, 56, 18).fill('black');
    doc
      .fillColor('white')
      .fontSize(12)
      .text('COD', W - m - 56, y + 1, { width: 56, align: 'center', lineBreak: false })
      .fillColor('black');
  }
  y += 20;
  doc
    .font('Helvetica')
    .fontSize(7)
    .text(clip(`${label.channel ?? ''}  ${label.orderDate.toISOString().slice(0, 10)}`.trim(), 60), m, y, {
      width: inner,
      lineBreak: false,
    });
  y += 10;
  doc
    .moveTo(m, y)
    .lineTo(W - m, y)
    .stroke();
  y += 4;
  // The receipt number's barcode (the courier scans it), then the order number's.
  if (label.receiptNumber) {
    doc.font('Helvetica').fontSize(7).text('No. Resi', m, y, { lineBreak: false });
    y += 9;
    drawCode128(doc, label.receiptNumber, m, y, inner, 48, 10);
    y += 64;
  }
  doc.font('Helvetica').fontSize(7).text('No. Pesanan', m, y, { lineBreak: false });
  y += 9;
  drawCode128(doc, label.orderNumber, m + inner * 0.1, y, inner * 0.8, 26, 8);
  y += 38;
  doc
    .moveTo(m, y)
    .lineTo(W - m, y)
    .stroke();
  y += 4;
  // Recipient (full address) and sender.
  doc.font('Helvetica-Bold').fontSize(8).text('Penerima:', m, y);
  doc.font('Helvetica-Bold').fontSize(10).text(clip(label.recipient.name, 45), m, doc.y, { width: inner, lineBreak: false });
  doc.font('Helvetica').fontSize(8);
  if (label.recipient.phone) doc.text(label.recipient.phone, m, doc.y, { width: inner });
  const address = [label.recipient.address, label.recipient.city, label.recipient.postalCode].filter(Boolean).join(', ');
  doc.text(clip(address, 220), m, doc.y, { width: inner, height: 40, ellipsis: true });
  y = doc.y + 3;
  doc.font('Helvetica-Bold').fontSize(8).text('Pengirim:', m, y);
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(clip([label.sender.name, label.sender.phone].filter(Boolean).join(' · '), 70), m, doc.y, {
      width: inner,
      lineBreak: false,
    });
  if (label.sender.address) doc.text(clip(label.sender.address, 110), m, doc.y, { width: inner, height: 20, ellipsis: true });
  y = doc.y + 3;
  doc
    .moveTo(m, y)
    .lineTo(W - m, y)
    .stroke();
  y += 4;
  // Items with quantities.
  doc.font('Helvetica-Bold').fontSize(8).text('Barang:', m, y);
  doc.font('Helvetica').fontSize(7);
  const bottom = LABEL_SIZE[1] - m - (label.cod !== null ? 16 : 0);
  let shown = 0;
  for (const item of label.items) {
    if (doc.y + 9 > bottom - 9 && shown < label.items.length - 1) break;
    const text = `${item.quantity} × ${item.sku ?? '-'}  ${item.name}${item.options ? ` (${item.options})` : ''}`;
    doc.text(clip(text, 70), m, doc.y, { width: inner, lineBreak: false });
    shown += 1;
  }
  if (shown < label.items.length) doc.text(`+ ${label.items.length - shown} barang lain`, m, doc.y, { lineBreak: false });
  if (label.cod !== null) {
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(`COD: ${rupiah(label.cod)}`, m, LABEL_SIZE[1] - m - 14, { width: inner, lineBreak: false });
  }
}

/** Labels drawn by Kelola, one 100 × 150 mm page each, in the order given. */
export async function renderLabels(labels: readonly LabelData[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: LABEL_SIZE,
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Label pengiriman', Producer: 'Kelola' },
  });
  const done = collect(doc);
  for (const label of labels) {
    doc.addPage({ size: LABEL_SIZE, margin: 0 });
    drawLabel(doc, label);
  }
  doc.end();
  return done;
}

/** A label page is either ours (drawn) or the marketplace's PDF. */
export type LabelPage = { kind: 'own'; label: LabelData } | { kind: 'marketplace'; pdf: Uint8Array };

/**
 * The bulk label PDF: Kelola's labels and the marketplaces' own label PDFs, in the order of the orders. Marketplace
 * pages are scaled onto 100 × 150 mm pages so the whole run prints on one roll.
 */
export async function mergeLabels(pages: readonly LabelPage[]): Promise<Buffer> {
  const own = pages.flatMap((p) => (p.kind === 'own' ? [p.label] : []));
  const ownPdf = await renderLabels(own);
  if (own.length === pages.length) return ownPdf;
  const out = await PdfLibDocument.create();
  const ownDoc = own.length ? await PdfLibDocument.load(ownPdf) : null;
  let next = 0;
  for (const page of pages) {
    if (page.kind === 'own') {
      const [copied] = await out.copyPages(ownDoc!, [next]);
      next += 1;
      out.addPage(copied);
      continue;
    }
    const source = await PdfLibDocument.load(page.pdf);
    for (const sourcePage of source.getPages()) {
      const embedded = await out.embedPage(sourcePage);
      const target = out.addPage(LABEL_SIZE);
      const scale = Math.min(LABEL_SIZE[0] / embedded.width, LABEL_SIZE[1] / embedded.height);
      const w = embedded.width * scale;
      const h = embedded.height * scale;
      target.drawPage(embedded, { x: (LABEL_SIZE[0] - w) / 2, y: (LABEL_SIZE[1] - h) / 2, width: w, height: h });
    }
  }
  return Buffer.from(await out.save());
}

// ---------------------------------------------------------------------------------------------------------------
// Picking list and packing list (A4)

export type PickLine = {
  warehouse: string;
  sku: string;
  name: string;
  options: string | null;
  location: string | null;
  total: number;
  orders: string[];
  /** The product's first image as a JPEG thumbnail, drawn beside the name so the picker knows what to look for. */
  thumbnail?: Buffer | null;
};

const THUMB = 24;

const A4: [number, number] = [595.28, 841.89];

/** The picking list of a pick wave: per warehouse, lines by bin location then SKU, the total to pick and the orders it serves. */
export async function renderPickingList(input: {
  title: string;
  printedAt: Date;
  orderCount: number;
  lines: readonly PickLine[];
}): Promise<Buffer> {
  const doc = new PDFDocument({ size: A4, margin: 36, info: { Title: input.title, Producer: 'Kelola' } });
  const done = collect(doc);
  const cols = { check: 36, location: 52, sku: 112, thumb: 222, name: 250, total: 452, orders: 492 };
  const nameWidth = cols.total - cols.name - 6;
  const header = (warehouse: string) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(`Gudang: ${warehouse}`, 36, doc.y + 6);
    const y = doc.y + 4;
    doc.fontSize(8);
    doc.text('Rak/Bin', cols.location, y, { lineBreak: false });
    doc.text('SKU', cols.sku, y, { lineBreak: false });
    doc.text('Produk', cols.thumb, y, { lineBreak: false });
    doc.text('Total', cols.total, y, { lineBreak: false });
    doc.text('Pesanan', cols.orders, y, { lineBreak: false });
    doc
      .moveTo(36, y + 11)
      .lineTo(A4[0] - 36, y + 11)
      .stroke();
    doc.y = y + 14;
    doc.font('Helvetica');
  };
  doc.font('Helvetica-Bold').fontSize(16).text(input.title, 36, 36);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      `${input.orderCount} pesanan · ${input.lines.length} baris · dicetak ${input.printedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
  let warehouse: string | null = null;
  for (const line of input.lines) {
    if (line.warehouse !== warehouse) {
      warehouse = line.warehouse;
      header(warehouse);
    }
    const orders = clip(line.orders.join(', '), 120);
    const name = line.options ? `${line.name} (${line.options})` : line.name;
    const height = Math.max(
      doc.heightOfString(clip(name, 90), { width: nameWidth }),
      doc.heightOfString(orders, { width: A4[0] - 36 - cols.orders }),
      line.thumbnail ? THUMB : 12,
    );
    if (doc.y + height > A4[1] - 40) {
      doc.addPage();
      header(warehouse);
    }
    const y = doc.y;
    doc.fontSize(8);
    doc.rect(cols.check, y, 8, 8).stroke();
    doc.text(line.location ?? '-', cols.location, y, { width: 56, lineBreak: false });
    doc.text(line.sku, cols.sku, y, { width: 106, lineBreak: false });
    if (line.thumbnail) {
      try {
        doc.image(line.thumbnail, cols.thumb, y, { fit: [THUMB, THUMB], align: 'center', valign: 'center' });
      } catch {
        // An image pdfkit cannot read: the line is still printed, without its picture.
      }
    }
    doc.text(clip(name, 90), cols.name, y, { width: nameWidth });
    doc.font('Helvetica-Bold').fontSize(10).text(String(line.total), cols.total, y, { width: 36, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(7)
      .text(orders, cols.orders, y, { width: A4[0] - 36 - cols.orders });
    doc.y = y + height + 4;
  }
  doc.end();
  return done;
}

export type PackingOrder = {
  orderNumber: string;
  receiptNumber: string | null;
  courier: string | null;
  recipient: string;
  address: string;
  warehouse: string;
  items: { sku: string | null; name: string; options: string | null; quantity: number; location: string | null }[];
};

/** Packing lists: one A4 page per order, with the order's barcode for scanning at the pack station. */
export async function renderPackingLists(orders: readonly PackingOrder[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: A4, margin: 36, autoFirstPage: false, info: { Title: 'Packing list', Producer: 'Kelola' } });
  const done = collect(doc);
  for (const order of orders) {
    doc.addPage({ size: A4, margin: 36 });
    doc.font('Helvetica-Bold').fontSize(16).text('Packing List', 36, 36);
    drawCode128(doc, order.orderNumber, A4[0] - 36 - 200, 30, 200, 30, 8);
    doc.font('Helvetica').fontSize(10).text(`No. Pesanan: ${order.orderNumber}`, 36, 60);
    if (order.receiptNumber) doc.text(`No. Resi: ${order.receiptNumber}`);
    doc.text(`Kurir: ${order.courier ?? '-'}`).text(`Gudang: ${order.warehouse}`);
    doc.text(`Penerima: ${order.recipient}`).text(clip(order.address, 200), { width: A4[0] - 72 });
    doc.moveDown();
    const y0 = doc.y;
    doc.font('Helvetica-Bold').fontSize(9);
    doc
      .text('SKU', 36, y0, { lineBreak: false })
      .text('Produk', 160, y0, { lineBreak: false })
      .text('Rak/Bin', 420, y0, { lineBreak: false });
    doc.text('Qty', 490, y0, { lineBreak: false });
    doc
      .moveTo(36, y0 + 12)
      .lineTo(A4[0] - 36, y0 + 12)
      .stroke();
    doc.y = y0 + 16;
    doc.font('Helvetica').fontSize(9);
    for (const item of order.items) {
      const y = doc.y;
      doc.text(item.sku ?? '-', 36, y, { width: 120, lineBreak: false });
      doc.text(clip(item.options ? `${item.name} (${item.options})` : item.name, 80), 160, y, { width: 250 });
      doc.text(item.location ?? '-', 420, y, { width: 66, lineBreak: false });
      doc.text(String(item.quantity), 490, y, { width: 40, lineBreak: false });
      doc.y = Math.max(doc.y, y + 12) + 3;
    }
    doc
      .moveDown()
      .font('Helvetica-Bold')
      .text(`Total barang: ${order.items.reduce((a, i) => a + i.quantity, 0)}`, 36);
  }
  doc.end();
  return done;
}
