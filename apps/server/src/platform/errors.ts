import type { ErrorCode, FieldIssue } from '@kelola/contracts';
import type { z } from 'zod';

/** A module's error codes with the HTTP status of each (`<module>.errors.ts`); http/error-status.ts merges them all. */
export type ModuleErrors = Partial<Record<ErrorCode, number>>;

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

/** One field's issue, its code as its message: several are gathered into one VALIDATION_FAILED. */
export const fieldIssue = (path: string, code: string): FieldIssue => ({ path, code, message: code });

/** A field error raised by a rule the schema could not express (e.g. "this e-mail is taken"). */
export function fieldError(code: ErrorCode, path: string, fieldCode: string, message = fieldCode): DomainError {
  return new DomainError(code, { fields: [{ path, code: fieldCode, message }] });
}

/**
 * The one converter from zod issues to field errors for input parsed inside services (imports, flows): a custom
 * message that is a code (`REQUIRED`, `NO_SPACE`) is the field's code; a missing or mistyped value is REQUIRED;
 * anything else INVALID_FORMAT.
 */
export function zodFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    const code = /^[A-Z_]+$/u.test(issue.message) ? issue.message : issue.code === 'invalid_type' ? 'REQUIRED' : 'INVALID_FORMAT';
    return { path: issue.path.join('.'), code, message: code };
  });
}

/** Parses input with the same schema the HTTP edge uses; VALIDATION_FAILED with field errors otherwise. */
export function parseOrFail<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new DomainError('VALIDATION_FAILED', { fields: zodFieldIssues(result.error) });
}
