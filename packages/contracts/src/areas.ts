import { z } from 'zod';

/** The spec's area levels (part 3 "Warehouse"); the country is a fixed root above the Kemendagri tree. */
export const AREA_LEVELS = ['country', 'province', 'city', 'district', 'subdistrict'] as const;
export type AreaLevel = (typeof AREA_LEVELS)[number];

/** Only Indonesia is served: the root of every area path. */
export const COUNTRY_CODE = 'ID';
export const COUNTRY_NAME = 'Indonesia';

/** Kemendagri code shapes per level: PP, PP.RR, PP.RR.SS, PP.RR.SS.NNNN. */
export const AREA_CODE_PATTERNS = {
  province: /^\d{2}$/u,
  city: /^\d{2}\.\d{2}$/u,
  district: /^\d{2}\.\d{2}\.\d{2}$/u,
  subdistrict: /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/u,
} as const satisfies Record<Exclude<AreaLevel, 'country'>, RegExp>;

const ANY_AREA_CODE = /^(?:ID|\d{2}(?:\.\d{2}(?:\.\d{2}(?:\.\d{4})?)?)?)$/u;

/** An area code of one level, as the warehouse and address forms send it; an empty one is only REQUIRED. */
export const areaCode = (level: Exclude<AreaLevel, 'country'>) =>
  z
    .string({ error: 'REQUIRED' })
    .trim()
    .min(1, { error: 'REQUIRED', abort: true })
    .regex(AREA_CODE_PATTERNS[level], { error: 'INVALID_FORMAT' });

/** Postal code: 5 digits, not starting with 0 (research §2.3). */
export const postalCode = z
  .string()
  .trim()
  .regex(/^[1-9]\d{4}$/u, { error: 'INVALID_POSTAL_CODE' });

export const Area = z.object({
  code: z.string(),
  name: z.string(),
  level: z.enum(AREA_LEVELS),
  parent_code: z.string().nullable(),
  /** Null: idn-area-data carries no postal codes. */
  postal_code: z.string().nullable(),
});
export type Area = z.infer<typeof Area>;

export const AreaListQuery = z.object({
  /** Parent area code; absent (or ID) lists the provinces. */
  parent: z.string().trim().regex(ANY_AREA_CODE, { error: 'INVALID_FORMAT' }).optional(),
});
export type AreaListQuery = z.infer<typeof AreaListQuery>;

export const AreaList = z.object({ items: z.array(Area) });
export type AreaList = z.infer<typeof AreaList>;

export const AreaParams = z.object({ code: z.string().trim().regex(ANY_AREA_CODE, { error: 'INVALID_FORMAT' }) });

/** One area with its ancestors from the country down (the country has none). */
export const AreaDetail = Area.extend({ ancestors: z.array(Area) });
export type AreaDetail = z.infer<typeof AreaDetail>;
