import { describe, expect, it } from 'vitest';
import { EAGER_WORK, registerChannelWorkers } from '../../src/modules/channels/channels.jobs.ts';
import { QUEUES } from '../../src/modules/channels/channels.service.ts';
import type { Jobs, WorkOptions } from '../../src/platform/jobs/jobs.ts';
import type { Platform } from '../../src/platform/platform.ts';

/**
 * Issue 13 (demo): the demo's first batch of marketplace orders is some twenty pushes at once, each a job that imports
 * one order. pg-boss's default worker (a poll every 2 s, one job per poll) takes them at ≈ 0.5 job/s, so /sales
 * filled in ~45 s after the shops connected; the queues users wait on are registered with faster settings.
 */
describe('order job settings', () => {
  it('the push-to-order and marketplace-call queues poll every half second with two workers (≈ 4 jobs/s)', async () => {
    const registered = new Map<string, WorkOptions | undefined>();
    const jobs: Jobs = {
      send: async () => null,
      work: async (queue, _handler, options) => void registered.set(queue, options),
      schedule: async () => undefined,
      start: async () => undefined,
      stop: async () => undefined,
    };
    await registerChannelWorkers({ jobs } as unknown as Platform);
    for (const queue of [QUEUES.processEvent, QUEUES.call]) {
      const options = registered.get(queue);
      expect(options, queue).toEqual(EAGER_WORK);
      // Jobs per second at worst (each worker waits a full poll between jobs): ≥ 4, so 23 demo orders in < 6 s.
      expect((options!.localConcurrency ?? 1) / (options!.pollingIntervalSeconds ?? 2)).toBeGreaterThanOrEqual(4);
    }
    // The reconciliation queues keep pg-boss's defaults: nobody waits on them.
    expect(registered.get(QUEUES.reconcile)).toBeUndefined();
  });
});
