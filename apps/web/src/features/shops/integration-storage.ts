import type { IntegrationCode } from '@kelola/contracts/channel-shops';

/**
 * What an OAuth round trip keeps in local storage (spec part 2): the path to come back to, and which marketplace
 * is being connected. The return pages merge their query into the saved path; the page there makes the authorize
 * call and, on failure, removes both after 2 seconds (spec part 8).
 */
export const CALLBACK_KEY = 'kelola.integration.callback';
export const CHANNEL_KEY = 'kelola.integration.channel';
export const CLEANUP_DELAY_MS = 2_000;

/** The query each return page reads: the code, plus Shopee's shop_id / main_account_id and TikTok's app_key. */
export const RETURN_PARAMS = ['code', 'shop_id', 'main_account_id', 'app_key', 'state', 'error'] as const;

export function saveIntegration(callbackPath: string, code: IntegrationCode): void {
  localStorage.setItem(CALLBACK_KEY, callbackPath);
  localStorage.setItem(CHANNEL_KEY, JSON.stringify({ code }));
}

export function savedChannel(): { code: IntegrationCode } | null {
  try {
    const value = JSON.parse(localStorage.getItem(CHANNEL_KEY) ?? 'null') as { code?: IntegrationCode } | null;
    return value?.code ? { code: value.code } : null;
  } catch {
    return null;
  }
}

export function clearIntegration(): void {
  localStorage.removeItem(CALLBACK_KEY);
  localStorage.removeItem(CHANNEL_KEY);
}

/** Where a return page sends the user: the saved path with the return query merged in, else /dashboard with it. */
export function returnTarget(search: string): string {
  const saved = localStorage.getItem(CALLBACK_KEY) || '/dashboard';
  const target = new URL(saved, 'http://kelola.local');
  const incoming = new URLSearchParams(search);
  for (const key of RETURN_PARAMS) {
    const value = incoming.get(key);
    if (value !== null) target.searchParams.set(key, value);
  }
  return `${target.pathname}${target.search}`;
}

/** The redirect URL the marketplace sends the seller back to: this app's return page of that marketplace. */
export function returnPageUrl(origin: string, code: IntegrationCode): string {
  const path = code === 'shopee' ? '/integration/shopee' : code === 'lazada' ? '/integration/lazada/callback' : '/integration/tiktok';
  return `${origin}${path}`;
}
