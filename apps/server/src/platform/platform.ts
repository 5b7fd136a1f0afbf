import type { Config } from '../config.ts';
import type { Database } from './db/database.ts';
import type { FileStorage } from './files/file-storage.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { Mailer } from './outbox/mailer.ts';
import type { TokenKeys } from './tokens/token-keys.ts';

/** Process-wide services with no business rules, built once in main.ts (or by the test app builder). */
export type Platform = {
  config: Config;
  database: Database;
  keys: TokenKeys;
  files: FileStorage;
  jobs: Jobs;
  mailer: Mailer;
  now: () => Date;
};
