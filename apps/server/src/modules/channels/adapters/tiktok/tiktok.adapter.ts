import type { MarketplaceAdapter } from '../types.ts';
import { createTiktokClient, type TiktokConfig } from './tiktok.client.ts';
import { tiktokLogistics } from './tiktok.logistics.ts';
import { tiktokOrders } from './tiktok.orders.ts';
import { tiktokProducts } from './tiktok.products.ts';
import { tiktokPush } from './tiktok.push.ts';
import { tiktokReturns } from './tiktok.returns.ts';
import { tiktokShopAuth } from './tiktok.shop-auth.ts';

export type { TiktokConfig } from './tiktok.client.ts';

/** TikTok Shop Partner API 202309+, which also serves Tokopedia shops (research §2): one client, every capability. */
export const createTiktokAdapter = (config: TiktokConfig): MarketplaceAdapter => {
  const client = createTiktokClient(config);
  return {
    marketplace: 'tiktok',
    authorizationStyle: 'oauth',
    ...tiktokShopAuth(client),
    ...tiktokProducts(client),
    ...tiktokOrders(client),
    ...tiktokLogistics(client),
    ...tiktokReturns(client),
    ...tiktokPush(client),
  };
};
