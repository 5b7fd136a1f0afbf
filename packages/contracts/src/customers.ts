import { z } from 'zod';
import { areaCode, postalCode } from './areas.ts';
import { integer, optionalText, page, paged, requiredText, size, uuid } from './validation.ts';
import { optionalPhone } from './warehouses.ts';

/**
 * Customers and customer categories (spec part 3 "Customer"; /customer-channel/:id/customer-list and
 * customer-category). Credit, transaction and payment limits are fields only: enforcing them is the finance issue.
 */
export const STORE_TYPES = ['RETAIL', 'WHOLESALE', 'RESELLER', 'DISTRIBUTOR', 'OTHER'] as const;

const money = integer().min(0, { error: 'INVALID_VALUE' }).max(1e13, { error: 'INVALID_VALUE' });

export const CustomerCategoryInput = z.object({ name: requiredText(100), description: optionalText(255) });
export const CustomerCategory = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  customer_count: z.number(),
});
export const CustomerCategoryList = z.object({ items: z.array(CustomerCategory) });

export const CustomerInput = z.object({
  code: requiredText(50),
  name: requiredText(150),
  category_id: uuid.optional().nullable(),
  phone: optionalPhone,
  email: z
    .string()
    .trim()
    .max(200)
    .transform((v) => (v === '' ? null : v.toLowerCase()))
    .pipe(z.email({ error: 'INVALID_EMAIL' }).nullable())
    .optional()
    .nullable(),
  address: optionalText(500),
  province_code: areaCode('province').optional().nullable(),
  city_code: areaCode('city').optional().nullable(),
  district_code: areaCode('district').optional().nullable(),
  subdistrict_code: areaCode('subdistrict').optional().nullable(),
  postal_code: postalCode.optional().nullable(),
  /** NPWP (15 or 16 digits) or NIK (16 digits). */
  tax_id: z
    .string()
    .trim()
    .regex(/^(\d{15}|\d{16})$/u, { error: 'INVALID_FORMAT' })
    .optional()
    .nullable(),
  credit_limit: money.default(0),
  transaction_limit: money.default(0),
  payment_limit_days: integer().min(0, { error: 'INVALID_VALUE' }).max(365, { error: 'INVALID_VALUE' }).default(0),
  shop_code: optionalText(50),
  sales_code: optionalText(50),
  store_type: z.enum(STORE_TYPES).optional().nullable(),
  coin_usage: z.boolean().default(false),
});
export type CustomerInput = z.input<typeof CustomerInput>;
export type CustomerData = z.output<typeof CustomerInput>;

export const Customer = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  province_code: z.string().nullable(),
  city_code: z.string().nullable(),
  district_code: z.string().nullable(),
  subdistrict_code: z.string().nullable(),
  postal_code: z.string().nullable(),
  tax_id: z.string().nullable(),
  credit_limit: z.number(),
  transaction_limit: z.number(),
  payment_limit_days: z.number(),
  shop_code: z.string().nullable(),
  sales_code: z.string().nullable(),
  store_type: z.enum(STORE_TYPES).nullable(),
  coin_usage: z.boolean(),
  created_at: z.string(),
});
export type Customer = z.infer<typeof Customer>;

export const CustomerListQuery = z.object({
  page,
  size,
  q: z.string().trim().max(100).optional(),
  category_id: uuid.optional(),
});
export const CustomerList = paged(Customer);
