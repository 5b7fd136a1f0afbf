import type { OrderSyncStatus } from '@kelola/contracts';
import {
  isNewerMarketplaceStatus,
  mapMarketplaceStatus,
  stockSteps,
  ZERO_CHARGES,
  type OrderMarketplace,
  type OrderStatus,
} from '@kelola/domain';
import type { z } from 'zod';
import type { TenantCtx } from '../http/context.ts';
import { catalogRefsBySku } from '../modules/catalog/index.ts';
import {
  fetchMarketplaceOrders,
  getChannel,
  lockPendingEvents,
  markEventsProcessed,
  pendingOrderEvents,
  reconcileConnection,
  type InboxRow,
  type MarketplaceOrder,
  type OrderWarehouse,
  warehouseForShopOrder,
} from '../modules/channels/index.ts';
import {
  applyStockPlan,
  planStockBatch,
  reserveStockBatch,
  StockPlanChanged,
  withdrawStockClaims,
  type BatchOutcome,
  type BatchStockLine,
} from '../modules/inventory/index.ts';
import {
  addTimeline,
  amountColumns,
  countNewOrders,
  deleteNewOrders,
  findByExternalId,
  findByExternalIds,
  findSync,
  insertOrder,
  insertOrdersBatch,
  newOrderCounts,
  saveSync,
  setStatus,
  updateOrder,
  type BatchOrder,
  type NewLine,
  type NewOrder,
  type OrderActor,
  type OrderRow,
  type TimelineEntry,
} from '../modules/orders/index.ts';
import { inTenant } from '../platform/db/database.ts';
import { uuidv7 } from '../platform/db/ids.ts';
import { DomainError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { jobCtx } from '../platform/system-ctx.ts';
import { INVENTORY_STOCK, moveOrderStock, type OrderStockApi } from './order-stock.ts';

/** The actor id of work no user started (jobs, pushes): the ledger and the timeline name the actor type instead. */
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

type CatalogRef = { id: string; sku: string; costPrice?: number | null; productType?: string | null };

/** A new marketplace order's row and lines (SKUs mapped by seller SKU; an unmapped SKU stays with a warning). */
function newOrderRows(
  connection: ImportConnection,
  mo: MarketplaceOrder,
  status: OrderStatus,
  bySku: ReadonlyMap<string, CatalogRef>,
  warehouse: OrderWarehouse,
): { values: NewOrder; lines: NewLine[] } {
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
      unitCost: catalog?.costPrice ?? null,
      priceSource: 'MARKETPLACE',
      unmapped: !catalog,
    };
  });
  const subtotal = lines.reduce((s, l) => s + l.quantity * (l.unitPrice ?? 0), 0);
  const shipping = Math.round(mo.shippingFee);
  // What the buyer did not pay of items and shipping was discounted; the order detail alone does not say by whom.
  const marketplaceDiscount = Math.max(0, subtotal + shipping - Math.round(mo.totalAmount));
  const adminFee = Math.max(0, Math.round(mo.adminFee ?? 0));
  const amounts = amountColumns(lines, { ...ZERO_CHARGES, shippingFeeBuyer: shipping, marketplaceDiscount, adminFee });
  const at = new Date(mo.updatedAt || mo.createdAt);
  const values: NewOrder = {
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
  };
  return { values, lines };
}

