import {
  FormulaCheck,
  FormulaCheckInput,
  Formula,
  FormulaInput,
  FormulaList,
  IdParams,
  Variable,
  VariableInput,
  VariableList,
  VariableListQuery,
  type MenuKey,
  type VariableKind,
} from '@kelola/contracts';
import type { Router } from '../../http/route.ts';
import * as pricing from './pricing.service.ts';

/** The three variable screens of spec part 2, each under its own menu key. */
const VARIABLE_PATHS: { path: string; kind: VariableKind; key: MenuKey }[] = [
  { path: '/api/global-variables', kind: 'GLOBAL', key: 'global-variable' },
  { path: '/api/formula-variables', kind: 'FORMULA', key: 'formula-variable' },
  { path: '/api/product-variables', kind: 'PRODUCT', key: 'product-variable' },
];

/** Price variables and price formulas (spec parts 3 and 5). */
export function registerPricingRoutes({ route }: Router): void {
  for (const { path, kind, key } of VARIABLE_PATHS) {
    const tags = ['pricing'];
    route(
      {
        method: 'GET',
        url: path,
        permission: [key, 'READ'],
        tags,
        summary: `${kind} variables, by name`,
        querystring: VariableListQuery,
        response: VariableList,
      },
      (ctx, { query }) => pricing.listVariables(ctx, kind, query),
    );
    route({ method: 'GET', url: `${path}/:id`, permission: [key, 'READ'], tags, params: IdParams, response: Variable }, (ctx, { params }) =>
      pricing.getVariable(ctx, kind, params.id),
    );
    route(
      {
        method: 'POST',
        url: path,
        permission: [key, 'WRITE'],
        tags,
        summary: `Creates a ${kind} variable`,
        body: VariableInput,
        response: Variable,
        status: 201,
      },
      (ctx, { body }) => pricing.createVariable(ctx, kind, body),
    );
    route(
      {
        method: 'PUT',
        url: `${path}/:id`,
        permission: [key, 'WRITE'],
        tags,
        summary: 'Replaces a variable (a used one keeps its name)',
        params: IdParams,
        body: VariableInput,
        response: Variable,
      },
      (ctx, { params, body }) => pricing.updateVariable(ctx, kind, params.id, body),
    );
    route(
      {
        method: 'DELETE',
        url: `${path}/:id`,
        permission: [key, 'WRITE'],
        tags,
        summary: "Deletes a variable; 409 VARIABLE_IN_USE ('Cannot Delete') when a formula uses it",
        params: IdParams,
      },
      (ctx, { params }) => pricing.deleteVariable(ctx, kind, params.id),
    );
  }

  const tags = ['pricing'];
  route(
    {
      method: 'GET',
      url: '/api/price-formulas',
      permission: ['price-formula', 'READ'],
      tags,
      querystring: VariableListQuery,
      response: FormulaList,
    },
    (ctx, { query }) => pricing.listFormulas(ctx, query),
  );
  route(
    {
      method: 'POST',
      url: '/api/price-formulas/check',
      permission: ['price-formula', 'READ'],
      tags,
      summary: "The builder's live check: every problem with its position, or the expression's normal form",
      body: FormulaCheckInput,
      response: FormulaCheck,
    },
    (ctx, { body }) => pricing.checkExpression(ctx, body.expression),
  );
  route(
    { method: 'GET', url: '/api/price-formulas/:id', permission: ['price-formula', 'READ'], tags, params: IdParams, response: Formula },
    (ctx, { params }) => pricing.getFormula(ctx, params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/price-formulas',
      permission: ['price-formula', 'WRITE'],
      tags,
      body: FormulaInput,
      response: Formula,
      status: 201,
    },
    (ctx, { body }) => pricing.createFormula(ctx, body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/price-formulas/:id',
      permission: ['price-formula', 'WRITE'],
      tags,
      params: IdParams,
      body: FormulaInput,
      response: Formula,
    },
    (ctx, { params, body }) => pricing.updateFormula(ctx, params.id, body),
  );
  route(
    {
      method: 'DELETE',
      url: '/api/price-formulas/:id',
      permission: ['price-formula', 'WRITE'],
      tags,
      summary: 'Deletes a formula; 409 FORMULA_IN_USE when a product is priced by it',
      params: IdParams,
    },
    (ctx, { params }) => pricing.deleteFormula(ctx, params.id),
  );
}
