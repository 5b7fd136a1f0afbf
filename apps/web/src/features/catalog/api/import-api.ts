import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview, ProductImport } from '@kelola/contracts/catalog';
import { apiFetch } from '../../../lib/api-client.ts';
import { importKeys, productKeys } from './catalog-keys.ts';
import { fileToBase64 } from '../../../lib/file-api.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

export const TEMPLATE_PATH = '/products/import/template';
export const resultPath = (id: string) => `/products/imports/${encodeURIComponent(id)}/result`;

export async function startImport(file: File): Promise<ProductImport> {
  const content = await fileToBase64(file);
  return apiFetch<ProductImport>('/products/imports', { method: 'POST', body: { file_name: file.name, content_base64: content } });
}

/** Still working: the preview being worked out, or the confirmed import on its way. */
const running = (job: ProductImport | undefined) =>
  job !== undefined && (job.status === 'PREVIEWING' || job.status === 'QUEUED' || job.status === 'RUNNING');

/** An import's progress, polled every second while it works (its preview, then the confirmed import). */
export function useImportJob(id: string | null) {
  const workspaceId = useWorkspaceId();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.detail(workspaceId, id ?? ''),
    queryFn: async () => {
      const job = await apiFetch<ProductImport>(`/products/imports/${encodeURIComponent(id ?? '')}`);
      // Finished imports changed products: the list must not show the old rows.
      if (job.status === 'DONE' || job.status === 'FAILED') await queryClient.invalidateQueries({ queryKey: productKeys.all });
      return job;
    },
    enabled: Boolean(id),
    refetchInterval: (query) => (running(query.state.data) || !query.state.data ? 1000 : false),
  });
}

export function useStartImport(options: { onSuccess?: (job: ProductImport) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: async (job) => {
      await queryClient.invalidateQueries({ queryKey: importKeys.all });
      options.onSuccess?.(job);
    },
  });
}

/** What a previewed import would do, per product; fetched once the preview is ready. */
export function useImportPreview(id: string | null, ready: boolean) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: importKeys.preview(workspaceId, id ?? ''),
    queryFn: () => apiFetch<ImportPreview>(`/products/imports/${encodeURIComponent(id ?? '')}/preview`),
    enabled: Boolean(id) && ready,
  });
}

/** The user's go-ahead: the import changes products only now. */
export function useConfirmImport(options: { onSuccess?: (job: ProductImport) => void } = {}) {
  const workspaceId = useWorkspaceId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ProductImport>(`/products/imports/${encodeURIComponent(id)}/confirm`, { method: 'POST' }),
    onSuccess: async (job) => {
      queryClient.setQueryData(importKeys.detail(workspaceId, job.id), job);
      await queryClient.invalidateQueries({ queryKey: importKeys.all });
      options.onSuccess?.(job);
    },
  });
}
