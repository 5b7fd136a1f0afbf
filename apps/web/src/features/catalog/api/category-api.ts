import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput, CategoryNode } from '@kelola/contracts/catalog';
import { apiFetch } from '../../../lib/api-client.ts';
import { categoryKeys, productKeys } from './catalog-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

const categoryPath = (id: string) => `/categories/${encodeURIComponent(id)}`;

export const fetchCategoryTree = () => apiFetch<{ items: CategoryNode[] }>('/categories');
export const createCategory = (input: CategoryInput) => apiFetch<Category>('/categories', { method: 'POST', body: input });
export const renameCategory = (id: string, input: CategoryInput) => apiFetch<Category>(categoryPath(id), { method: 'PUT', body: input });
export const moveCategory = (id: string, parentId: string | null) =>
  apiFetch<Category>(`${categoryPath(id)}/move`, { method: 'POST', body: { parent_id: parentId } });
export const deleteCategory = (id: string) => apiFetch<void>(categoryPath(id), { method: 'DELETE' });

export function useCategoryTree() {
  const workspaceId = useWorkspaceId();
  return useQuery({ queryKey: categoryKeys.tree(workspaceId), queryFn: fetchCategoryTree });
}

/** Categories change the product list's category names too: both keys are invalidated, then onSuccess runs. */
function useCategoryMutation<A, R>(mutationFn: (args: A) => Promise<R>, options: { onSuccess?: (result: R) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result: R) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]);
      options.onSuccess?.(result);
    },
  });
}

export const useCreateCategory = (options?: { onSuccess?: (c: Category) => void }) => useCategoryMutation(createCategory, options);
export const useRenameCategory = (options?: { onSuccess?: (c: Category) => void }) =>
  useCategoryMutation(({ id, input }: { id: string; input: CategoryInput }) => renameCategory(id, input), options);
export const useMoveCategory = (options?: { onSuccess?: (c: Category) => void }) =>
  useCategoryMutation(({ id, parentId }: { id: string; parentId: string | null }) => moveCategory(id, parentId), options);
export const useDeleteCategory = (options?: { onSuccess?: () => void }) => useCategoryMutation(deleteCategory, options);
