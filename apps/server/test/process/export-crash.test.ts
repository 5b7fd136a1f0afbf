import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openPlatform } from '../../src/composition.ts';
import { findExportRecord } from '../../src/platform/exports/exports.ts';
import { newWorkspace } from '../factories.ts';
import type { TestApp } from '../test-app.ts';
import { newWarehouse } from '../workspaces/helpers.ts';
import { databaseEnv, processEnv, sleep, spawnServer, stop, tempDataDir, waitForHealth, type Spawned } from './server-process.ts';

// `kill -9` in the middle of an order export (/delivery-order/export, CSV), then a restart on the same data: the
// interrupted export is not left PROCESSING for ever. The job queue hands the job back (heartbeat + supervisor,
// ADR 0015), the export writes its file again from the start (ADR 0026) and ends DONE on its second attempt, with
// every order once in the file. Runs on PGlite, or on PostgreSQL with KELOLA_TEST_DATABASE_URL.
// The export must still be writing a second after it started (its first progress report): small pages
// (ORDER_EXPORT_PAGE_SIZE) make it take several seconds on both databases, however fast a page is written. A page
// of 50 takes about a millisecond on PostgreSQL since ADR 0057, so it gets five times the orders (4,000 pages).
const ROWS = process.env.KELOLA_TEST_DATABASE_URL ? 200_000 : 40_000;
const PAGE_SIZE = '50';
const dataDir = tempDataDir();
let server: Spawned | undefined;
let dropDatabase = async () => {};
/** The server's own database on PostgreSQL (none on PGlite), dropped after the test. */
const ownDatabase = async () => {
  const database = await databaseEnv();
  dropDatabase = database.drop;
  return database.env;
};

afterAll(async () => {
  await stop(server);
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type ExportState = { id: string; status: string; progress: number; row_count: number; file_size: number | null };

describe('crash recovery of an order export', () => {
  it('an order export killed with SIGKILL is run again after the restart and completes with every order once', async () => {
    const { env, baseUrl } = await processEnv(dataDir, { ...(await ownDatabase()), ORDER_EXPORT_PAGE_SIZE: PAGE_SIZE });
    // The workspace, its warehouse and its manual orders, made on the server's database before the server opens it.
    let platform = await openPlatform(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    const owner = await newWorkspace({ platform } as TestApp);
    const wh = (await newWarehouse({ platform } as TestApp, owner)).id;
    await platform.database.db.execute(sql`
      insert into orders (id, workspace_id, source, order_number, status, order_date, warehouse_id, buyer_name, buyer_phone,
        ship_name, ship_phone, ship_address, ship_city, postal_code, courier_name, courier_service, receipt_number,
        payment_status, payment_method, total_item, subtotal, shipping_fee_buyer, buyer_total)
      select gen_random_uuid(), ${owner.workspaceId}::uuid, 'MANUAL', 'SO/CRASH/' || lpad(i::text, 7, '0'), 'READY_TO_SHIP',
        timestamptz '2026-09-01 00:00+07' + (i % 7776000) * interval '1 second', ${wh}::uuid, 'Pembeli ' || i,
        '+62812' || lpad(i::text, 7, '0'), 'Penerima ' || i, '+62813' || lpad(i::text, 7, '0'),
        'Jl. Tunjungan No. ' || i || ', Genteng', 'Surabaya', '60275', 'JNE', 'REG', 'JNE' || lpad(i::text, 10, '0'),
        'PAID', 'TRANSFER', 3, 100000, 15000, 115000
      from generate_series(1, ${ROWS}) i`);
    await platform.database.close();
    const session = { authorization: `Bearer ${owner.token}`, workspace: owner.workspaceId };

    server = spawnServer(env);
    await waitForHealth(baseUrl, server, 180_000);
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${baseUrl}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: session.authorization, 'workspace-id': session.workspace },
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res;
    };
    const started = (await (
      await call('/api/delivery-orders/exports', {
        method: 'POST',
        body: JSON.stringify({ date_from: '2026-09-01', date_to: '2026-11-30', format: 'csv' }),
      })
    ).json()) as ExportState;
    const state = async () => (await (await call(`/api/delivery-orders/exports/${started.id}`)).json()) as ExportState;

    // Kill the server while the job is writing the file (it has shown some progress, it is not done).
    let before: ExportState | undefined;
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline) {
      before = await state();
      if (before.status !== 'PROCESSING' || before.progress > 0) break;
      await sleep(50);
    }
    expect(before, server.log()).toMatchObject({ status: 'PROCESSING' });
    expect(before!.progress).toBeGreaterThan(0);
    expect(before!.progress).toBeLessThan(100);
    console.log(`killing the server at ${before!.progress} %`);
    server.child.kill('SIGKILL');
    await server.exited;

    server = spawnServer(env);
    await waitForHealth(baseUrl, server, 180_000);
    const restarted = Date.now();

    // The export does not stay PROCESSING: it is run again and finishes, or is FAILED (with a retry) — here it finishes.
    let done: ExportState | undefined;
    while (Date.now() - restarted < 300_000) {
      done = await state();
      if (done.status === 'DONE' || done.status === 'FAILED') break;
      await sleep(500);
    }
    expect(done, `still ${JSON.stringify(done)} five minutes after the restart:\n${server.log()}`).toMatchObject({
      status: 'DONE',
      row_count: ROWS,
      progress: 100,
    });

    // The file has every order once (the half-written file of the first run was replaced).
    const file = Buffer.from(await (await call(`/api/delivery-orders/exports/${started.id}/file`)).arrayBuffer());
    const csv = file.toString('utf8');
    const numbers = csv.match(/SO\/CRASH\/\d{7}/gu) ?? [];
    expect(numbers).toHaveLength(ROWS);
    expect(new Set(numbers).size).toBe(ROWS);
    expect(file.length).toBe(done!.file_size);

    // It was the second run of the job: the first died with the process.
    await stop(server);
    server = undefined;
    platform = await openPlatform(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    try {
      expect((await findExportRecord(platform, owner.workspaceId, started.id))?.attempts).toBe(2);
    } finally {
      await platform.database.close();
    }
  }, 900_000);
});
