import type { ModuleErrors } from '../../platform/errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const workspaceErrors = {
  WORKSPACE_NOT_FOUND: 404,
  ROLE_NOT_FOUND: 404,
  ROLE_IN_USE: 409,
  ROLE_NAME_TAKEN: 409,
  SYSTEM_ROLE_READONLY: 422,
  ROLE_NO_MENU: 422,
  MEMBER_NOT_FOUND: 404,
  MEMBER_ALREADY_EXISTS: 409,
  LAST_OWNER: 422,
  INVITATION_NOT_FOUND: 404,
  INVITATION_EXPIRED: 410,
  INVITATION_USED: 409,
  INVITATION_MISMATCH: 403,
  OWNER_ONLY: 403,
  CANNOT_REMOVE_SELF: 422,
  ROLE_EXCEEDS_OWN: 403,
} as const satisfies ModuleErrors;
