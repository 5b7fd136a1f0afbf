/**
 * Order export (issue 14): BENCH_ORDERS orders (default 1,000,000) of one workspace written by the export job
 * (`runOrderExport`: counted, then paged by (order date, id) into a streamed file) to CSV within 2 × and to XLSX
 * within 6 × the time of the floor, `COPY (select <the same columns> …) TO STDOUT (FORMAT csv)` through psql on the
 * same database in the same run; the peak RSS of the process while the job runs stays within 200 MB above its start
 * (streamed, not buffered), whatever the row count (run it with BENCH_ORDERS=100000 and 1000000).
 *
 * Needs PostgreSQL: KELOLA_TEST_DATABASE_URL (a throw-away database is created on it and dropped) and psql.
 */
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { newWorkspace } from '../apps/server/test/factories.ts';
import { newWarehouse } from '../apps/server/test/workspaces/helpers.ts';
import { buildTestApp } from '../apps/server/test/test-app.ts';
import { runOrderExport, startOrderExport } from '../apps/server/src/flows/order-export.ts';
import { findExportRecord } from '../apps/server/src/platform/exports/exports.ts';
import { inTenant } from '../apps/server/src/platform/db/database.ts';
import { systemCtx, tenantCtxFor } from '../apps/server/src/platform/system-ctx.ts';
import { MB, sampleMemory } from './lib/memory.ts';
import { progress, runBench, type BenchResult } from './lib/harness.ts';

const rows = Number(process.env.BENCH_ORDERS) > 0 ? Number(process.env.BENCH_ORDERS) : 1_000_000;
const BUDGET = { csv: 1 / 2, xlsx: 1 / 6 };
const RSS_GROWTH_MB = 200;

await runBench(async () => {
  if (!process.env.KELOLA_TEST_DATABASE_URL) throw new Error('order-export needs PostgreSQL: set KELOLA_TEST_DATABASE_URL');
  const app = await buildTestApp();
  try {
    const owner = await newWorkspace(app);
    const wh = (await newWarehouse(app, owner)).id;
    const db = app.platform.database.db;
    progress(`inserting ${rows.toLocaleString('en')} manual orders (2026-09-01 .. 2026-11-30)`);
    await db.execute(sql`
      insert into orders (id, workspace_id, source, order_number, status, order_date, warehouse_id, buyer_name, buyer_phone,
        ship_name, ship_phone, ship_address, ship_city, postal_code, courier_name, courier_service, receipt_number,
        payment_status, payment_method, total_item, subtotal, shipping_fee_buyer, buyer_total)
      select gen_random_uuid(), ${owner.workspaceId}::uuid, 'MANUAL', 'SO/2026/' || lpad(i::text, 8, '0'), 'READY_TO_SHIP',
        timestamptz '2026-09-01 00:00+07' + (i % 7776000) * interval '1 second', ${wh}::uuid, 'Pembeli ' || i, '+62812' || lpad(i::text, 7, '0'),
        'Penerima ' || i, '+62813' || lpad(i::text, 7, '0'), 'Jl. Tunjungan No. ' || i || ', Genteng', 'Surabaya', '60275', 'JNE', 'REG',
        'JNE' || lpad(i::text, 10, '0'), 'PAID', 'TRANSFER', 3, 100000 + i % 1000, 15000, 115000 + i % 1000
      from generate_series(1, ${rows}) i`);
    await db.execute(sql`analyze orders`);
    const url = `${app.platform.config.databaseUrl}`;
    const columns =
      'order_number, order_date, status, source, marketplace, buyer_name, buyer_phone, ship_name, ship_phone, ship_address, ship_city, postal_code, courier_name, courier_service, receipt_number, payment_status, payment_method, total_item, subtotal, shipping_fee_buyer, buyer_total';
    const copy = `COPY (select ${columns} from orders where workspace_id = '${owner.workspaceId}' and order_date >= '2026-09-01 00:00+07' and order_date < '2026-12-01 00:00+07' and source = 'MANUAL' and status <> 'DRAFT' order by order_date, id) TO STDOUT (FORMAT csv, HEADER)`;
    progress('floor: COPY … TO STDOUT through psql');
    let started = performance.now();
    execFileSync('psql', [url, '-q', '-c', copy], { stdio: ['ignore', 'ignore', 'inherit'] });
    const floorMs = performance.now() - started;

    const results: BenchResult[] = [];
    for (const format of ['csv', 'xlsx'] as const) {
      const record = await inTenant(db, owner.workspaceId, (tx) =>
        startOrderExport(tenantCtxFor(systemCtx(app.platform, tx), owner.workspaceId, owner.userId), 'delivery-order', {
          date_from: '2026-09-01',
          date_to: '2026-11-30',
          format,
        }),
      );
      progress(`app: runOrderExport to ${format}`);
      const memory = await sampleMemory();
      started = performance.now();
      await runOrderExport(app.platform, { workspaceId: owner.workspaceId, exportId: record.id });
      const ms = performance.now() - started;
      const peak = await memory.stop();
      const done = await findExportRecord(app.platform, owner.workspaceId, record.id);
      if (done?.status !== 'DONE' || done.rowCount !== rows)
        throw new Error(`export ${format}: ${done?.status} with ${done?.rowCount} rows`);
      const growth = (peak.peakRss - peak.rss) / MB;
      results.push(
        {
          name: `order-export ${format} ${rows.toLocaleString('en')} rows`,
          value: ms,
          unit: 'ms',
          floor: floorMs,
          ratio: floorMs / ms,
          budget: BUDGET[format],
          note: `${((done.fileSize ?? 0) / MB).toFixed(0)} MB file`,
        },
        {
          name: `order-export ${format} RSS growth`,
          value: growth,
          unit: 'MB',
          floor: RSS_GROWTH_MB,
          ratio: RSS_GROWTH_MB / Math.max(growth, 1),
          budget: 1,
          note: `peak ${(peak.peakRss / MB).toFixed(0)} MB, at start ${(peak.rss / MB).toFixed(0)} MB`,
        },
      );
    }
    return results;
  } finally {
    await app.close();
  }
});
