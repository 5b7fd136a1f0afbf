import type { MarketplaceAdapter } from '../types.ts';
import { createZaloraClient, type ZaloraConfig } from './zalora.client.ts';
import { zaloraLogistics } from './zalora.logistics.ts';
import { zaloraOrders } from './zalora.orders.ts';
import { zaloraProducts } from './zalora.products.ts';
import { zaloraPush } from './zalora.push.ts';
import { zaloraReturns } from './zalora.returns.ts';
import { zaloraShopAuth } from './zalora.shop-auth.ts';

export type { ZaloraConfig } from './zalora.client.ts';

/** Zalora Seller Center API (research §5): one client, every capability Zalora has. */
export const createZaloraAdapter = (config: ZaloraConfig): MarketplaceAdapter => {
  const client = createZaloraClient(config);
  return {
    marketplace: 'zalora',
    authorizationStyle: 'credentials',
    ...zaloraShopAuth(client),
    ...zaloraProducts(client),
    ...zaloraOrders(client),
    ...zaloraLogistics(client),
    ...zaloraPush(client),
    ...zaloraReturns(client),
  };
};
