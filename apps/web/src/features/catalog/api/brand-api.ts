import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Brand } from '@kelola/contracts/catalog';
import { apiFetch } from '../../../lib/api-client.ts';
import { brandKeys, formulaKeys } from './catalog-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

export const fetchBrands = () => apiFetch<{ items: Brand[]; total_row: number }>('/brands', { query: { size: 500 } });
export const createBrand = (name: string) => apiFetch<Brand>('/brands', { method: 'POST', body: { name } });

export function useBrands() {
  const workspaceId = useWorkspaceId();
  return useQuery({ queryKey: brandKeys.list(workspaceId), queryFn: fetchBrands });
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

/** Price formulas for the bundle's formula select; a role without price-formula READ simply gets none. */
export function usePriceFormulas(enabled: boolean) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: formulaKeys.list(workspaceId),
    queryFn: () => apiFetch<{ items: FormulaOption[] }>('/price-formulas', { query: { size: 100 } }),
    enabled,
    retry: false,
  });
}
