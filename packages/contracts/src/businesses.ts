import { z } from 'zod';
import { parseNpwp } from '@kelola/domain';
import { optionalText, requiredText } from './validation.ts';

/** Currencies of spec part 3 with the platform's internal ids (not ISO numbers). */
export const CURRENCIES = ['IDR', 'MYR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_IDS: Record<Currency, number> = { IDR: 111, MYR: 144 };

/** Optional NPWP field: empty means none; otherwise normalised to 16 digits. */
export const npwp = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === '') return null;
    const parsed = parseNpwp(v);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'INVALID_NPWP' });
      return z.NEVER;
    }
    return parsed.digits;
  })
  .optional()
  .nullable();

/** Client business form (spec part 3 "Client business"). */
export const BusinessInput = z.object({
  name: requiredText(100),
  currency: z.enum(CURRENCIES, { error: 'INVALID_VALUE' }).default('IDR'),
  category: optionalText(100),
  company_name: optionalText(150),
  /** PKP: registered for PPN, so its invoices carry VAT. */
  tax_liability: z.boolean({ error: 'INVALID_TYPE' }).default(false),
  npwp,
  address: optionalText(500),
});
export type BusinessInput = z.input<typeof BusinessInput>;

export const Business = z.object({
  id: z.string(),
  business_id: z.string(),
  name: z.string(),
  currency: z.enum(CURRENCIES),
  currency_id: z.number(),
  category: z.string().nullable(),
  company_name: z.string().nullable(),
  tax_liability: z.boolean(),
  /** 16 digits. */
  npwp: z.string().nullable(),
  /** False when the NPWP's check digit looks wrong: a warning to show, not an error; null when not applicable. */
  npwp_checksum_ok: z.boolean().nullable(),
  address: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Business = z.infer<typeof Business>;

export const BusinessList = z.object({ items: z.array(Business), total_row: z.number() });
export type BusinessList = z.infer<typeof BusinessList>;

export const BusinessParams = z.object({ id: z.uuid({ error: 'INVALID_ID' }) });
