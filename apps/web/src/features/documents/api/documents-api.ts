import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ExportRecord } from '@kelola/contracts/catalog';
import { API_BASE, apiFetch } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { getAccessToken, getStoredWorkspaceId } from '../../../lib/auth-session.ts';
import { downloadFile } from '../../../lib/file-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

export type DocumentKind = 'labels' | 'picking-list' | 'packing-lists';
export type ExportKind = 'fulfillment' | 'delivery-order';
export type { ExportRecord };

/** A printed document as a PDF blob: POST (printing counts a print of each order) with the bearer token. */
export async function fetchDocument(kind: DocumentKind, orderIds: readonly string[]): Promise<Blob> {
  const headers = new Headers({ 'content-type': 'application/json' });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const workspaceId = new URLSearchParams(window.location.search).get('workspace_id') ?? getStoredWorkspaceId();
  if (workspaceId) headers.set('Workspace-Id', workspaceId);
  const response = await fetch(`${API_BASE}/documents/${kind}`, {
    method: 'POST',
    headers,
    credentials: 'include',
    body: JSON.stringify({ order_ids: orderIds }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(response.status, body.code ?? `HTTP_${response.status}`, body.message ?? response.statusText);
  }
  return response.blob();
}

/** The printed document of these orders, fetched once per page view. */
export function useDocument(kind: DocumentKind, orderIds: readonly string[]) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: queryKeys.documents.detail(workspaceId, `${kind}:${orderIds.join(',')}`),
    queryFn: () => fetchDocument(kind, orderIds),
    enabled: orderIds.length > 0,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export type OrderRow = {
  id: string;
  order_number: string;
  order_date: string;
  status: string;
  buyer_name: string | null;
  courier_name: string | null;
  receipt_number: string | null;
  total_item: number;
};
type OrderPage = { items: OrderRow[]; total_row: number };

/** The orders to choose from on /fulfillment/label (marketplace) or /delivery-order/label (manual). */
export function useLabelOrders(kind: ExportKind, params: Record<string, string | number>) {
  const workspaceId = useWorkspaceId();
  const query = { ...params, source: kind === 'fulfillment' ? 'MARKETPLACE' : 'MANUAL' };
  return useQuery({
    queryKey: queryKeys.orders.list(workspaceId, { ...query, for: 'documents' }),
    queryFn: () => apiFetch<OrderPage>('/orders', { query }),
    placeholderData: keepPreviousData,
  });
}

export type PrintStatus = { order_id: string; kind: 'label' | 'picking' | 'packing'; print_count: number };

/** How often each document of the listed orders was printed. */
export function usePrintStatus(orderIds: readonly string[]) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: queryKeys.documents.list(workspaceId, { prints: orderIds.join(',') }),
    queryFn: () => apiFetch<{ items: PrintStatus[] }>('/documents/prints', { query: { order_ids: orderIds.join(',') } }),
    enabled: orderIds.length > 0,
  });
}

export type OrderExportBody = {
  date_from?: string;
  date_to?: string;
  format: 'xlsx' | 'csv';
  warehouse_id?: string;
  courier?: string;
  payment_status?: string;
  printed?: 'printed' | 'not_printed';
};

const exportBase = (kind: ExportKind) => (kind === 'fulfillment' ? '/fulfillment/exports' : '/delivery-orders/exports');

export function useStartOrderExport(kind: ExportKind, onSuccess: (record: ExportRecord) => void) {
  return useMutation({
    mutationFn: (body: OrderExportBody) => apiFetch<ExportRecord>(exportBase(kind), { method: 'POST', body }),
    onSuccess,
  });
}

/** An order export while its job runs: polled every 2 s until done or failed. */
export function useOrderExport(kind: ExportKind, id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: queryKeys.exports.detail(workspaceId, id ?? ''),
    queryFn: () => apiFetch<ExportRecord>(`${exportBase(kind)}/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && ['DONE', 'FAILED'].includes(query.state.data.status) ? false : 2_000),
  });
}

export const downloadOrderExport = (kind: ExportKind, record: ExportRecord) =>
  downloadFile(`${exportBase(kind)}/${encodeURIComponent(record.id)}/file`, record.file_name);