/** The timeline of a new order before its stock moves: imported, the warehouse rule when it is a guess, unmapped SKUs. */
function importTimeline(
  mo: MarketplaceOrder,
  status: OrderStatus,
  warehouse: OrderWarehouse,
  lines: readonly Pick<NewLine, 'unmapped' | 'marketplaceSku' | 'name'>[],
  actor: OrderActor,
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    { actorType: actor.type, actorId: actor.id, event: 'IMPORTED', fromStatus: null, toStatus: status, note: mo.rawStatus },
  ];
  if (warehouse.rule !== 'mapped')
    // Said on the order: a fallback warehouse is a guess, and an unmapped marketplace warehouse moves no stock.
    entries.push({
      actorType: actor.type,
      actorId: actor.id,
      event: warehouse.rule === 'unmapped' ? 'WAREHOUSE_UNMAPPED' : 'WAREHOUSE_FALLBACK',
      fromStatus: null,
      toStatus: null,
      note: warehouse.rule === 'unmapped' ? warehouse.marketplaceWarehouseId : null,
    });
  for (const line of lines)
    if (line.unmapped)
      entries.push({
        actorType: actor.type,
        actorId: actor.id,
        event: 'UNMAPPED_SKU',
        fromStatus: null,
        toStatus: null,
        note: line.marketplaceSku ?? line.name,
      });
  return entries;
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
  // The shop's warehouse mapping decides; without any mapping, the store's main warehouse or the first visible one.
  const warehouse = await warehouseForShopOrder(ctx, connection.id, mo.warehouseId);
  const { values, lines } = newOrderRows(connection, mo, status, bySku, warehouse);
  const created = await insertOrder(ctx, values, lines);
  if (!created) return false;
  const { order } = created;
  for (const entry of importTimeline(mo, status, warehouse, created.lines, actor)) await addTimeline(ctx, order.id, entry);
  await moveOrderStock(ctx, order, null, actor, stock);
  return true;
}

/**
 * What a marketplace order's newer status changes on the order we hold, or null when it is not newer (a replay or an
 * older status: ignored, nothing written).
 */
function marketplaceChanges(
  existing: OrderRow,
  connection: ImportConnection,
  mo: MarketplaceOrder,
  status: OrderStatus,
): Partial<OrderRow> | null {
  const at = new Date(mo.updatedAt || mo.createdAt);
  const held = existing.marketplaceStatus
    ? {
        status: ourStatus(connection.marketplace, { rawStatus: existing.marketplaceStatus, status: 'new' }),
        at: existing.marketplaceUpdatedAt?.getTime() ?? 0,
      }
    : null;
  if (existing.marketplaceStatus === mo.rawStatus && held && held.at >= at.getTime()) return null;
  if (!isNewerMarketplaceStatus(held, { status, at: at.getTime() }) && existing.marketplaceStatus !== null) return null;
  return {
    marketplaceStatus: mo.rawStatus,
    marketplaceUpdatedAt: at,
    receiptNumber: mo.trackingNumber ?? existing.receiptNumber,
    courierName: mo.courier ?? existing.courierName,
    shippingId: mo.packageId ?? existing.shippingId,
    ...(mo.cancelReason ? { cancelReason: mo.cancelReason } : {}),
    ...(status !== 'UNPAID' && existing.paymentStatus === 'UNPAID' ? { paymentStatus: 'PAID' } : {}),
    ...feeChange(existing, mo),
  };
}

/** The marketplace's fees as it now gives them (Shopee's escrow is known once paid): the admin fee and the net it leaves. */
function feeChange(existing: OrderRow, mo: MarketplaceOrder): Partial<OrderRow> {
  if (mo.adminFee === undefined) return {};
  const adminFee = Math.max(0, Math.round(mo.adminFee));
  if (adminFee === existing.adminFee) return {};
  return { adminFee, merchantNet: existing.merchantNet + existing.adminFee - adminFee };
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
  const values = marketplaceChanges(existing, connection, mo, status);
  if (!values) return 'ignored';
  if (status === existing.status) {
    await updateOrder(ctx, existing, values);
    return 'updated';
  }
  const after = await setStatus(ctx, existing, status, { actor, event: 'STATUS_SYNCED', note: mo.rawStatus, values });
  await moveOrderStock(ctx, after, existing.status as OrderStatus, actor, stock);
  return 'updated';
}

/** One marketplace order of a batch, with who told us about it (a push, a reconciliation). */
export type ImportItem = { order: MarketplaceOrder; actor: OrderActor };

