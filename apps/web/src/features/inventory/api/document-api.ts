import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Adjustment, AdjustmentInput, GoodsReceipt, GoodsReceiptInput } from '@kelola/contracts/inventory';
import { apiFetch } from '../../../lib/api-client.ts';
import { useBusinessId, useWorkspaceId, withBusinessKey } from '../../../lib/workspace-query.ts';
import { inventoryKeys } from './inventory-keys.ts';

type Params = Record<string, string | number>;
type Paged<T> = { items: T[]; page: number; size: number; total_row: number };

export type GoodsReceiptRow = Omit<GoodsReceipt, 'lines'>;
export type AdjustmentRow = Omit<Adjustment, 'items'>;

const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;
const RECEIPTS = '/inventory/goods-receipts';
const ADJUSTMENTS = '/inventory/adjustments';

export const fetchGoodsReceipts = (params: Params) => apiFetch<Paged<GoodsReceiptRow>>(RECEIPTS, { query: params });
export const fetchGoodsReceipt = (id: string) => apiFetch<GoodsReceipt>(path(RECEIPTS, id));
export const createGoodsReceipt = (input: GoodsReceiptInput) => apiFetch<GoodsReceipt>(RECEIPTS, { method: 'POST', body: input });
export const postGoodsReceipt = (id: string) => apiFetch<GoodsReceipt>(`${path(RECEIPTS, id)}/post`, { method: 'POST' });

export const fetchAdjustments = (params: Params) => apiFetch<Paged<AdjustmentRow>>(ADJUSTMENTS, { query: params });
export const fetchAdjustment = (id: string) => apiFetch<Adjustment>(path(ADJUSTMENTS, id));
export const createAdjustment = (input: AdjustmentInput) => apiFetch<Adjustment>(ADJUSTMENTS, { method: 'POST', body: input });
export const updateAdjustment = (id: string, input: AdjustmentInput) =>
  apiFetch<Adjustment>(path(ADJUSTMENTS, id), { method: 'PUT', body: input });
export const postAdjustment = (id: string) => apiFetch<Adjustment>(`${path(ADJUSTMENTS, id)}/post`, { method: 'POST' });

/** One page of goods receipts (warehouse, status, catalog_id, page, size, sort); the previous page stays while the next loads. */
export function useGoodsReceipts(params: Params) {
  const workspaceId = useWorkspaceId();
  const businessId = useBusinessId();
  return useQuery({
    queryKey: inventoryKeys.goodsReceiptList(workspaceId, withBusinessKey(params, businessId)),
    queryFn: () => fetchGoodsReceipts(params),
    placeholderData: keepPreviousData,
  });
}

export function useGoodsReceipt(id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: inventoryKeys.goodsReceipt(workspaceId, id ?? ''),
    queryFn: () => fetchGoodsReceipt(id ?? ''),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function useAdjustments(params: Params) {
  const workspaceId = useWorkspaceId();
  const businessId = useBusinessId();
  return useQuery({
    queryKey: inventoryKeys.adjustmentList(workspaceId, withBusinessKey(params, businessId)),
    queryFn: () => fetchAdjustments(params),
    placeholderData: keepPreviousData,
  });
}

export function useAdjustment(id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: inventoryKeys.adjustment(workspaceId, id ?? ''),
    queryFn: () => fetchAdjustment(id ?? ''),
    enabled: Boolean(id),
    // The form must start from the saved document, not a copy from before someone else's edit or posting.
    staleTime: 0,
  });
}

type MutationOptions<R> = { onSuccess?: (result: R) => void };
type Scope = 'receipts' | 'adjustments' | 'stock';

/**
 * STYLE rule 9: invalidate, then call the caller's onSuccess. A posting moves stock, so it invalidates the whole
 * inventory feature (balances, ledger, documents); a draft only changes its own document lists.
 */
function useDocumentMutation<I, R extends { id: string }>(
  fn: (input: I) => Promise<R>,
  scopeOf: (result: R) => Scope,
  options: MutationOptions<R>,
) {
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result) => {
      const scope = scopeOf(result);
      const keys =
        scope === 'stock'
          ? [inventoryKeys.all]
          : scope === 'receipts'
            ? [inventoryKeys.goodsReceipts(workspaceId), inventoryKeys.inbound(workspaceId)]
            : [inventoryKeys.adjustments(workspaceId)];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      // The answer is the saved document: the screen it opens next shows it at once.
      const isReceipt = 'lines' in result;
      queryClient.setQueryData(
        isReceipt ? inventoryKeys.goodsReceipt(workspaceId, result.id) : inventoryKeys.adjustment(workspaceId, result.id),
        result,
      );
      options.onSuccess?.(result);
    },
  });
}

export const useCreateGoodsReceipt = (options: MutationOptions<GoodsReceipt> = {}) =>
  useDocumentMutation(createGoodsReceipt, (result) => (result.status === 'POSTED' ? 'stock' : 'receipts'), options);
export const usePostGoodsReceipt = (options: MutationOptions<GoodsReceipt> = {}) =>
  useDocumentMutation(postGoodsReceipt, () => 'stock', options);
export const useCreateAdjustment = (options: MutationOptions<Adjustment> = {}) =>
  useDocumentMutation(createAdjustment, () => 'adjustments', options);
export const useUpdateAdjustment = (id: string, options: MutationOptions<Adjustment> = {}) =>
  useDocumentMutation(
    (input: AdjustmentInput) => updateAdjustment(id, input),
    () => 'adjustments',
    options,
  );
export const usePostAdjustment = (options: MutationOptions<Adjustment> = {}) => useDocumentMutation(postAdjustment, () => 'stock', options);
