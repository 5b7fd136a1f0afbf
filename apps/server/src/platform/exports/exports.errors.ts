import type { ModuleErrors } from '../errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const exportErrors = {
  EXPORT_NOT_FOUND: 404,
  FILE_NOT_READY: 409,
  EXPORT_NOT_RETRYABLE: 409,
} as const satisfies ModuleErrors;
