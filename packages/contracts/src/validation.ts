import { z } from 'zod';
// Subpaths, not the package's index: the sign-in screen loads these rules, and the index holds every domain rule.
import { parseIdentifier } from '@kelola/domain/identifier';
import { passwordProblems } from '@kelola/domain/password';

/**
 * Field rules shared by the server (request validation) and the web forms. Custom messages are keys of
 * locales/{id,en}/validation.json; zod's own issue codes are translated by the same file.
 */
export const requiredText = (max = 255) =>
  z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).max(max, { error: 'TOO_LONG' });

export const optionalText = (max = 255) => z.string().trim().max(max, { error: 'TOO_LONG' }).optional().nullable();

export const password = z.string({ error: 'REQUIRED' }).superRefine((value, ctx) => {
  for (const problem of passwordProblems(value)) ctx.addIssue({ code: 'custom', message: problem });
});

export const identifier = z
  .string({ error: 'REQUIRED' })
  .trim()
  .min(1, { error: 'REQUIRED' })
  .refine((v) => parseIdentifier(v) !== null, { error: 'INVALID_EMAIL_OR_PHONE' });

export const email = z
  .string({ error: 'REQUIRED' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'INVALID_EMAIL' }));

export const uuid = z.uuid({ error: 'INVALID_ID' });

/** Missing is REQUIRED; a value of another JSON type (true, [7], "7") is INVALID_TYPE, never coerced. */
const numberTypeError = (issue: { code?: string; input?: unknown }) =>
  issue.code !== 'invalid_type' ? undefined : issue.input === undefined || issue.input === null ? 'REQUIRED' : 'INVALID_TYPE';

/**
 * A whole number in a JSON body: a JSON number and an integer. No coercion (`z.coerce` turned `true` into 1 and `[7]`
 * into 7); query strings, which are text, keep `z.coerce` for their numeric parameters (page, size, limit).
 */
export const integer = (messages: { notInteger?: string } = {}) =>
  z.number({ error: numberTypeError }).int({ error: messages.notInteger ?? 'INVALID_VALUE' });

// Query parameters only: a query string carries text.
export const page = z.coerce.number().int().min(1).default(1);
export const size = z.coerce.number().int().min(1).max(200).default(10);

/** Pagination answer shared by every list: items plus the spec's total_row. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number(), size: z.number(), total_row: z.number() });
