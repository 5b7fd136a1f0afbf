import type { QueryClient } from '@tanstack/react-query';
import type { VariableKind } from '@kelola/contracts/pricing';

type Params = Record<string, string | number>;
const ws = (workspaceId: string | null) => workspaceId ?? 'default';

/**
 * Query keys of the pricing screens (one factory per resource); the workspace is part of every key. Variables and
 * formulas are invalidated together: a formula's save changes a variable's `used_by`, a rename changes a formula.
 */
export const pricingKeys = {
  all: ['pricing'] as const,
  variables: (workspaceId: string | null, kind: VariableKind) => ['pricing', ws(workspaceId), 'variables', kind] as const,
  variableList: (workspaceId: string | null, kind: VariableKind, params: Params) =>
    [...pricingKeys.variables(workspaceId, kind), 'list', params] as const,
  variable: (workspaceId: string | null, kind: VariableKind, id: string) =>
    [...pricingKeys.variables(workspaceId, kind), 'detail', id] as const,
  formulaList: (workspaceId: string | null, params: Params) => ['pricing', ws(workspaceId), 'formulas', 'list', params] as const,
  formula: (workspaceId: string | null, id: string) => ['pricing', ws(workspaceId), 'formulas', 'detail', id] as const,
  check: (workspaceId: string | null, expression: string) => ['pricing', ws(workspaceId), 'check', expression] as const,
};

/**
 * Prices of SKUs: product lists, area prices, channel prices and per-SKU variable values, all invalidated by any
 * price mutation (a SKU's variable value changes its formula-derived channel prices).
 */
export const priceKeys = {
  all: ['prices'] as const,
  products: (workspaceId: string | null, params: Params) => ['prices', ws(workspaceId), 'products', params] as const,
  product: (workspaceId: string | null, id: string) => ['prices', ws(workspaceId), 'product', id] as const,
  areaPrices: (workspaceId: string | null, catalogId: string) => ['prices', ws(workspaceId), 'area-prices', catalogId] as const,
  lookup: (workspaceId: string | null, params: Params) => ['prices', ws(workspaceId), 'lookup', params] as const,
  channelPrices: (workspaceId: string | null, params: Params) => ['prices', ws(workspaceId), 'channel-prices', params] as const,
  catalogVariables: (workspaceId: string | null, catalogId: string) => ['prices', ws(workspaceId), 'catalog-variables', catalogId] as const,
};

/** After a variable or formula changes: the pricing screens, and every SKU price derived from a formula. */
export async function invalidatePricing(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: pricingKeys.all }),
    queryClient.invalidateQueries({ queryKey: priceKeys.all }),
  ]);
}
