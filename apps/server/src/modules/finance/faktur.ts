import type { Invoice } from '@kelola/contracts';
import { formatAmount, type Currency } from '@kelola/domain';
import PDFDocument from 'pdfkit';

const STATUS_ID: Record<Invoice['status'], string> = {
  OUTSTANDING: 'Belum dibayar',
  PARTIALLY_PAID: 'Dibayar sebagian',
  PAID: 'Lunas',
  CANCELLED: 'Dibatalkan',
};

const tanggal = (day: string) => {
  const months = [
    'Januari',
    'Februari',
    'Maret',
    'April',
    'Mei',
    'Juni',
    'Juli',
    'Agustus',
    'September',
    'Oktober',
    'November',
    'Desember',
  ];
  const [y, m, d] = day.split('-');
  return `${Number(d)} ${months[Number(m) - 1]} ${y}`;
};

/** The printable invoice (faktur) in Indonesian: seller, buyer, orders billed, DPP, PPN, total, paid and the rest. */
export function fakturPdf(inv: Invoice): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Faktur ${inv.number}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const rp = (n: number) => formatAmount(n, inv.currency as Currency);
  doc.fontSize(18).text('FAKTUR', { align: 'right' });
  doc.fontSize(10).text(inv.number, { align: 'right' });
  doc.moveDown();
  doc.fontSize(11).text(inv.business_name ?? '-', { continued: false });
  doc.fontSize(10).text(inv.tax_liability ? 'Pengusaha Kena Pajak (PKP)' : 'Bukan PKP');
  doc.moveDown();
  doc.text(`Kepada: ${inv.customer_name}`);
  doc.text(`Tanggal faktur: ${tanggal(inv.issue_date)}`);
  doc.text(`Jatuh tempo: ${tanggal(inv.due_date)}`);
  doc.text(`Status: ${STATUS_ID[inv.status]}`);
  doc.moveDown();
  doc.fontSize(11).text('Pesanan yang ditagihkan');
  doc.fontSize(10);
  for (const o of inv.orders) doc.text(`${o.order_number}`, { continued: true }).text(rp(o.amount), { align: 'right' });
  doc.moveDown();
  const line = (label: string, value: string) => doc.text(label, { continued: true }).text(value, { align: 'right' });
  line('Harga jual', rp(inv.subtotal));
  if (inv.tax_liability) {
    line('Dasar pengenaan pajak (DPP)', rp(inv.dpp));
    line(`PPN (${inv.ppn_rate.replace('×', 'x')} %)`, rp(inv.ppn));
  }
  line('Total tagihan', rp(inv.total));
  line('Sudah dibayar', rp(inv.paid));
  if (inv.credited > 0) line('Nota kredit', rp(inv.credited));
  doc.fontSize(12);
  line('Sisa tagihan', rp(inv.remaining));
  if (inv.notes) {
    doc.moveDown().fontSize(10).text(`Catatan: ${inv.notes}`);
  }
  doc.end();
  return done;
}
