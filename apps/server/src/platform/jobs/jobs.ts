import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/database.ts';

export type JobHandler<T> = (data: T, meta: { id: string; retryCount: number }) => Promise<void>;

/** Background jobs on the same database (pg-boss): in-process in the embedded mode, `npm run worker` in production. */
/**
 * How eagerly a queue's worker takes jobs: pg-boss polls every 2 s by default and takes one job per poll, which is
 * ~0.5 job/s; a queue that users wait on (marketplace pushes becoming orders) polls faster with more workers.
 */
export type WorkOptions = {
  /** Seconds between polls (≥ 0.5); pg-boss's default is 2. */
  pollingIntervalSeconds?: number;
  /** Workers for the queue in this process, each taking its own job. */
  localConcurrency?: number;
};

export type Jobs = {
  send: <T extends object>(
    queue: string,
    data: T,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ) => Promise<string | null>;
  work: <T extends object>(queue: string, handler: JobHandler<T>, options?: WorkOptions) => Promise<void>;
  /** A recurring job (cron, UTC); one per queue however many workers declare it. */
  schedule: <T extends object>(queue: string, cron: string, data: T) => Promise<void>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Crash recovery (ADR 0015). A running job refreshes its heartbeat every HEARTBEAT_SECONDS / 2; the supervisor looks
 * every SUPERVISE_SECONDS for active jobs whose heartbeat is older than HEARTBEAT_SECONDS (their process died: kill -9,
 * power loss, a lost worker machine) and hands them back to the queue as a retry. A job interrupted by a crash is so
 * picked up again about half a minute after the restart (or by another worker without a restart), instead of after
 * pg-boss's default 15-minute expiry. The expiry stays as a bound for a live job that hangs, long enough for a big import.
 */
export const JOB_RECOVERY = {
  HEARTBEAT_SECONDS: 10,
  SUPERVISE_SECONDS: 10,
  EXPIRE_SECONDS: 4 * 60 * 60,
} as const;

const QUEUE_OPTIONS = {
  retryLimit: 5,
  retryBackoff: true,
  retryDelay: 2,
  heartbeatSeconds: JOB_RECOVERY.HEARTBEAT_SECONDS,
  expireInSeconds: JOB_RECOVERY.EXPIRE_SECONDS,
} as const;

export function createJobs(database: Database): Jobs {
  const supervision = {
    supervise: true,
    superviseIntervalSeconds: JOB_RECOVERY.SUPERVISE_SECONDS,
    monitorIntervalSeconds: JOB_RECOVERY.SUPERVISE_SECONDS,
  };
  const boss =
    database.client.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.client.pglite), backend: 'pglite', schema: 'pgboss', ...supervision })
      : new PgBoss({
          db: {
            executeSql: (text, values) =>
              database.client.kind === 'postgres'
                ? database.client.pool.query(text, values as unknown[])
                : Promise.reject(new Error('no pool')),
          },
          schema: 'pgboss',
          ...supervision,
        });
  const created = new Set<string>();
  let started: Promise<unknown> | null = null;

  async function ensureQueue(queue: string) {
    if (created.has(queue)) return;
    await boss.createQueue(queue, QUEUE_OPTIONS);
    // A queue created before these options existed keeps its old ones: createQueue leaves an existing queue alone.
    await boss.updateQueue(queue, QUEUE_OPTIONS);
    created.add(queue);
  }

  return {
    async start() {
      started ??= boss.start();
      await started;
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 10_000 });
      started = null;
    },
    async send(queue, data, options = {}) {
      // An API process that runs no workers still needs pg-boss started to enqueue.
      started ??= boss.start();
      await started;
      await ensureQueue(queue);
      return boss.send(queue, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
    },
    async schedule(queue, cron, data) {
      await ensureQueue(queue);
      await boss.schedule(queue, cron, data);
    },
    async work(queue, handler, options = {}) {
      await ensureQueue(queue);
      const settings = {
        ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
        ...(options.localConcurrency ? { localConcurrency: options.localConcurrency } : {}),
      };
      await boss.work(queue, settings, async (jobs) => {
        for (const job of jobs)
          await handler(job.data as never, { id: job.id, retryCount: (job as { retryCount?: number }).retryCount ?? 0 });
      });
    },
  };
}
