import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openPlatform } from '../../src/composition.ts';
import { newWorkspace } from '../factories.ts';
import type { TestApp } from '../test-app.ts';
import { databaseEnv, processEnv, sleep, spawnServer, stop, tempDataDir, waitForHealth, type Spawned } from './server-process.ts';

// `kill -9` in the middle of a product import (the issue saw it with 4,000 rows, which keep the import running for a
// few seconds now that new products are written 500 rows at a time, ADR 0043), then a restart on the same data: the interrupted job is
// picked up again within a minute (heartbeat + supervisor, ADR 0015), says it is resuming, continues from its
// checkpoint and completes with every product once. Runs on PGlite, or on PostgreSQL with KELOLA_TEST_DATABASE_URL.
// The import must still run after its first checkpoint (at most every 500 ms): PostgreSQL writes 4,000 new products
// in less than that since ADR 0054 and 0056, so it gets more rows (below 10,000: the product list counts exactly up
// to there).
const ROWS = process.env.KELOLA_TEST_DATABASE_URL ? 9000 : 4000;
const dataDir = tempDataDir();
const token = `Uji${randomBytes(3).toString('hex')}`;
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

async function productSheet(): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Produk');
  sheet.addRow(['product_key', 'product_type', 'name', 'sku', 'price', 'status', 'weight_g']);
  for (let i = 1; i <= ROWS; i++) {
    const n = String(i).padStart(5, '0');
    sheet.addRow([
      `${token}-${n}`.toLowerCase(),
      'SINGLE',
      `${token} Produk ${n}`,
      `${token}-${n}`.toUpperCase(),
      10_000 + i,
      'ACTIVE',
      100,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

type ImportState = {
  status: string;
  processed_rows: number;
  succeeded_rows: number;
  failed_rows: number;
  attempt: number;
  resuming: boolean;
};

describe('crash recovery of a background job', () => {
  it('a product import killed with SIGKILL resumes within a minute of the restart and completes with no duplicate', async () => {
    const { env, baseUrl } = await processEnv(dataDir, await ownDatabase());
    // A workspace and its owner's token, made on the server's database (and key pair) before the server opens it.
    const platform = await openPlatform(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    const owner = await newWorkspace({ platform } as TestApp);
    await platform.database.close();
    const session = { authorization: `Bearer ${owner.token}`, workspace: owner.workspaceId };

    server = spawnServer(env);
    await waitForHealth(baseUrl, server, 180_000);
    const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
      const res = await fetch(`${baseUrl}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: session.authorization, 'workspace-id': session.workspace },
      }).catch((error: unknown) => {
        // A refused or reset connection: say whether the server still runs and what it printed last.
        const child = server!.child;
        const exit = child.exitCode ?? child.signalCode;
        throw new Error(
          `${path}: ${String(error)} (${(error as { cause?: unknown }).cause}); server ${exit === null ? 'running' : `exited: ${exit}`}\n${server!.log()}`,
        );
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const started = await api<{ id: string }>('/api/products/imports', {
      method: 'POST',
      body: JSON.stringify({ file_name: 'produk.xlsx', content_base64: await productSheet() }),
    });
    const state = () => api<ImportState>(`/api/products/imports/${started.id}`);
    // The upload previews first (ADR 0016); the import runs once the preview is confirmed.
    const previewDeadline = Date.now() + 180_000;
    while ((await state()).status !== 'PREVIEW' && Date.now() < previewDeadline) await sleep(250);
    await api(`/api/products/imports/${started.id}/confirm`, { method: 'POST', body: '{}' });

    // Kill the server in the middle of the import.
    let before: ImportState | undefined;
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      before = await state();
      if (before.status === 'RUNNING' && before.processed_rows >= 100) break;
      await sleep(100);
    }
    expect(before, server.log()).toMatchObject({ status: 'RUNNING', attempt: 1, resuming: false });
    expect(before!.processed_rows).toBeLessThan(ROWS);
    console.log(`killing the server at ${before!.processed_rows}/${ROWS}`);
    server.child.kill('SIGKILL');
    await server.exited;

    server = spawnServer(env);
    await waitForHealth(baseUrl, server, 180_000);
    const restarted = Date.now();
    console.log('restarted');

    // Within a minute of the restart the job runs again, says so, and moves on from where it stopped.
    let resumed: ImportState | undefined;
    while (Date.now() - restarted < 60_000) {
      const now = await state();
      if (now.status === 'DONE' || (now.resuming && now.processed_rows > before!.processed_rows)) {
        resumed = now;
        break;
      }
      await sleep(250);
    }
    expect(resumed, `still ${JSON.stringify(await state())} a minute after the restart`).toBeDefined();
    if (resumed!.status !== 'DONE') expect(resumed).toMatchObject({ status: 'RUNNING', attempt: 2, resuming: true });

    let done: ImportState | undefined;
    while (Date.now() - restarted < 300_000) {
      done = await state();
      if (done.status === 'DONE' || done.status === 'FAILED') break;
      await sleep(500);
    }
    expect(done).toMatchObject({ status: 'DONE', processed_rows: ROWS, succeeded_rows: ROWS, failed_rows: 0, resuming: false });

    // Every row is one product, once.
    const list = await api<{ total_row: number }>(`/api/products?q=${token}&size=1`);
    expect(list.total_row).toBe(ROWS);
  }, 600_000);
});
