import { unsupported } from '../unsupported.ts';
import type { ShopAuthCapability } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { ZaloraClient } from './zalora.client.ts';

/** Keys typed into a form instead of OAuth: no code exchange or refresh, no warehouses; a signed call proves the keys. */
export const zaloraShopAuth = ({ call }: ZaloraClient): ShopAuthCapability => ({
  authorizationUrl: () => {
    throw new MarketplaceError({
      marketplace: 'zalora',
      kind: 'unsupported',
      code: 'unsupported',
      message: 'Zalora shops connect with an API key, not a redirect',
    });
  },
  exchangeCode: unsupported('zalora', 'OAuth code exchange'),
  refreshAccessToken: unsupported('zalora', 'Token refresh'),

  // The v1 API has no shop profile call; a signed GetBrands proves the user id and key.
  getShopInfo: async (auth) => {
    await call(auth, 'GetBrands');
    return { shopId: auth.shopId, name: auth.shopId, region: 'ID', status: 'active' };
  },

  // Seller Center v1 has no warehouse or pickup-point call: Zalora collects from the seller's registered address.
  listWarehouses: unsupported('zalora', 'Warehouses'),
});
