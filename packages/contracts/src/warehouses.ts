import { normalizePhone } from '@kelola/domain';
import { z } from 'zod';
import { areaCode, COUNTRY_CODE, postalCode } from './areas.ts';
import { optionalText, page, paged, requiredText, size } from './validation.ts';

/** Optional Indonesian phone (mobile or fixed line); empty means none; otherwise E.164 (+62…). */
export const optionalPhone = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === '') return null;
    const phone = normalizePhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'INVALID_PHONE' });
      return z.NEVER;
    }
    return phone;
  })
  .optional()
  .nullable();

/** Warehouse form (spec part 3 "Warehouse"); PUT sends the whole form again. */
export const WarehouseInput = z.object({
  name: requiredText(100),
  /** Short internal code, unique in the workspace (e.g. JKT-01). */
  code: requiredText(30).regex(/^\S+$/u, { error: 'NO_SPACE' }),
  /** The warehouse's code in another system (ERP, marketplace). */
  external_code: optionalText(50),
  category: optionalText(100),
  contact: optionalText(100),
  phone: optionalPhone,
  address_line_1: requiredText(255),
  address_line_2: optionalText(255),
  country_code: z.literal(COUNTRY_CODE, { error: 'INVALID_VALUE' }).default(COUNTRY_CODE),
  province_code: areaCode('province'),
  city_code: areaCode('city'),
  district_code: areaCode('district'),
  subdistrict_code: areaCode('subdistrict'),
  postal_code: z
    .union([z.literal('').transform(() => null), postalCode])
    .optional()
    .nullable(),
  business_id: z.uuid({ error: 'INVALID_ID' }).optional().nullable(),
});
/** What a form or API client sends. */
export type WarehouseInput = z.input<typeof WarehouseInput>;
/** The same after validation and normalisation (phone in E.164, empty strings as null). */
export type WarehouseData = z.output<typeof WarehouseInput>;

export const Warehouse = z.object({
  id: z.string(),
  warehouse_id: z.string(),
  name: z.string(),
  code: z.string(),
  external_code: z.string().nullable(),
  category: z.string().nullable(),
  contact: z.string().nullable(),
  /** E.164. */
  phone: z.string().nullable(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  country_code: z.string(),
  country_name: z.string(),
  province_code: z.string(),
  province_name: z.string().nullable(),
  city_code: z.string(),
  city_name: z.string().nullable(),
  district_code: z.string(),
  district_name: z.string().nullable(),
  subdistrict_code: z.string(),
  subdistrict_name: z.string().nullable(),
  postal_code: z.string().nullable(),
  business_id: z.string().nullable(),
  business_name: z.string().nullable(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Warehouse = z.infer<typeof Warehouse>;

export const WAREHOUSE_SORTS = ['name', '-name', 'code', '-code', 'created_at', '-created_at'] as const;

export const WarehouseListQuery = z.object({
  /** Searches name, code, external code and contact. */
  q: z.string().trim().max(100).optional(),
  business_id: z.uuid({ error: 'INVALID_ID' }).optional(),
  page,
  size,
  sort: z.enum(WAREHOUSE_SORTS, { error: 'INVALID_VALUE' }).default('name'),
});
export type WarehouseListQuery = z.infer<typeof WarehouseListQuery>;

export const WarehouseList = paged(Warehouse);
export type WarehouseList = z.infer<typeof WarehouseList>;

export const WarehouseParams = z.object({ id: z.uuid({ error: 'INVALID_ID' }) });
