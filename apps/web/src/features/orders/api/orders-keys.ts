/**
 * Query keys of the orders feature (one factory, every resource under `orders`). The workspace is part of every key:
 * the same user sees other orders in another workspace. An order action invalidates `ordersKeys.all` (the list, its
 * tab counts and the detail change together) and the inventory keys (stock is reserved or released).
 */
const scope = (workspaceId: string | null) => ['orders', workspaceId ?? 'default'] as const;
type Params = Record<string, string | number>;

export const ordersKeys = {
  all: ['orders'] as const,
  list: (workspaceId: string | null, params: Params) => [...scope(workspaceId), 'list', params] as const,
  detail: (workspaceId: string | null, id: string) => [...scope(workspaceId), 'detail', id] as const,
  reasons: (workspaceId: string | null, orderId: string) => [...scope(workspaceId), 'cancellation-reasons', orderId] as const,
  channels: (workspaceId: string | null) => [...scope(workspaceId), 'channels'] as const,
};
