import type { MarketplaceAdapter } from '../types.ts';
import { createBlibliClient, type BlibliConfig } from './blibli.client.ts';
import { blibliLogistics } from './blibli.logistics.ts';
import { blibliOrders } from './blibli.orders.ts';
import { blibliProducts } from './blibli.products.ts';
import { blibliPush } from './blibli.push.ts';
import { blibliReturns } from './blibli.returns.ts';
import { blibliShopAuth } from './blibli.shop-auth.ts';

export type { BlibliConfig } from './blibli.client.ts';

/** Blibli Seller API (research §4): one client, every capability Blibli has. */
export const createBlibliAdapter = (config: BlibliConfig): MarketplaceAdapter => {
  const client = createBlibliClient(config);
  return {
    marketplace: 'blibli',
    authorizationStyle: 'credentials',
    ...blibliShopAuth(client),
    ...blibliProducts(client),
    ...blibliOrders(client),
    ...blibliLogistics(client),
    ...blibliPush(client),
    ...blibliReturns(client),
  };
};
