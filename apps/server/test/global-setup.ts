import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/platform/db/database.ts';
import { loadAreas } from '../src/modules/areas/index.ts';

/** Provinces whose full area tree the test database holds: DKI Jakarta, Jawa Barat, Jawa Timur. */
export const TEST_AREA_PROVINCES = ['31', '32', '35'] as const;

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augments vitest's interface
  export interface ProvidedContext {
    /** A dump of an embedded database already migrated and holding the test areas; empty on a PostgreSQL server. */
    pgliteSnapshot: string;
  }
}

/**
 * Once per run: an embedded database is migrated and given the test areas, and its data directory dumped to a
 * temporary file. Each test file's database starts from that dump (about 2 s) instead of an empty cluster, every
 * migration and the areas (6–10 s on a busy 2-core machine, for each of about a hundred files). Against a PostgreSQL
 * server (KELOLA_TEST_DATABASE_URL) each file still creates and migrates a database of its own.
 */
export async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.KELOLA_TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return undefined;
  }
  const database = await openDatabase({ inMemory: true });
  try {
    await migrateDatabase(database);
    await loadAreas(database, { only: TEST_AREA_PROVINCES });
    if (database.client.kind !== 'pglite') throw new Error('the snapshot is of an embedded database');
    const dump = await database.client.pglite.dumpDataDir('none');
    const file = path.join(os.tmpdir(), `kelola-test-snapshot-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteSnapshot', file);
    return () => fs.rmSync(file, { force: true });
  } finally {
    await database.close();
  }
}
