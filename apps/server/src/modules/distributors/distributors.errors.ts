import type { ModuleErrors } from '../../platform/errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const distributorErrors = {
  DISTRIBUTOR_NOT_FOUND: 404,
  DISTRIBUTOR_CODE_TAKEN: 409,
} as const satisfies ModuleErrors;
