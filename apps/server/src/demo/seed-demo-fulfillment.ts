import type { FulfillmentAction } from '@kelola/domain';
import { runFulfillmentStep } from '../flows/fulfillment-actions.ts';
import type { TenantCtx } from '../http/context.ts';
import { catalogRefsBySku } from '../modules/catalog/index.ts';
import { setBinLocation } from '../modules/documents/index.ts';
import { listOrders } from '../modules/orders/index.ts';

/** Where the demo's goods lie in the Jakarta warehouse: the picking list walks aisle A (T-shirts), then B (coffee). */
export const DEMO_JAKARTA_BINS: [sku: string, location: string][] = [
  ['KPK-HITAM-M', 'A-01-1'],
  ['KPK-HITAM-L', 'A-01-2'],
  ['KPK-PUTIH-M', 'A-02-1'],
  ['KPK-PUTIH-L', 'A-02-2'],
  ['KOPI-GAYO-250', 'B-03-1'],
];

/** The Bandung warehouse holds the coffee the demo's marketplace shops sell. */
export const DEMO_BANDUNG_BINS: [sku: string, location: string][] = [['KOPI-GAYO-250', 'K-01-3']];

/** Bin locations of a warehouse's SKUs (shown on its warehouse page, used by the picking list). */
export async function seedDemoBins(ctx: TenantCtx, warehouseId: string, bins: [sku: string, location: string][]): Promise<void> {
  const ids = new Map(
    (
      await catalogRefsBySku(
        ctx,
        bins.map(([sku]) => sku),
      )
    ).map((c) => [c.sku, c.id]),
  );
  for (const [sku, location] of bins) {
    const catalogId = ids.get(sku);
    if (catalogId) await setBinLocation(ctx, { warehouse_id: warehouseId, catalog_id: catalogId, location });
  }
}

/**
 * The demo's delivery orders at several warehouse steps (issue 14), from the manual orders the order seed made, so
 * /delivery-order shows every tab on first start: the confirmed one waits for picking, the one in process is picked
 * and packed, the one ready to ship is packed and has its goods issued (a delivery note number, stock out of on-hand;
 * the Jakarta warehouse holds the coffee and the T-shirts it needs), and the shipped ones show as shipped. The orders
 * keep their states.
 */
export async function seedDemoFulfillment(ctx: TenantCtx): Promise<void> {
  const plan: { tab: 'on_process' | 'ready_to_ship'; actions: FulfillmentAction[] }[] = [
    { tab: 'on_process', actions: ['CONFIRM_PICK', 'CONFIRM_PACK'] },
    { tab: 'ready_to_ship', actions: ['CONFIRM_PICK', 'CONFIRM_PACK', 'COMPLETE_PACKING', 'ISSUE_GOODS'] },
  ];
  for (const { tab, actions } of plan) {
    const list = await listOrders(ctx, { page: 1, size: 1, tab, source: 'MANUAL', sort: '-order_date' });
    const order = list.items[0];
    if (!order) continue;
    for (const action of actions) {
      if (action === 'ISSUE_GOODS' && order.stock_short) break;
      await runFulfillmentStep(ctx, 'delivery-order', order.id, action);
    }
  }
}
