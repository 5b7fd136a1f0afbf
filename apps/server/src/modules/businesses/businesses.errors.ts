import type { ModuleErrors } from '../../platform/errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const businessErrors = {
  BUSINESS_NOT_FOUND: 404,
} as const satisfies ModuleErrors;
