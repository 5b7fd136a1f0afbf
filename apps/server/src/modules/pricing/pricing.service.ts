import { pgCode } from '../../platform/db/pg-errors.ts';
import {
  BUILTIN_FORMULA_VARIABLES,
  FormulaInput,
  VariableInput,
  type Formula,
  type FormulaCheck,
  type FormulaData,
  type FormulaProblem,
  type Variable,
  type VariableData,
  type VariableKind,
  type VariableListQuery,
} from '@kelola/contracts';
import {
  formatFormula,
  formatRational,
  parseDecimal,
  parseFormula,
  type FormulaError,
  type ParsedFormula,
  type Rounding,
} from '@kelola/domain';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError, parseOrFail } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n/translate.ts';
import * as repo from './pricing.repository.ts';

const BUILTINS = new Set<string>(BUILTIN_FORMULA_VARIABLES);

/** Request schemas already ran for API calls; imports and flows get the same rules here. */
const parse = parseOrFail;

/** "150000.000000" → "150000", "1.150000" → "1.15". */
const plainDecimal = (value: string) => formatRational(parseDecimal(value)!, 6);

// ---------------------------------------------------------------------------------------------------------------
// Variables

const presentVariable = (found: { row: repo.VariableRow; usedBy: number }): Variable => ({
  id: found.row.id,
  kind: found.row.kind,
  name: found.row.name,
  short_description: found.row.shortDescription,
  value: plainDecimal(found.row.value),
  used_by: Number(found.usedBy),
  created_at: found.row.createdAt.toISOString(),
  updated_at: found.row.updatedAt.toISOString(),
});

async function findVariableOf(ctx: TenantCtx, kind: VariableKind, id: string) {
  const found = await repo.findVariable(ctx, kind, id);
  if (!found) throw new DomainError('VARIABLE_NOT_FOUND');
  return found;
}

async function checkVariableName(ctx: TenantCtx, name: string, exceptId?: string): Promise<void> {
  if (BUILTINS.has(name))
    throw new DomainError('VALIDATION_FAILED', {
      fields: [{ path: 'name', code: 'VARIABLE_NAME_RESERVED', message: 'VARIABLE_NAME_RESERVED' }],
    });
  if (await repo.isVariableNameTaken(ctx, name, exceptId)) throw fieldError('VARIABLE_NAME_TAKEN', 'name', 'VARIABLE_NAME_TAKEN');
}

async function guardVariableName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgCode(error) === '23505') throw fieldError('VARIABLE_NAME_TAKEN', 'name', 'VARIABLE_NAME_TAKEN');
    throw error;
  }
}

export async function listVariables(ctx: TenantCtx, kind: VariableKind, query: VariableListQuery) {
  const { rows, total } = await repo.listVariables(ctx, kind, query);
  return { items: rows.map(presentVariable), page: query.page, size: query.size, total_row: total };
}

export async function getVariable(ctx: TenantCtx, kind: VariableKind, id: string): Promise<Variable> {
  return presentVariable(await findVariableOf(ctx, kind, id));
}

/** Creates a global, formula or product variable; names are unique across the three kinds. */
export async function createVariable(ctx: TenantCtx, kind: VariableKind, input: z.input<typeof VariableInput>): Promise<Variable> {
  const data: VariableData = parse(VariableInput, input);
  await checkVariableName(ctx, data.name);
  const row = await guardVariableName(() =>
    repo.insertVariable(ctx, { id: uuidv7(), kind, name: data.name, shortDescription: data.short_description || null, value: data.value }),
  );
  await recordAudit(ctx, { entity: 'price_variable', entityId: row.id, action: 'create', before: null, after: row });
  return presentVariable({ row, usedBy: 0 });
}

/**
 * Replaces a variable. A variable used by a formula keeps its name (the formulas' text refers to it), so
 * renaming one answers VARIABLE_IN_USE on the name field; its value and description may change.
 */
export async function updateVariable(
  ctx: TenantCtx,
  kind: VariableKind,
  id: string,
  input: z.input<typeof VariableInput>,
): Promise<Variable> {
  const before = await findVariableOf(ctx, kind, id);
  const data: VariableData = parse(VariableInput, input);
  if (data.name !== before.row.name) {
    if (before.usedBy > 0) throw fieldError('VARIABLE_IN_USE', 'name', 'VARIABLE_IN_USE');
    await checkVariableName(ctx, data.name, id);
  }
  const row = await guardVariableName(() =>
    repo.updateVariable(ctx, id, { name: data.name, shortDescription: data.short_description || null, value: data.value }),
  );
  if (!row) throw new DomainError('VARIABLE_NOT_FOUND');
  await recordAudit(ctx, { entity: 'price_variable', entityId: id, action: 'update', before: before.row, after: row });
  return presentVariable({ row, usedBy: before.usedBy });
}

