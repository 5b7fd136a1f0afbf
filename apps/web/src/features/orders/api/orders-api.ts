import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '@kelola/contracts/channels';
import type { Customer } from '@kelola/contracts/customers';
import type {
  ManualOrderInput,
  ManualPricePreview,
  ManualVoucherCheck,
  ManualOrderQuote,
  ManualOrderQuoteInput,
  ManualVoucherCheckInput,
  Order,
  OrderCancelInput,
  OrderList,
} from '@kelola/contracts/orders';
import { queryKeys } from '../../../lib/query-keys.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';
import { ordersKeys } from './orders-keys.ts';

type Params = Record<string, string | number>;

export type OrderRow = OrderList['items'][number];
export type OrderActionName = 'accept' | 'reject' | 'accept-cancel' | 'refuse-cancel';
export type CancellationReason = { id: string; label: string };
export type BulkResultItem = { order_id: string; ok: boolean; code: string | null; status: string | null };

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

export const fetchOrders = (params: Params) => apiFetch<OrderList>('/orders', { query: params });
export const fetchOrder = (id: string) => apiFetch<Order>(orderPath(id));
export const fetchCancellationReasons = (orderId: string) =>
  apiFetch<{ items: CancellationReason[] }>(`${orderPath(orderId)}/cancellation-reasons`);

/** One page of orders with the count of every tab for the same filters; the previous page stays while the next loads. */
export function useOrders(params: Params) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: ordersKeys.list(workspaceId, params),
    queryFn: () => fetchOrders(params),
    placeholderData: keepPreviousData,
  });
}

/** One order with lines, amounts and timeline; refetched while a marketplace action is being sent. */
export function useOrder(id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: ordersKeys.detail(workspaceId, id ?? ''),
    queryFn: () => fetchOrder(id ?? ''),
    enabled: Boolean(id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.marketplace_action?.state === 'SENDING' ? 3000 : false),
  });
}

/** The channel's own cancellation reasons for this order (manual orders get the sales-manual list). */
export function useCancellationReasons(orderId: string | null, manual = false) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: ordersKeys.reasons(workspaceId, manual ? 'manual' : (orderId ?? '')),
    queryFn: () =>
      manual ? apiFetch<{ items: CancellationReason[] }>('/manual-orders/cancellation-reasons') : fetchCancellationReasons(orderId ?? ''),
    enabled: Boolean(orderId),
  });
}

/** The workspace's shops, for the shop filter and the channel names of /sales-channel/:id. */
export function useOrderChannels(enabled = true) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: ordersKeys.channels(workspaceId),
    queryFn: () => apiFetch<{ items: Channel[] }>('/channels'),
    enabled,
    staleTime: 60_000,
  });
}

function useInvalidateOrders() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: ordersKeys.all }), client.invalidateQueries({ queryKey: queryKeys.inventory.all })]);
}

export type ManualStateAction = 'CONFIRM' | 'PAY' | 'PROCESS' | 'READY' | 'SHIP' | 'DELIVER' | 'COMPLETE' | 'CONFIRM_CANCEL';

type ActionVariables =
  | { kind: 'action'; orderId: string; action: OrderActionName }
  | { kind: 'cancel'; orderId: string; input: OrderCancelInput; manual?: boolean }
  | { kind: 'state'; orderId: string; action: ManualStateAction }
  | { kind: 'retry'; orderId: string }
  | { kind: 'reserve-stock'; orderId: string };

/**
 * Accept, reject, accept or refuse a cancel request, cancel with a reason, resend a failed marketplace action, or
 * reserve a short order's stock again (ADR 0069).
 */
