import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

/** Saves a finished export's file (GET /api/exports/:id/file). */
export const downloadExport = (record: ExportRecord) => downloadFile(`/exports/${encodeURIComponent(record.id)}/file`, record.file_name);
