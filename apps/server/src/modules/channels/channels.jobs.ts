import type { WorkOptions } from '../../platform/jobs/jobs.ts';
import type { Platform } from '../../platform/platform.ts';
import { registerPushWorkers } from './stock-push.service.ts';
import { processEvent, QUEUES, reconcileAll, reconcileConnection, runChannelCall, type ChannelCallJob } from './channels.service.ts';

/** Every ten minutes: Shopee's lost pushes, then a reconciliation per connected shop. */
export const RECONCILE_CRON = '*/10 * * * *';

/**
 * The queues users wait on: a push becoming an order in /sales (the demo's first batch is some twenty orders at once)
 * and a seller action going out to the marketplace. Polled every half second by two workers (≈ 4 jobs/s instead of
 * pg-boss's ≈ 0.5), so a new demo user sees the list filled within the first minute. The import is an upsert under
 * a row lock, so two workers on events of one order still land one order with the newest status.
 */
export const EAGER_WORK: WorkOptions = { pollingIntervalSeconds: 0.5, localConcurrency: 2 };

/** The channel job handlers; registered once per worker process. */
export async function registerChannelWorkers(platform: Platform): Promise<void> {
  const { jobs } = platform;
  await jobs.work<ChannelCallJob>(
    QUEUES.call,
    async (job, meta) => {
      await runChannelCall(platform, job, meta);
    },
    EAGER_WORK,
  );
  await jobs.work<{ workspaceId: string; connectionId: string }>(QUEUES.reconcile, async ({ workspaceId, connectionId }) => {
    await reconcileConnection(platform, workspaceId, connectionId);
  });
  await jobs.work<Record<string, never>>(QUEUES.reconcileAll, async () => reconcileAll(platform));
  await jobs.work<{ workspaceId: string; inboxId: string }>(
    QUEUES.processEvent,
    async ({ workspaceId, inboxId }) => {
      await processEvent(platform, workspaceId, inboxId);
    },
    EAGER_WORK,
  );
  await jobs.schedule(QUEUES.reconcileAll, RECONCILE_CRON, {});
  await registerPushWorkers(platform);
}
