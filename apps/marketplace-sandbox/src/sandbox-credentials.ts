/**
 * The partner apps and keyed shops the sandbox knows. The server uses these as its defaults when no real
 * marketplace keys are configured, so a fresh install can connect shops without any credentials.
 */
export const SANDBOX_CREDENTIALS = {
  shopee: {
    partnerId: 2001887,
    partnerKey: 'shpk-sandbox-4b7cf3-kelola-partner-key',
  },
  tiktok: {
    appKey: '6kelolasbx01',
    appSecret: 'tts-sandbox-secret-kelola-01',
    serviceId: '7100000000000000001',
  },
  lazada: {
    appKey: '500001',
    appSecret: 'lzd-sandbox-secret-kelola',
  },
  blibli: {
    clientId: 'mta-api-kelola-sandbox',
    clientKey: 'bli-sandbox-client-key',
    /** Per-seller values a merchant would copy from Blibli Seller Center. */
    sellerKey: 'bli-sandbox-seller-key-60001',
    storeCode: 'KEL-60001',
    username: 'seller@kelola.test',
    signatureKey: 'bli-sandbox-signature-key',
    channelId: 'Kelola',
    /** The token the sandbox sends with its webhooks, as a partner that set one in Seller Center. */
    webhookToken: 'bli-sandbox-webhook-token',
  },
  zalora: {
    userId: 'seller@kelola.test',
    apiKey: 'zlr-sandbox-api-key-kelola',
  },
} as const;

/** Where each marketplace lives on a sandbox server; paths below these prefixes are the real ones. */
export const SANDBOX_PREFIXES = {
  shopee: '/shopee',
  tiktok: '/tiktok',
  lazada: '/lazada',
  blibli: '/blibli',
  zalora: '/zalora',
} as const;

/** Adapter base URLs for a sandbox listening at `origin` (e.g. `http://127.0.0.1:4010`). */
export const sandboxBaseUrls = (origin: string) => ({
  shopee: { baseUrl: `${origin}/shopee` },
  tiktok: {
    apiBaseUrl: `${origin}/tiktok`,
    authBaseUrl: `${origin}/tiktok`,
    authorizeUrl: `${origin}/tiktok/open/authorize`,
  },
  lazada: {
    apiBaseUrl: `${origin}/lazada/rest`,
    authBaseUrl: `${origin}/lazada/rest`,
    authorizeUrl: `${origin}/lazada/oauth/authorize`,
  },
  blibli: { baseUrl: `${origin}/blibli/v2/proxy` },
  zalora: { baseUrl: `${origin}/zalora` },
});
