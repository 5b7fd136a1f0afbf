import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductUnitsUpdateInput, ProductUnitsView } from '@kelola/contracts/product-units';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';
import { inventoryKeys } from './inventory-keys.ts';

export type { ProductUnitsView };

/**
 * Under the balances: a stock write (which invalidates `inventoryKeys.all`) refreshes the stock per unit as well.
 * Kept here rather than in inventory-keys.ts, as the one resource of this panel.
 */
export const productUnitsKeys = {
  all: (workspaceId: string | null) => [...inventoryKeys.balances(workspaceId), 'product-units'] as const,
  catalog: (workspaceId: string | null, catalogId: string) => [...productUnitsKeys.all(workspaceId), catalogId] as const,
};

const path = (catalogId: string) => `/inventory/product-units/${encodeURIComponent(catalogId)}`;

export const fetchProductUnits = (catalogId: string) => apiFetch<ProductUnitsView>(path(catalogId));
export const saveProductUnits = (catalogId: string, input: ProductUnitsUpdateInput) =>
  apiFetch<ProductUnitsView>(path(catalogId), { method: 'PUT', body: input });

/** A SKU's base unit, conversion units and its stock in each (GET /api/inventory/product-units/:catalog_id). */
export function useProductUnits(catalogId: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: productUnitsKeys.catalog(workspaceId, catalogId ?? ''),
    queryFn: () => fetchProductUnits(catalogId ?? ''),
    enabled: Boolean(catalogId),
    // Stock moves all the time: like the drawer's balances, the units show the stock of the moment it opens.
    staleTime: 0,
  });
}

/**
 * Replaces the conversion units of the SKU's product. Every SKU's units (a variant's siblings share them) and the
 * product (its form shows the same units) are refreshed first, then the caller's onSuccess runs.
 */
export function useSaveProductUnits(catalogId: string, options: { onSuccess?: (view: ProductUnitsView) => void } = {}) {
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  return useMutation({
    mutationFn: (input: ProductUnitsUpdateInput) => saveProductUnits(catalogId, input),
    onSuccess: async (view) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productUnitsKeys.all(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.detail(workspaceId, view.product_id) }),
      ]);
      options.onSuccess?.(view);
    },
  });
}
