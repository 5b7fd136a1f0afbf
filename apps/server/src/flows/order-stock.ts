import { stockSteps, type OrderStatus, type StockStep } from '@kelola/domain';
import type { TenantCtx } from '../http/context.ts';
import { releaseStock, reserveStock, returnStock, shipStock } from '../modules/inventory/index.ts';
import { addTimeline, linesOf, updateLine, updateOrder, type LineRow, type OrderActor, type OrderRow } from '../modules/orders/index.ts';
import { DomainError } from '../platform/errors.ts';

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