/**
 * The batched import (ADR 0043 part 3, ADR 0045): many marketplace orders of one shop in the caller's transaction,
 * with the same outcome, rows and stock as `importMarketplaceOrder` run on each in turn.
 * - One look-up (locked) of the batch's orders we hold: a replay or an older status is ignored without a write.
 * - New orders: one look-up of their seller SKUs, one of the shop's warehouse mapping per marketplace warehouse, the
 *   reservation of all their lines in one set-based call of the inventory API (then the shipment of those already
 *   shipped), and the orders, lines, timelines and counts in one statement each.
 * - A newer status of an order we hold, and a second event of the same order in the batch, go through the one-order
 *   path, in arrival order after the new orders.
 * An order another transaction inserted meanwhile fails the whole batch (unique index): the caller retries alone.
 */
export async function importMarketplaceOrders(
  ctx: TenantCtx,
  connection: ImportConnection,
  items: readonly ImportItem[],
): Promise<ImportOutcome[]> {
  const outcomes: ImportOutcome[] = Array.from({ length: items.length }, () => 'ignored');
  const statuses = items.map((item) => ourStatus(connection.marketplace, item.order));
  const first = new Map<string, number>();
  const later: number[] = [];
  items.forEach((item, i) => (first.has(item.order.orderId) ? later.push(i) : first.set(item.order.orderId, i)));
  const held = new Map((await findByExternalIds(ctx, connection.id, [...first.keys()], true)).map((o) => [o.externalId, o]));
  const fresh: number[] = [];
  const newer: number[] = [];
  for (const i of first.values()) {
    const existing = held.get(items[i]!.order.orderId);
    if (!existing) fresh.push(i);
    else if (marketplaceChanges(existing, connection, items[i]!.order, statuses[i]!)) newer.push(i);
  }
  await createMany(
    ctx,
    connection,
    fresh.map((i) => ({ ...items[i]!, status: statuses[i]! })),
  );
  for (const i of fresh) outcomes[i] = 'created';
  for (const i of newer) {
    const item = items[i]!;
    outcomes[i] = await updateFromMarketplace(
      ctx,
      held.get(item.order.orderId)!,
      connection,
      item.order,
      statuses[i]!,
      item.actor,
      INVENTORY_STOCK,
    );
  }
  for (const i of later) outcomes[i] = await importMarketplaceOrder(ctx, connection, items[i]!.order, items[i]!.actor);
  return outcomes;
}

const lineKey = (lineId: string, step: 'RESERVE' | 'SHIP') => `order-line:${lineId}:${step}`;

