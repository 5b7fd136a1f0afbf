import type { MarketplaceCode } from '@kelola/contracts/channels';
import type { Platform } from '../../platform/platform.ts';
import { createBlibliAdapter } from './adapters/blibli/blibli.adapter.ts';
import { createLazadaAdapter } from './adapters/lazada/lazada.adapter.ts';
import { createShopeeAdapter } from './adapters/shopee/shopee.adapter.ts';
import { createTiktokAdapter } from './adapters/tiktok/tiktok.adapter.ts';
import type { AdapterRuntime, MarketplaceAdapter } from './adapters/types.ts';
import { createZaloraAdapter } from './adapters/zalora/zalora.adapter.ts';

/**
 * One adapter per marketplace and platform, configured from `config.marketplaces`. Adapters do not retry here:
 * outbound calls are jobs that back off and record every attempt, so a retry inside the adapter would be invisible.
 */
const cache = new WeakMap<Platform, Map<MarketplaceCode, MarketplaceAdapter>>();

export function adapterFor(platform: Platform, marketplace: MarketplaceCode): MarketplaceAdapter {
  let adapters = cache.get(platform);
  if (!adapters) {
    adapters = new Map();
    cache.set(platform, adapters);
  }
  const known = adapters.get(marketplace);
  if (known) return known;
  const runtime: AdapterRuntime = { now: () => platform.now().getTime(), retry: { maxAttempts: 1 } };
  const { marketplaces } = platform.config;
  const { sandbox: _s1, ...shopee } = marketplaces.shopee;
  const { sandbox: _s2, ...tiktok } = marketplaces.tiktok;
  const { sandbox: _s3, ...lazada } = marketplaces.lazada;
  const { sandbox: _s4, ...blibli } = marketplaces.blibli;
  const adapter =
    marketplace === 'shopee'
      ? createShopeeAdapter({ ...runtime, ...shopee })
      : marketplace === 'tiktok'
        ? createTiktokAdapter({ ...runtime, ...tiktok, sendRedirectUri: marketplaces.tiktok.sandbox })
        : marketplace === 'lazada'
          ? createLazadaAdapter({ ...runtime, ...lazada })
          : marketplace === 'blibli'
            ? createBlibliAdapter({ ...runtime, ...blibli })
            : createZaloraAdapter({ ...runtime, baseUrl: marketplaces.zalora.baseUrl });
  adapters.set(marketplace, adapter);
  return adapter;
}
