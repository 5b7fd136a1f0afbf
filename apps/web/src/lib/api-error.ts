import type { FieldIssue } from '@kelola/contracts/errors';

export type ApiErrorDetails = { fields?: FieldIssue[]; [key: string]: unknown };

/** Every failed API call becomes one of these: HTTP status plus the server's `{code, message, details}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetails | undefined;

  constructor(status: number, code: string, message: string, details?: ApiErrorDetails) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  get fieldIssues(): FieldIssue[] {
    const fields = this.details?.fields;
    return Array.isArray(fields) ? fields : [];
  }
}

/** Status 0: the request never got an answer (offline, server down). */
export const NETWORK_ERROR_CODE = 'NETWORK';

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
