import type { ModuleErrors } from '../../platform/errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const channelErrors = {
  CHANNEL_NOT_FOUND: 404,
  CHANNEL_NOT_CONNECTED: 409,
  CHANNEL_NOT_CONFIGURED: 409,
  CHANNEL_PUSH_SIGNATURE_INVALID: 401,
  CHANNEL_PRODUCT_NOT_FOUND: 404,
} as const satisfies ModuleErrors;
