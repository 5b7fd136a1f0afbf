import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelProductList } from '@kelola/contracts/channel-products';
import type {
  DistributorImagesInput,
  DistributorProduct,
  DistributorProductEdit,
  DistributorProductInput,
} from '@kelola/contracts/distributor-channel';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

const keys = queryKeys.channelProducts;
const channelPath = (channelId: string) => `/distributor-channels/${encodeURIComponent(channelId)}`;

export function useDistributorProducts(channelId: string, params: { status: string; page: number; size: number }) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.list(workspaceId, { distributor: channelId, ...params }),
    queryFn: () => apiFetch<ChannelProductList>(`${channelPath(channelId)}/products`, { query: params }),
  });
}

export function useDistributorProduct(channelId: string, productId: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: keys.of(workspaceId, 'distributor-product', channelId, productId ?? ''),
    queryFn: () => apiFetch<DistributorProduct>(`${channelPath(channelId)}/products/${encodeURIComponent(productId ?? '')}`),
    enabled: Boolean(productId),
  });
}

/** Creates (no `productId`) or edits a distributor product. */
export function useSaveDistributorProduct(channelId: string, productId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DistributorProductInput | DistributorProductEdit) =>
      productId
        ? apiFetch<DistributorProduct>(`${channelPath(channelId)}/products/${encodeURIComponent(productId)}`, { method: 'PUT', body })
        : apiFetch<DistributorProduct>(`${channelPath(channelId)}/products`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Spec add-delete-images: the kept images and the new ones. */
export function useSetDistributorImages(channelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: string } & DistributorImagesInput) => {
      const { productId, ...body } = input;
      return apiFetch<DistributorProduct>(`${channelPath(channelId)}/products/${encodeURIComponent(productId)}/images`, {
        method: 'POST',
        body,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
