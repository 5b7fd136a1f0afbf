import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscountImpact, DiscountProgram, WebVoucher } from '@kelola/contracts/promotions';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

type Params = Record<string, string | number>;
export type DiscountSummary = Pick<
  DiscountProgram,
  | 'id'
  | 'program_name'
  | 'tier'
  | 'start_date'
  | 'end_date'
  | 'quota'
  | 'quota_used'
  | 'status'
  | 'inactive_reason'
  | 'format'
  | 'value'
  | 'created_by'
> & { item_count: number };
type Paged<T> = { items: T[]; page: number; size: number; total_row: number };

const keys = queryKeys.promotions;
const voucherKeys = queryKeys.webVouchers;

export function useDiscounts(params: Params, approval = false) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.list(workspaceId, { ...params, approval }),
    queryFn: () => apiFetch<Paged<DiscountSummary>>(approval ? '/promotions/approvals' : '/promotions/discounts', { query: params }),
    placeholderData: keepPreviousData,
  });
}

export function useDiscount(id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.detail(workspaceId, id ?? ''),
    queryFn: () => apiFetch<DiscountProgram>(`/promotions/discounts/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function useDiscountImpact(id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'impact', id ?? ''),
    queryFn: () => apiFetch<DiscountImpact>(`/promotions/discounts/${encodeURIComponent(id ?? '')}/impact`),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export const saveDiscount = (id: string | null, body: unknown) =>
  id
    ? apiFetch<DiscountProgram>(`/promotions/discounts/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : apiFetch<DiscountProgram>('/promotions/discounts', { method: 'POST', body });

/** Approve, reject (with a note) or another action of the state machine; refreshes every promotions query. */
export function useDiscountDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: string; action: string; note?: string }) =>
      action === 'APPROVE' || action === 'REJECT'
        ? apiFetch<DiscountProgram>(`/promotions/discounts/${encodeURIComponent(id)}/${action === 'APPROVE' ? 'approve' : 'reject'}`, {
            method: 'POST',
            body: { note: note ?? null },
          })
        : apiFetch<DiscountProgram>(`/promotions/discounts/${encodeURIComponent(id)}/action`, {
            method: 'POST',
            body: { action, note: note ?? null },
          }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.all });
    },
  });
}

export function useWebVouchers(params: Params) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: voucherKeys.list(workspaceId, params),
    queryFn: () => apiFetch<{ items: WebVoucher[]; page: number; limit: number; total_row: number }>('/web-vouchers', { query: params }),
    placeholderData: keepPreviousData,
  });
}

export function useWebVoucher(id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: voucherKeys.detail(workspaceId, id ?? ''),
    queryFn: () => apiFetch<WebVoucher>(`/web-vouchers/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export const saveWebVoucher = (editing: boolean, body: unknown) =>
  apiFetch<{ items: WebVoucher[] }>('/web-vouchers', { method: editing ? 'PUT' : 'POST', body });

export function useInvalidateVouchers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: voucherKeys.all });
}
