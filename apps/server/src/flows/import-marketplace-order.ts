import type { OrderSyncStatus } from '@kelola/contracts';
import { isNewerMarketplaceStatus, mapMarketplaceStatus, ZERO_CHARGES, type OrderMarketplace, type OrderStatus } from '@kelola/domain';
import type { z } from 'zod';
import type { TenantCtx } from '../http/context.ts';
import { catalogRefsBySku } from '../modules/catalog/index.ts';
import {
  fetchMarketplaceOrders,
  getChannel,
  reconcileConnection,
  type InboxRow,
  type MarketplaceOrder,
  warehouseForShopOrder,
} from '../modules/channels/index.ts';
import {
  addTimeline,
  amountColumns,
  findByExternalId,
  findSync,
  insertOrder,
  saveSync,
  setStatus,
  updateOrder,
  type NewLine,
  type OrderActor,
  type OrderRow,
} from '../modules/orders/index.ts';
import { inTenant } from '../platform/db/database.ts';
import type { Platform } from '../platform/platform.ts';
import { systemCtx, tenantCtxFor } from '../platform/system-ctx.ts';
import { INVENTORY_STOCK, moveOrderStock, type OrderStockApi } from './order-stock.ts';

/** The actor id of work no user started (jobs, pushes): the ledger and the timeline name the actor type instead. */
export const SYSTEM_ACTOR_ID = '00000000-0000-0000-0000-000000000000';
export const ORDER_SYNC_QUEUE = 'orders-sync';

/** The adapter's common status, for a raw status our per-marketplace table does not know. */
const FROM_ADAPTER: Record<string, OrderStatus> = {
  unpaid: 'UNPAID',
  new: 'NEW',
  confirmed: 'CONFIRMED',
  on_process: 'ON_PROCESS',
  ready_to_ship: 'READY_TO_SHIP',
  shipped: 'SHIPPED',
  delivered: 'DELIVERED',
  completed: 'COMPLETED',
  cancel_requested: 'CANCEL_REQUESTED',
  canceled: 'CANCELED',
  returned: 'CANCEL_CONFIRMATION',
};

/** Our state for a marketplace order: the domain table of its marketplace; a buyer's cancel request the adapter saw wins. */
export function ourStatus(marketplace: string, order: Pick<MarketplaceOrder, 'rawStatus' | 'status'>): OrderStatus {
  if (order.status === 'cancel_requested') return 'CANCEL_REQUESTED';
  return mapMarketplaceStatus(marketplace as OrderMarketplace, order.rawStatus) ?? FROM_ADAPTER[order.status] ?? 'NEW';
}

export type ImportConnection = { id: string; marketplace: string; businessId: string | null };
export type ImportOutcome = 'created' | 'updated' | 'ignored';

/**
 * Upserts one marketplace order keyed by (connection, marketplace order id), in the caller's transaction: a new
 * order lands with its lines (SKUs mapped by seller SKU; an unmapped SKU stays on the line with a warning),
 * its timeline and its reservation; a known order takes a newer status (and the stock that follows) and ignores an
 * older one. Replaying the same order changes nothing.
 */
export async function importMarketplaceOrder(
  ctx: TenantCtx,
  connection: ImportConnection,
  mo: MarketplaceOrder,
  actor: OrderActor,
  stock: OrderStockApi = INVENTORY_STOCK,
): Promise<ImportOutcome> {
  const status = ourStatus(connection.marketplace, mo);
  let existing = await findByExternalId(ctx, connection.id, mo.orderId, true);
  if (!existing) {
    const created = await createFromMarketplace(ctx, connection, mo, status, actor, stock);
    if (created) return 'created';
    existing = await findByExternalId(ctx, connection.id, mo.orderId, true);
    if (!existing) return 'ignored';
  }
  return updateFromMarketplace(ctx, existing, connection, mo, status, actor, stock);
}

