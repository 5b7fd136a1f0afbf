import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../src/config.ts';
import { buildApp, type App } from '../src/http/app.ts';
import { loadAreas } from '../src/modules/areas/index.ts';
import { createPlatform } from '../src/platform/create-platform.ts';
import type { Platform } from '../src/platform/platform.ts';

/** Provinces whose full area tree the test database holds: DKI Jakarta, Jawa Barat, Jawa Timur. */
export const TEST_AREA_PROVINCES = ['31', '32', '35'] as const;

export type TestApp = App & { platform: Platform; close: () => Promise<void> };

/**
 * A real app on a real database: an in-memory PGlite by default, or a fresh database on the PostgreSQL
 * server named by KELOLA_TEST_DATABASE_URL (created here, dropped on close). Each test file gets its own.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
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
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const platform = await createPlatform(config, { inMemory: !databaseUrl });
  // Three provinces (those of the demo seed) instead of all 91,599 areas keep each test file's start fast.
  await loadAreas(platform.database, { only: TEST_AREA_PROVINCES });
  const app = await buildApp(platform, { logger: false });
  await app.fastify.ready();
  return {
    ...app,
    platform,
    close: async () => {
      await app.fastify.close();
      // A test that queued a job (an import, an export) started pg-boss: it must let go of the pool first.
      await platform.jobs.stop();
      await platform.database.close();
      await dropDatabase();
    },
  };
}
