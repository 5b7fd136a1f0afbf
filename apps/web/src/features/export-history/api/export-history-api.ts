import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ExportList as ExportListSchema, ExportRecord } from '@kelola/contracts/catalog';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';
import { downloadFile } from '../../../lib/file-api.ts';

export type { ExportRecord };
export type ExportList = z.infer<typeof ExportListSchema>;

/** Export history keys: every export of the workspace, whatever module made it. */
export const exportHistoryKeys = queryKeys.exports;

const PENDING: readonly ExportRecord['status'][] = ['PROCESSING', 'RETRY'];

/** One page of the export history (GET /api/exports), polled every 3 s while an export on it is still being made. */
export function useExportHistory(params: Record<string, string | number>) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: exportHistoryKeys.list(workspaceId, params),
    queryFn: () => apiFetch<ExportList>('/exports', { query: params }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((item) => PENDING.includes(item.status)) ? 3_000 : false),
  });
}

/** Runs a failed export again (POST /api/exports/:id/retry); the list refreshes and follows it. */
export function useRetryExport() {
  const client = useQueryClient();
  const workspaceId = useWorkspaceId();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ExportRecord>(`/exports/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: exportHistoryKeys.workspace(workspaceId) }),
  });
}

/** A file size as B, KB or MB. */
export const fileSizeText = (bytes: number | null) =>
  bytes === null
    ? '-'
    : bytes < 1024
      ? `${bytes} B`
      : bytes < 1024 * 1024
        ? `${(bytes / 1024).toFixed(1)} KB`
        : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Saves a finished export's file (GET /api/exports/:id/file). */
export const downloadExport = (record: ExportRecord) => downloadFile(`/exports/${encodeURIComponent(record.id)}/file`, record.file_name);
