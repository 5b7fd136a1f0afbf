import type { KelolaModule } from '../http/context.ts';
import { importFromEvent, ORDER_SYNC_QUEUE, runOrderSync } from './import-marketplace-order.ts';
import { settleMarketplaceAction } from './order-actions.ts';
import { registerOrderFlowRoutes } from './orders.routes.ts';

/**
 * The order flows as the composition root wires them (ADR 0020): their routes, the on-demand sync worker, the
 * marketplace order import run for each stored channel event, and the marketplace's answer to an accept or cancel.
 */
export const orderFlows: KelolaModule = {
  name: 'order-flows',
  routes: registerOrderFlowRoutes,
  workers: async (platform) => {
    await platform.jobs.work<{ workspaceId: string; channelId: string }>(ORDER_SYNC_QUEUE, async ({ workspaceId, channelId }) => {
      await runOrderSync(platform, workspaceId, channelId);
    });
  },
  provides: { channelEvents: [importFromEvent], channelCallSettled: [settleMarketplaceAction] },
};
