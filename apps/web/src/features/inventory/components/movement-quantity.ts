import type { StockMovement } from '../api/movement-api.ts';

/**
 * The change a ledger row made, signed by its direction: on hand when it moved, else in order (reservations), else
 * the stock set aside for a channel (allocation changes).
 */
export function signedQuantity(
  row: Pick<
    StockMovement,
    'quantity' | 'on_hand_before' | 'on_hand_after' | 'in_order_before' | 'in_order_after' | 'allocated_before' | 'allocated_after'
  >,
): number {
  const delta =
    row.on_hand_after - row.on_hand_before ||
    row.in_order_after - row.in_order_before ||
    (row.allocated_after ?? 0) - (row.allocated_before ?? 0);
  return delta < 0 ? -Math.abs(row.quantity) : Math.abs(row.quantity);
}
