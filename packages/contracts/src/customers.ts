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

// Import and export (ADR 0042 §3): the customer sheet, a preview first, then the import with an error file.

/** The columns of the customer sheet: the template, the export and the import share them (an export imports back). */
export const CUSTOMER_SHEET_COLUMNS = [
  'code',
  'name',
  'category',
  'phone',
  'email',
  'address',
  'province_code',
  'city_code',
  'district_code',
  'subdistrict_code',
  'postal_code',
  'tax_id',
  'credit_limit',
  'transaction_limit',
  'payment_limit_days',
  'shop_code',
  'sales_code',
  'store_type',
  'coin_usage',
  'example',
] as const;
export type CustomerSheetKey = (typeof CUSTOMER_SHEET_COLUMNS)[number];

/** Rows one import may hold (the preview and the import run in the request). */
export const CUSTOMER_IMPORT_MAX_ROWS = 2000;

export const CustomerImportUpload = z.object({
  file_name: requiredText(255).refine((v) => v.toLowerCase().endsWith('.xlsx'), { error: 'INVALID_FORMAT' }),
  content_base64: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }),
});

export const CUSTOMER_IMPORT_OUTCOMES = ['NEW', 'CHANGED', 'UNCHANGED', 'ERROR', 'EXAMPLE'] as const;
export const CustomerImportItem = z.object({
  outcome: z.enum(CUSTOMER_IMPORT_OUTCOMES),
  /** The sheet row (the header is row 1). */
  row: z.number(),
  code: z.string(),
  name: z.string(),
  /** CHANGED: the columns that would change. */
  changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
  /** ERROR: "column: reason", translated. */
  errors: z.array(z.string()),
});
export type CustomerImportItem = z.infer<typeof CustomerImportItem>;
export const CustomerImportCounts = z.object({
  new: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  errors: z.number(),
  examples: z.number(),
});
export const CustomerImport = z.object({
  id: z.string(),
  /** PREVIEW: nothing changed yet; DONE: imported (the refused rows are in the error file). */
  status: z.enum(['PREVIEW', 'DONE']),
  file_name: z.string(),
  preview: CustomerImportCounts,
  /** Errors and changes first; at most 500. */
  items: z.array(CustomerImportItem),
  truncated: z.boolean(),
  result: z.object({ created: z.number(), updated: z.number(), unchanged: z.number(), failed: z.number() }).nullable(),
  has_error_file: z.boolean(),
  created_at: z.string(),
});
export type CustomerImport = z.infer<typeof CustomerImport>;
export const CustomerExportInput = z.object({ q: z.string().trim().max(100).optional(), category_id: uuid.optional() });
