import type { MarketplaceAdapter } from '../types.ts';
import { createLazadaClient, type LazadaConfig } from './lazada.client.ts';
import { lazadaLogistics } from './lazada.logistics.ts';
import { lazadaOrders } from './lazada.orders.ts';
import { lazadaProducts } from './lazada.products.ts';
import { lazadaPush } from './lazada.push.ts';
import { lazadaReturns } from './lazada.returns.ts';
import { lazadaShopAuth } from './lazada.shop-auth.ts';

export type { LazadaConfig } from './lazada.client.ts';

/** Lazada Open Platform (research §3): one client, every capability Lazada has. */
export const createLazadaAdapter = (config: LazadaConfig): MarketplaceAdapter => {
  const client = createLazadaClient(config);
  return {
    marketplace: 'lazada',
    authorizationStyle: 'oauth',
    ...lazadaShopAuth(client),
    ...lazadaProducts(client),
    ...lazadaOrders(client),
    ...lazadaLogistics(client),
    ...lazadaPush(client),
    ...lazadaReturns(client),
  };
};
