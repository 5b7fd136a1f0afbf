import { arr, obj, str } from '../adapter-http.ts';
import { unsupported } from '../unsupported.ts';
import type { ShopAuthCapability } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { BlibliClient } from './blibli.client.ts';

/** Keys typed into a form instead of OAuth: no code exchange or refresh; the keys are proved by a cheap call. */
export const blibliShopAuth = ({ call }: BlibliClient): ShopAuthCapability => ({
  authorizationUrl: () => {
    throw new MarketplaceError({
      marketplace: 'blibli',
      kind: 'unsupported',
      code: 'unsupported',
      message: 'Blibli shops connect with an API Seller Key, not a redirect',
    });
  },
  exchangeCode: unsupported('blibli', 'OAuth code exchange'),
  refreshAccessToken: unsupported('blibli', 'Token refresh'),

  // No store-information path is confirmed (research §8); a cheap authenticated call proves the keys instead.
  getShopInfo: async (auth) => {
    await call(auth, 'GET', '/mta/api/businesspartner/v1/product/getCategory');
    return { shopId: auth.shopId, name: auth.shopId, region: 'ID', status: 'active' };
  },

  listWarehouses: async (auth) =>
    arr((await call(auth, 'GET', '/mta/api/businesspartner/v1/product/getPickupPoint')).content)
      .map(obj)
      .map((point, index) => ({ id: str(point.code), name: str(point.name), city: str(point.cityName), isDefault: index === 0 })),
});
