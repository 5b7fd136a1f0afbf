import type { ModuleErrors } from '../../platform/errors.ts';

/** Shops in the app (connect, store form, warehouse mapping, health); merged into the one table in http/error-status.ts. */
export const channelShopErrors = {
  CHANNEL_ALREADY_CONFIRMED: 409,
  CHANNEL_AUTHORIZATION_FAILED: 400,
  CHANNEL_AUTHORIZATION_STATE_INVALID: 400,
  CHANNEL_CREDENTIALS_INVALID: 400,
  CHANNEL_REAUTHORIZE_REQUIRED: 409,
  CHANNEL_WAREHOUSE_ALREADY_MAPPED: 409,
  CHANNEL_WAREHOUSE_UNKNOWN: 400,
  CHANNEL_MAPPING_NOT_FOUND: 404,
  CHANNEL_FAILED_CALL_NOT_FOUND: 404,
} as const satisfies ModuleErrors;
