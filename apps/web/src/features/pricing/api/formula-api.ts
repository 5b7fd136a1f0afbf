import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Formula, FormulaCheck, FormulaInput, FormulaPreview, FormulaPreviewInput } from '@kelola/contracts/pricing';
import { apiFetch } from '../../../lib/api-client.ts';
import { invalidatePricing, pricingKeys } from './pricing-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

export type FormulaPage = { items: Formula[]; page: number; size: number; total_row: number };

const one = (id: string) => `/price-formulas/${encodeURIComponent(id)}`;
export const fetchFormulas = (params: Record<string, string | number>) => apiFetch<FormulaPage>('/price-formulas', { query: params });
export const fetchFormula = (id: string) => apiFetch<Formula>(one(id));
export const checkFormula = (expression: string) =>
  apiFetch<FormulaCheck>('/price-formulas/check', { method: 'POST', body: { expression } });
export const previewFormula = (input: FormulaPreviewInput) =>
  apiFetch<FormulaPreview>('/price-formulas/preview', { method: 'POST', body: input });

export function useFormulas(params: Record<string, string | number>) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: pricingKeys.formulaList(workspaceId, params),
    queryFn: () => fetchFormulas(params),
    placeholderData: keepPreviousData,
  });
}

export function useFormula(id: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: pricingKeys.formula(workspaceId, id ?? ''),
    queryFn: () => fetchFormula(id ?? ''),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** The server's check adds what the browser cannot know: variables that do not exist in the workspace. */
export function useFormulaCheck(expression: string, enabled: boolean) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: pricingKeys.check(workspaceId, expression),
    queryFn: () => checkFormula(expression),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function usePreviewFormula() {
  return useMutation({ mutationFn: previewFormula });
}

type Options<T> = { onSuccess?: (result: T) => void };

export function useSaveFormula(id: string | undefined, options: Options<Formula> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FormulaInput) => apiFetch<Formula>(id ? one(id) : '/price-formulas', { method: id ? 'PUT' : 'POST', body: input }),
    onSuccess: async (formula) => {
      await invalidatePricing(queryClient);
      options.onSuccess?.(formula);
    },
  });
}

export function useDeleteFormula(options: Options<string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiFetch<void>(one(id), { method: 'DELETE' });
      return id;
    },
    onSuccess: async (id) => {
      await invalidatePricing(queryClient);
      options.onSuccess?.(id);
    },
  });
}
