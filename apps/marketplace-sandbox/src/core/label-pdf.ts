import PDFDocument from 'pdfkit';
import type { SandboxOrder, SandboxShop } from './sandbox-types.ts';

/** A 100 × 150 mm shipping label, close enough to a marketplace's air waybill for printing flows. */
export const renderLabelPdf = (shop: SandboxShop, order: SandboxOrder): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const mm = 72 / 25.4;
    const doc = new PDFDocument({
      size: [100 * mm, 150 * mm],
      margin: 6 * mm,
      info: { Title: `Label ${order.id}`, Producer: 'Kelola sandbox' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(14).text(`${shop.marketplace.toUpperCase()} · ${order.courier}`);
    doc
      .moveDown(0.5)
      .fontSize(20)
      .text(order.trackingNumber ?? 'NO TRACKING');
    doc.moveDown(0.5).fontSize(9).text(`Order ${order.id}  ·  Package ${order.packageId}`);
    doc.moveDown().fontSize(10).text('Penerima:').fontSize(11).text(order.recipient.name);
    doc.fontSize(9).text(`${order.recipient.address}, ${order.recipient.city} ${order.recipient.postcode}`).text(order.recipient.phone);
    doc.moveDown().fontSize(10).text('Pengirim:').fontSize(11).text(shop.name);
    doc.moveDown().fontSize(9);
    for (const item of order.items) doc.text(`${item.quantity} × ${item.sellerSku}  ${item.name}`);
    doc.moveDown().fontSize(7).text('SANDBOX: not a real shipment');
    doc.end();
  });
