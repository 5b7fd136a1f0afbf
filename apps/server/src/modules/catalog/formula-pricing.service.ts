import { CatalogVariablesInput, FormulaPreviewInput, type FormulaPreview } from '@kelola/contracts';
import { evaluateFormula, type Evaluation } from '@kelola/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { DomainError } from '../../platform/errors.ts';
import { audit, parseInput, toNumber } from './catalog.common.ts';
import {
  formulaProblem,
  loadExpression,
  loadFormula,
  priceVariables,
  productVariablesByIds,
  type LoadedFormula,
} from '../pricing/index.ts';
import { catalogVariableValues } from './catalog.schema.ts';
import * as repo from './products.repository.ts';

/** What the catalog knows about a SKU when a formula prices it. */
export type PricingInput = { catalogId: string | null; listPrice: bigint | null; componentTotal: bigint };

/** Per-SKU values of product variables, by catalog then variable name (they override the variable's own value). */
export async function skuValues(ctx: TenantCtx, catalogIds: readonly string[]): Promise<Map<string, Record<string, string>>> {
  const result = new Map<string, Record<string, string>>();
  if (catalogIds.length === 0) return result;
  const rows = await ctx.db
    .select({ catalogId: catalogVariableValues.catalogId, name: priceVariables.name, value: catalogVariableValues.value })
    .from(catalogVariableValues)
    .innerJoin(priceVariables, eq(priceVariables.id, catalogVariableValues.variableId))
    .where(and(eq(catalogVariableValues.workspaceId, ctx.workspaceId), inArray(catalogVariableValues.catalogId, [...catalogIds])));
  for (const row of rows) result.set(row.catalogId, { ...result.get(row.catalogId), [row.name]: row.value });
  return result;
}

/**
 * Evaluates a formula for one SKU: stored variable values, then the SKU's own product-variable values, then the
 * caller's overrides, then the built-ins list_price and component_total.
 */
export function evaluateFor(
  formula: LoadedFormula,
  input: PricingInput,
  perSku: Record<string, string> = {},
  overrides: Record<string, string> = {},
): Evaluation {
  const values: Record<string, string | bigint> = { ...formula.values, ...perSku, ...overrides, component_total: input.componentTotal };
  if (input.listPrice !== null) values.list_price = input.listPrice;
  if (overrides.list_price !== undefined) values.list_price = overrides.list_price;
  return evaluateFormula(formula.parsed, values, formula.rounding);
}

/** Σ component price × quantity. */
export const componentTotal = (components: readonly { price: bigint; quantity: number }[]) =>
  components.reduce((sum, c) => sum + c.price * BigInt(c.quantity), 0n);

/** The price of a bundle SKU from its formula, or a field error on bundle.price_formula_id explaining why not. */
export async function bundlePrice(ctx: TenantCtx, formulaId: string, input: PricingInput): Promise<bigint> {
  const formula = await loadFormula(ctx, formulaId);
  const perSku = input.catalogId ? ((await skuValues(ctx, [input.catalogId])).get(input.catalogId) ?? {}) : {};
  const result = evaluateFor(formula, input, perSku);
  if (result.ok) return result.value;
  const problem = formulaProblem(ctx, result.errors[0]!);
  throw new DomainError('VALIDATION_FAILED', {
    fields: [{ path: 'bundle.price_formula_id', code: problem.code, message: problem.message }],
    formula_errors: [problem],
  });
}