async function createMany(ctx: TenantCtx, connection: ImportConnection, items: (ImportItem & { status: OrderStatus })[]): Promise<void> {
  if (items.length === 0) return;
  const skus = [...new Set(items.flatMap((item) => item.order.items.map((i) => i.sellerSku)).filter(Boolean))];
  const bySku = new Map((await catalogRefsBySku(ctx, skus)).map((c) => [c.sku, c]));
  const warehouses = new Map<string, OrderWarehouse>();
  const batch: (BatchOrder & { item: (typeof items)[number]; steps: ReturnType<typeof stockSteps> })[] = [];
  for (const item of items) {
    const mo = item.order;
    const key = mo.warehouseId ?? '';
    let warehouse = warehouses.get(key);
    if (!warehouse) warehouses.set(key, (warehouse = await warehouseForShopOrder(ctx, connection.id, mo.warehouseId)));
    const { values, lines } = newOrderRows(connection, mo, item.status, bySku, warehouse);
    // Every column written explicitly: insertJsonRows writes null, not the default, for a key a row lacks. The rows
    // are completed in place, not copied (ADR 0061).
    const order = values as NewOrder & { id: string };
    order.id = uuidv7();
    order.stockShort = false;
    const withIds = lines as BatchOrder['lines'];
    for (let position = 0; position < withIds.length; position++) {
      const line = withIds[position]!;
      line.id = uuidv7();
      line.orderId = order.id;
      line.position = position;
      line.stockState = 'NONE';
      line.reservedQuantity = 0;
      line.shortQuantity = 0;
    }
    const timeline = importTimeline(mo, item.status, warehouse, lines, item.actor) as BatchOrder['timeline'];
    for (const entry of timeline) entry.orderId = order.id;
    batch.push({ order, lines: withIds, timeline, item, steps: order.warehouseId ? stockSteps(null, item.status) : [] });
  }

  // The stock, as moveOrderStock moves a new order's: every mapped line reserved (or flagged short), then shipped.
  const moving = (b: (typeof batch)[number]) => b.lines.filter((line) => line.catalogId && !line.unmapped);
  const stockLine = (b: (typeof batch)[number], line: BatchOrder['lines'][number], step: 'RESERVE' | 'SHIP'): BatchStockLine => ({
    referenceKey: lineKey(line.id, step),
    referenceId: b.order.id,
    warehouseId: b.order.warehouseId!,
    catalogId: line.catalogId!,
    quantity: line.quantity,
  });
  // Per order, as moveOrderStock: its lines reserved, then (an order already shipped) those reserved shipped.
  const request = {
    referenceType: 'ORDER',
    channelId: connection.id,
    // The keys name lines made just now (their ids are new): none can be claimed yet.
    fresh: true,
    lines: batch.flatMap((b) => [
      ...(b.steps.includes('RESERVE') ? moving(b).map((line) => stockLine(b, line, 'RESERVE')) : []),
      ...(b.steps.includes('SHIP')
        ? moving(b).map((line) => ({ ...stockLine(b, line, 'SHIP'), type: 'SHIP' as const, after: lineKey(line.id, 'RESERVE') }))
        : []),
    ]),
  };
  const imported = batch.map((b) => b.timeline);
  /** The lines' stock states, the orders' short flag and their STOCK_SHORT entries for these outcomes. */
  const settle = (moves: ReadonlyMap<string, BatchOutcome>) => {
    const shipFailed: BatchStockLine[] = [];
    for (let i = 0; i < batch.length; i++) {
      const b = batch[i]!;
      b.order.stockShort = false;
      b.timeline = imported[i]!.slice();
      for (const line of b.lines) {
        line.stockState = 'NONE';
        line.reservedQuantity = 0;
        line.shortQuantity = 0;
      }
      if (!b.steps.includes('RESERVE')) continue;
      for (const line of b.lines) {
        if (!line.catalogId || line.unmapped) continue;
        if (moves.get(lineKey(line.id, 'RESERVE')) === 'failed') {
          line.stockState = 'SHORT';
          line.shortQuantity = line.quantity;
          b.order.stockShort = true;
          b.timeline.push({
            id: '',
            orderId: b.order.id,
            actorType: b.item.actor.type,
            actorId: b.item.actor.id,
            event: 'STOCK_SHORT',
            fromStatus: null,
            toStatus: null,
            note: `${line.sku ?? line.name} × ${line.quantity}`,
          });
          continue;
        }
        const shipped = moves.get(lineKey(line.id, 'SHIP'));
        if (shipped === 'failed') shipFailed.push(stockLine(b, line, 'SHIP'));
        if (shipped === 'applied' || shipped === 'replayed') line.stockState = 'SHIPPED';
        else {
          line.stockState = 'RESERVED';
          line.reservedQuantity = line.quantity;
        }
      }
    }
    // Timeline ids in the order the one-order path writes them (its rows are read back by id).
    for (const b of batch) for (const entry of b.timeline) entry.id = uuidv7();
    if (shipFailed.length > 0)
      throw new DomainError('INSUFFICIENT_STOCK', {
        lines: shipFailed.map((l) => ({ warehouse_id: l.warehouseId, catalog_id: l.catalogId, quantity: l.quantity })),
      });
  };

  // The shared rows are locked for the last moments only: the outcome is planned on balances read without a lock,
  // the orders, lines and timeline are written (one statement), and then one statement bumps the counts and applies
  // the plan under the balances' lock (counts first, then balances, as the one-order path takes them; ADR 0056).
  // When the balances moved so that an outcome would differ, that statement has bumped the counts and written no
  // stock: the orders written with the plan's outcomes are taken back (their lines and timeline go with them) and
  // written again after the batch is reserved with the balances locked.
  const types = new Map<string, string>();
  for (const ref of bySku.values()) if (ref.productType) types.set(ref.id, ref.productType);
  const planned = await planStockBatch(ctx, request, types);
  if (planned) {
    settle(planned.outcomes);
    // The stock claims (the keys are fresh) go with the orders, before the balances are locked (ADR 0061).
    await insertOrdersBatch(ctx, batch, false, planned.claimsAhead);
    try {
      await applyStockPlan(ctx, planned, newOrderCounts(ctx, batch));
      return;
    } catch (error) {
      if (!(error instanceof StockPlanChanged)) throw error;
    }
    await withdrawStockClaims(ctx, planned);
    await deleteNewOrders(
      ctx,
      batch.map((b) => b.order.id),
    );
  } else await countNewOrders(ctx, batch);
  settle(await reserveStockBatch(ctx, request));
  await insertOrdersBatch(ctx, batch, false);
}

