import type { KelolaModule } from '../../http/context.ts';
import { registerChannelWorkers } from './channels.jobs.ts';
import { registerChannelProductRoutes } from './channel-products.routes.ts';
import { registerChannelRoutes } from './channels.routes.ts';
import { registerShopWorkers } from './channel-shops.jobs.ts';
import { registerShopRoutes } from './channel-shops.routes.ts';
import { registerPublishRoutes } from './channel-publish.routes.ts';
export {
  connectChannel,
  enqueueChannelCall,
  fetchMarketplaceOrders,
  getChannel,
  listChannels,
  lockPendingEvents,
  markEventsProcessed,
  pendingOrderEvents,
  reconcileConnection,
  type ChannelCallRef,
  type ChannelCallSettledHandler,
  type ChannelEventHandler,
  type ChannelOperation,
  type ChannelOperationInput,
  type ConnectInput,
} from './channels.service.ts';
export { fetchCancellationReasons, fetchPickupSlots, fetchShippingLabel } from './call-now.ts';
export { adapterFor } from './channels.adapters.ts';
export { channelNameSql, marketplaceChannelIdsSql } from './channel-names.ts';
export {
  setUpShop,
  stockWarehousesOfShop,
  warehouseForShopOrder,
  type OrderWarehouse,
  type ShopStockWarehouses,
} from './channel-shops.service.ts';
export {
  listChannelProducts,
  PRODUCT_IMPORT_QUEUE,
  runProductImport as importProductsOf,
  saveProducts,
  setMapping,
  startProductImport,
  type CatalogMatcher,
  type ProductImportJob,
} from './channel-products.service.ts';
export {
  lastPushes,
  noteStockChanged,
  noteStockChangedAlone,
  notePriceChanged,
  pushesOfCatalog,
  wakePushes,
  type ChannelStockDependents,
  type ChannelValue,
  type ChannelValueSource,
} from './stock-push.service.ts';
export {
  channelSkusOf,
  getPublishBatch,
  getPublishBatches,
  latestPublicationOf,
  marketplaceOfTarget,
  publicationsOfProducts,
  publishableShop,
  PUBLISH_QUEUE,
  realTiming,
  runPublishBatch,
  setPublishTiming,
  startPublishBatch,
  targetFor,
  type PublicationInput,
  type PublicationRequest,
  type PublishJob,
  type PublishTiming,
} from './channel-publish.service.ts';
export {
  createDistributorChannel,
  distributorImageFile,
  distributorChannelOr404,
  distributorPricesOn,
  getDistributorProduct,
  listDistributorChannels,
  listDistributorProducts,
  saveDistributorProduct,
  setDistributorImages,
  type DistributorMaster,
} from './distributor-channel.service.ts';
export type { CancellationReason, MarketplaceAdapter, MarketplaceKey, MarketplaceOrder, TokenGrant } from './adapters/types.ts';
export type { InboxRow } from './channels.repository.ts';

/** Marketplace connections, their inbox and outbound calls; runs the `channelEvents` and `channelCallSettled` handlers other parts provide. */
export const channelsModule: KelolaModule = {
  name: 'channels',
  routes: (router) => {
    registerChannelRoutes(router);
    registerShopRoutes(router);
    registerChannelProductRoutes(router);
    registerPublishRoutes(router);
  },
  workers: async (platform) => {
    await registerChannelWorkers(platform);
    await registerShopWorkers(platform);
  },
};
export { callShopPromotions, shopOf, shopSkuLinks, type ShopSkuLink } from './channel-promotions.port.ts';
export type { DiscountItemInput as MarketplaceDiscountItem, DiscountStatus as MarketplaceDiscountStatus } from './adapters/types.ts';
export { isMarketplaceError } from './adapters/types.ts';