/** Preview of a saved or edited formula on up to 10 sample SKUs, each with its trace. */
export async function previewFormula(ctx: TenantCtx, input: z.input<typeof FormulaPreviewInput>): Promise<FormulaPreview> {
  const data = parseInput(FormulaPreviewInput, input);
  let formula: LoadedFormula;
  if (data.formula_id) {
    formula = await loadFormula(ctx, data.formula_id);
    if (data.rounding_mode)
      formula = { ...formula, rounding: { mode: data.rounding_mode, step: data.rounding_step ?? formula.rounding.step } };
    if (data.expression) formula = await loadExpression(ctx, data.expression, formula.rounding);
  } else if (data.expression) {
    formula = await loadExpression(ctx, data.expression, { mode: data.rounding_mode ?? 'NONE', step: data.rounding_step ?? 1 });
  } else {
    throw new DomainError('VALIDATION_FAILED', { fields: [{ path: 'expression', code: 'REQUIRED', message: 'REQUIRED' }] });
  }
  const found = await repo.catalogsByIds(ctx, data.catalog_ids);
  if (found.length !== new Set(data.catalog_ids).size) throw new DomainError('CATALOG_NOT_FOUND');
  const perSku = await skuValues(ctx, data.catalog_ids);
  const rows: FormulaPreview['rows'] = [];
  const toRow = (result: Evaluation, sample: { id: string; sku: string; name: string; price: bigint } | null) => ({
    catalog_id: sample?.id ?? null,
    sku: sample?.sku ?? null,
    name: sample?.name ?? null,
    list_price: sample ? toNumber(sample.price) : null,
    price: result.ok ? toNumber(result.value) : null,
    errors: result.ok ? [] : result.errors.map((e) => formulaProblem(ctx, e)),
    trace: result.trace,
  });
  if (found.length === 0)
    rows.push(toRow(evaluateFor(formula, { catalogId: null, listPrice: null, componentTotal: 0n }, {}, data.values), null));
  for (const id of data.catalog_ids) {
    const { catalog, productType } = found.find((f) => f.catalog.id === id)!;
    const total = productType === 'BUNDLING' ? componentTotal(await repo.componentsOf(ctx, catalog.productId)) : 0n;
    rows.push(
      toRow(evaluateFor(formula, { catalogId: id, listPrice: catalog.price, componentTotal: total }, perSku.get(id), data.values), catalog),
    );
  }
  return { expression: formula.expression, rounding_mode: formula.rounding.mode, rounding_step: formula.rounding.step, rows };
}

async function catalogOrThrow(ctx: TenantCtx, catalogId: string) {
  const [found] = await repo.catalogsByIds(ctx, [catalogId]);
  if (!found) throw new DomainError('CATALOG_NOT_FOUND');
  return found.catalog;
}

/** A SKU's own values of product variables. */
export async function getCatalogVariables(ctx: TenantCtx, catalogId: string) {
  await catalogOrThrow(ctx, catalogId);
  const rows = await ctx.db
    .select({ variableId: catalogVariableValues.variableId, name: priceVariables.name, value: catalogVariableValues.value })
    .from(catalogVariableValues)
    .innerJoin(priceVariables, eq(priceVariables.id, catalogVariableValues.variableId))
    .where(and(eq(catalogVariableValues.workspaceId, ctx.workspaceId), eq(catalogVariableValues.catalogId, catalogId)));
  return { items: rows.map((r) => ({ variable_id: r.variableId, name: r.name, value: r.value.replace(/\.?0+$/u, '') })) };
}

/** Sets (value) or clears (null) a SKU's own values of product variables. */
export async function setCatalogVariables(ctx: TenantCtx, catalogId: string, input: z.input<typeof CatalogVariablesInput>) {
  await catalogOrThrow(ctx, catalogId);
  const data = parseInput(CatalogVariablesInput, input);
  const known = await productVariablesByIds(
    ctx,
    data.values.map((v) => v.variable_id),
  );
  const fields = data.values.flatMap((v, i) =>
    known.some((k) => k.id === v.variable_id)
      ? []
      : [{ path: `values.${i}.variable_id`, code: 'VARIABLE_NOT_FOUND', message: 'VARIABLE_NOT_FOUND' }],
  );
  if (fields.length > 0) throw new DomainError('VALIDATION_FAILED', { fields });
  const before = await getCatalogVariables(ctx, catalogId);
  for (const v of data.values) {
    const where = and(eq(catalogVariableValues.catalogId, catalogId), eq(catalogVariableValues.variableId, v.variable_id));
    if (v.value === null) await ctx.db.delete(catalogVariableValues).where(where);
    else
      await ctx.db
        .insert(catalogVariableValues)
        .values({ workspaceId: ctx.workspaceId, catalogId, variableId: v.variable_id, value: v.value })
        .onConflictDoUpdate({ target: [catalogVariableValues.catalogId, catalogVariableValues.variableId], set: { value: v.value } });
  }
  const after = await getCatalogVariables(ctx, catalogId);
  await audit(ctx, { entity: 'catalog_variables', entityId: catalogId, action: 'update', before, after });
  return after;
}
