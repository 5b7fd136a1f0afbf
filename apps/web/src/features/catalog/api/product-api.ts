import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductImage, ProductInput, ProductList, ProductStatus } from '@kelola/contracts/catalog';
import type { ProductPublicationList } from '@kelola/contracts/channel-publish';
import { apiFetch } from '../../../lib/api-client.ts';
import { productKeys } from './catalog-keys.ts';
import { fileToBase64 } from '../../../lib/file-api.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

export type BulkResult = { done: string[]; failed: { id: string; code: string }[] };

const productPath = (id: string) => `/products/${encodeURIComponent(id)}`;

export const fetchProducts = (params: Record<string, string | number>) => apiFetch<ProductList>('/products', { query: params });
export const fetchProduct = (id: string) => apiFetch<Product>(productPath(id));
export const createProduct = (input: ProductInput) => apiFetch<Product>('/products', { method: 'POST', body: input });
export const updateProduct = (id: string, input: ProductInput) => apiFetch<Product>(productPath(id), { method: 'PUT', body: input });
export const bulkStatus = (ids: string[], status: ProductStatus) =>
  apiFetch<BulkResult>('/products/bulk-status', { method: 'POST', body: { ids, status } });
export const bulkDelete = (ids: string[]) => apiFetch<BulkResult>('/products/bulk-delete', { method: 'POST', body: { ids } });

export async function uploadImage(productId: string, file: File): Promise<ProductImage> {
  const content = await fileToBase64(file);
  return apiFetch<ProductImage>(`${productPath(productId)}/images`, {
    method: 'POST',
    body: { file_name: file.name, content_base64: content },
  });
}
export const reorderImages = (productId: string, ids: string[]) =>
  apiFetch<{ items: ProductImage[] }>(`${productPath(productId)}/images/order`, { method: 'PUT', body: { ids } });
export const deleteImage = (productId: string, imageId: string) =>
  apiFetch<void>(`${productPath(productId)}/images/${encodeURIComponent(imageId)}`, { method: 'DELETE' });

/** One page of products with the counts per status; the previous page stays while the next loads. */
export function useProducts(params: Record<string, string | number>) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: productKeys.list(workspaceId, params),
    queryFn: () => fetchProducts(params),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: productKeys.detail(workspaceId, id ?? ''),
    queryFn: () => fetchProduct(id ?? ''),
    enabled: Boolean(id),
    // The form must start from the saved values, not a cached copy from before someone else's edit.
    staleTime: 0,
  });
}

/** Products found by name or exact SKU, for the bundle component picker (bundles cannot contain bundles). */
export function useProductSearch(q: string) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: productKeys.search(workspaceId, q),
    queryFn: async () => {
      const list = await fetchProducts({ q, size: 10, page: 1 });
      const details = await Promise.all(list.items.filter((item) => item.type !== 'BUNDLING').map((item) => fetchProduct(item.id)));
      return details.flatMap((product) => product.catalogs);
    },
    enabled: q.trim().length > 0,
  });
}

type Options<R> = { onSuccess?: (result: R) => void };

/** STYLE rule 9: every product mutation invalidates the product keys, then calls the caller's onSuccess. */
function useProductMutation<A, R>(mutationFn: (args: A) => Promise<R>, options: Options<R> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result: R) => {
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
      options.onSuccess?.(result);
    },
  });
}

export const useCreateProduct = (options?: Options<Product>) => useProductMutation(createProduct, options);
export const useUpdateProduct = (id: string, options?: Options<Product>) =>
  useProductMutation((input: ProductInput) => updateProduct(id, input), options);
export const useBulkStatus = (options?: Options<BulkResult>) =>
  useProductMutation(({ ids, status }: { ids: string[]; status: ProductStatus }) => bulkStatus(ids, status), options);
export const useBulkDelete = (options?: Options<BulkResult>) => useProductMutation(bulkDelete, options);
export const useUploadImage = (productId: string, options?: Options<ProductImage>) =>
  useProductMutation((file: File) => uploadImage(productId, file), options);
export const useReorderImages = (productId: string, options?: Options<{ items: ProductImage[] }>) =>
  useProductMutation((ids: string[]) => reorderImages(productId, ids), options);
export const useDeleteImage = (productId: string, options?: Options<void>) =>
  useProductMutation((imageId: string) => deleteImage(productId, imageId), options);

/** The shops this master product was published to, newest first (one row per publication). */
export function useProductPublications(id: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: productKeys.of(workspaceId, 'publications', id ?? ''),
    queryFn: () => apiFetch<ProductPublicationList>(`${productPath(id ?? '')}/publications`),
    enabled: Boolean(id),
  });
}
