import type { ModuleErrors } from '../../platform/errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const areaErrors = {
  AREA_NOT_FOUND: 404,
  AREA_MISMATCH: 422,
} as const satisfies ModuleErrors;
