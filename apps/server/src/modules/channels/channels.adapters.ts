import type { MarketplaceCode } from '@kelola/contracts/channels';
import { DomainError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createBlibliAdapter } from './adapters/blibli/blibli.adapter.ts';
import { createLazadaAdapter } from './adapters/lazada/lazada.adapter.ts';
import { createShopeeAdapter } from './adapters/shopee/shopee.adapter.ts';
import { createTiktokAdapter } from './adapters/tiktok/tiktok.adapter.ts';
import type { AdapterRuntime, MarketplaceAdapter } from './adapters/types.ts';
import { createZaloraAdapter } from './adapters/zalora/zalora.adapter.ts';

/**
 * One adapter per marketplace and platform, configured from `config.marketplaces`; CHANNEL_NOT_CONFIGURED for a
 * marketplace with neither a base URL nor a sandbox. Adapters do not retry here:
 * outbound calls are jobs that back off and record every attempt, so a retry inside the adapter would be invisible.
 */
const withoutSandboxFlag = <T extends { sandbox: boolean }>({ sandbox: _sandbox, ...rest }: T): Omit<T, 'sandbox'> => rest;

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
  // No base URL and no sandbox (a database server without MARKETPLACE_SANDBOX_URL): say so, never guess a host.
  const configured = <T>(entry: T | null): T => {
    if (!entry) throw new DomainError('CHANNEL_NOT_CONFIGURED', { marketplace });
    return entry;
  };
  const adapter =
    marketplace === 'shopee'
      ? createShopeeAdapter({ ...runtime, ...withoutSandboxFlag(configured(marketplaces.shopee)) })
      : marketplace === 'tiktok'
        ? createTiktokAdapter({
            ...runtime,
            ...withoutSandboxFlag(configured(marketplaces.tiktok)),
            sendRedirectUri: configured(marketplaces.tiktok).sandbox,
          })
        : marketplace === 'lazada'
          ? createLazadaAdapter({ ...runtime, ...withoutSandboxFlag(configured(marketplaces.lazada)) })
          : marketplace === 'blibli'
            ? createBlibliAdapter({ ...runtime, ...withoutSandboxFlag(configured(marketplaces.blibli)) })
            : createZaloraAdapter({ ...runtime, baseUrl: configured(marketplaces.zalora).baseUrl });
  adapters.set(marketplace, adapter);
  return adapter;
}
