import { z } from 'zod';
import { optionalText, requiredText } from './validation.ts';

/** Currencies of spec part 3 with the platform's internal ids (not ISO numbers). */
export const CURRENCIES = ['IDR', 'MYR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_IDS: Record<Currency, number> = { IDR: 111, MYR: 144 };

export type ParsedNpwp = { digits: string; kind: 'npwp15' | 'npwp16' | 'nik'; checksumOk: boolean | null };

const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, c, i) => {
    let d = Number(c);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    return sum + d;
  }, 0) %
    10 ===
  0;

/**
 * NPWP as typed (dots, dashes and spaces allowed): the legacy 15 digits, NPWP16 (0 + 15 digits) or a NIK used
 * as NPWP (research §2.1). Stored as 16 digits. The Luhn check is reverse-engineered, not published by DJP,
 * so it only yields a warning (checksumOk), never a rejection; a NIK has no check digit but must look like one.
 */
export function parseNpwp(input: string): ParsedNpwp | null {
  const n = input.replace(/[\s.\-]/gu, '');
  if (!/^\d+$/u.test(n)) return null;
  if (n.length === 15) return { digits: `0${n}`, kind: 'npwp15', checksumOk: luhn(n.slice(0, 9)) };
  if (n.length !== 16) return null;
  if (n.startsWith('0')) return { digits: n, kind: 'npwp16', checksumOk: luhn(n.slice(1, 10)) };
  const province = Number(n.slice(0, 2));
  const rawDay = Number(n.slice(6, 8));
  const day = rawDay > 40 ? rawDay - 40 : rawDay; // women's birth day is +40
  const month = Number(n.slice(8, 10));
  if (province < 11 || day < 1 || day > 31 || month < 1 || month > 12) return null;
  return { digits: n, kind: 'nik', checksumOk: null };
}

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
