import { ORDER_STATUSES, stockPhase, stockSteps, type OrderStatus, type StockStep } from '@kelola/domain';
import type { TenantCtx } from '../http/context.ts';
import { releaseStock, reserveStock, returnStock, shipStock, type StockArrivedHandler } from '../modules/inventory/index.ts';
import {
  addTimeline,
  linesOf,
  orderOr404,
  shortOrderIds,
  updateLine,
  updateOrder,
  type LineRow,
  type OrderActor,
  type OrderRow,
} from '../modules/orders/index.ts';
import { inTenant } from '../platform/db/database.ts';
import { DomainError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { jobCtx } from '../platform/system-ctx.ts';

/** The inventory calls an order's stock takes; a test swaps in a naive variant to prove its property test can fail. */
export type OrderStockApi = Record<StockStep, (ctx: TenantCtx, request: Parameters<typeof reserveStock>[1]) => Promise<unknown>>;
export const INVENTORY_STOCK: OrderStockApi = { RESERVE: reserveStock, RELEASE: releaseStock, SHIP: shipStock, RETURN: returnStock };

/** The line state each step leads to, and the state a line must be in for the step to apply. */
const FROM: Record<StockStep, readonly string[]> = {
  RESERVE: ['NONE'],
  RELEASE: ['RESERVED'],
  SHIP: ['RESERVED'],
  RETURN: ['SHIPPED'],
};
const TO: Record<StockStep, string> = { RESERVE: 'RESERVED', RELEASE: 'RELEASED', SHIP: 'SHIPPED', RETURN: 'RETURNED' };

/**
 * Moves an order's stock from one state to another through the inventory module's API, one line at a time, each
 * step keyed `order-line:<line>:<step>` so a replayed push or a double click changes stock once. A reservation
 * that cannot be made (INSUFFICIENT_STOCK) is undone to its savepoint and the line is marked SHORT with the
 * missing quantity: the order is kept and flagged, never reserved below zero. Unmapped lines hold no stock.
 */
export async function moveOrderStock(
  ctx: TenantCtx,
  order: OrderRow,
  from: OrderStatus | null,
  actor: OrderActor,
  run: OrderStockApi = INVENTORY_STOCK,
): Promise<OrderRow> {
  const steps = stockSteps(from, order.status as OrderStatus);
  if (steps.length === 0 || !order.warehouseId) return order;
  const lines = await linesOf(ctx, order.id);
  let short = false;
  for (const step of steps) {
    for (const line of lines) {
      if (!line.catalogId || line.unmapped) continue;
      if (step === 'RELEASE' && line.stockState === 'SHORT') {
        await updateLine(ctx, line.id, { stockState: 'RELEASED', shortQuantity: 0 });
        line.stockState = 'RELEASED';
        continue;
      }
      // Goods already issued by the warehouse (fulfillment, ADR 0024) went out of on-hand: cancelling returns them.
      if (step === 'RELEASE' && line.stockState === 'SHIPPED') {
        await applyStep(ctx, order, line, 'RETURN', run);
        await updateLine(ctx, line.id, { stockState: 'RETURNED', reservedQuantity: 0, shortQuantity: 0 });
        line.stockState = 'RETURNED';
        continue;
      }
      if (!FROM[step].includes(line.stockState)) continue;
      const ok = await applyStep(ctx, order, line, step, run);
      if (ok) {
        const reserved = step === 'RESERVE' ? line.quantity : 0;
        await updateLine(ctx, line.id, { stockState: TO[step], reservedQuantity: reserved, shortQuantity: 0 });
        line.stockState = TO[step];
      } else {
        await updateLine(ctx, line.id, { stockState: 'SHORT', reservedQuantity: 0, shortQuantity: line.quantity });
        line.stockState = 'SHORT';
        short = true;
        await addTimeline(ctx, order.id, {
          actorType: actor.type,
          actorId: actor.id,
          event: 'STOCK_SHORT',
          fromStatus: null,
          toStatus: null,
          note: `${line.sku ?? line.name} × ${line.quantity}`,
        });
      }
    }
  }
  const stillShort = lines.some((l) => l.stockState === 'SHORT');
  if (stillShort !== order.stockShort || short) return (await updateOrder(ctx, order, { stockShort: stillShort })) ?? order;
  return order;
}

/** The states whose orders hold a reservation: the only ones a short line can still be reserved for. */
export const RESERVING_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => stockPhase(s) === 'reserved');

/**
 * Reserves what an order still lacks (ADR 0069): each SHORT line tries its reservation again, under the key its
 * first try left unclaimed (`order-line:<line>:RESERVE`), so a line is reserved once however often this runs. A line
 * that now fits becomes RESERVED; one that still does not stays SHORT, untouched. The caller holds the order's lock
 * (`orderOr404(…, true)`), so a cancel cannot release the line between the read and the reservation. Orders that
 * hold no reservation (a draft, shipped, cancelled) are left as they are. Answers the order, its flag updated.
 */
export async function reserveShortLines(
  ctx: TenantCtx,
  order: OrderRow,
  actor: OrderActor,
  run: OrderStockApi = INVENTORY_STOCK,
): Promise<OrderRow> {
  if (!order.stockShort || !order.warehouseId || stockPhase(order.status as OrderStatus) !== 'reserved') return order;
  const lines = await linesOf(ctx, order.id);
  const reserved: LineRow[] = [];
  for (const line of lines) {
    if (line.stockState !== 'SHORT' || !line.catalogId || line.unmapped) continue;
    if (!(await applyStep(ctx, order, line, 'RESERVE', run))) continue;
    await updateLine(ctx, line.id, { stockState: 'RESERVED', reservedQuantity: line.quantity, shortQuantity: 0 });
    line.stockState = 'RESERVED';
    reserved.push(line);
  }
  if (reserved.length === 0) return order;
  await addTimeline(ctx, order.id, {
    actorType: actor.type,
    actorId: actor.id,
    event: 'STOCK_RESERVED',
    fromStatus: null,
    toStatus: null,
    note: reserved.map((l) => `${l.sku ?? l.name} × ${l.quantity}`).join(', '),
  });
  const stillShort = lines.some((l) => l.stockState === 'SHORT');
  return (await updateOrder(ctx, order, { stockShort: stillShort })) ?? order;
}

