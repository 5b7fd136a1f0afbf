export { registerChannelWorkers } from './channels.jobs.ts';
export {
  connectChannel,
  enqueueChannelCall,
  fetchCancellationReasons,
  fetchMarketplaceOrders,
  getChannel,
  listChannels,
  onChannelCallSettled,
  onChannelEvent,
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
