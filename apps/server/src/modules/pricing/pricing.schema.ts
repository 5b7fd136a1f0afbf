import { index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';

/**
 * Variables of price formulas (spec part 3 "Variable"): global, formula and product variables share one name
 * space per workspace, so a formula's names are never ambiguous. Values are exact decimals (numeric, read as text).
 */
export const priceVariables = pgTable(
  'price_variables',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    kind: text({ enum: ['GLOBAL', 'FORMULA', 'PRODUCT'] }).notNull(),
    name: text().notNull(),
    shortDescription: text(),
    value: numeric({ precision: 24, scale: 6 }).notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('price_variables_workspace_name_key').on(t.workspaceId, t.name),
    index('price_variables_workspace_kind_name_idx').on(t.workspaceId, t.kind, t.name),
    tenantPolicy(),
  ],
);

/** Price formula (spec part 3): name, short description, the expression and its rounding rule. */
export const priceFormulas = pgTable(
  'price_formulas',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    name: text().notNull(),
    shortDescription: text(),
    expression: text().notNull(),
    roundingMode: text({ enum: ['NONE', 'ROUND', 'FLOOR', 'CEIL'] })
      .notNull()
      .default('NONE'),
    roundingStep: integer().notNull().default(1),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('price_formulas_workspace_name_key').on(t.workspaceId, t.name), tenantPolicy()],
);

/** Which variables a formula uses: the foreign key makes "a variable used in a formula cannot be deleted" hold. */
export const priceFormulaVariables = pgTable(
  'price_formula_variables',
  {
    workspaceId: workspaceIdColumn(),
    formulaId: uuid()
      .notNull()
      .references(() => priceFormulas.id, { onDelete: 'cascade' }),
    variableId: uuid()
      .notNull()
      .references(() => priceVariables.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.formulaId, t.variableId] }),
    index('price_formula_variables_variable_idx').on(t.variableId),
    tenantPolicy(),
  ],
);
