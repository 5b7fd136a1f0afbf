import type { MarketplaceAdapter } from '../types.ts';
import { createShopeeClient, type ShopeeConfig } from './shopee.client.ts';
import { shopeeLogistics } from './shopee.logistics.ts';
import { shopeeOrders } from './shopee.orders.ts';
import { shopeeProducts } from './shopee.products.ts';
import { shopeePromotions } from './shopee.promotions.ts';
import { shopeePush } from './shopee.push.ts';
import { shopeeReturns } from './shopee.returns.ts';
import { shopeeShopAuth } from './shopee.shop-auth.ts';

export type { ShopeeConfig } from './shopee.client.ts';

/** Shopee Open Platform v2 (research §1): one client, every capability Shopee has. */
export const createShopeeAdapter = (config: ShopeeConfig): MarketplaceAdapter => {
  const client = createShopeeClient(config);
  return {
    marketplace: 'shopee',
    authorizationStyle: 'oauth',
    ...shopeeShopAuth(client),
    ...shopeeProducts(client),
    ...shopeeOrders(client),
    ...shopeeLogistics(client),
    ...shopeePromotions(client),
    ...shopeeReturns(client),
    ...shopeePush(client),
  };
};
