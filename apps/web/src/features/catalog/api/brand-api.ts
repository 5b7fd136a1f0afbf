import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Brand } from '@kelola/contracts/catalog';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { brandKeys } from './catalog-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

export const fetchBrands = () => apiFetch<{ items: Brand[]; total_row: number }>('/brands', { query: { size: 500 } });
export const createBrand = (name: string) => apiFetch<Brand>('/brands', { method: 'POST', body: { name } });

export function useBrands() {
  const workspaceId = useWorkspaceId();
  return useQuery({ queryKey: brandKeys.lists(workspaceId), queryFn: fetchBrands });
}

export function useCreateBrand(options: { onSuccess?: (brand: Brand) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBrand,
    onSuccess: async (brand) => {
      await queryClient.invalidateQueries({ queryKey: brandKeys.all });
      options.onSuccess?.(brand);
    },
  });
}

type FormulaOption = { id: string; name: string };

const FORMULA_SELECT = { size: 100 } as const;

/**
 * Price formulas for the bundle's formula select; a role without price-formula READ simply gets none. Keyed as a
 * list of the formulas resource, so saving a formula on the formula screens refreshes it.
 */
export function usePriceFormulas(enabled: boolean) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: queryKeys.formulas.list(workspaceId, FORMULA_SELECT),
    queryFn: () => apiFetch<{ items: FormulaOption[] }>('/price-formulas', { query: FORMULA_SELECT }),
    enabled,
    retry: false,
  });
}
