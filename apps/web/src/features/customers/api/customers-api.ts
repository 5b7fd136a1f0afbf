import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerImport, CustomerInput } from '@kelola/contracts/customers';
import { apiFetch } from '../../../lib/api-client.ts';
import { fileToBase64 } from '../../../lib/file-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

type Params = Record<string, string | number>;
export type CustomerCategory = { id: string; name: string; description: string | null; customer_count: number };
type Paged<T> = { items: T[]; page: number; size: number; total_row: number };

/** Query keys of customers and their categories; every write invalidates `customersKeys.all`. */
export const customersKeys = {
  ...queryKeys.customers,
  categories: (workspaceId: string | null) => queryKeys.customers.of(workspaceId, 'categories'),
};

export function useCustomers(params: Params) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: customersKeys.list(workspaceId, params),
    queryFn: () => apiFetch<Paged<Customer>>('/customers', { query: params }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: customersKeys.detail(workspaceId, id ?? ''),
    queryFn: () => apiFetch<Customer>(`/customers/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function useCustomerCategories() {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: customersKeys.categories(workspaceId),
    queryFn: () => apiFetch<{ items: CustomerCategory[] }>('/customer-categories'),
  });
}

export const saveCustomer = (id: string | null, body: CustomerInput) =>
  id
    ? apiFetch<Customer>(`/customers/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : apiFetch<Customer>('/customers', { method: 'POST', body });

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: customersKeys.all });
}

export function useDeleteCustomer() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/customers/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: async () => {
      await invalidate();
    },
  });
}

type CategoryVariables = { id: string | null; body: { name: string; description?: string | null } } | { id: string; remove: true };

/** Create, rename or delete a customer category. */
export function useCategoryMutation(options: { onSuccess?: () => void } = {}) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (variables: CategoryVariables) => {
      if ('remove' in variables) return apiFetch<unknown>(`/customer-categories/${encodeURIComponent(variables.id)}`, { method: 'DELETE' });
      return variables.id
        ? apiFetch<unknown>(`/customer-categories/${encodeURIComponent(variables.id)}`, { method: 'PUT', body: variables.body })
        : apiFetch<unknown>('/customer-categories', { method: 'POST', body: variables.body });
    },
    onSuccess: async () => {
      await invalidate();
      options.onSuccess?.();
    },
  });
}

// Import and export (ADR 0042 §3).

export const CUSTOMER_TEMPLATE_PATH = '/customers/import/template';
export const customerImportErrorsPath = (id: string) => `/customers/imports/${encodeURIComponent(id)}/errors`;

/** Uploads a customer sheet: the answer is its preview (nothing is written until it is confirmed). */
export function usePreviewCustomerImport() {
  return useMutation({
    mutationFn: async (file: File) =>
      apiFetch<CustomerImport>('/customers/imports', {
        method: 'POST',
        body: { file_name: file.name, content_base64: await fileToBase64(file) },
      }),
  });
}

export function useConfirmCustomerImport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiFetch<CustomerImport>(`/customers/imports/${encodeURIComponent(id)}/confirm`, { method: 'POST' }),
    onSuccess: async () => {
      await invalidate();
    },
  });
}

/** Queues an export of the customers the list shows (search and category); the file is in the export history. */
export function useExportCustomers() {
  return useMutation({
    mutationFn: (filters: { q?: string | undefined; category_id?: string | undefined }) =>
      apiFetch<{ id: string; file_name: string }>('/customers/exports', {
        method: 'POST',
        body: Object.fromEntries(Object.entries(filters).filter(([, v]) => v)),
      }),
  });
}
