import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '@kelola/contracts/channels';
import type { Order } from '@kelola/contracts/orders';
import type {
  BulkFulfillmentResult,
  FulfillmentDetail,
  FulfillmentKind,
  FulfillmentList,
  FulfillmentUpdateInput,
  PickupSlotList,
} from '@kelola/contracts/fulfillment';
import type { FulfillmentAction } from '@kelola/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

/**
 * The fulfillment feature's calls. Every key is under `fulfillment` (lib/query-keys.ts); a step invalidates the
 * fulfillment keys, the order keys (the order's state moves) and the inventory keys (goods issue takes stock).
 */
type Params = Record<string, string | number>;
export type FulfillmentRow = FulfillmentList['items'][number];
export type BulkItem = BulkFulfillmentResult['items'][number];
export type CancellationReason = { id: string; label: string };

const keys = queryKeys.fulfillment;
/** The API base of each screen family: /fulfillment → marketplace orders, /delivery-order → own-courier orders. */
export const apiBase = (kind: FulfillmentKind) => (kind === 'fulfillment' ? '/fulfillment' : '/delivery-order');
const one = (kind: FulfillmentKind, id: string) => `${apiBase(kind)}/${encodeURIComponent(id)}`;

export function useFulfillmentList(kind: FulfillmentKind, params: Params) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.list(workspaceId, { kind, ...params }),
    queryFn: () => apiFetch<FulfillmentList>(apiBase(kind), { query: params }),
    placeholderData: keepPreviousData,
  });
}

/** One order with its step; refetched while the marketplace arranges its shipment. */
export function useFulfillment(kind: FulfillmentKind, id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.detail(workspaceId, `${kind}:${id ?? ''}`),
    queryFn: () => apiFetch<FulfillmentDetail>(one(kind, id ?? '')),
    enabled: Boolean(id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.fulfillment.shipment_state === 'SENDING' ? 2000 : false),
  });
}

export function useFulfillmentReasons(kind: FulfillmentKind, id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'reasons', kind, id ?? ''),
    queryFn: () => apiFetch<{ items: CancellationReason[] }>(`${one(kind, id ?? '')}/cancellation-reasons`),
    enabled: Boolean(id),
  });
}

/** The pickup time slots the marketplace offers now for an order waiting to ship (asked when the ship dialog opens). */
export function usePickupSlots(kind: FulfillmentKind, id: string | null, enabled: boolean) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'pickup-slots', kind, id ?? ''),
    queryFn: () => apiFetch<PickupSlotList>(`${one(kind, id ?? '')}/pickup-slots`),
    enabled: enabled && Boolean(id),
    staleTime: 0,
  });
}

export function useShops(enabled: boolean) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: queryKeys.channels.of(workspaceId, 'options'),
    queryFn: () => apiFetch<{ items: Channel[] }>('/channels'),
    enabled,
    staleTime: 60_000,
  });
}

/** The order a scanned order, receipt or delivery note number belongs to. */
export const lookupScan = (kind: FulfillmentKind, code: string) =>
  apiFetch<{ order_id: string }>(`${apiBase(kind)}/scan`, { query: { code } });
export const fetchFulfillment = (kind: FulfillmentKind, id: string) => apiFetch<FulfillmentDetail>(one(kind, id));

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: keys.all }),
      client.invalidateQueries({ queryKey: queryKeys.orders.all }),
      client.invalidateQueries({ queryKey: queryKeys.inventory.all }),
    ]);
}

/**
 * "Check stock again" on a short order, whose goods cannot be issued yet (POST /api/orders/:id/reserve-stock, ADR
 * 0069): the order as it is now, still `stock_short` when the stock has not arrived.
 */
export function useReserveOrderStock() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (orderId: string) => apiFetch<Order>(`/orders/${encodeURIComponent(orderId)}/reserve-stock`, { method: 'POST' }),
    onSuccess: async () => {
      await invalidate();
    },
  });
}

export type FulfillmentWrite =
  | { kind: 'step'; action: FulfillmentAction }
  | { kind: 'pack'; scanned: { code: string; quantity: number }[] }
  | { kind: 'ship'; method: 'PICKUP' | 'DROPOFF' | 'OWN_COURIER'; receipt_number?: string; pickup_slot_id?: string }
  | { kind: 'cancel'; reason_id: string; reason_detail: string }
  | { kind: 'update'; input: FulfillmentUpdateInput };

/** Every write on one order: a step, pack by scan, ship, cancel, update-order. */
export function useFulfillmentWrite(kind: FulfillmentKind, options: { onSuccess?: (detail: FulfillmentDetail) => void } = {}) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, write }: { id: string; write: FulfillmentWrite }) => {
      const url = one(kind, id);
      switch (write.kind) {
        case 'step':
          return apiFetch<FulfillmentDetail>(`${url}/steps`, { method: 'POST', body: { action: write.action } });
        case 'pack':
          return apiFetch<FulfillmentDetail>(`${url}/pack`, { method: 'POST', body: { scanned: write.scanned } });
        case 'ship':
          return apiFetch<FulfillmentDetail>(`${url}/ship`, {
            method: 'POST',
            body: {
              method: write.method,
              ...(write.receipt_number ? { receipt_number: write.receipt_number } : {}),
              ...(write.pickup_slot_id ? { pickup_slot_id: write.pickup_slot_id } : {}),
            },
          });
        case 'cancel':
          return apiFetch<FulfillmentDetail>(`${url}/cancel`, {
            method: 'POST',
            body: { reason_id: write.reason_id, reason_detail: write.reason_detail },
          });
        case 'update':
          return apiFetch<FulfillmentDetail>(url, { method: 'PUT', body: write.input });
      }
    },
    onSuccess: async (detail) => {
      await invalidate();
      options.onSuccess?.(detail);
    },
  });
}

/** One step on many orders; the server answers per order. */
export function useBulkStep(kind: FulfillmentKind) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { action: FulfillmentAction; order_ids: string[] }) =>
      apiFetch<BulkFulfillmentResult>(`${apiBase(kind)}/bulk`, { method: 'POST', body }),
    onSuccess: async () => {
      await invalidate();
    },
  });
}
