import type { KelolaModule } from '../../http/context.ts';
import { registerChannelWorkers } from './channels.jobs.ts';
import { registerChannelRoutes } from './channels.routes.ts';
export {
  connectChannel,
  enqueueChannelCall,
  getChannel,
  listChannels,
  type ChannelEventHandler,
  type ChannelOperation,
  type ChannelOperationInput,
  type ConnectInput,
} from './channels.service.ts';
export { adapterFor } from './channels.adapters.ts';
export type { MarketplaceAdapter, MarketplaceKey, TokenGrant } from './adapters/types.ts';

/** Marketplace connections, their inbox and outbound calls; runs the `channelEvents` other modules provide. */
export const channelsModule: KelolaModule = {
  name: 'channels',
  routes: registerChannelRoutes,
  workers: registerChannelWorkers,
};
