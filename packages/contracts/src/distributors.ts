import { normalizePhone, parseNpwp } from '@kelola/domain';
import { z } from 'zod';
import { areaCode, postalCode } from './areas.ts';
import { BANK_CODES } from './finance.ts';
import { optionalText, page, paged, requiredText, size, uuid } from './validation.ts';

/**
 * The distributors of a distributor channel (spec part 2 /distributor-channel/{id}/distributor-list and
 * add-distributor; part 3 "Distributor: code, name, npwp_id, npwp_name, category, address, bank fields, warehouse";
 * part 5: per-field required messages for code, name, phone, tax id, bank, city, district, postal code, address,
 * warehouse name, coverage area). ADR 0071.
 */

export const DISTRIBUTOR_CATEGORIES = ['MAIN', 'SUB', 'AGENT'] as const;
export type DistributorCategory = (typeof DISTRIBUTOR_CATEGORIES)[number];
export const DISTRIBUTOR_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

/** A required Indonesian phone (mobile or fixed line), kept as E.164 (+62…). */
const requiredPhone = z
  .string({ error: 'REQUIRED' })
  .trim()
  .min(1, { error: 'REQUIRED' })
  .transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'INVALID_PHONE' });
      return z.NEVER;
    }
    return phone;
  });

/** A choice of a fixed list: REQUIRED when none is made, INVALID_VALUE for a value not on the list. */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'REQUIRED' : 'INVALID_VALUE'),
  });

export const DistributorInput = z.object({
  /** Unique within the workspace's distributors (DISTRIBUTOR_CODE_TAKEN on this field). */
  code: requiredText(50),
  name: requiredText(150),
  phone: requiredPhone,
  email: z
    .string()
    .trim()
    .max(200)
    .transform((v) => (v === '' ? null : v.toLowerCase()))
    .pipe(z.email({ error: 'INVALID_EMAIL' }).nullable())
    .optional()
    .nullable(),
  category: choice(DISTRIBUTOR_CATEGORIES),
  /** The tax id (NPWP, 15 or 16 digits; dots and dashes allowed), kept as 16 digits. */
  npwp_id: z
    .string({ error: 'REQUIRED' })
    .trim()
    .min(1, { error: 'REQUIRED' })
    .transform((v, ctx) => {
      const parsed = parseNpwp(v);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: 'INVALID_NPWP' });
        return z.NEVER;
      }
      return parsed.digits;
    }),
  /** The name the NPWP is registered to, when it differs from the distributor's name. */
  npwp_name: optionalText(150),
  address: requiredText(500),
  province_code: areaCode('province'),
  city_code: areaCode('city'),
  district_code: areaCode('district'),
  /** Optional; an empty string (a cleared select) is none. */
  subdistrict_code: z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v))
    .pipe(areaCode('subdistrict').nullable())
    .optional()
    .nullable(),
  postal_code: z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).pipe(postalCode),
  /** Where the distributor's withdrawals are paid (BI 3-digit bank code of `BANKS`). */
  bank_code: choice(BANK_CODES),
  bank_account_number: z
    .string({ error: 'REQUIRED' })
    .trim()
    .min(1, { error: 'REQUIRED', abort: true })
    .regex(/^\d{5,20}$/u, { error: 'INVALID_ACCOUNT_NUMBER' }),
  bank_account_name: requiredText(150),
  /** The warehouse that ships the distributor's orders. */
  warehouse_id: z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).pipe(uuid),
  /** The areas the distributor serves, as the merchant writes them (e.g. "Kota Bandung, Kab. Bandung Barat"). */
  coverage_area: requiredText(500),
  status: z.enum(DISTRIBUTOR_STATUSES, { error: 'INVALID_VALUE' }).default('ACTIVE'),
});
export type DistributorInput = z.input<typeof DistributorInput>;

export const Distributor = z.object({
  id: z.string(),
  /** The distributor channel it belongs to. */
  channel_id: z.string(),
  code: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  category: z.enum(DISTRIBUTOR_CATEGORIES),
  npwp_id: z.string(),
  npwp_name: z.string().nullable(),
  address: z.string(),
  province_code: z.string(),
  city_code: z.string(),
  district_code: z.string(),
  subdistrict_code: z.string().nullable(),
  /** The area's names for the list (null when the code is not in the area data). */
  city_name: z.string().nullable(),
  district_name: z.string().nullable(),
  postal_code: z.string(),
  bank_code: z.string(),
  bank_name: z.string().nullable(),
  bank_account_number: z.string(),
  bank_account_name: z.string(),
  warehouse_id: z.string(),
  warehouse_name: z.string(),
  coverage_area: z.string(),
  status: z.enum(DISTRIBUTOR_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Distributor = z.infer<typeof Distributor>;

/** Search by code, name or phone (`q`); newest first. */
export const DistributorListQuery = z.object({
  page,
  size,
  q: z.string().trim().max(100).optional(),
  category: z.enum(DISTRIBUTOR_CATEGORIES).optional(),
  status: z.enum(DISTRIBUTOR_STATUSES).optional(),
});
export const DistributorList = paged(Distributor);
export type DistributorList = z.infer<typeof DistributorList>;

export const DistributorChannelParams = z.object({ id: uuid });
export const DistributorParams = z.object({ id: uuid, distributorId: uuid });
