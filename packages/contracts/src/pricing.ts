import { FORMULA_MAX_LENGTH, ROUNDING_MODES, VARIABLE_NAME_MAX, VARIABLE_NAME_PATTERN } from '@kelola/domain';
import { z } from 'zod';
import { integer, optionalText, page, paged, requiredText, size } from './validation.ts';

/** The three variable lists of spec part 3, one screen each; they share one name space per workspace. */
export const VARIABLE_KINDS = ['GLOBAL', 'FORMULA', 'PRODUCT'] as const;
export type VariableKind = (typeof VARIABLE_KINDS)[number];

/**
 * Variables the catalog supplies to every formula for the SKU it prices; they cannot be created by users.
 * list_price: the SKU's own price; component_total: Σ component price × quantity of a bundle (0 otherwise).
 */
export const BUILTIN_FORMULA_VARIABLES = ['list_price', 'component_total'] as const;
export type BuiltinFormulaVariable = (typeof BUILTIN_FORMULA_VARIABLES)[number];

/** Variable and formula names (spec part 5): required, ≤ 30, letters, digits and underscore (not only digits). */
export const variableName = requiredText(VARIABLE_NAME_MAX).refine((v) => v === '' || VARIABLE_NAME_PATTERN.test(v), {
  error: 'VARIABLE_NAME_FORMAT',
});

/** An exact decimal (up to 18 digits and 6 decimals), as a number or a string; kept as a string. */
export const decimalValue = z
  .union([z.number(), z.string()], { error: 'REQUIRED' })
  .transform((v) => (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim()))
  .pipe(
    z
      .string()
      .min(1, { error: 'REQUIRED' })
      .regex(/^-?\d{1,18}(?:\.\d{1,6})?$/u, { error: 'INVALID_DECIMAL' }),
  );

export const VariableInput = z.object({
  name: variableName,
  short_description: optionalText(30),
  value: decimalValue,
});
export type VariableInput = z.input<typeof VariableInput>;
export type VariableData = z.output<typeof VariableInput>;

export const Variable = z.object({
  id: z.string(),
  kind: z.enum(VARIABLE_KINDS),
  name: z.string(),
  short_description: z.string().nullable(),
  /** Exact decimal as text, trailing zeros removed ("1.15", "150000"). */
  value: z.string(),
  /** Formulas using it: a used variable cannot be deleted ('Cannot Delete'). */
  used_by: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Variable = z.infer<typeof Variable>;

export const VariableListQuery = z.object({ q: z.string().trim().max(100).optional(), page, size });
export type VariableListQuery = z.infer<typeof VariableListQuery>;
export const VariableList = paged(Variable);

export const Rounding = {
  rounding_mode: z.enum(ROUNDING_MODES, { error: 'INVALID_VALUE' }).default('NONE'),
  /** Rupiah step for ROUND, FLOOR and CEIL (e.g. 100, 1000); ignored for NONE. */
  rounding_step: integer().min(1).max(1_000_000).default(1),
};

export const expression = z
  .string({ error: 'REQUIRED' })
  .trim()
  .min(1, { error: 'FORMULA_EMPTY' })
  .max(FORMULA_MAX_LENGTH, { error: 'TOO_LONG' });

export const FormulaInput = z.object({
  name: variableName,
  short_description: optionalText(30),
  expression,
  ...Rounding,
});
export type FormulaInput = z.input<typeof FormulaInput>;
export type FormulaData = z.output<typeof FormulaInput>;

export const FormulaProblem = z.object({ code: z.string(), position: z.number(), token: z.string().optional(), message: z.string() });
export type FormulaProblem = z.infer<typeof FormulaProblem>;

export const Formula = z.object({
  id: z.string(),
  name: z.string(),
  short_description: z.string().nullable(),
  /** The expression in normal form (single spaces, × and ÷). */
  expression: z.string(),
  rounding_mode: z.enum(ROUNDING_MODES),
  rounding_step: z.number(),
  variables: z.array(z.object({ id: z.string(), name: z.string(), kind: z.enum(VARIABLE_KINDS) })),
  builtin_variables: z.array(z.enum(BUILTIN_FORMULA_VARIABLES)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Formula = z.infer<typeof Formula>;
export const FormulaList = paged(Formula);

export const FormulaCheckInput = z.object({ expression: z.string().max(FORMULA_MAX_LENGTH + 1, { error: 'TOO_LONG' }) });
export const FormulaCheck = z.object({
  ok: z.boolean(),
  expression: z.string().nullable(),
  errors: z.array(FormulaProblem),
  variables: z.array(z.string()),
});
export type FormulaCheck = z.infer<typeof FormulaCheck>;

export const TraceStep = z.union([
  z.object({ kind: z.literal('variable'), name: z.string(), value: z.string() }),
  z.object({
    kind: z.literal('operation'),
    expression: z.string(),
    left: z.string(),
    operator: z.string(),
    right: z.string(),
    result: z.string(),
    exact: z.boolean(),
  }),
  z.object({ kind: z.literal('rounding'), mode: z.enum(ROUNDING_MODES), step: z.number(), before: z.string(), result: z.string() }),
]);

/** Preview of a formula (saved or being edited) on sample SKUs, each result with its step-by-step trace. */
export const FormulaPreviewInput = z.object({
  formula_id: z.uuid({ error: 'INVALID_ID' }).optional(),
  expression: expression.optional(),
  rounding_mode: z.enum(ROUNDING_MODES, { error: 'INVALID_VALUE' }).optional(),
  rounding_step: integer().min(1).max(1_000_000).optional(),
  catalog_ids: z
    .array(z.uuid({ error: 'INVALID_ID' }))
    .max(10)
    .default([]),
  /** Values to try instead of the stored ones, by variable name. */
  values: z.record(z.string(), decimalValue).default({}),
});
export type FormulaPreviewInput = z.input<typeof FormulaPreviewInput>;

export const FormulaPreviewRow = z.object({
  catalog_id: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  list_price: z.number().nullable(),
  price: z.number().nullable(),
  errors: z.array(FormulaProblem),
  trace: z.array(TraceStep),
});
export const FormulaPreview = z.object({
  expression: z.string(),
  rounding_mode: z.enum(ROUNDING_MODES),
  rounding_step: z.number(),
  rows: z.array(FormulaPreviewRow),
});
export type FormulaPreview = z.infer<typeof FormulaPreview>;