/** How many short orders one run of the job below looks at; the next arrival (or the merchant's button) takes the rest. */
const SHORT_ORDERS_PER_RUN = 500;

export const RESERVE_SHORT_QUEUE = 'orders.reserve-short';
export type ReserveShortJob = { workspaceId: string; warehouseId: string };

/**
 * The `orders.reserve-short` job: stock arrived in a warehouse (a goods receipt, an adjustment up, a transfer in), so
 * its short orders, oldest first, try their short lines again, each order in its own transaction with its row
 * locked (a cancel or an accept of the same order waits, or is waited for). Answers how many orders are no longer short.
 */
export async function reserveShortOrders(platform: Platform, job: ReserveShortJob): Promise<number> {
  const inWorkspace = <T>(work: (ctx: TenantCtx) => Promise<T>) =>
    inTenant(platform.database.db, job.workspaceId, (db) => work(jobCtx(platform, db, job.workspaceId)));
  const ids = await inWorkspace((ctx) => shortOrderIds(ctx, job.warehouseId, RESERVING_STATUSES, SHORT_ORDERS_PER_RUN));
  let filled = 0;
  for (const id of ids) {
    const after = await inWorkspace(async (ctx) => reserveShortLines(ctx, await orderOr404(ctx, id, true), { type: 'JOB', id: null }));
    if (!after.stockShort) filled += 1;
  }
  return filled;
}

/** The `stockArrived` port (ADR 0069): once the arriving stock is committed, the warehouse's short orders try again. */
export const queueShortOrders: StockArrivedHandler = async (ctx, warehouseId) => {
  const job: ReserveShortJob = { workspaceId: ctx.workspaceId, warehouseId };
  const { jobs } = ctx.platform;
  ctx.afterCommit(async () => {
    await jobs.send(RESERVE_SHORT_QUEUE, job);
  });
};

async function applyStep(ctx: TenantCtx, order: OrderRow, line: LineRow, step: StockStep, run: OrderStockApi): Promise<boolean> {
  const request = {
    referenceKey: `order-line:${line.id}:${step}`,
    referenceType: 'ORDER',
    referenceId: order.id,
    lines: [{ warehouseId: order.warehouseId!, catalogId: line.catalogId!, quantity: line.quantity }],
    channelId: step === 'RESERVE' ? order.channelId : null,
  };
  if (step !== 'RESERVE') {
    await run[step](ctx, request);
    return true;
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await run.RESERVE({ ...ctx, db: tx }, request);
    });
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'INSUFFICIENT_STOCK') return false;
    throw error;
  }
}

/**
 * Goods issue (fulfillment, ADR 0024): every reserved line leaves on-hand now, with the same key the order's SHIP
 * uses (`order-line:<line>:SHIP`), so the later move to SHIPPED, a replay or a marketplace push that ships it first
 * changes stock once. A line still short of stock cannot be issued: 409 INSUFFICIENT_STOCK, nothing changes.
 */
export async function issueOrderGoods(ctx: TenantCtx, order: OrderRow, run: OrderStockApi = INVENTORY_STOCK): Promise<void> {
  if (!order.warehouseId) return;
  const lines = await linesOf(ctx, order.id);
  if (lines.some((l) => l.stockState === 'SHORT')) throw new DomainError('INSUFFICIENT_STOCK', { status: order.status });
  for (const line of lines) {
    if (!line.catalogId || line.unmapped || line.stockState !== 'RESERVED') continue;
    await applyStep(ctx, order, line, 'SHIP', run);
    await updateLine(ctx, line.id, { stockState: 'SHIPPED', reservedQuantity: 0, shortQuantity: 0 });
  }
}

/**
 * Moves an order's reservations to another warehouse (fulfillment's update-order before goods issue): each reserved
 * line is released in the old warehouse and reserved in the new one under keys of this move
 * (`order-line:<line>:MOVE<n>:…`), so the order's own RESERVE/RELEASE/SHIP keys stay free. A line that cannot be
 * reserved in the new warehouse refuses the whole change (409 INSUFFICIENT_STOCK; the caller's transaction undoes it).
 */
export async function moveOrderWarehouse(ctx: TenantCtx, order: OrderRow, toWarehouseId: string, move: number): Promise<void> {
  const lines = await linesOf(ctx, order.id);
  for (const line of lines) {
    if (!line.catalogId || line.unmapped || line.stockState !== 'RESERVED') continue;
    const base = { referenceType: 'ORDER', referenceId: order.id };
    if (order.warehouseId)
      await releaseStock(ctx, {
        ...base,
        referenceKey: `order-line:${line.id}:MOVE${move}:RELEASE`,
        lines: [{ warehouseId: order.warehouseId, catalogId: line.catalogId, quantity: line.quantity }],
      });
    await reserveStock(ctx, {
      ...base,
      referenceKey: `order-line:${line.id}:MOVE${move}:RESERVE`,
      lines: [{ warehouseId: toWarehouseId, catalogId: line.catalogId, quantity: line.quantity }],
      channelId: order.channelId,
    });
  }
}
