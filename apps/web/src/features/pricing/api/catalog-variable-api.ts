import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { invalidatePricing, priceKeys } from './pricing-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

/** A SKU's own values of product variables (GET/PUT /api/catalogs/:id/variables). */
export type CatalogVariableValues = { items: { variable_id: string; name: string; value: string }[] };
export type CatalogVariableChange = { variable_id: string; value: string | null };

const path = (catalogId: string) => `/catalogs/${encodeURIComponent(catalogId)}/variables`;

export function useCatalogVariables(catalogId: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: priceKeys.catalogVariables(workspaceId, catalogId ?? ''),
    queryFn: () => apiFetch<CatalogVariableValues>(path(catalogId ?? '')),
    enabled: Boolean(catalogId),
    staleTime: 0,
  });
}

/** Sets (value) or clears (null) values of a SKU; its formula-derived prices change, so every price key goes stale. */
export function useSaveCatalogVariables(catalogId: string, options: { onSuccess?: (saved: CatalogVariableValues) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CatalogVariableChange[]) => apiFetch<CatalogVariableValues>(path(catalogId), { method: 'PUT', body: { values } }),
    onSuccess: async (saved) => {
      await invalidatePricing(queryClient);
      options.onSuccess?.(saved);
    },
  });
}
