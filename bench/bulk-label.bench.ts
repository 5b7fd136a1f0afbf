/**
 * Bulk shipping labels and picking lists (issue 14): 500 labels of 500 orders (each with two lines, a receipt number,
 * COD on half) in one PDF through the documents module's `printLabels` (orders and lines read in a few queries, the
 * Code 128 bars drawn as vectors, the print counted), within 15 s with the RSS of the process that draws them (the
 * documents' child process, ADR 0046) at most 300 MB; and the
 * picking list of the same 500 orders within 3 s. Floor, in the same run: pdfkit writing 500 pages of the same text
 * with no barcode and no database (INFO), to show how much of the time is the PDF library itself.
 *
 * Database: a throw-away database on KELOLA_TEST_DATABASE_URL, or an in-memory PGlite.
 * Knobs: BENCH_LABELS (500).
 */
import PDFDocument from 'pdfkit';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { newWorkspace } from '../apps/server/test/factories.ts';
import { newWarehouse } from '../apps/server/test/workspaces/helpers.ts';
import { buildTestApp } from '../apps/server/test/test-app.ts';
import { printLabels, printPickingList } from '../apps/server/src/modules/documents/index.ts';
import { rendererPeakRss, warmRenderer } from '../apps/server/src/modules/documents/pdf-process.ts';
import { orderLines, orders } from '../apps/server/src/modules/orders/orders.schema.ts';
import { inTenant } from '../apps/server/src/platform/db/database.ts';
import { uuidv7 } from '../apps/server/src/platform/db/ids.ts';
import { systemCtx, tenantCtxFor } from '../apps/server/src/platform/system-ctx.ts';
import { MB, sampleMemory } from './lib/memory.ts';
import { progress, runBench, type BenchResult } from './lib/harness.ts';

const count = Number(process.env.BENCH_LABELS) > 0 ? Number(process.env.BENCH_LABELS) : 500;
const LABEL_MS = 15_000;
const PICKING_MS = 3_000;
const RSS_MB = 300;

/** A full garbage collection, without starting node with --expose-gc. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** The floor: pdfkit alone writing `n` label-sized pages of similar text. */
async function plainPdf(n: number): Promise<number> {
  const doc = new PDFDocument({ size: [283.46, 425.2], margin: 12, autoFirstPage: false });
  const done = new Promise<number>((resolve) => {
    let size = 0;
    doc.on('data', (chunk: Buffer) => (size += chunk.length));
    doc.on('end', () => resolve(size));
  });
  for (let i = 0; i < n; i += 1) {
    doc.addPage();
    doc
      .fontSize(13)
      .text('JNE - REG')
      .fontSize(10)
      .text(`JNE${String(i).padStart(10, '0')}`)
      .text(`SO/2026/11/${String(i).padStart(6, '0')}`);
    doc.fontSize(8).text('Penerima: Budi Santoso, +6281234567890').text('Jl. Tunjungan No. 1, Genteng, Surabaya 60275');
    doc.text('Pengirim: Gudang Utama').text('2 × KOPI-GAYO-250 Kopi Gayo 250 g').text('1 × TEH-500 Teh Melati 500 g');
  }
  doc.end();
  return done;
}

