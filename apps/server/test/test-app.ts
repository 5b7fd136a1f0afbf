import { generateKeyPairSync, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPlatform } from '../src/composition.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { buildApp, type App } from '../src/http/app.ts';
import { loadAreas } from '../src/modules/areas/index.ts';
import { ledgerProblems } from '../src/modules/finance/index.ts';
import type { Platform } from '../src/platform/platform.ts';
import { TEST_AREA_PROVINCES } from './global-setup.ts';

export { TEST_AREA_PROVINCES };

export type TestApp = App & { platform: Platform; close: () => Promise<void> };

/** A server database needs a configured signing key (config refuses to start without one); one per test process. */
const TEST_TOKEN_PRIVATE_KEY = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** The snapshot's file from test/global-setup.ts; none outside vitest (the benchmarks run through tsx). */
function providedSnapshot(): string {
  try {
    return inject('pgliteSnapshot') ?? '';
  } catch {
    return '';
  }
}

export type TestPlatform = { platform: Platform; close: () => Promise<void> };
/**
 * `onDisk`: an embedded database keeps its files in the run's DATA_DIR, as `npm start` does, instead of in the
 * process's memory (a benchmark measuring the process's memory; removed on close).
 */
export type TestPlatformOptions = { onDisk?: boolean };

/**
 * A real platform on a real database, composed like the server's (no HTTP): an in-memory PGlite by default, or a
 * fresh database on the PostgreSQL server named by KELOLA_TEST_DATABASE_URL (created here, dropped on close).
 */
export async function openTestPlatform(env: Record<string, string> = {}, options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const serverUrl = process.env.KELOLA_TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `kelola_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `kelola-test-${randomBytes(6).toString('hex')}`),
    LOG_LEVEL: 'silent',
    DEV_OUTBOX: 'true',
    DEMO: 'false',
    JOBS: 'false',
    // Tests change memberships straight in the database and expect the next request to see it; the access cache
    // (ADR 0037) is tested on its own in test/security/access-cache.test.ts, which turns it back on.
    ACCESS_CACHE_TTL_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, TOKEN_PRIVATE_KEY: TEST_TOKEN_PRIVATE_KEY } : {}),
    ...env,
  });
  // The run's migrated copy with the areas (test/global-setup.ts), when the database is embedded.
  const onDisk = !databaseUrl && options.onDisk === true;
  const snapshot = databaseUrl || onDisk ? '' : providedSnapshot();
  const platform = await openPlatform(config, {
    inMemory: !databaseUrl && !onDisk,
    ...(snapshot ? { snapshot: new Blob([fs.readFileSync(snapshot)]) } : {}),
  });
  // Three provinces (those of the demo seed) instead of all 91,599 areas keep each test file's start fast.
  if (!snapshot) await loadAreas(platform.database, { only: TEST_AREA_PROVINCES });
  return {
    platform,
    close: async () => {
      // A test that queued a job (an import, an export) started pg-boss: it must let go of the pool first.
      await platform.jobs.stop();
      try {
        await expectBalancedLedger(platform);
      } finally {
        await platform.database.close();
        await dropDatabase();
        if (onDisk) fs.rmSync(config.dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The ledger check over the whole database of one test file (ADR 0034, ADR 0042), run when the file closes its
 * platform: every server suite that moves money (orders cancelled or confirmed on credit, the demo seed, finance)
 * ends with every posting set balanced, every balance equal to its postings and no wallet below zero, or the suite
 * fails in its `afterAll`. Each test file has a database of its own (PGlite in memory, or a fresh PostgreSQL
 * database), so checking each one at its close checks every database the tests wrote.
 */
export async function expectBalancedLedger(platform: Platform): Promise<void> {
  const problems = await ledgerProblems(platform.database.db);
  const count = problems.unbalanced_entries.length + problems.balance_mismatches.length + problems.negative_wallets.length;
  if (count > 0) throw new Error(`The ledger check over this suite's database failed: ${JSON.stringify(problems)}`);
}

/** A real app (HTTP included) on a test platform; each test file gets its own. */
export async function buildTestApp(env: Record<string, string> = {}, options: TestPlatformOptions = {}): Promise<TestApp> {
  const { platform, close } = await openTestPlatform(env, options);
  const app = await buildApp(platform, { logger: false });
  await app.fastify.ready();
  return {
    ...app,
    platform,
    close: async () => {
      await app.fastify.close();
      await close();
    },
  };
}
