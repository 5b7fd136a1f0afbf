import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminVoucher, DiscountImpact, DiscountProgram, ShopeePromotion, UsedVoucher, WebVoucher } from '@kelola/contracts/promotions';
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

// Admin vouchers (/promotion-channel/:id/voucher) and used vouchers

type PagedLimit<T> = { items: T[]; page: number; limit: number; total_row: number };

export function useAdminVouchers(params: Params) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'admin-vouchers', params),
    queryFn: () => apiFetch<PagedLimit<AdminVoucher>>('/vouchers', { query: params }),
    placeholderData: keepPreviousData,
  });
}

export const saveAdminVoucher = (body: unknown) => apiFetch<AdminVoucher>('/vouchers', { method: 'POST', body });

/** Approve (a checker) or cancel an admin voucher; refreshes every promotions query. */
export function useAdminVoucherAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'APPROVE' | 'CANCEL' }) =>
      apiFetch<AdminVoucher>(`/vouchers/${encodeURIComponent(id)}/${action === 'APPROVE' ? 'approve' : 'cancel'}`, {
        method: 'POST',
        notify: true,
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.all });
    },
  });
}

/** Who used which voucher on which order: admin vouchers, or web-store vouchers (`web`). */
export function useUsedVouchers(params: Params, web = false, enabled = true) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: (web ? voucherKeys : keys).of(workspaceId, 'used', params),
    queryFn: () => apiFetch<PagedLimit<UsedVoucher>>(web ? '/web-vouchers/used' : '/vouchers/used', { query: params }),
    enabled,
  });
}

// Shopee promotions (/promotion-channel/:id/list, /create, /edit/:promotionId when :id is a Shopee shop)

export type ShopeePromotionSummary = Omit<ShopeePromotion, 'items' | 'failures'>;

/** Whether a channel id is a Shopee shop of this workspace (its promotion sync status answers), and that status. */
export function useShopeeSyncStatus(shopId: string) {
  const workspaceId = useWorkspaceId();
  const looksLikeId = /^[0-9a-f-]{36}$/iu.test(shopId);
  return useQuery({
    queryKey: keys.of(workspaceId, 'shopee-sync', shopId),
    queryFn: () =>
      apiFetch<{ status: string; synced: number; last_synced_at: string | null; error: string | null }>('/shopee-promotions/sync-status', {
        query: { shop_id: shopId },
      }),
    enabled: looksLikeId,
    retry: false,
  });
}

export function useShopeePromotions(params: Params) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'shopee', params),
    queryFn: () => apiFetch<PagedLimit<ShopeePromotionSummary>>('/shopee-promotions', { query: params }),
    placeholderData: keepPreviousData,
  });
}

export function useShopeePromotion(id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'shopee-detail', id ?? ''),
    queryFn: () => apiFetch<ShopeePromotion>(`/shopee-promotions/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export const saveShopeePromotion = (id: string | null, body: unknown) =>
  id
    ? apiFetch<ShopeePromotion>(`/shopee-promotions/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : apiFetch<ShopeePromotion>('/shopee-promotions', { method: 'POST', body });

/** Sync all, end or delete; refreshes every promotions query; failures show Shopee's message. */
export function useShopeeAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id, shopId }: { action: 'SYNC' | 'END' | 'DELETE'; id?: string; shopId?: string }) =>
      action === 'SYNC'
        ? apiFetch('/shopee-promotions/sync', { method: 'POST', body: { shop_id: shopId }, notify: true })
        : action === 'END'
          ? apiFetch(`/shopee-promotions/${encodeURIComponent(id ?? '')}/end`, { method: 'POST', notify: true })
          : apiFetch(`/shopee-promotions/${encodeURIComponent(id ?? '')}`, { method: 'DELETE', notify: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.all });
    },
  });
}

export function useInvalidatePromotions() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}
