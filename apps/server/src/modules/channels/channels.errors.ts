import type { ModuleErrors } from '../../platform/errors.ts';
import { DomainError } from '../../platform/errors.ts';
import { isMarketplaceError } from './adapters/types.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const channelErrors = {
  CHANNEL_NOT_FOUND: 404,
  CHANNEL_NOT_CONNECTED: 409,
  CHANNEL_NOT_CONFIGURED: 409,
  CHANNEL_PUSH_SIGNATURE_INVALID: 401,
  CHANNEL_PRODUCT_NOT_FOUND: 404,
  CHANNEL_MARKETPLACE_BUSY: 503,
  CHANNEL_MARKETPLACE_REFUSED: 502,
} as const satisfies ModuleErrors;

/**
 * A marketplace's failure that reached a request unhandled (a call made while the user waits: pickup slots, labels,
 * categories, cancellation reasons …), as the error the user reads instead of a 500: busy or unreachable (503, try
 * again after the marketplace's own wait or 5 s), access to be renewed, or refused with the marketplace's words.
 * Anything else is not a marketplace's failure: undefined.
 */
export function marketplaceRequestError(error: unknown): DomainError | undefined {
  if (!isMarketplaceError(error)) return undefined;
  switch (error.kind) {
    case 'rate_limited':
    case 'upstream':
      return new DomainError(
        'CHANNEL_MARKETPLACE_BUSY',
        { marketplace: error.marketplace, marketplace_code: error.code },
        {
          retry_after: Math.max(1, Math.ceil((error.retryAfterMs ?? 5_000) / 1_000)),
        },
      );
    case 'auth_expired':
    case 'invalid_sign':
    case 'invalid_code':
      return new DomainError('CHANNEL_REAUTHORIZE_REQUIRED', { marketplace: error.marketplace, marketplace_code: error.code });
    default:
      return new DomainError(
        'CHANNEL_MARKETPLACE_REFUSED',
        { marketplace: error.marketplace, marketplace_code: error.code },
        { marketplace_message: error.message },
      );
  }
}
