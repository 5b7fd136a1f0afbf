import type { KelolaModule } from '../http/context.ts';
import { importFromEvent, ORDER_SYNC_QUEUE, runOrderSync } from './import-marketplace-order.ts';
import { settleMarketplaceAction } from './order-actions.ts';
import { queueShortOrders, RESERVE_SHORT_QUEUE, reserveShortOrders, type ReserveShortJob } from './order-stock.ts';
import { registerOrderFlowRoutes } from './orders.routes.ts';

/**
 * The order flows as the composition root wires them (ADR 0020): their routes, the on-demand sync worker, the
 * marketplace order import run for each stored channel event, the marketplace's answer to an accept or cancel, and
 * the short orders' second try when stock arrives (ADR 0069).
 */
export const orderFlows: KelolaModule = {
  name: 'order-flows',
  routes: registerOrderFlowRoutes,
  workers: async (platform) => {
    await platform.jobs.work<{ workspaceId: string; channelId: string }>(ORDER_SYNC_QUEUE, async ({ workspaceId, channelId }) => {
      await runOrderSync(platform, workspaceId, channelId);
    });
    await platform.jobs.work<ReserveShortJob>(RESERVE_SHORT_QUEUE, async (job) => {
      await reserveShortOrders(platform, job);
    });
  },
  provides: { channelEvents: [importFromEvent], channelCallSettled: [settleMarketplaceAction], stockArrived: [queueShortOrders] },
};
