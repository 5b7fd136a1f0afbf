import { z } from 'zod';
import { parseIdentifier, passwordProblems } from '@kelola/domain';

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

export const page = z.coerce.number().int().min(1).default(1);
export const size = z.coerce.number().int().min(1).max(200).default(10);

/** Pagination answer shared by every list: items plus the spec's total_row. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number(), size: z.number(), total_row: z.number() });
