import type { KelolaModule } from '../../http/context.ts';
import { registerChannelWorkers } from './channels.jobs.ts';
import { registerChannelRoutes } from './channels.routes.ts';
export {
  connectChannel,
  enqueueChannelCall,
  fetchCancellationReasons,
  fetchShippingLabel,
  fetchMarketplaceOrders,
  getChannel,
  listChannels,
  reconcileConnection,
  type ChannelCallRef,
  type ChannelCallSettledHandler,
  type ChannelEventHandler,
  type ChannelOperation,
  type ChannelOperationInput,
  type ConnectInput,
} from './channels.service.ts';
export { adapterFor } from './channels.adapters.ts';
export type { CancellationReason, MarketplaceAdapter, MarketplaceKey, MarketplaceOrder, TokenGrant } from './adapters/types.ts';
export type { InboxRow } from './channels.repository.ts';

/** Marketplace connections, their inbox and outbound calls; runs the `channelEvents` and `channelCallSettled` handlers other parts provide. */
export const channelsModule: KelolaModule = {
  name: 'channels',
  routes: registerChannelRoutes,
  workers: registerChannelWorkers,
};
