import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CustomerBalance,
  Invoice,
  InvoiceRow,
  Payment,
  WalletHistory,
  Withdrawal,
  WithdrawalSettings,
} from '@kelola/contracts/finance';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

type Params = Record<string, string | number>;
export type Paged<T> = { items: T[]; page: number; size: number; total_row: number };
export type PaymentChannel = {
  id: string;
  method: string;
  bank_code: string | null;
  bank_name: string | null;
  account_number: string | null;
  account_name: string | null;
  active: boolean;
};
export type CreditNote = {
  id: string;
  number: string;
  customer_id: string;
  customer_name: string;
  invoice_id: string | null;
  invoice_number: string | null;
  reason: string;
  target: 'INVOICE' | 'WALLET';
  amount: number;
  to_wallet: number;
  notes: string | null;
  created_at: string;
};
export type InvoiceableOrder = { order_id: string; order_number: string; order_date: string; amount: number; status: string };
export type CustomerOption = { id: string; code: string; name: string; credit_limit: number; store_type: string | null };

const keys = queryKeys.finance;

/** A fresh idempotency key per form opening: a double click or a retry of the same form posts once. */
export const newIdempotencyKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function usePaged<T>(path: string, name: string, params: Params, enabled = true) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.list(workspaceId, { name, ...params }),
    queryFn: () => apiFetch<Paged<T>>(path, { query: params }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useInvoices = (params: Params) => usePaged<InvoiceRow>('/finance/invoices', 'invoices', params);
export const usePayments = (params: Params) => usePaged<Payment>('/finance/payments', 'payments', params);
export const useCreditNotes = (params: Params) => usePaged<CreditNote>('/finance/credit-notes', 'credit-notes', params);
export const useWithdrawals = (params: Params) => usePaged<Withdrawal>('/finance/withdrawals', 'withdrawals', params);

export function useWalletHistory(customerId: string | undefined, params: Params) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'wallet', customerId ?? '', params),
    queryFn: () => apiFetch<WalletHistory>('/finance/wallet/history', { query: { ...params, customer_id: customerId ?? '' } }),
    enabled: Boolean(customerId),
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.detail(workspaceId, id ?? ''),
    queryFn: () => apiFetch<Invoice>(`/finance/invoices/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function useBalance(customerId: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'balance', customerId ?? ''),
    queryFn: () => apiFetch<CustomerBalance>(`/finance/customers/${encodeURIComponent(customerId ?? '')}/balance`),
    enabled: Boolean(customerId),
    staleTime: 0,
  });
}

export function usePaymentChannels() {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'channels'),
    queryFn: () => apiFetch<{ items: PaymentChannel[] }>('/finance/payment-channels'),
  });
}

export function useBanks() {
  return useQuery({
    queryKey: keys.of(null, 'banks'),
    queryFn: () => apiFetch<{ items: { code: string; name: string }[] }>('/finance/banks'),
    staleTime: Infinity,
  });
}

export function useWithdrawalSettings() {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'withdrawal-settings'),
    queryFn: () => apiFetch<WithdrawalSettings>('/finance/withdrawal-settings'),
  });
}

export function useInvoiceableOrders(customerId: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'invoiceable', customerId ?? ''),
    queryFn: () => apiFetch<{ items: InvoiceableOrder[] }>('/finance/invoiceable-orders', { query: { customer_id: customerId ?? '' } }),
    enabled: Boolean(customerId),
    staleTime: 0,
  });
}

/** Customers to choose from (the finance forms); the customer resource's own keys, searched by name or code. */
export function useCustomerOptions(q: string) {
  const workspaceId = useWorkspaceId();
  const params = { page: 1, size: 50, ...(q ? { q } : {}) };
  return useQuery({
    queryKey: queryKeys.customers.list(workspaceId, params),
    queryFn: () => apiFetch<Paged<CustomerOption>>('/customers', { query: params }),
    placeholderData: keepPreviousData,
  });
}

/** Any finance write: every finance list and balance is refreshed afterwards (a payment moves invoices and wallets). */
export function useFinanceMutation<V, R>(fn: (variables: V) => Promise<R>, onSuccess?: (result: R) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result) => {
      await client.invalidateQueries({ queryKey: keys.all });
      onSuccess?.(result);
    },
  });
}

export const financeApi = {
  createInvoice: (body: { order_ids: string[]; notes?: string | null; idempotency_key: string }) =>
    apiFetch<Invoice>('/finance/invoices', { method: 'POST', body }),
  cancelInvoice: (id: string) => apiFetch<Invoice>(`/finance/invoices/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
  saveChannel: (body: Record<string, unknown>) => apiFetch<PaymentChannel>('/finance/payment-channels', { method: 'POST', body }),
  createPayment: (body: Record<string, unknown>) => apiFetch<Payment>('/finance/payments', { method: 'POST', body }),
  decidePayment: (id: string, action: 'CONFIRM' | 'REJECT' | 'CANCEL', reason?: string) =>
    apiFetch<Payment>(`/finance/payments/${encodeURIComponent(id)}/decision`, { method: 'POST', body: { action, reason: reason ?? null } }),
  createCreditNote: (body: Record<string, unknown>) => apiFetch<CreditNote>('/finance/credit-notes', { method: 'POST', body }),
  requestWithdrawal: (body: Record<string, unknown>) => apiFetch<Withdrawal>('/finance/withdrawals', { method: 'POST', body }),
  actOnWithdrawal: (id: string, action: string, reason?: string) =>
    apiFetch<Withdrawal>(`/finance/withdrawals/${encodeURIComponent(id)}/actions`, {
      method: 'POST',
      body: { action, reason: reason ?? null },
    }),
  saveSettings: (body: Record<string, unknown>) => apiFetch<WithdrawalSettings>('/finance/withdrawal-settings', { method: 'PUT', body }),
};
