import type { ModuleErrors } from '../../platform/errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const pricingErrors = {
  VARIABLE_NOT_FOUND: 404,
  VARIABLE_NAME_TAKEN: 409,
  VARIABLE_IN_USE: 409,
  FORMULA_NOT_FOUND: 404,
  FORMULA_NAME_TAKEN: 409,
  FORMULA_IN_USE: 409,
} as const satisfies ModuleErrors;
