import { money, PRODUCT_CONDITIONS, PRODUCT_STATUSES, PRODUCT_TYPES } from '@kelola/contracts';
import { VAT_MODES } from '@kelola/domain';
import { z } from 'zod';

/**
 * The product sheet: one row per SKU. The import template, the export and the import share these columns, so an
 * export can be edited and imported back. Rows with the same product_key are one product (its variants); a row
 * whose SKU exists updates that SKU's product (re-import updates, never duplicates).
 */
export const SHEET_COLUMNS = [
  {
    key: 'product_key',
    header: 'product_key',
    width: 28,
    note: 'Rows with the same key are one product (its variants). Empty: the slug made from the name.',
  },
  { key: 'product_type', header: 'product_type', width: 14, note: 'SINGLE, VARIANT or BUNDLING (default SINGLE)' },
  { key: 'name', header: 'name', width: 40, note: 'Required. Product name.' },
  { key: 'sku', header: 'sku', width: 24, note: 'Required, unique in the workspace, no spaces.' },
  { key: 'price', header: 'price', width: 14, note: 'Whole rupiah, e.g. 85000.' },
  {
    key: 'cost_price',
    header: 'cost_price',
    width: 14,
    note: 'Whole rupiah: what one unit costs you (HPP), for the orders’ profit. Empty keeps the saved one.',
  },
  { key: 'category', header: 'category', width: 32, note: 'Existing category path, levels separated by " > ".' },
  { key: 'brand', header: 'brand', width: 20, note: 'Brand name; created when new.' },
  { key: 'condition', header: 'condition', width: 10, note: 'NEW or USED (default NEW)' },
  { key: 'status', header: 'status', width: 10, note: 'ACTIVE, INACTIVE or DRAFT (default DRAFT)' },
  { key: 'weight_g', header: 'weight_g', width: 10, note: 'Grams (default 0)' },
  { key: 'length_cm', header: 'length_cm', width: 10, note: 'Centimetres (default 0)' },
  { key: 'width_cm', header: 'width_cm', width: 10, note: 'Centimetres (default 0)' },
  { key: 'height_cm', header: 'height_cm', width: 10, note: 'Centimetres (default 0)' },
  { key: 'barcode', header: 'barcode', width: 16, note: 'SKU barcode' },
  { key: 'vat_mode', header: 'vat_mode', width: 10, note: 'INCLUDE, EXCLUDE or NONE (default NONE)' },
  { key: 'variant_1_name', header: 'variant_1_name', width: 14, note: 'VARIANT: first tier, e.g. Warna' },
  { key: 'variant_1_option', header: 'variant_1_option', width: 14, note: 'VARIANT: this SKU’s option, e.g. Hitam' },
  { key: 'variant_2_name', header: 'variant_2_name', width: 14, note: 'VARIANT: second tier (optional), e.g. Ukuran' },
  { key: 'variant_2_option', header: 'variant_2_option', width: 14, note: 'VARIANT: this SKU’s option, e.g. XL' },
  {
    key: 'bundle_components',
    header: 'bundle_components',
    width: 30,
    note: 'BUNDLING: SKU:quantity separated by ";", e.g. KOPI-01:2; GELAS-01:1',
  },
  { key: 'short_description', header: 'short_description', width: 30, note: 'At most 500 characters' },
  { key: 'description', header: 'description', width: 50, note: 'Text or HTML' },
  {
    key: 'example',
    header: 'example',
    width: 10,
    note: 'CONTOH marks the template’s sample rows: an import skips them (its preview lists them). Leave it empty on your rows.',
  },
] as const;

/** The mark of the template's sample rows in the `example` column. */
export const EXAMPLE_MARK = 'CONTOH';
/** A row of the template's samples (any text in `example`): skipped, so the samples never become or change products. */
export const isExampleRow = (values: SheetRow): boolean => (values.example ?? '').trim() !== '';

export type SheetKey = (typeof SHEET_COLUMNS)[number]['key'];
export type SheetRow = Partial<Record<SheetKey, string>>;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : v), schema.optional());
const int = (max: number) => optional(z.coerce.number().int().min(0).max(max));

/** One row as the form's own rules see it: the same enums, money and limits as ProductInput. */
export const SheetRowSchema = z.object({
  product_key: optional(z.string().max(120)),
  product_type: optional(z.enum(PRODUCT_TYPES, { error: 'INVALID_VALUE' })),
  name: z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).max(255, { error: 'TOO_LONG' }),
  sku: z
    .string({ error: 'REQUIRED' })
    .trim()
    .min(1, { error: 'REQUIRED' })
    .max(64, { error: 'TOO_LONG' })
    .regex(/^\S+$/u, { error: 'NO_SPACE' }),
  price: optional(money),
  cost_price: optional(money),
  category: optional(z.string().max(500)),
  brand: optional(z.string().trim().max(100, { error: 'TOO_LONG' })),
  condition: optional(z.enum(PRODUCT_CONDITIONS, { error: 'INVALID_VALUE' })),
  status: optional(z.enum(PRODUCT_STATUSES, { error: 'INVALID_VALUE' })),
  weight_g: int(1_000_000),
  length_cm: int(10_000),
  width_cm: int(10_000),
  height_cm: int(10_000),
  barcode: optional(z.string().max(64, { error: 'TOO_LONG' })),
  vat_mode: optional(z.enum(VAT_MODES, { error: 'INVALID_VALUE' })),
  variant_1_name: optional(z.string().trim().max(30, { error: 'TOO_LONG' })),
  variant_1_option: optional(z.string().trim().max(30, { error: 'TOO_LONG' })),
  variant_2_name: optional(z.string().trim().max(30, { error: 'TOO_LONG' })),
  variant_2_option: optional(z.string().trim().max(30, { error: 'TOO_LONG' })),
  bundle_components: optional(
    z
      .string()
      .max(2000)
      .transform((v, ctx) => {
        const parts = v
          .split(';')
          .map((p) => p.trim())
          .filter(Boolean);
        const out: { sku: string; quantity: number }[] = [];
        for (const part of parts) {
          const match = /^(\S+?)\s*:\s*(\d{1,5})$/u.exec(part);
          if (!match || Number(match[2]) < 1) {
            ctx.addIssue({ code: 'custom', message: 'INVALID_FORMAT' });
            return z.NEVER;
          }
          out.push({ sku: match[1]!, quantity: Number(match[2]) });
        }
        return out;
      }),
  ),
  short_description: optional(z.string().max(500, { error: 'TOO_LONG' })),
  description: optional(z.string().max(50_000, { error: 'TOO_LONG' })),
  example: optional(z.string().max(20)),
});
export type ParsedSheetRow = z.output<typeof SheetRowSchema>;

/** A cell's value as text (numbers, rich text, formulas' results and hyperlinks included). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: string; result?: unknown; hyperlink?: string };
    if (v.richText)
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (v.text !== undefined) return String(v.text).trim();
    if (v.result !== undefined) return cellText(v.result);
  }
  return '';
}
