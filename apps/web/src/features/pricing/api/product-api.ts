import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Product, ProductList } from '@kelola/contracts/catalog';
import { apiFetch } from '../../../lib/api-client.ts';
import { priceKeys } from './pricing-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

export const fetchProducts = (params: Record<string, string | number>) => apiFetch<ProductList>('/products', { query: params });
export const fetchProduct = (id: string) => apiFetch<Product>(`/products/${encodeURIComponent(id)}`);

/** A page of master products (the catalog module's list), for the price screens. */
export function useProducts(params: Record<string, string | number>, enabled = true) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: priceKeys.products(workspaceId, params),
    queryFn: () => fetchProducts(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useProduct(id: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({ queryKey: priceKeys.product(workspaceId, id ?? ''), queryFn: () => fetchProduct(id ?? ''), enabled: Boolean(id) });
}
