import type { ModuleErrors } from './errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const platformErrors = {
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  WORKSPACE_REQUIRED: 400,
  WORKSPACE_FORBIDDEN: 403,
  BUSINESS_FORBIDDEN: 403,
  RATE_LIMITED: 429,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL: 500,
} as const satisfies ModuleErrors;
