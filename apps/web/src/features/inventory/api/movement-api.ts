import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MovementList as MovementListSchema, StockMovement as StockMovementSchema } from '@kelola/contracts/inventory';
import { apiFetch } from '../../../lib/api-client.ts';
import { useBusinessId, useWorkspaceId, withBusinessKey } from '../../../lib/workspace-query.ts';
import { inventoryKeys } from './inventory-keys.ts';

export type StockMovement = z.infer<typeof StockMovementSchema>;
export type MovementList = z.infer<typeof MovementListSchema>;

export const fetchMovements = (params: Record<string, string | number>) =>
  apiFetch<MovementList>('/inventory/movements', { query: params });
export const fetchMovement = (id: string) => apiFetch<StockMovement>(`/inventory/movements/${encodeURIComponent(id)}`);

/** One page of the ledger, newest first by default; the previous page stays while the next loads. */
export function useMovements(params: Record<string, string | number>) {
  const workspaceId = useWorkspaceId();
  const businessId = useBusinessId();
  return useQuery({
    queryKey: inventoryKeys.movementList(workspaceId, withBusinessKey(params, businessId)),
    queryFn: () => fetchMovements(params),
    placeholderData: keepPreviousData,
  });
}

/** One ledger row: written once, never changed. */
export function useMovement(id: string | undefined) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: inventoryKeys.movement(workspaceId, id ?? ''),
    queryFn: () => fetchMovement(id ?? ''),
    enabled: Boolean(id),
  });
}