/** Deletes a variable no formula uses; otherwise VARIABLE_IN_USE ('Cannot Delete') with the formulas' names. */
export async function deleteVariable(ctx: TenantCtx, kind: VariableKind, id: string): Promise<void> {
  const before = await findVariableOf(ctx, kind, id);
  const formulas = await repo.formulasUsing(ctx, id);
  if (formulas.length > 0) throw new DomainError('VARIABLE_IN_USE', { formulas });
  await repo.deleteVariable(ctx, id);
  await recordAudit(ctx, { entity: 'price_variable', entityId: id, action: 'delete', before: before.row, after: null });
}

// ---------------------------------------------------------------------------------------------------------------
// Formulas

const problem = (ctx: TenantCtx, error: FormulaError): FormulaProblem => ({
  code: error.code,
  position: error.position,
  ...(error.token === undefined ? {} : { token: error.token }),
  message: translate(ctx.locale, 'validation', error.code) ?? error.code,
});

type Checked = { parsed: ParsedFormula; variables: repo.VariableRow[]; builtins: string[] };

/** Parses an expression and resolves its variable names in the workspace; every problem with its position. */
async function checkFormula(
  ctx: TenantCtx,
  expression: string,
): Promise<{ ok: true; checked: Checked } | { ok: false; errors: FormulaError[] }> {
  const result = parseFormula(expression);
  if (!result.ok) return result;
  const names = result.formula.variables.filter((n) => !BUILTINS.has(n));
  const variables = await repo.variablesByName(ctx, names);
  const known = new Set(variables.map((v) => v.name));
  const unknown = result.formula.tokens.flatMap((t) =>
    t.kind === 'variable' && !BUILTINS.has(t.name) && !known.has(t.name)
      ? [{ code: 'FORMULA_UNKNOWN_VARIABLE' as const, position: t.position, token: t.name }]
      : [],
  );
  if (unknown.length > 0) return { ok: false, errors: unknown };
  return { ok: true, checked: { parsed: result.formula, variables, builtins: result.formula.variables.filter((n) => BUILTINS.has(n)) } };
}

/** The builder's live check: problems with positions and messages, or the normal form of the expression. */
export async function checkExpression(ctx: TenantCtx, expression: string): Promise<FormulaCheck> {
  const result = await checkFormula(ctx, expression);
  if (!result.ok) {
    const parsed = parseFormula(expression);
    return {
      ok: false,
      expression: null,
      errors: result.errors.map((e) => problem(ctx, e)),
      variables: parsed.ok ? parsed.formula.variables : [],
    };
  }
  return { ok: true, expression: formatFormula(result.checked.parsed.ast), errors: [], variables: result.checked.parsed.variables };
}

async function checkedOrThrow(ctx: TenantCtx, expression: string): Promise<Checked> {
  const result = await checkFormula(ctx, expression);
  if (result.ok) return result.checked;
  const problems = result.errors.map((e) => problem(ctx, e));
  throw new DomainError('VALIDATION_FAILED', {
    fields: problems.map((p) => ({ path: 'expression', code: p.code, message: p.message })),
    formula_errors: problems,
  });
}

async function presentFormulas(ctx: TenantCtx, rows: repo.FormulaRow[]): Promise<Formula[]> {
  const links = await repo.variablesOfFormulas(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const parsed = parseFormula(row.expression);
    return {
      id: row.id,
      name: row.name,
      short_description: row.shortDescription,
      expression: row.expression,
      rounding_mode: row.roundingMode,
      rounding_step: row.roundingStep,
      variables: links.filter((l) => l.formulaId === row.id).map((l) => ({ id: l.id, name: l.name, kind: l.kind })),
      builtin_variables: parsed.ok ? (parsed.formula.variables.filter((n) => BUILTINS.has(n)) as Formula['builtin_variables']) : [],
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

async function findFormulaOrThrow(ctx: TenantCtx, id: string): Promise<repo.FormulaRow> {
  const row = await repo.findFormula(ctx, id);
  if (!row) throw new DomainError('FORMULA_NOT_FOUND');
  return row;
}

const formulaValues = (data: FormulaData, checked: Checked) => ({
  name: data.name,
  shortDescription: data.short_description || null,
  expression: formatFormula(checked.parsed.ast),
  roundingMode: data.rounding_mode,
  roundingStep: data.rounding_mode === 'NONE' ? 1 : data.rounding_step,
});

async function guardFormulaName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgCode(error) === '23505') throw fieldError('FORMULA_NAME_TAKEN', 'name', 'FORMULA_NAME_TAKEN');
    throw error;
  }
}

export async function listFormulas(ctx: TenantCtx, query: VariableListQuery) {
  const { rows, total } = await repo.listFormulas(ctx, query);
  return { items: await presentFormulas(ctx, rows), page: query.page, size: query.size, total_row: total };
}

export async function getFormula(ctx: TenantCtx, id: string): Promise<Formula> {
  return (await presentFormulas(ctx, [await findFormulaOrThrow(ctx, id)]))[0]!;
}

