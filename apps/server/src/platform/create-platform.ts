import type { Config } from '../config.ts';
import type { Ports } from '../http/context.ts';
import { migrateDatabase, openDatabase } from './db/database.ts';
import { createLocalFileStorage } from './files/file-storage.ts';
import { createJobs } from './jobs/jobs.ts';
import { createMailer } from './outbox/mailer.ts';
import type { Platform } from './platform.ts';
import { createTokenKeys } from './tokens/token-keys.ts';

/**
 * Opens the database (migrated), the key pair, storage, mail and the job queue: everything but HTTP. The ports come
 * from the composition root (`openPlatform` in composition.ts), which is what callers use.
 */
export async function createPlatform(config: Config, options: { ports: Ports; inMemory?: boolean; snapshot?: Blob }): Promise<Platform> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    inMemory: options.inMemory ?? false,
    ...(options.snapshot ? { snapshot: options.snapshot } : {}),
  });
  await migrateDatabase(database);
  const keys = await createTokenKeys(config.tokenPrivateKey, config.embedded && !options.inMemory ? config.dataDir : null);
  return {
    config,
    database,
    keys,
    files: createLocalFileStorage(config.storageDir),
    jobs: createJobs(database),
    mailer: createMailer(config.smtpUrl, config.mailFrom),
    now: () => new Date(),
    ports: options.ports,
  };
}
