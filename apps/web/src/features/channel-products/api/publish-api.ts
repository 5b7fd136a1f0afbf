import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductList } from '@kelola/contracts';
import type {
  BulkPublishInput,
  BulkPublishResult,
  ChannelProductEdit,
  MarketplaceAttributeList,
  MarketplaceBrandList,
  MarketplaceCategoryList,
  PublishBatch,
  PublishChannelInput,
  PublishEditInput,
} from '@kelola/contracts/channel-publish';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

const keys = queryKeys.channelProducts;
const shopPath = (channelId: string) => `/channels/${encodeURIComponent(channelId)}`;

/** The shop's marketplace category tree (flat, with parents); the deepest level chosen is sent. */
export function useShopCategories(channelId: string) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'categories', channelId),
    queryFn: () => apiFetch<MarketplaceCategoryList>(`${shopPath(channelId)}/categories`),
    enabled: channelId !== '',
    staleTime: 10 * 60_000,
  });
}

export function useShopBrands(channelId: string, categoryId: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'brands', channelId, categoryId ?? ''),
    queryFn: () =>
      apiFetch<MarketplaceBrandList>(`${shopPath(channelId)}/brands`, { query: categoryId ? { category_id: categoryId } : {} }),
    enabled: channelId !== '' && Boolean(categoryId),
    staleTime: 10 * 60_000,
  });
}

/** The attributes of one marketplace category (mandatory ones must be sent). */
export function useShopAttributes(channelId: string, categoryId: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'attributes', channelId, categoryId ?? ''),
    queryFn: () =>
      apiFetch<MarketplaceAttributeList>(`${shopPath(channelId)}/categories/${encodeURIComponent(categoryId ?? '')}/attributes`),
    enabled: channelId !== '' && Boolean(categoryId),
    staleTime: 10 * 60_000,
  });
}

/** Master products to choose from (name or SKU search). */
export function useMasterProducts(q: string) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'masters', q),
    queryFn: () => apiFetch<ProductList>('/products', { query: { size: 50, ...(q ? { q } : {}) } }),
  });
}

export function useMasterProduct(id: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'master', id ?? ''),
    queryFn: () => apiFetch<Product>(`/products/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
  });
}

/** A publish run; polled every 2 s until every channel has ended (spec part 9). */
export function usePublishBatch(id: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'batch', id ?? ''),
    queryFn: () => apiFetch<PublishBatch>(`/publish-batches/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.done ? false : 2_000),
  });
}

export function usePublish() {
  return useMutation({
    mutationFn: (input: { productId: string; channels: PublishChannelInput[] }) =>
      apiFetch<PublishBatch>(`/products/${encodeURIComponent(input.productId)}/publish`, {
        method: 'POST',
        body: { channels: input.channels },
      }),
  });
}

export function useBulkPublish() {
  return useMutation({
    mutationFn: (input: BulkPublishInput) => apiFetch<BulkPublishResult>('/products/bulk-publish', { method: 'POST', body: input }),
  });
}

/** What the edit screen starts from: the mapped master product and the last choices sent. */
export function useEditStart(channelId: string, productId: string, target: string) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'edit', channelId, productId, target),
    queryFn: () =>
      apiFetch<ChannelProductEdit>(`${shopPath(channelId)}/products/${encodeURIComponent(productId)}/edit`, { query: { target } }),
    enabled: channelId !== '' && productId !== '',
  });
}

export function useEditPublish(channelId: string, productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishEditInput) =>
      apiFetch<PublishBatch>(`${shopPath(channelId)}/products/${encodeURIComponent(productId)}/publish`, { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
