import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddStoreResult,
  AuthorizeBody,
  ChannelHealth,
  ConfirmStoreBody,
  FailedCall,
  Integration,
  IntegrationCode,
  MapWarehouseBody,
  ShopWarehouses,
  Store,
  StoreData,
  StoreForm,
  WarehouseMapping,
} from '@kelola/contracts/channel-shops';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

/** Shops live under the `channels` resource: a write here also refreshes the side menu's channel list (`me`). */
const keys = queryKeys.channels;
const id = encodeURIComponent;

export function useIntegrations() {
  const workspaceId = useWorkspaceId();
  return useQuery({ queryKey: keys.of(workspaceId, 'integrations'), queryFn: () => apiFetch<{ items: Integration[] }>('/integrations') });
}

export function useStores(params: { confirmed?: 'true' | 'false' } = {}) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'stores', params),
    queryFn: () => apiFetch<{ items: Store[] }>('/stores', { query: params }),
  });
}

export function useShopWarehouses(storeId: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'store-warehouses', storeId ?? ''),
    queryFn: () => apiFetch<ShopWarehouses>(`/stores/${id(storeId ?? '')}/warehouses`),
    enabled: Boolean(storeId),
    staleTime: 0,
  });
}

/** Refreshed every 30 s: the token countdown and the failed calls move by themselves. */
export function useChannelHealth(storeId: string | null) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'health', storeId ?? ''),
    queryFn: () => apiFetch<ChannelHealth>(`/stores/${id(storeId ?? '')}/health`),
    enabled: Boolean(storeId),
    refetchInterval: 30_000,
  });
}

export const startAuthorization = (code: IntegrationCode, redirectUrl: string) =>
  apiFetch<{ url: string; state: string }>(`/integrations/${id(code)}/auth-url`, { method: 'POST', body: { redirect_url: redirectUrl } });

export const authorizeIntegration = (code: IntegrationCode, body: AuthorizeBody) =>
  apiFetch<AddStoreResult>(`/integrations/${id(code)}/authorize`, { method: 'POST', body });

/** STYLE rule 9: every shop write invalidates the channel keys and the menu, then runs the caller's onSuccess. */
function useShopMutation<I, R>(fn: (input: I) => Promise<R>, onSuccess?: (result: R) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: keys.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.me.all });
      onSuccess?.(result);
    },
  });
}

export const useAuthorizeIntegration = (onSuccess?: (result: AddStoreResult) => void) =>
  useShopMutation((input: { code: IntegrationCode; body: AuthorizeBody }) => authorizeIntegration(input.code, input.body), onSuccess);

export const useAddStore = (onSuccess?: (result: AddStoreResult) => void) =>
  useShopMutation((form: StoreForm) => apiFetch<AddStoreResult>('/stores', { method: 'POST', body: form }), onSuccess);

export const useConfirmStore = (onSuccess?: (store: Store) => void) =>
  useShopMutation(
    (input: { storeId: string; body: ConfirmStoreBody }) =>
      apiFetch<Store>(`/stores/${id(input.storeId)}/confirm`, { method: 'POST', body: input.body }),
    onSuccess,
  );

/** Spec PUT /integration/{channel_id}/data: the shop's name, settings and (Blibli, Zalora) keys. */
export const useUpdateStoreData = (storeId: string) =>
  useShopMutation((body: StoreData) => apiFetch<Store>(`/stores/${id(storeId)}/data`, { method: 'PUT', body }));

export const useStoreConnection = (onSuccess?: (store: Store) => void) =>
  useShopMutation(
    (input: { storeId: string; action: 'disconnect' | 'reconnect' }) =>
      apiFetch<Store>(`/stores/${id(input.storeId)}/${input.action}`, { method: 'PUT' }),
    onSuccess,
  );

export const useMapWarehouse = (storeId: string) =>
  useShopMutation((body: MapWarehouseBody) =>
    apiFetch<WarehouseMapping>(`/stores/${id(storeId)}/warehouse-mappings`, { method: 'POST', body }),
  );

export const useMultiMapWarehouses = (storeId: string) =>
  useShopMutation((items: MapWarehouseBody[]) =>
    apiFetch<{ items: WarehouseMapping[] }>(`/stores/${id(storeId)}/warehouse-mappings/multi`, { method: 'POST', body: { items } }),
  );

export const useEditMapping = (storeId: string) =>
  useShopMutation((input: { mappingId: string; warehouseId: string }) =>
    apiFetch<WarehouseMapping>(`/stores/${id(storeId)}/warehouse-mappings/${id(input.mappingId)}`, {
      method: 'PUT',
      body: { warehouse_id: input.warehouseId },
    }),
  );

export const useUnmapWarehouse = (storeId: string) =>
  useShopMutation((mappingId: string) =>
    apiFetch<void>(`/stores/${id(storeId)}/warehouse-mappings/${id(mappingId)}`, { method: 'DELETE' }),
  );

export const useRetryFailedCall = (storeId: string) =>
  useShopMutation((callId: string) => apiFetch<FailedCall>(`/stores/${id(storeId)}/failed-calls/${id(callId)}/retry`, { method: 'POST' }));
