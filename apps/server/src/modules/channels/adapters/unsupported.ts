import type { MarketplaceKey } from './types.ts';
import { MarketplaceError } from './types.ts';

/** A method the marketplace (or, for now, this thin adapter) does not offer; callers hide the action. */
export const unsupported =
  (marketplace: MarketplaceKey, capability: string) =>
  async (..._args: unknown[]): Promise<never> => {
    throw new MarketplaceError({
      marketplace,
      kind: 'unsupported',
      code: 'unsupported',
      message: `${capability} is not available for ${marketplace}`,
    });
  };