/** Creates a formula: the expression must parse and every variable must exist (or be built in). */
export async function createFormula(ctx: TenantCtx, input: z.input<typeof FormulaInput>): Promise<Formula> {
  const data: FormulaData = parse(FormulaInput, input);
  const checked = await checkedOrThrow(ctx, data.expression);
  if (await repo.isFormulaNameTaken(ctx, data.name)) throw fieldError('FORMULA_NAME_TAKEN', 'name', 'FORMULA_NAME_TAKEN');
  const row = await guardFormulaName(() => repo.insertFormula(ctx, { id: uuidv7(), ...formulaValues(data, checked) }));
  await repo.setFormulaVariables(
    ctx,
    row.id,
    checked.variables.map((v) => v.id),
  );
  await recordAudit(ctx, { entity: 'price_formula', entityId: row.id, action: 'create', before: null, after: row });
  return getFormula(ctx, row.id);
}

export async function updateFormula(ctx: TenantCtx, id: string, input: z.input<typeof FormulaInput>): Promise<Formula> {
  const before = await findFormulaOrThrow(ctx, id);
  const data: FormulaData = parse(FormulaInput, input);
  const checked = await checkedOrThrow(ctx, data.expression);
  if (await repo.isFormulaNameTaken(ctx, data.name, id)) throw fieldError('FORMULA_NAME_TAKEN', 'name', 'FORMULA_NAME_TAKEN');
  const row = await guardFormulaName(() => repo.updateFormula(ctx, id, formulaValues(data, checked)));
  await repo.setFormulaVariables(
    ctx,
    id,
    checked.variables.map((v) => v.id),
  );
  await recordAudit(ctx, { entity: 'price_formula', entityId: id, action: 'update', before, after: row! });
  return getFormula(ctx, id);
}

/** Deletes a formula no product is priced by (the catalog's foreign key decides; FORMULA_IN_USE otherwise). */
export async function deleteFormula(ctx: TenantCtx, id: string): Promise<void> {
  const before = await findFormulaOrThrow(ctx, id);
  try {
    // A savepoint: the request's transaction survives the foreign-key violation.
    await ctx.db.transaction(async (tx) => repo.deleteFormula({ ...ctx, db: tx as unknown as TenantCtx['db'] }, id));
  } catch (error) {
    // 23001 restrict_violation (ON DELETE RESTRICT), 23503 foreign_key_violation.
    if (pgCode(error) === '23001' || pgCode(error) === '23503') throw new DomainError('FORMULA_IN_USE');
    throw error;
  }
  await recordAudit(ctx, { entity: 'price_formula', entityId: id, action: 'delete', before, after: null });
}

// ---------------------------------------------------------------------------------------------------------------
// For the catalog: what it needs to price a SKU.

/** A formula ready to evaluate: parsed, its rounding, and the stored values of its variables by name. */
export type LoadedFormula = {
  id: string | null;
  expression: string;
  parsed: ParsedFormula;
  rounding: Rounding;
  values: Record<string, string>;
  /** Product variables of the formula: the catalog may override their values per SKU. */
  productVariables: { id: string; name: string }[];
};

/** A saved formula, or FORMULA_NOT_FOUND. */
export async function loadFormula(ctx: TenantCtx, id: string): Promise<LoadedFormula> {
  const row = await findFormulaOrThrow(ctx, id);
  const checked = await checkedOrThrow(ctx, row.expression);
  return toLoaded(row.id, checked, { mode: row.roundingMode, step: row.roundingStep });
}

/** An expression being edited (not saved): the same checks as saving it, VALIDATION_FAILED on the expression otherwise. */
export async function loadExpression(ctx: TenantCtx, expression: string, rounding: Rounding): Promise<LoadedFormula> {
  return toLoaded(null, await checkedOrThrow(ctx, expression), rounding);
}

const toLoaded = (id: string | null, checked: Checked, rounding: Rounding): LoadedFormula => ({
  id,
  expression: formatFormula(checked.parsed.ast),
  parsed: checked.parsed,
  rounding,
  values: Object.fromEntries(checked.variables.map((v) => [v.name, plainDecimal(v.value)])),
  productVariables: checked.variables.filter((v) => v.kind === 'PRODUCT').map((v) => ({ id: v.id, name: v.name })),
});

/** Whether a formula exists in the workspace (for references from products). */
export async function formulaExists(ctx: TenantCtx, id: string): Promise<boolean> {
  return (await repo.findFormula(ctx, id)) !== undefined;
}

/** Product variables by id (for per-SKU values). */
export async function productVariablesByIds(ctx: TenantCtx, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  const found = await Promise.all(ids.map((id) => repo.findVariable(ctx, 'PRODUCT', id)));
  return found.flatMap((f) => (f ? [{ id: f.row.id, name: f.row.name }] : []));
}

export { problem as formulaProblem };
