import { arr, num, obj, str } from '../adapter-http.ts';
import type { ShopAuthCapability, TokenGrant } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { ShopeeClient } from './shopee.client.ts';
import { shopeeSign } from './shopee.sign.ts';

const REFRESH_LIFETIME_MS = 30 * 86_400_000;

/** Authorization (shop or main account), token refresh, shop info and warehouses. */
export const shopeeShopAuth = ({ config, now, baseUrl, call }: ShopeeClient): ShopAuthCapability => {
  const toGrant = (json: Record<string, unknown>, shopIds: string[], mainAccountId?: string): TokenGrant => ({
    accessToken: str(json.access_token),
    refreshToken: str(json.refresh_token),
    accessTokenExpiresAt: now() + num(json.expire_in) * 1000,
    refreshTokenExpiresAt: now() + REFRESH_LIFETIME_MS,
    shops: shopIds.map((shopId) => ({ shopId })),
    ...(mainAccountId ? { mainAccountId } : {}),
  });

  return {
    authorizationUrl: ({ redirectUrl }) => {
      const path = '/api/v2/shop/auth_partner';
      const timestamp = Math.floor(now() / 1000);
      const sign = shopeeSign(config.partnerKey, { partnerId: config.partnerId, path, timestamp });
      const params = new URLSearchParams({
        partner_id: String(config.partnerId),
        timestamp: String(timestamp),
        sign,
        redirect: redirectUrl,
      });
      return `${baseUrl}${path}?${params.toString()}`;
    },

    exchangeCode: async ({ code, shopId, mainAccountId }) => {
      const body = {
        code,
        partner_id: config.partnerId,
        ...(mainAccountId ? { main_account_id: Number(mainAccountId) } : { shop_id: Number(shopId) }),
      };
      try {
        const { json } = await call({ method: 'POST', path: '/api/v2/auth/token/get', body });
        const shopIds = mainAccountId ? arr(json.shop_id_list).map(str) : [str(shopId)];
        return toGrant(json, shopIds, mainAccountId);
      } catch (error) {
        // Whatever Shopee calls it, a refused code means the seller must authorize again.
        if (error instanceof MarketplaceError && error.kind === 'bad_request') {
          throw new MarketplaceError({
            marketplace: 'shopee',
            kind: 'invalid_code',
            code: error.code,
            message: error.message,
            ...(error.requestId ? { requestId: error.requestId } : {}),
          });
        }
        throw error;
      }
    },

    refreshAccessToken: async ({ refreshToken, shopId, mainAccountId }) => {
      const body = {
        refresh_token: refreshToken,
        partner_id: config.partnerId,
        ...(shopId ? { shop_id: Number(shopId) } : { merchant_id: Number(mainAccountId) }),
      };
      const { json } = await call({ method: 'POST', path: '/api/v2/auth/access_token/get', body });
      return toGrant(json, shopId ? [shopId] : [], mainAccountId);
    },

    getShopInfo: async (auth) => {
      const { json } = await call({ method: 'GET', path: '/api/v2/shop/get_shop_info', auth });
      const status = str(json.status);
      return {
        shopId: auth.shopId,
        name: str(json.shop_name),
        region: str(json.region),
        status: status === 'NORMAL' ? 'active' : status === 'BANNED' ? 'banned' : 'inactive',
      };
    },

    listWarehouses: async (auth) => {
      const { json } = await call({ method: 'GET', path: '/api/v2/shop/get_warehouse_detail', auth, query: { warehouse_type: 1 } });
      // Stock is addressed by location_id, so that is the warehouse id Kelola maps to.
      return arr(json.response)
        .map(obj)
        .map((warehouse, index) => ({
          id: str(warehouse.location_id),
          name: str(warehouse.warehouse_name),
          city: str(warehouse.city),
          isDefault: index === 0,
        }));
    },
  };
};
