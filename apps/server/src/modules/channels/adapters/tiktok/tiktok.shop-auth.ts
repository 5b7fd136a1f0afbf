import { arr, num, obj, str } from '../adapter-http.ts';
import type { ShopAuthCapability, TokenGrant } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { TiktokClient } from './tiktok.client.ts';

/** Authorization, token refresh (on TikTok's token host), shop info and sales warehouses. */
export const tiktokShopAuth = ({ config, call, tokenCall }: TiktokClient): ShopAuthCapability => {
  const toGrant = async (data: Record<string, unknown>): Promise<TokenGrant> => {
    const accessToken = str(data.access_token);
    const shops = await call({ method: 'GET', path: '/authorization/202309/shops', auth: { shopId: '', accessToken }, scoped: false });
    return {
      accessToken,
      refreshToken: str(data.refresh_token),
      // TikTok sends absolute expiry times in seconds, not lifetimes.
      accessTokenExpiresAt: num(data.access_token_expire_in) * 1000,
      refreshTokenExpiresAt: num(data.refresh_token_expire_in) * 1000,
      shops: arr(shops.shops)
        .map(obj)
        .map((shop) => ({ shopId: str(shop.id), name: str(shop.name), region: str(shop.region), cipher: str(shop.cipher) })),
    };
  };

  return {
    authorizationUrl: ({ redirectUrl, state }) => {
      const params = new URLSearchParams({ service_id: config.serviceId, state });
      if (config.sendRedirectUri) params.set('redirect_uri', redirectUrl);
      return `${config.authorizeUrl}?${params.toString()}`;
    },

    exchangeCode: async ({ code }) => {
      let data: Record<string, unknown>;
      try {
        data = await tokenCall('/api/v2/token/get', { auth_code: code, grant_type: 'authorized_code' });
      } catch (error) {
        // The token host's codes for a bad auth_code are undocumented: any refusal that is not about the app
        // or the rate means the code is unusable.
        if (error instanceof MarketplaceError && (error.kind === 'bad_request' || error.kind === 'auth_expired')) {
          throw new MarketplaceError({
            marketplace: 'tiktok',
            kind: 'invalid_code',
            code: error.code,
            message: error.message,
            ...(error.requestId ? { requestId: error.requestId } : {}),
          });
        }
        throw error;
      }
      return toGrant(data);
    },

    refreshAccessToken: async ({ refreshToken }) =>
      toGrant(await tokenCall('/api/v2/token/refresh', { refresh_token: refreshToken, grant_type: 'refresh_token' })),

    getShopInfo: async (auth) => {
      const data = await call({ method: 'GET', path: '/authorization/202309/shops', auth, scoped: false });
      const shop = arr(data.shops)
        .map(obj)
        .find((candidate) => str(candidate.id) === auth.shopId || str(candidate.cipher) === auth.shopCipher);
      if (!shop)
        throw new MarketplaceError({
          marketplace: 'tiktok',
          kind: 'not_found',
          code: 'shop_not_authorized',
          message: `Shop ${auth.shopId} is not authorized`,
        });
      return { shopId: str(shop.id), name: str(shop.name), region: str(shop.region), status: 'active' };
    },

    listWarehouses: async (auth) => {
      const data = await call({ method: 'GET', path: '/logistics/202309/warehouses', auth });
      return arr(data.warehouses)
        .map(obj)
        .filter((warehouse) => str(warehouse.type) === 'SALES_WAREHOUSE')
        .map((warehouse) => ({
          id: str(warehouse.id),
          name: str(warehouse.name),
          city: str(obj(warehouse.address).city),
          isDefault: warehouse.is_default === true,
        }));
    },
  };
};
