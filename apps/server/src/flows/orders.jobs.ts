import { onChannelEvent } from '../modules/channels/index.ts';
import type { Platform } from '../platform/platform.ts';
import { importFromEvent, ORDER_SYNC_QUEUE, runOrderSync } from './import-marketplace-order.ts';
import { registerOrderActionHandlers } from './order-actions.ts';

/** The order workers: marketplace order import from the channel inbox, on-demand sync, and marketplace action outcomes. */
export async function registerOrderWorkers(platform: Platform): Promise<void> {
  onChannelEvent(importFromEvent);
  registerOrderActionHandlers(platform);
  await platform.jobs.work<{ workspaceId: string; channelId: string }>(ORDER_SYNC_QUEUE, async ({ workspaceId, channelId }) => {
    await runOrderSync(platform, workspaceId, channelId);
  });
}
