import type { ModuleErrors } from '../../platform/errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const orderErrors = {
  ORDER_NOT_FOUND: 404,
  ORDER_STATE_CONFLICT: 409,
  ORDER_NOT_MANUAL: 422,
  ORDER_ACTION_PENDING: 409,
  CANCEL_REASON_INVALID: 422,
  CUSTOMER_NOT_FOUND: 404,
  CUSTOMER_CODE_TAKEN: 409,
  CUSTOMER_CATEGORY_NOT_FOUND: 404,
  CUSTOMER_CATEGORY_IN_USE: 409,
  CUSTOMER_IMPORT_FILE_INVALID: 422,
  CUSTOMER_IMPORT_TOO_MANY_ROWS: 422,
} as const satisfies ModuleErrors;