async function createFromMarketplace(
  ctx: TenantCtx,
  connection: ImportConnection,
  mo: MarketplaceOrder,
  status: OrderStatus,
  actor: OrderActor,
  stock: OrderStockApi,
): Promise<boolean> {
  const skus = [...new Set(mo.items.map((i) => i.sellerSku).filter(Boolean))];
  const bySku = new Map((await catalogRefsBySku(ctx, skus)).map((c) => [c.sku, c]));
  const lines: NewLine[] = mo.items.map((item) => {
    const catalog = bySku.get(item.sellerSku);
    return {
      catalogId: catalog?.id ?? null,
      sku: catalog?.sku ?? null,
      marketplaceSku: item.sellerSku || null,
      marketplaceItemId: item.itemId,
      name: item.name,
      options: null,
      quantity: item.quantity,
      unitPrice: Math.round(item.price),
      discount: 0,
      priceSource: 'MARKETPLACE',
      unmapped: !catalog,
    };
  });
  const subtotal = lines.reduce((s, l) => s + l.quantity * (l.unitPrice ?? 0), 0);
  const shipping = Math.round(mo.shippingFee);
  // What the buyer did not pay of items and shipping was discounted; the order detail alone does not say by whom.
  const marketplaceDiscount = Math.max(0, subtotal + shipping - Math.round(mo.totalAmount));
  const amounts = amountColumns(lines, { ...ZERO_CHARGES, shippingFeeBuyer: shipping, marketplaceDiscount });
  // The shop's warehouse mapping decides; without any mapping, the store's main warehouse or the first visible one.
  const warehouse = await warehouseForShopOrder(ctx, connection.id, mo.warehouseId);
  const at = new Date(mo.updatedAt || mo.createdAt);
  const created = await insertOrder(
    ctx,
    {
      source: 'MARKETPLACE',
      businessId: connection.businessId,
      channelId: connection.id,
      marketplace: connection.marketplace,
      externalId: mo.orderId,
      orderNumber: mo.orderId,
      status,
      marketplaceStatus: mo.rawStatus,
      marketplaceUpdatedAt: at,
      orderDate: new Date(mo.createdAt),
      warehouseId: warehouse.warehouseId,
      buyerName: mo.buyerName || mo.recipient.name,
      buyerPhone: mo.recipient.phone || null,
      shipName: mo.recipient.name,
      shipPhone: mo.recipient.phone || null,
      shipAddress: mo.recipient.address,
      shipCity: mo.recipient.city,
      shippingId: mo.packageId ?? null,
      courierName: mo.courier ?? null,
      receiptNumber: mo.trackingNumber ?? null,
      paymentStatus: status === 'UNPAID' ? 'UNPAID' : 'PAID',
      cancelReason: mo.cancelReason ?? null,
      hasUnmapped: lines.some((l) => l.unmapped),
      ...amounts,
    },
    lines,
  );
  if (!created) return false;
  const { order } = created;
  await addTimeline(ctx, order.id, {
    actorType: actor.type,
    actorId: actor.id,
    event: 'IMPORTED',
    fromStatus: null,
    toStatus: status,
    note: mo.rawStatus,
  });
  if (warehouse.rule !== 'mapped') {
    // Said on the order: a fallback warehouse is a guess, and an unmapped marketplace warehouse moves no stock.
    await addTimeline(ctx, order.id, {
      actorType: actor.type,
      actorId: actor.id,
      event: warehouse.rule === 'unmapped' ? 'WAREHOUSE_UNMAPPED' : 'WAREHOUSE_FALLBACK',
      fromStatus: null,
      toStatus: null,
      note: warehouse.rule === 'unmapped' ? warehouse.marketplaceWarehouseId : null,
    });
  }
  for (const line of created.lines.filter((l) => l.unmapped))
    await addTimeline(ctx, order.id, {
      actorType: actor.type,
      actorId: actor.id,
      event: 'UNMAPPED_SKU',
      fromStatus: null,
      toStatus: null,
      note: line.marketplaceSku ?? line.name,
    });
  await moveOrderStock(ctx, order, null, actor, stock);
  return true;
}

