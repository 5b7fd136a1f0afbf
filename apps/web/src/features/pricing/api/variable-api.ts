import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Variable, VariableInput, VariableKind } from '@kelola/contracts/pricing';
import { apiFetch } from '../../../lib/api-client.ts';
import { invalidatePricing, pricingKeys } from './pricing-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

/** The API path of each variable list (pricing.routes.ts). */
export const VARIABLE_API_PATHS: Record<VariableKind, string> = {
  GLOBAL: '/global-variables',
  FORMULA: '/formula-variables',
  PRODUCT: '/product-variables',
};

export type VariablePage = { items: Variable[]; page: number; size: number; total_row: number };

const one = (kind: VariableKind, id: string) => `${VARIABLE_API_PATHS[kind]}/${encodeURIComponent(id)}`;
export const fetchVariables = (kind: VariableKind, params: Record<string, string | number>) =>
  apiFetch<VariablePage>(VARIABLE_API_PATHS[kind], { query: params });
export const fetchVariable = (kind: VariableKind, id: string) => apiFetch<Variable>(one(kind, id));
export const createVariable = (kind: VariableKind, input: VariableInput) =>
  apiFetch<Variable>(VARIABLE_API_PATHS[kind], { method: 'POST', body: input });
export const updateVariable = (kind: VariableKind, id: string, input: VariableInput) =>
  apiFetch<Variable>(one(kind, id), { method: 'PUT', body: input });
export const deleteVariable = (kind: VariableKind, id: string) => apiFetch<void>(one(kind, id), { method: 'DELETE' });

export function useVariables(kind: VariableKind, params: Record<string, string | number>, enabled = true) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: pricingKeys.variableList(workspaceId, kind, params),
    queryFn: () => fetchVariables(kind, params),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useVariable(kind: VariableKind, id: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: pricingKeys.variable(workspaceId, kind, id ?? ''),
    queryFn: () => fetchVariable(kind, id ?? ''),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

type Options<T> = { onSuccess?: (result: T) => void };

/** STYLE rule 9: every pricing mutation invalidates the pricing keys, then calls the caller's onSuccess. */
export function useSaveVariable(kind: VariableKind, id: string | undefined, options: Options<Variable> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VariableInput) => (id ? updateVariable(kind, id, input) : createVariable(kind, input)),
    onSuccess: async (variable) => {
      await invalidatePricing(queryClient);
      options.onSuccess?.(variable);
    },
  });
}

export function useDeleteVariable(kind: VariableKind, options: Options<string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await deleteVariable(kind, id);
      return id;
    },
    onSuccess: async (id) => {
      await invalidatePricing(queryClient);
      options.onSuccess?.(id);
    },
  });
}
