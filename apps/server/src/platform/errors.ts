import type { ErrorCode, FieldIssue } from '@kelola/contracts';

export type ErrorDetails = { fields?: FieldIssue[]; [key: string]: unknown };

/** A broken business rule. Services throw it; the HTTP layer maps the code to a status in one table. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  /** Values for the message's placeholders, e.g. {retry_after}. */
  readonly params: Record<string, string | number>;

  constructor(code: ErrorCode, details?: ErrorDetails, params: Record<string, string | number> = {}) {
    super(code);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
    this.params = params;
  }
}

/** A field error raised by a rule the schema could not express (e.g. "this e-mail is taken"). */
export function fieldError(code: ErrorCode, path: string, fieldCode: string, message = fieldCode): DomainError {
  return new DomainError(code, { fields: [{ path, code: fieldCode, message }] });
}
