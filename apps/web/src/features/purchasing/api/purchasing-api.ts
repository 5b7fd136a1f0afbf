import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PurchaseOrder,
  PurchaseOrderInput,
  PurchaseOrderList,
  PurchaseOrderReceiveInput,
  Supplier,
  SupplierInput,
  SupplierList,
} from '@kelola/contracts/purchasing';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

/**
 * The purchasing feature's calls: suppliers (GET/POST/PUT/DELETE /api/suppliers) and purchase orders
 * (/api/purchase-orders with receive, close and cancel). A supplier write invalidates the suppliers; a purchase order
 * write invalidates the purchase orders, the suppliers (their order count) and the inventory (receiving posts a goods
 * receipt that adds stock).
 */
type Params = Record<string, string | number>;
export type PurchaseOrderRow = PurchaseOrderList['items'][number];
export type PurchaseOrderLine = PurchaseOrder['lines'][number];

/** The supplier select's page: every supplier the filter and the form can offer (the API's largest page). */
export const SUPPLIER_OPTIONS_SIZE = 200;

const supplierPath = (id: string) => `/suppliers/${encodeURIComponent(id)}`;
const orderPath = (id: string) => `/purchase-orders/${encodeURIComponent(id)}`;

export function useSuppliers(params: Params, enabled = true) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: queryKeys.suppliers.list(workspaceId, params),
    queryFn: () => apiFetch<SupplierList>('/suppliers', { query: params }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Supplier choices of a select (the filter of the purchase order list, the purchase order form). */
export function useSupplierOptions(enabled = true) {
  const list = useSuppliers({ page: 1, size: SUPPLIER_OPTIONS_SIZE }, enabled);
  return { ...list, options: (list.data?.items ?? []).map((supplier) => ({ value: supplier.id, label: supplier.name })) };
}

export type SupplierWrite = { id: string | null; body: SupplierInput } | { id: string; remove: true };

/** Add, edit or delete a supplier. */
export function useSupplierMutation(options: { onSuccess?: (variables: SupplierWrite) => void } = {}) {
  const client = useQueryClient();
  // The supplier as saved, or nothing after a delete (204).
  return useMutation<Supplier | undefined, Error, SupplierWrite>({
    mutationFn: (variables) => {
      if ('remove' in variables) return apiFetch<undefined>(supplierPath(variables.id), { method: 'DELETE' });
      return variables.id
        ? apiFetch<Supplier>(supplierPath(variables.id), { method: 'PUT', body: variables.body })
        : apiFetch<Supplier>('/suppliers', { method: 'POST', body: variables.body });
    },
    onSuccess: async (_result, variables) => {
      await client.invalidateQueries({ queryKey: queryKeys.suppliers.all });
      options.onSuccess?.(variables);
    },
  });
}

export function usePurchaseOrders(params: Params) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: queryKeys.purchaseOrders.list(workspaceId, params),
    queryFn: () => apiFetch<PurchaseOrderList>('/purchase-orders', { query: params }),
    placeholderData: keepPreviousData,
  });
}

export function usePurchaseOrder(id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: queryKeys.purchaseOrders.detail(workspaceId, id ?? ''),
    queryFn: () => apiFetch<PurchaseOrder>(orderPath(id ?? '')),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

function useInvalidateOrders() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.purchaseOrders.all }),
      client.invalidateQueries({ queryKey: queryKeys.suppliers.all }),
      client.invalidateQueries({ queryKey: queryKeys.inventory.all }),
    ]);
}

export function useCreatePurchaseOrder() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: PurchaseOrderInput) => apiFetch<PurchaseOrder>('/purchase-orders', { method: 'POST', body }),
    onSuccess: async () => {
      await invalidate();
    },
  });
}

export type PurchaseOrderAction =
  { kind: 'receive'; id: string; body: PurchaseOrderReceiveInput } | { kind: 'close'; id: string } | { kind: 'cancel'; id: string };

/** Receive a delivery, close the rest (it will not come) or cancel an order; the answer is the order as it is now. */
export function usePurchaseOrderAction(options: { onSuccess?: (order: PurchaseOrder, action: PurchaseOrderAction) => void } = {}) {
  const client = useQueryClient();
  const workspaceId = useWorkspaceId();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (action: PurchaseOrderAction) =>
      action.kind === 'receive'
        ? apiFetch<PurchaseOrder>(`${orderPath(action.id)}/receive`, { method: 'POST', body: action.body })
        : apiFetch<PurchaseOrder>(`${orderPath(action.id)}/${action.kind}`, { method: 'POST' }),
    onSuccess: async (order, action) => {
      client.setQueryData(queryKeys.purchaseOrders.detail(workspaceId, order.id), order);
      await invalidate();
      options.onSuccess?.(order, action);
    },
  });
}
