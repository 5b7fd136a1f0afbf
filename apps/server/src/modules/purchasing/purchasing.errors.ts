import type { ModuleErrors } from '../../platform/errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const purchasingErrors = {
  SUPPLIER_NOT_FOUND: 404,
  SUPPLIER_CODE_TAKEN: 409,
  SUPPLIER_IN_USE: 409,
  PURCHASE_ORDER_NOT_FOUND: 404,
  PURCHASE_ORDER_STATE_CONFLICT: 409,
} as const satisfies ModuleErrors;
