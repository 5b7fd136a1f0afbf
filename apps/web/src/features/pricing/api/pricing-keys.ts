import type { QueryClient } from '@tanstack/react-query';
import type { VariableKind } from '@kelola/contracts/pricing';
import { queryKeys } from '../../../lib/query-keys.ts';

type Params = Record<string, string | number>;
const { variables, formulas, prices } = queryKeys;

/**
 * Query keys of the pricing screens, from the one key helper. Variables and formulas are invalidated together: a
 * formula's save changes a variable's `used_by`, a rename changes a formula.
 */
export const pricingKeys = {
  variables: (workspaceId: string | null, kind: VariableKind) => variables.of(workspaceId, kind),
  variableList: (workspaceId: string | null, kind: VariableKind, params: Params) => variables.of(workspaceId, kind, 'list', params),
  variable: (workspaceId: string | null, kind: VariableKind, id: string) => variables.of(workspaceId, kind, 'detail', id),
  formulaList: (workspaceId: string | null, params: Params) => formulas.list(workspaceId, params),
  formula: (workspaceId: string | null, id: string) => formulas.detail(workspaceId, id),
  check: (workspaceId: string | null, expression: string) => formulas.of(workspaceId, 'check', expression),
};

/**
 * Prices of SKUs: product lists, area prices, channel prices and per-SKU variable values, all invalidated by any
 * price mutation (a SKU's variable value changes its formula-derived channel prices).
 */
export const priceKeys = {
  all: prices.all,
  products: (workspaceId: string | null, params: Params) => prices.of(workspaceId, 'products', params),
  product: (workspaceId: string | null, id: string) => prices.of(workspaceId, 'product', id),
  areaPrices: (workspaceId: string | null, catalogId: string) => prices.of(workspaceId, 'area-prices', catalogId),
  lookup: (workspaceId: string | null, params: Params) => prices.of(workspaceId, 'lookup', params),
  channelPrices: (workspaceId: string | null, params: Params) => prices.of(workspaceId, 'channel-prices', params),
  catalogVariables: (workspaceId: string | null, catalogId: string) => prices.of(workspaceId, 'catalog-variables', catalogId),
};

/**
 * After a variable or formula changes: the pricing screens, every place that lists formulas (the product form's
 * formula select too) and every SKU price derived from a formula.
 */
export async function invalidatePricing(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: variables.all }),
    queryClient.invalidateQueries({ queryKey: formulas.all }),
    queryClient.invalidateQueries({ queryKey: prices.all }),
  ]);
}
