import type { Config } from '../config.ts';
import type { Ports } from '../http/context.ts';
import type { Database } from './db/database.ts';
import type { FileStorage } from './files/file-storage.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { Mailer } from './outbox/mailer.ts';
import type { TokenKeys } from './tokens/token-keys.ts';

/** Process-wide services with no business rules, built once by the composition root (main.ts, the test app builder). */
export type Platform = {
  config: Config;
  database: Database;
  keys: TokenKeys;
  files: FileStorage;
  jobs: Jobs;
  mailer: Mailer;
  now: () => Date;
  /** What the modules provide to each other, built by the composition root (never set later). */
  ports: Ports;
};
