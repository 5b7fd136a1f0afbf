import type { ModuleErrors } from '../../platform/errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const identityErrors = {
  INVALID_CREDENTIALS: 401,
  ACCOUNT_NOT_VERIFIED: 403,
  USER_NOT_FOUND: 404,
  USER_ALREADY_EXISTS: 409,
  OTP_INVALID: 422,
  OTP_EXPIRED: 422,
  OTP_RESEND_TOO_EARLY: 429,
  LINK_EXPIRED: 410,
  LINK_INVALID: 404,
  REFRESH_TOKEN_INVALID: 401,
  REFRESH_TOKEN_REUSED: 401,
  PASSWORD_WRONG: 422,
  RESET_TOKEN_INVALID: 422,
} as const satisfies ModuleErrors;