async function updateFromMarketplace(
  ctx: TenantCtx,
  existing: OrderRow,
  connection: ImportConnection,
  mo: MarketplaceOrder,
  status: OrderStatus,
  actor: OrderActor,
  stock: OrderStockApi,
): Promise<ImportOutcome> {
  const at = new Date(mo.updatedAt || mo.createdAt);
  const held = existing.marketplaceStatus
    ? {
        status: ourStatus(connection.marketplace, { rawStatus: existing.marketplaceStatus, status: 'new' }),
        at: existing.marketplaceUpdatedAt?.getTime() ?? 0,
      }
    : null;
  if (existing.marketplaceStatus === mo.rawStatus && held && held.at >= at.getTime()) return 'ignored';
  if (!isNewerMarketplaceStatus(held, { status, at: at.getTime() }) && existing.marketplaceStatus !== null) return 'ignored';
  const values: Partial<OrderRow> = {
    marketplaceStatus: mo.rawStatus,
    marketplaceUpdatedAt: at,
    receiptNumber: mo.trackingNumber ?? existing.receiptNumber,
    courierName: mo.courier ?? existing.courierName,
    shippingId: mo.packageId ?? existing.shippingId,
    ...(mo.cancelReason ? { cancelReason: mo.cancelReason } : {}),
    ...(status !== 'UNPAID' && existing.paymentStatus === 'UNPAID' ? { paymentStatus: 'PAID' } : {}),
  };
  if (status === existing.status) {
    await updateOrder(ctx, existing, values);
    return 'updated';
  }
  const after = await setStatus(ctx, existing, status, { actor, event: 'STATUS_SYNCED', note: mo.rawStatus, values });
  await moveOrderStock(ctx, after, existing.status as OrderStatus, actor, stock);
  return 'updated';
}

/** A job's tenant context acting as the system. */
export function jobCtx(platform: Platform, db: Parameters<typeof systemCtx>[1], workspaceId: string): TenantCtx {
  return tenantCtxFor(systemCtx(platform, db), workspaceId, SYSTEM_ACTOR_ID);
}

/** The inbox subscriber: an order status event fetches the order and imports it, in one transaction per order. */
export async function importFromEvent(platform: Platform, event: InboxRow): Promise<void> {
  if (event.type !== 'order_status' || !event.orderId) return;
  const actor: OrderActor = { type: event.source === 'reconcile' ? 'RECONCILIATION' : 'MARKETPLACE', id: event.source };
  const { orders } = await fetchMarketplaceOrders(platform, event.workspaceId, event.connectionId, [event.orderId]);
  for (const mo of orders) {
    await inTenant(platform.database.db, event.workspaceId, async (db) => {
      const ctx = jobCtx(platform, db, event.workspaceId);
      const channel = await getChannel(ctx, event.connectionId);
      await importMarketplaceOrder(ctx, { id: channel.id, marketplace: channel.marketplace, businessId: channel.business_id }, mo, actor);
    });
  }
}

const presentSync = (channelId: string, row: Awaited<ReturnType<typeof findSync>>): z.infer<typeof OrderSyncStatus> => ({
  channel_id: channelId,
  status: (row?.status as 'IDLE' | 'ONPROGRESS' | 'SUCCESS' | 'FAILED' | undefined) ?? 'IDLE',
  started_at: row?.startedAt?.toISOString() ?? null,
  finished_at: row?.finishedAt?.toISOString() ?? null,
  orders_seen: row?.ordersSeen ?? 0,
  error: row?.error ?? null,
});

/** Starts an order sync of one shop (after commit, as a job); 404 for another workspace's channel. */
export async function startOrderSync(ctx: TenantCtx, channelId: string) {
  await getChannel(ctx, channelId);
  const now = ctx.platform.now();
  await saveSync(ctx, channelId, { status: 'ONPROGRESS', startedAt: now, finishedAt: null, ordersSeen: 0, error: null });
  const { platform, workspaceId } = ctx;
  ctx.afterCommit(async () => {
    await platform.jobs.send(ORDER_SYNC_QUEUE, { workspaceId, channelId });
  });
  return presentSync(channelId, await findSync(ctx, channelId));
}

export async function orderSyncStatus(ctx: TenantCtx, channelId: string) {
  await getChannel(ctx, channelId);
  return presentSync(channelId, await findSync(ctx, channelId));
}

/** The sync job: the channel module's reconciliation of the shop's recent orders; new statuses come back as events. */
export async function runOrderSync(platform: Platform, workspaceId: string, channelId: string): Promise<void> {
  const result = await reconcileConnection(platform, workspaceId, channelId).catch((error: unknown) => ({
    ordersSeen: 0,
    error: error instanceof Error ? error.message : String(error),
  }));
  await inTenant(platform.database.db, workspaceId, (db) =>
    saveSync(jobCtx(platform, db, workspaceId), channelId, {
      status: result.error ? 'FAILED' : 'SUCCESS',
      finishedAt: platform.now(),
      ordersSeen: result.ordersSeen,
      error: result.error ?? null,
    }),
  );
}
