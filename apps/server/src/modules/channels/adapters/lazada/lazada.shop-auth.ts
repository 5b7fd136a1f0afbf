import { arr, num, obj, str } from '../adapter-http.ts';
import type { ShopAuthCapability, TokenGrant } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { LazadaClient } from './lazada.client.ts';

/** Authorization, token refresh, seller info and warehouses. */
export const lazadaShopAuth = ({ config, now, call, data }: LazadaClient): ShopAuthCapability => {
  const toGrant = (json: Record<string, unknown>): TokenGrant => {
    const info = arr(json.country_user_info).length > 0 ? arr(json.country_user_info) : arr(json.country_user_info_list);
    return {
      accessToken: str(json.access_token),
      refreshToken: str(json.refresh_token),
      accessTokenExpiresAt: now() + num(json.expires_in) * 1000,
      refreshTokenExpiresAt: now() + num(json.refresh_expires_in) * 1000,
      shops: info
        .map(obj)
        .map((entry) => ({ shopId: str(entry.seller_id), region: str(entry.country).toUpperCase(), cipher: str(entry.short_code) })),
    };
  };

  return {
    authorizationUrl: ({ redirectUrl, state }) =>
      `${config.authorizeUrl}?${new URLSearchParams({ response_type: 'code', force_auth: 'true', redirect_uri: redirectUrl, client_id: config.appKey, state }).toString()}`,

    exchangeCode: async ({ code }) => toGrant(await call({ method: 'POST', path: '/auth/token/create', host: 'auth', params: { code } })),

    refreshAccessToken: async ({ refreshToken }) =>
      toGrant(await call({ method: 'POST', path: '/auth/token/refresh', host: 'auth', params: { refresh_token: refreshToken } })),

    getShopInfo: async (auth) => {
      const seller = obj(await data({ method: 'GET', path: '/seller/get', auth }));
      const status = str(seller.status).toUpperCase();
      return { shopId: str(seller.seller_id), name: str(seller.name), region: 'ID', status: status === 'ACTIVE' ? 'active' : 'inactive' };
    },

    listWarehouses: async (auth) => {
      const wrapped = obj((await call({ method: 'GET', path: '/rc/warehouse/get', auth })).result);
      if (wrapped.success !== true) {
        throw new MarketplaceError({
          marketplace: 'lazada',
          kind: 'upstream',
          code: str(wrapped.error_code) || 'failed',
          message: str(wrapped.error_msg),
        });
      }
      // Warehouse codes are what price/stock payloads name in MultiWarehouseInventories.
      return arr(wrapped.module)
        .map(obj)
        .map((warehouse) => ({
          id: str(warehouse.code),
          name: str(warehouse.name),
          city: str(warehouse.city),
          isDefault: warehouse.isDefault === true,
        }));
    },
  };
};
