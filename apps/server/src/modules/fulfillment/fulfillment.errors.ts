import type { ModuleErrors } from '../../platform/errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const fulfillmentErrors = {
  FULFILLMENT_STEP_CONFLICT: 409,
  FULFILLMENT_LOCKED: 409,
  SHIPMENT_PENDING: 409,
  PACK_MISMATCH: 422,
} as const satisfies ModuleErrors;
