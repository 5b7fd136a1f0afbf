import type { FulfillmentKind, FulfillmentListQuery } from '@kelola/contracts';
import { FULFILLABLE_ORDER_STATUSES, SHIPPED_ORDER_STATUSES, type FulfillmentStep } from '@kelola/domain';
import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { printedFilter } from '../documents/index.ts';
import { ordersTable as orders, visibleOrders, type OrderRow } from '../orders/index.ts';
import { orderFulfillments } from './fulfillment.schema.ts';

export type FulfillmentRow = typeof orderFulfillments.$inferSelect;
export type FulfillmentValues = Partial<Omit<FulfillmentRow, 'workspaceId' | 'orderId' | 'updatedAt'>>;

/** /fulfillment holds marketplace (and web-store) orders; /delivery-order the orders the merchant ships itself. */
export const SOURCE_OF: Record<FulfillmentKind, string> = { fulfillment: 'MARKETPLACE', 'delivery-order': 'MANUAL' };

const IN_WAREHOUSE = [...FULFILLABLE_ORDER_STATUSES, ...SHIPPED_ORDER_STATUSES];
const shipped = sql.raw(SHIPPED_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));
/** The step an order shows (the domain's `effectiveStep`, in SQL): SHIPPED once its state says the goods left. */
const stepExpr = sql<FulfillmentStep>`case when ${orders.status} in (${shipped}) then 'SHIPPED' else coalesce(${orderFulfillments.step}, 'NEW') end`;

const startOfJakartaDay = (date: string) => new Date(`${date}T00:00:00+07:00`);
const nextJakartaDay = (date: string) => new Date(startOfJakartaDay(date).getTime() + 86_400_000);

const joinOn = and(eq(orderFulfillments.workspaceId, orders.workspaceId), eq(orderFulfillments.orderId, orders.id));

function conditions(ctx: TenantCtx, kind: FulfillmentKind, query: FulfillmentListQuery): SQL[] {
  const c: (SQL | undefined)[] = [
    eq(orders.workspaceId, ctx.workspaceId),
    visibleOrders(ctx),
    eq(orders.source, SOURCE_OF[kind]),
    inArray(orders.status, IN_WAREHOUSE),
  ];
  if (query.channel_id) c.push(eq(orders.channelId, query.channel_id));
  if (query.warehouse_id) c.push(eq(orders.warehouseId, query.warehouse_id));
  if (query.courier) c.push(eq(orders.courierName, query.courier));
  if (query.printed !== undefined) c.push(printedFilter(orders.id, 'label', query.printed));
  if (query.date_from) c.push(gte(orders.orderDate, startOfJakartaDay(query.date_from)));
  if (query.date_to) c.push(lt(orders.orderDate, nextJakartaDay(query.date_to)));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/gu, (m) => `\\${m}`)}%`;
    c.push(or(ilike(orders.orderNumber, like), ilike(orders.receiptNumber, like), ilike(orderFulfillments.deliveryNoteNumber, like))!);
  }
  return c.filter((x): x is SQL => x !== undefined);
}

/** A page of one step's orders, newest first, each with its fulfillment row (none while NEW). */
export async function listByStep(ctx: TenantCtx, kind: FulfillmentKind, query: FulfillmentListQuery) {
  return ctx.db
    .select({ order: orders, f: orderFulfillments })
    .from(orders)
    .leftJoin(orderFulfillments, joinOn)
    .where(and(...conditions(ctx, kind, query), sql`${stepExpr} = ${query.step}`))
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
}

/** Orders per step for the same filters (the tabs). */
export async function stepCounts(
  ctx: TenantCtx,
  kind: FulfillmentKind,
  query: FulfillmentListQuery,
): Promise<Map<FulfillmentStep, number>> {
  const rows = await ctx.db
    .select({ step: stepExpr, n: sql<string>`count(*)` })
    .from(orders)
    .leftJoin(orderFulfillments, joinOn)
    .where(and(...conditions(ctx, kind, query)))
    .groupBy(stepExpr);
  return new Map(rows.map((r) => [r.step, Number(r.n)]));
}

export async function findFulfillment(ctx: TenantCtx, orderId: string): Promise<FulfillmentRow | undefined> {
  return (
    await ctx.db
      .select()
      .from(orderFulfillments)
      .where(and(eq(orderFulfillments.workspaceId, ctx.workspaceId), eq(orderFulfillments.orderId, orderId)))
  )[0];
}

/** Creates the order's row on its first step, or changes it. */
export async function saveFulfillment(ctx: TenantCtx, orderId: string, values: FulfillmentValues): Promise<FulfillmentRow> {
  const now = ctx.platform.now();
  const [row] = await ctx.db
    .insert(orderFulfillments)
    .values({ step: 'NEW', ...values, workspaceId: ctx.workspaceId, orderId, updatedAt: now })
    .onConflictDoUpdate({ target: [orderFulfillments.workspaceId, orderFulfillments.orderId], set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

/** The order a scanned code names: its order number, the marketplace's order id, its receipt or delivery note number. */
export async function findByCode(ctx: TenantCtx, kind: FulfillmentKind, code: string): Promise<OrderRow | undefined> {
  const rows = await ctx.db
    .select({ order: orders })
    .from(orders)
    .leftJoin(orderFulfillments, joinOn)
    .where(
      and(
        eq(orders.workspaceId, ctx.workspaceId),
        visibleOrders(ctx),
        eq(orders.source, SOURCE_OF[kind]),
        inArray(orders.status, IN_WAREHOUSE),
        or(
          eq(orders.orderNumber, code),
          eq(orders.externalId, code),
          eq(orders.receiptNumber, code),
          eq(orderFulfillments.deliveryNoteNumber, code),
        ),
      ),
    )
    .orderBy(desc(orders.orderDate))
    .limit(1);
  return rows[0]?.order;
}
