import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { priceFormulas, priceFormulaVariables, priceVariables } from './pricing.schema.ts';

export type VariableRow = typeof priceVariables.$inferSelect;
export type FormulaRow = typeof priceFormulas.$inferSelect;
export type VariableKind = VariableRow['kind'];

const likePattern = (q: string) => `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;

// Written out in full: inside a select list drizzle leaves column names unqualified.
const usedBy = sql<number>`(select count(*)::int from "price_formula_variables" pfv where pfv.variable_id = "price_variables"."id")`;

export async function listVariables(ctx: TenantCtx, kind: VariableKind, filter: { q?: string; page: number; size: number }) {
  const q = filter.q?.trim();
  const where = and(
    eq(priceVariables.workspaceId, ctx.workspaceId),
    eq(priceVariables.kind, kind),
    q ? or(ilike(priceVariables.name, likePattern(q)), ilike(priceVariables.shortDescription, likePattern(q))) : undefined,
  );
  const rows = await ctx.db
    .select({ row: priceVariables, usedBy })
    .from(priceVariables)
    .where(where)
    .orderBy(asc(priceVariables.name))
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size);
  // Variables per workspace number in the tens or hundreds: an exact count is cheap.
  const [counted] = await ctx.db.select({ total: count() }).from(priceVariables).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findVariable(ctx: TenantCtx, kind: VariableKind | null, id: string) {
  const [found] = await ctx.db
    .select({ row: priceVariables, usedBy })
    .from(priceVariables)
    .where(
      and(eq(priceVariables.workspaceId, ctx.workspaceId), eq(priceVariables.id, id), kind ? eq(priceVariables.kind, kind) : undefined),
    );
  return found;
}

export async function variablesByName(ctx: TenantCtx, names: readonly string[]): Promise<VariableRow[]> {
  if (names.length === 0) return [];
  return ctx.db
    .select()
    .from(priceVariables)
    .where(and(eq(priceVariables.workspaceId, ctx.workspaceId), inArray(priceVariables.name, [...names])));
}

export async function isVariableNameTaken(ctx: TenantCtx, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: priceVariables.id })
    .from(priceVariables)
    .where(
      and(
        eq(priceVariables.workspaceId, ctx.workspaceId),
        eq(priceVariables.name, name),
        exceptId ? ne(priceVariables.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertVariable(
  ctx: TenantCtx,
  values: Omit<typeof priceVariables.$inferInsert, 'workspaceId'>,
): Promise<VariableRow> {
  const [row] = await ctx.db
    .insert(priceVariables)
    .values({ ...values, workspaceId: ctx.workspaceId })
    .returning();
  return row!;
}

export async function updateVariable(
  ctx: TenantCtx,
  id: string,
  values: Partial<typeof priceVariables.$inferInsert>,
): Promise<VariableRow | undefined> {
  const [row] = await ctx.db
    .update(priceVariables)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(priceVariables.workspaceId, ctx.workspaceId), eq(priceVariables.id, id)))
    .returning();
  return row;
}

export async function deleteVariable(ctx: TenantCtx, id: string): Promise<void> {
  await ctx.db.delete(priceVariables).where(and(eq(priceVariables.workspaceId, ctx.workspaceId), eq(priceVariables.id, id)));
}

/** Names of the formulas using a variable. */
export async function formulasUsing(ctx: TenantCtx, variableId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ name: priceFormulas.name })
    .from(priceFormulaVariables)
    .innerJoin(priceFormulas, eq(priceFormulas.id, priceFormulaVariables.formulaId))
    .where(and(eq(priceFormulaVariables.workspaceId, ctx.workspaceId), eq(priceFormulaVariables.variableId, variableId)))
    .orderBy(asc(priceFormulas.name));
  return rows.map((r) => r.name);
}

export async function listFormulas(ctx: TenantCtx, filter: { q?: string; page: number; size: number }) {
  const q = filter.q?.trim();
  const where = and(
    eq(priceFormulas.workspaceId, ctx.workspaceId),
    q ? or(ilike(priceFormulas.name, likePattern(q)), ilike(priceFormulas.shortDescription, likePattern(q))) : undefined,
  );
  const rows = await ctx.db
    .select()
    .from(priceFormulas)
    .where(where)
    .orderBy(asc(priceFormulas.name))
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size);
  const [counted] = await ctx.db.select({ total: count() }).from(priceFormulas).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findFormula(ctx: TenantCtx, id: string): Promise<FormulaRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(priceFormulas)
    .where(and(eq(priceFormulas.workspaceId, ctx.workspaceId), eq(priceFormulas.id, id)));
  return row;
}

export async function isFormulaNameTaken(ctx: TenantCtx, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: priceFormulas.id })
    .from(priceFormulas)
    .where(
      and(
        eq(priceFormulas.workspaceId, ctx.workspaceId),
        eq(priceFormulas.name, name),
        exceptId ? ne(priceFormulas.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertFormula(ctx: TenantCtx, values: Omit<typeof priceFormulas.$inferInsert, 'workspaceId'>): Promise<FormulaRow> {
  const [row] = await ctx.db
    .insert(priceFormulas)
    .values({ ...values, workspaceId: ctx.workspaceId })
    .returning();
  return row!;
}

export async function updateFormula(
  ctx: TenantCtx,
  id: string,
  values: Partial<typeof priceFormulas.$inferInsert>,
): Promise<FormulaRow | undefined> {
  const [row] = await ctx.db
    .update(priceFormulas)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(priceFormulas.workspaceId, ctx.workspaceId), eq(priceFormulas.id, id)))
    .returning();
  return row;
}

export async function deleteFormula(ctx: TenantCtx, id: string): Promise<void> {
  await ctx.db.delete(priceFormulas).where(and(eq(priceFormulas.workspaceId, ctx.workspaceId), eq(priceFormulas.id, id)));
}

export async function setFormulaVariables(ctx: TenantCtx, formulaId: string, variableIds: readonly string[]): Promise<void> {
  await ctx.db
    .delete(priceFormulaVariables)
    .where(and(eq(priceFormulaVariables.workspaceId, ctx.workspaceId), eq(priceFormulaVariables.formulaId, formulaId)));
  if (variableIds.length === 0) return;
  await ctx.db
    .insert(priceFormulaVariables)
    .values(variableIds.map((variableId) => ({ workspaceId: ctx.workspaceId, formulaId, variableId })));
}

/** The variables of several formulas, in one query. */
export async function variablesOfFormulas(ctx: TenantCtx, formulaIds: readonly string[]) {
  if (formulaIds.length === 0) return [];
  return ctx.db
    .select({
      formulaId: priceFormulaVariables.formulaId,
      id: priceVariables.id,
      name: priceVariables.name,
      kind: priceVariables.kind,
      value: priceVariables.value,
    })
    .from(priceFormulaVariables)
    .innerJoin(priceVariables, eq(priceVariables.id, priceFormulaVariables.variableId))
    .where(and(eq(priceFormulaVariables.workspaceId, ctx.workspaceId), inArray(priceFormulaVariables.formulaId, [...formulaIds])))
    .orderBy(asc(priceVariables.name));
}