await runBench(async () => {
  progress(`building the app on ${process.env.KELOLA_TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  const app = await buildTestApp();
  try {
    const owner = await newWorkspace(app);
    const wh = (await newWarehouse(app, owner)).id;
    progress(`inserting ${count} orders with two lines each`);
    const ids: string[] = [];
    const db = app.platform.database.db;
    for (let start = 0; start < count; start += 250) {
      const batch = Array.from({ length: Math.min(250, count - start) }, (_, k) => start + k);
      const rows = batch.map((i) => ({
        id: uuidv7(),
        workspaceId: owner.workspaceId,
        source: 'MANUAL',
        orderNumber: `SO/2026/11/${String(i + 1).padStart(6, '0')}`,
        status: 'READY_TO_SHIP',
        orderDate: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
        warehouseId: wh,
        shipName: `Pembeli ${i}`,
        shipPhone: '+6281234567890',
        shipAddress: `Jl. Tunjungan No. ${i}, Genteng`,
        shipCity: 'Surabaya',
        postalCode: '60275',
        courierName: 'JNE',
        courierService: 'REG',
        receiptNumber: `JNE${String(i).padStart(10, '0')}`,
        paymentMethod: i % 2 === 0 ? 'COD' : 'TRANSFER',
        buyerTotal: 125_000 + i,
        totalItem: 3,
      }));
      await db.insert(orders).values(rows);
      await db.insert(orderLines).values(
        rows.flatMap((o, k) => [
          {
            id: uuidv7(),
            workspaceId: owner.workspaceId,
            orderId: o.id,
            position: 1,
            sku: `KOPI-${(start + k) % 40}`,
            name: 'Kopi Gayo 250 g',
            quantity: 2,
          },
          {
            id: uuidv7(),
            workspaceId: owner.workspaceId,
            orderId: o.id,
            position: 2,
            sku: `TEH-${(start + k) % 25}`,
            name: 'Teh Melati 500 g',
            options: 'Kemasan: Kaleng',
            quantity: 1,
          },
        ]),
      );
      ids.push(...rows.map((r) => r.id));
    }
    const asOwner = <T>(fn: (ctx: ReturnType<typeof tenantCtxFor>) => Promise<T>) =>
      inTenant(db, owner.workspaceId, (tx) => fn(tenantCtxFor(systemCtx(app.platform, tx), owner.workspaceId, owner.userId)));

    progress('floor: pdfkit alone');
    let started = performance.now();
    await plainPdf(count);
    const floorMs = performance.now() - started;

    // A running server started its renderer with its workers (ADR 0046); the benchmark's app has no workers.
    await warmRenderer();
    progress(`app: printLabels for ${count} orders`);
    // The seeding's garbage is collected first, so the process starts the labels as an idle server would.
    collectGarbage();
    const idle = process.memoryUsage();
    const memory = await sampleMemory();
    started = performance.now();
    const labels = await asOwner((ctx) => printLabels(ctx, ids));
    const labelMs = performance.now() - started;
    const peak = await memory.stop();

    progress('app: printPickingList for the same orders');
    started = performance.now();
    const picking = await asOwner((ctx) => printPickingList(ctx, ids));
    const pickingMs = performance.now() - started;

    const peakMb = peak.peakRss / MB;
    return [
      {
        name: `bulk-label ${count} labels`,
        value: labelMs,
        unit: 'ms',
        floor: floorMs,
        ratio: LABEL_MS / labelMs,
        budget: 1,
        note: `budget ${LABEL_MS} ms; ${(labels.pdf.length / MB).toFixed(1)} MB PDF; floor = pdfkit text only (${(floorMs / labelMs).toFixed(2)} of the time)`,
      },
      {
        name: 'bulk-label peak RSS of the renderer process',
        value: rendererPeakRss() / MB,
        unit: 'MB',
        floor: RSS_MB,
        ratio: RSS_MB / (rendererPeakRss() / MB),
        budget: 1,
        note: `cap ${RSS_MB} MB; the labels are drawn in the documents' own child process, as the server does (ADR 0046)`,
      },
      {
        name: 'bulk-label server process peak RSS',
        value: peakMb,
        unit: 'MB',
        floor: RSS_MB,
        ratio: RSS_MB / peakMb,
        note: `INFO: at start ${(peak.rss / MB).toFixed(0)} MB (heap ${(idle.heapUsed / MB).toFixed(0)} MB): the app as the server loads it (tsx, every module), before any label`,
      },
      {
        name: 'bulk-label server memory while printing (RSS above the idle app)',
        value: (peak.peakRss - peak.rss) / MB,
        unit: 'MB',
        floor: RSS_MB,
        ratio: RSS_MB / Math.max(1, (peak.peakRss - peak.rss) / MB),
        note: `what the ${count} labels add to the server (peak heap ${(peak.peakHeapUsed / MB).toFixed(0)} MB, external ${(peak.peakExternal / MB).toFixed(0)} MB); INFO`,
      },
      {
        name: `picking list ${count} orders`,
        value: pickingMs,
        unit: 'ms',
        floor: floorMs,
        ratio: PICKING_MS / pickingMs,
        budget: 1,
        note: `budget ${PICKING_MS} ms; ${(picking.pdf.length / 1024).toFixed(0)} KB PDF`,
      },
    ] satisfies BenchResult[];
  } finally {
    await app.close();
  }
});
