import type { Platform } from '../../platform/platform.ts';
import { registerPushWorkers } from './stock-push.service.ts';
import { processEvent, QUEUES, reconcileAll, reconcileConnection, runChannelCall, type ChannelCallJob } from './channels.service.ts';

/** Every ten minutes: Shopee's lost pushes, then a reconciliation per connected shop. */
export const RECONCILE_CRON = '*/10 * * * *';

/** The channel job handlers; registered once per worker process. */
export async function registerChannelWorkers(platform: Platform): Promise<void> {
  const { jobs } = platform;
  await jobs.work<ChannelCallJob>(QUEUES.call, async (job, meta) => {
    await runChannelCall(platform, job, meta);
  });
  await jobs.work<{ workspaceId: string; connectionId: string }>(QUEUES.reconcile, async ({ workspaceId, connectionId }) => {
    await reconcileConnection(platform, workspaceId, connectionId);
  });
  await jobs.work<Record<string, never>>(QUEUES.reconcileAll, async () => reconcileAll(platform));
  await jobs.work<{ workspaceId: string; inboxId: string }>(QUEUES.processEvent, async ({ workspaceId, inboxId }) => {
    await processEvent(platform, workspaceId, inboxId);
  });
  await jobs.schedule(QUEUES.reconcileAll, RECONCILE_CRON, {});
  await registerPushWorkers(platform);
}
