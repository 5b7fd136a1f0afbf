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
