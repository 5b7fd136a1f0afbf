export { registerChannelWorkers } from './channels.jobs.ts';
export {
  connectChannel,
  enqueueChannelCall,
  getChannel,
  listChannels,
  onChannelEvent,
  type ChannelEventHandler,
  type ChannelOperation,
  type ChannelOperationInput,
  type ConnectInput,
} from './channels.service.ts';
export { adapterFor } from './channels.adapters.ts';
export type { MarketplaceAdapter, MarketplaceKey, TokenGrant } from './adapters/types.ts';
