import type { JobHandler, Jobs } from '../src/platform/jobs/jobs.ts';

export type QueuedJob = { queue: string; data: object };

/**
 * The job queue of a test that runs its jobs by hand, in order, against the real database: `jobs` replaces the
 * platform's, `queued` holds what the app sent, `handlers` what the modules' workers registered.
 */
export function queuedJobs(): { jobs: Jobs; queued: QueuedJob[]; handlers: Map<string, JobHandler<object>> } {
  const queued: QueuedJob[] = [];
  const handlers = new Map<string, JobHandler<object>>();
  const jobs: Jobs = {
    send: async (queue, data) => {
      queued.push({ queue, data });
      return String(queued.length);
    },
    work: async (queue, handler) => void handlers.set(queue, handler as JobHandler<object>),
    schedule: async () => undefined,
    start: async () => undefined,
    stop: async () => undefined,
  };
  return { jobs, queued, handlers };
}
