import type { ModuleErrors } from '../../platform/errors.ts';

/** The distributor channel (ADR 0047); merged into the one table in http/error-status.ts. */
export const distributorChannelErrors = {
  DISTRIBUTOR_CHANNEL_EXISTS: 409,
  DISTRIBUTOR_PRODUCT_EXISTS: 409,
} as const satisfies ModuleErrors;
