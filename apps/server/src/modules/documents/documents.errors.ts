import type { ModuleErrors } from '../../platform/errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const documentErrors = {
  DOCUMENT_RENDER_FAILED: 503,
} as const satisfies ModuleErrors;