/** How many pending events of one shop an inbox job imports together (ADR 0045). */
export const IMPORT_BATCH = 200;

const actorOf = (event: InboxRow): OrderActor => ({
  type: event.source === 'reconcile' ? 'RECONCILIATION' : 'MARKETPLACE',
  id: event.source,
});

/**
 * The inbox subscriber (ADR 0045): an order status event takes its shop's pending order events with it (up to
 * IMPORT_BATCH, oldest first), fetches their orders, and imports them in one transaction that also marks those
 * events processed; events another job holds are left to it, and an event a committed batch imported is done.
 * When the batch fails (an order inserted meanwhile, a deadlock, one bad order), this event is imported alone, in a
 * transaction per order as before; the others keep their own jobs.
 */
export async function importFromEvent(platform: Platform, event: InboxRow): Promise<void> {
  if (event.type !== 'order_status' || !event.orderId) return;
  const pending = await pendingOrderEvents(platform, event.workspaceId, event.connectionId, IMPORT_BATCH);
  const events = [event, ...pending.filter((e) => e.id !== event.id && e.orderId)];
  if (events.length === 1) return importAlone(platform, event);
  const { orders } = await fetchMarketplaceOrders(platform, event.workspaceId, event.connectionId, [
    ...new Set(events.map((e) => e.orderId!)),
  ]);
  try {
    await inTenant(platform.database.db, event.workspaceId, async (db) => {
      const ctx = jobCtx(platform, db, event.workspaceId);
      const owned = await lockPendingEvents(
        ctx,
        event.id,
        events.map((e) => e.id),
      );
      if (owned.length === 0) return;
      const actors = new Map(owned.map((e) => [e.orderId!, actorOf(e)]));
      const channel = await getChannel(ctx, event.connectionId);
      await importMarketplaceOrders(
        ctx,
        { id: channel.id, marketplace: channel.marketplace, businessId: channel.business_id },
        orders.filter((mo) => actors.has(mo.orderId)).map((mo) => ({ order: mo, actor: actors.get(mo.orderId)! })),
      );
      await markEventsProcessed(
        ctx,
        owned.map((e) => e.id),
        platform.now(),
      );
    });
  } catch {
    await importAlone(platform, event);
  }
}

/** One event's order, in a transaction per order (the path before batching, and the batch's fallback). */
async function importAlone(platform: Platform, event: InboxRow): Promise<void> {
  const { orders } = await fetchMarketplaceOrders(platform, event.workspaceId, event.connectionId, [event.orderId!]);
  for (const mo of orders) {
    await inTenant(platform.database.db, event.workspaceId, async (db) => {
      const ctx = jobCtx(platform, db, event.workspaceId);
      const channel = await getChannel(ctx, event.connectionId);
      await importMarketplaceOrder(
        ctx,
        { id: channel.id, marketplace: channel.marketplace, businessId: channel.business_id },
        mo,
        actorOf(event),
      );
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