export function useOrderAction(options: { onSuccess?: (order: Order, variables: ActionVariables) => void } = {}) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (variables: ActionVariables) => {
      if (variables.kind === 'cancel' && variables.manual)
        return apiFetch<Order>(`/manual-orders/${encodeURIComponent(variables.orderId)}/cancel`, { method: 'PUT', body: variables.input });
      if (variables.kind === 'state')
        return apiFetch<Order>(`/manual-orders/${encodeURIComponent(variables.orderId)}/state`, {
          method: 'PUT',
          body: { action: variables.action },
        });
      if (variables.kind === 'cancel')
        return apiFetch<Order>(`${orderPath(variables.orderId)}/cancel`, { method: 'POST', body: variables.input });
      if (variables.kind === 'retry') return apiFetch<Order>(`${orderPath(variables.orderId)}/retry-marketplace`, { method: 'POST' });
      if (variables.kind === 'reserve-stock') return apiFetch<Order>(`${orderPath(variables.orderId)}/reserve-stock`, { method: 'POST' });
      return apiFetch<Order>(`${orderPath(variables.orderId)}/${variables.action}`, { method: 'POST' });
    },
    onSuccess: async (order, variables) => {
      await invalidate();
      options.onSuccess?.(order, variables);
    },
  });
}

type BulkVariables = { action: 'ACCEPT' | 'CANCEL'; order_ids: string[]; reason_id?: string; reason_detail?: string };

/** Bulk accept or cancel: the server answers one result per order. */
export function useBulkOrderAction(options: { onSuccess?: (items: BulkResultItem[]) => void } = {}) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: BulkVariables) => apiFetch<{ items: BulkResultItem[] }>('/orders/bulk', { method: 'POST', body }),
    onSuccess: async ({ items }) => {
      await invalidate();
      options.onSuccess?.(items);
    },
  });
}

/** Save a manual order as a draft or confirm it at once (stock reserved); prices left empty come from pricing. */
export function useCreateManualOrder(options: { onSuccess?: (order: Order) => void } = {}) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: ManualOrderInput) => apiFetch<Order>('/manual-orders', { method: 'POST', body }),
    onSuccess: async (order) => {
      await invalidate();
      options.onSuccess?.(order);
    },
  });
}

/** Saves a manual DRAFT order edited with the create form (PUT /api/manual-orders/:id; `confirm` confirms it). */
export function useEditManualOrder(options: { onSuccess?: (order: Order) => void } = {}) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ManualOrderInput }) =>
      apiFetch<Order>(`/manual-orders/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: async (order) => {
      await invalidate();
      options.onSuccess?.(order);
    },
  });
}

/** Customers for the manual order's customer select (GET /api/customers?q=). */
export function useCustomerOptions(q: string) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: queryKeys.customers.of(workspaceId, 'options', q),
    queryFn: () => apiFetch<{ items: Customer[] }>('/customers', { query: { page: 1, size: 20, q: q || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The prices the manual form's lines would get for the chosen customer (area and store type) on the order date,
 * and which rule applied (area price, formula price, base price): the rule saving the order uses.
 */
export function useManualPrices(customerId: string | undefined, orderDate: string | undefined, catalogIds: readonly string[]) {
  const workspaceId = useWorkspaceId();
  const ids = [...new Set(catalogIds)].sort();
  return useQuery({
    queryKey: ordersKeys.manualPrices(workspaceId, customerId ?? '', orderDate ?? '', ids),
    queryFn: () =>
      apiFetch<ManualPricePreview>('/manual-orders/price-preview', {
        method: 'POST',
        body: { customer_id: customerId ?? null, order_date: orderDate, catalog_ids: ids },
      }),
    enabled: ids.length > 0 && Boolean(orderDate),
    placeholderData: keepPreviousData,
  });
}

/** The form's lines priced as saving would price them (a discount programme's price before saving). */
export function useManualQuote(body: ManualOrderQuoteInput | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: ordersKeys.manualQuote(workspaceId, JSON.stringify(body)),
    queryFn: () => apiFetch<ManualOrderQuote>('/manual-orders/quote', { method: 'POST', body }),
    enabled: body !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/**
 * What the typed voucher code would take off the manual form before saving (POST /api/manual-orders/voucher-check):
 * the save's rules on the form's lines, discount and shipping fee, nothing used. A refused code is the query's error,
 * with the field error the save would give. `null` asks nothing (no code, or no line yet).
 */
export function useManualVoucher(body: ManualVoucherCheckInput | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: ordersKeys.manualVoucher(workspaceId, JSON.stringify(body)),
    queryFn: () => apiFetch<ManualVoucherCheck>('/manual-orders/voucher-check', { method: 'POST', body }),
    enabled: body !== null,
    retry: false,
  });
}
