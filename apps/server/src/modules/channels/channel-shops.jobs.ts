import type { Platform } from '../../platform/platform.ts';
import { refreshDueTokens, REFRESH_TOKENS_CRON, REFRESH_TOKENS_QUEUE } from './channel-shops.service.ts';

/** The scheduled token refresh of connected shops. */
export async function registerShopWorkers(platform: Platform): Promise<void> {
  await platform.jobs.work<Record<string, never>>(REFRESH_TOKENS_QUEUE, async () => {
    await refreshDueTokens(platform);
  });
  await platform.jobs.schedule(REFRESH_TOKENS_QUEUE, REFRESH_TOKENS_CRON, {});
}
