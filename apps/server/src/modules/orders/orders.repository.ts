import { ORDER_TABS, type OrderStatus, type OrderTab } from '@kelola/domain';
import type { OrderListQuery } from '@kelola/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { anyOf, jsonRowsInsert, type LeadingWrites } from '../../platform/db/database.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { channelNameSql } from '../channels/index.ts';
import { orderCounts, orderDayCounts, orderLines, orderSequences, orders, orderSyncs, orderTimeline } from './orders.schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'workspaceId' | 'createdAt' | 'updatedAt'>;
export type LineRow = typeof orderLines.$inferSelect;
export type NewLine = Omit<typeof orderLines.$inferInsert, 'id' | 'workspaceId' | 'orderId' | 'position'>;
export type TimelineRow = typeof orderTimeline.$inferSelect;
export type TimelineEntry = Omit<typeof orderTimeline.$inferInsert, 'id' | 'workspaceId' | 'orderId' | 'at'> & { at?: Date };

/** The "none" key of the counts table (no business, no channel: a manual order). */
export const NO_ID = '00000000-0000-0000-0000-000000000000';

const scope = (ctx: TenantCtx) => eq(orders.workspaceId, ctx.workspaceId);

/** What a restricted member may see: the orders of the businesses (or warehouses) of the restriction list. */
export function visibleOrders(ctx: TenantCtx): SQL | undefined {
  const { restriction } = ctx;
  if (restriction.ids.length === 0) return undefined;
  return restriction.base === 'WAREHOUSE' ? inArray(orders.warehouseId, restriction.ids) : inArray(orders.businessId, restriction.ids);
}

/** The Jakarta calendar day (UTC+7, no daylight saving) of an instant, as the list's date filters count days. */
export const jakartaDayOf = (at: Date): string => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

/**
 * Adds each delta to the order's (business, channel, status) row of `order_counts` and its order-date day row of
 * `order_day_counts`, in one statement (ADR 0018, 0023). The rows are taken in status order, so two transactions
 * moving orders between the same two states lock them in the same order.
 */
async function bumpCounts(
  ctx: TenantCtx,
  order: Pick<OrderRow, 'businessId' | 'channelId' | 'orderDate'>,
  changes: readonly (readonly [status: string, delta: number])[],
) {
  const business = order.businessId ?? NO_ID;
  const channel = order.channelId ?? NO_ID;
  const values = sql.join(
    [...changes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([status, delta]) => sql`(${status}::text, ${delta}::bigint)`),
    sql`, `,
  );
  await ctx.db.execute(sql`with v (status, delta) as (values ${values}),
    totals as (
      insert into ${orderCounts} (workspace_id, business_id, channel_id, status, count)
      select ${ctx.workspaceId}::uuid, ${business}::uuid, ${channel}::uuid, status, delta from v
      on conflict (workspace_id, business_id, channel_id, status) do update set count = ${orderCounts}.count + excluded.count)
    insert into ${orderDayCounts} (workspace_id, day, status, business_id, channel_id, count)
    select ${ctx.workspaceId}::uuid, ${jakartaDayOf(order.orderDate)}::date, status, ${business}::uuid, ${channel}::uuid, delta from v
    on conflict (workspace_id, day, status, business_id, channel_id) do update set count = ${orderDayCounts}.count + excluded.count`);
}

/**
 * Inserts an order with its lines. A marketplace order whose (channel, external id) exists already inserts nothing
 * and answers undefined: the caller then updates the existing one (import is an upsert).
 */
export async function insertOrder(
  ctx: TenantCtx,
  values: NewOrder,
  lines: NewLine[],
): Promise<{ order: OrderRow; lines: LineRow[] } | undefined> {
  const id = uuidv7();
  const now = ctx.platform.now();
  const [order] = await ctx.db
    .insert(orders)
    .values({ ...values, id, workspaceId: ctx.workspaceId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!order) return undefined;
  const rows =
    lines.length === 0
      ? []
      : await ctx.db
          .insert(orderLines)
          .values(lines.map((line, position) => ({ ...line, id: uuidv7(), workspaceId: ctx.workspaceId, orderId: id, position })))
          .returning();
  await bumpCounts(ctx, order, [[order.status, 1]]);
  return { order, lines: rows };
}

/** One change of the counts: an order of (business, channel) on its order date entering (+1) or leaving (−1) a status. */
export type CountChange = { businessId: string | null; channelId: string | null; orderDate: Date; status: string; delta: number };

/**
 * The counts of many orders in one statement (the batched import, ADR 0045): the changes summed per counts row,
 * each row taken once, days in (status, day) order and then totals in (status, business, channel) order (days
 * before totals, as `bumpCounts` takes them for one order).
 */
export async function bumpCountsMany(ctx: TenantCtx, changes: readonly CountChange[]) {
  const counts = countsCtes(ctx, changes);
  if (counts) await ctx.db.execute(sql`with ${counts.ctes} select ${counts.done} as done`);
}

/** `bumpCountsMany`'s two upserts as leading writes, the day rows and then the totals; null when no row changes. */
function countsCtes(ctx: TenantCtx, changes: readonly CountChange[]): LeadingWrites | null {
  const totals = new Map<string, { b: string; c: string; s: string; d: number }>();
  const days = new Map<string, { b: string; c: string; s: string; day: string; d: number }>();
  for (const change of changes) {
    const b = change.businessId ?? NO_ID;
    const c = change.channelId ?? NO_ID;
    const day = jakartaDayOf(change.orderDate);
    const total = totals.get(`${b}|${c}|${change.status}`) ?? { b, c, s: change.status, d: 0 };
    total.d += change.delta;
    totals.set(`${b}|${c}|${change.status}`, total);
    const perDay = days.get(`${b}|${c}|${change.status}|${day}`) ?? { b, c, s: change.status, day, d: 0 };
    perDay.d += change.delta;
    days.set(`${b}|${c}|${change.status}|${day}`, perDay);
  }
  const order = <T extends { b: string; c: string; s: string }>(rows: T[], more: (x: T, y: T) => number) =>
    rows
      .filter((row) => (row as unknown as { d: number }).d !== 0)
      .sort((x, y) =>
        x.s !== y.s ? (x.s < y.s ? -1 : 1) : x.b !== y.b ? (x.b < y.b ? -1 : 1) : x.c !== y.c ? (x.c < y.c ? -1 : 1) : more(x, y),
      );
  const t = order([...totals.values()], () => 0);
  const d = order([...days.values()], (x, y) => (x.day < y.day ? -1 : x.day > y.day ? 1 : 0));
  if (t.length === 0 && d.length === 0) return null;
  return {
    ctes: sql`order_day_counts_bumped as (
      insert into ${orderDayCounts} (workspace_id, day, status, business_id, channel_id, count)
      select ${ctx.workspaceId}::uuid, v.day, v.s, v.b, v.c, v.d
      from json_to_recordset(${JSON.stringify(d)}::json) as v(b uuid, c uuid, s text, day date, d bigint)
      on conflict (workspace_id, day, status, business_id, channel_id) do update set count = ${orderDayCounts}.count + excluded.count
      returning 1
    ), order_counts_bumped as (
      insert into ${orderCounts} (workspace_id, business_id, channel_id, status, count)
      select ${ctx.workspaceId}::uuid, v.b, v.c, v.s, v.d
      from json_to_recordset(${JSON.stringify(t)}::json) as v(b uuid, c uuid, s text, d bigint)
      where (select count(*) from order_day_counts_bumped) >= 0
      on conflict (workspace_id, business_id, channel_id, status) do update set count = ${orderCounts}.count + excluded.count
      returning 1
    )`,
    done: sql`(select count(*) from order_counts_bumped) >= 0`,
  };
}

/** A new order of a batch with its ids chosen by the caller, its lines and its timeline (the batched import). */
export type BatchOrder = {
  order: NewOrder & { id: string };
  lines: (NewLine & { id: string })[];
  timeline: (TimelineEntry & { id: string })[];
};

/**
 * Inserts many new orders, their lines and timelines in one statement (each table's rows as one JSON parameter,
 * `jsonRowsInsert`, the lines and timeline as data-modifying CTEs: one round trip, ADR 0056) and their counts with
 * one more. No ON CONFLICT: an order another transaction inserted meanwhile fails the whole batch (its caller retries
 * the events one by one).
 */
export async function insertOrdersBatch(ctx: TenantCtx, batch: readonly BatchOrder[], counts = true): Promise<void> {
  if (batch.length === 0) return;
  const now = ctx.platform.now();
  const ws = ctx.workspaceId;
  const inserts = [
    jsonRowsInsert(
      ctx.db,
      orders,
      batch.map((b) => b.order),
      { workspaceId: ws, createdAt: now, updatedAt: now },
    ),
    jsonRowsInsert(
      ctx.db,
      orderLines,
      batch.flatMap((b) => b.lines.map((line, position) => ({ ...line, orderId: b.order.id, position }))),
      { workspaceId: ws },
    ),
    jsonRowsInsert(
      ctx.db,
      orderTimeline,
      batch.flatMap((b) => b.timeline.map((entry) => ({ ...entry, at: entry.at ?? now, orderId: b.order.id }))),
      { workspaceId: ws },
    ),
  ].filter((insert): insert is SQL => insert !== null);
  // The foreign keys of the lines and timeline are checked at the end of the statement, when the orders are in.
  const last = inserts.pop()!;
  const ctes = inserts.map((insert, i) => sql`${sql.raw(`w${i}`)} as (${insert})`);
  await ctx.db.execute(ctes.length === 0 ? last : sql`with ${sql.join(ctes, sql`, `)} ${last}`);
  if (counts) await countNewOrders(ctx, batch);
}

const newOrderChanges = (batch: readonly Pick<BatchOrder, 'order'>[]): CountChange[] =>
  batch.map((b) => ({
    businessId: b.order.businessId ?? null,
    channelId: b.order.channelId ?? null,
    orderDate: b.order.orderDate,
    status: b.order.status,
    delta: 1,
  }));

/** The counts of new orders (each +1 in its status), in one statement; `insertOrdersBatch` runs it unless told not to. */
export async function countNewOrders(ctx: TenantCtx, batch: readonly Pick<BatchOrder, 'order'>[]): Promise<void> {
  await bumpCountsMany(ctx, newOrderChanges(batch));
}

/** `countNewOrders` as leading writes of the caller's statement (the batched import, ADR 0056); null for no orders. */
export const newOrderCounts = (ctx: TenantCtx, batch: readonly Pick<BatchOrder, 'order'>[]): LeadingWrites | null =>
  countsCtes(ctx, newOrderChanges(batch));

/**
 * Deletes orders a batch has just inserted, with their lines and timeline (foreign keys on delete cascade): the
 * batched import takes them back when its stock plan no longer holds (ADR 0056). The counts are the caller's.
 */
export async function deleteNewOrders(ctx: TenantCtx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await ctx.db.delete(orders).where(and(scope(ctx), anyOf(orders.id, ids, 'uuid')));
}

/** The orders of one channel with these marketplace order ids, locked when asked (the batched import's look-up). */
export async function findByExternalIds(
  ctx: TenantCtx,
  channelId: string,
  externalIds: readonly string[],
  lock = false,
): Promise<OrderRow[]> {
  if (externalIds.length === 0) return [];
  const q = ctx.db
    .select()
    .from(orders)
    .where(and(scope(ctx), eq(orders.channelId, channelId), anyOf(orders.externalId, externalIds, 'text')))
    .orderBy(asc(orders.id));
  return lock ? q.for('update') : q;
}

export async function findOrder(ctx: TenantCtx, id: string, lock = false): Promise<OrderRow | undefined> {
  const q = ctx.db
    .select()
    .from(orders)
    .where(and(scope(ctx), eq(orders.id, id), visibleOrders(ctx)));
  return (await (lock ? q.for('update') : q))[0];
}

export async function findByExternalId(ctx: TenantCtx, channelId: string, externalId: string, lock = false): Promise<OrderRow | undefined> {
  const q = ctx.db
    .select()
    .from(orders)
    .where(and(scope(ctx), eq(orders.channelId, channelId), eq(orders.externalId, externalId)));
  return (await (lock ? q.for('update') : q))[0];
}

export async function linesOf(ctx: TenantCtx, orderId: string): Promise<LineRow[]> {
  return ctx.db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.workspaceId, ctx.workspaceId), eq(orderLines.orderId, orderId)))
    .orderBy(asc(orderLines.position));
}

/** Replaces an order's lines (a draft's: no stock is held on them). */
export async function replaceLines(ctx: TenantCtx, orderId: string, lines: NewLine[]): Promise<LineRow[]> {
  await ctx.db.delete(orderLines).where(and(eq(orderLines.workspaceId, ctx.workspaceId), eq(orderLines.orderId, orderId)));
  if (lines.length === 0) return [];
  return ctx.db
    .insert(orderLines)
    .values(lines.map((line, position) => ({ ...line, id: uuidv7(), workspaceId: ctx.workspaceId, orderId, position })))
    .returning();
}

export async function updateLine(
  ctx: TenantCtx,
  id: string,
  values: Partial<Pick<LineRow, 'stockState' | 'reservedQuantity' | 'shortQuantity'>>,
) {
  await ctx.db
    .update(orderLines)
    .set(values)
    .where(and(eq(orderLines.workspaceId, ctx.workspaceId), eq(orderLines.id, id)));
}

export async function timelineOf(ctx: TenantCtx, orderId: string): Promise<TimelineRow[]> {
  return ctx.db
    .select()
    .from(orderTimeline)
    .where(and(eq(orderTimeline.workspaceId, ctx.workspaceId), eq(orderTimeline.orderId, orderId)))
    .orderBy(asc(orderTimeline.id));
}

export async function addTimeline(ctx: TenantCtx, orderId: string, entry: TimelineEntry): Promise<void> {
  await ctx.db
    .insert(orderTimeline)
    .values({ ...entry, at: entry.at ?? ctx.platform.now(), id: uuidv7(), workspaceId: ctx.workspaceId, orderId });
}

/**
 * Moves an order from the state it was read in to `to`, with other column changes, only if nobody moved it
 * meanwhile (`WHERE status = from`); answers the new row, or undefined when the state had changed.
 */
export async function updateOrder(
  ctx: TenantCtx,
  order: OrderRow,
  values: Partial<Omit<OrderRow, 'id' | 'workspaceId' | 'createdAt'>>,
): Promise<OrderRow | undefined> {
  const [row] = await ctx.db
    .update(orders)
    .set({ ...values, updatedAt: ctx.platform.now() })
    .where(and(scope(ctx), eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (row && values.status && values.status !== order.status) {
    await bumpCounts(ctx, order, [
      [order.status, -1],
      [values.status, 1],
    ]);
  }
  return row;
}

/** Next number of a per-workspace sequence (one row per kind, incremented in the caller's transaction). */
export async function nextSequence(ctx: TenantCtx, kind: string): Promise<number> {
  const [row] = await ctx.db
    .insert(orderSequences)
    .values({ workspaceId: ctx.workspaceId, kind, last: 1 })
    .onConflictDoUpdate({ target: [orderSequences.workspaceId, orderSequences.kind], set: { last: sql`${orderSequences.last} + 1` } })
    .returning({ last: orderSequences.last });
  return row!.last;
}

// ---------------------------------------------------------------------------------------------------------------
// The list and its tab counts

const startOfJakartaDay = (date: string) => new Date(`${date}T00:00:00+07:00`);
const nextJakartaDay = (date: string) => new Date(startOfJakartaDay(date).getTime() + 86_400_000);

/** Every filter of the list except the tab (the counts use the same conditions). */
export function listConditions(ctx: TenantCtx, query: OrderListQuery): SQL[] {
  const c: (SQL | undefined)[] = [scope(ctx), visibleOrders(ctx)];
  if (query.date_from) c.push(gte(orders.orderDate, startOfJakartaDay(query.date_from)));
  if (query.date_to) c.push(lt(orders.orderDate, nextJakartaDay(query.date_to)));
  if (query.channel_id) c.push(eq(orders.channelId, query.channel_id));
  if (query.marketplace) c.push(eq(orders.marketplace, query.marketplace));
  if (query.business_id) c.push(eq(orders.businessId, query.business_id));
  if (query.warehouse_id) c.push(eq(orders.warehouseId, query.warehouse_id));
  if (query.courier) c.push(eq(orders.courierName, query.courier));
  if (query.payment_status) c.push(eq(orders.paymentStatus, query.payment_status));
  if (query.source) c.push(eq(orders.source, query.source));
  if (query.stock_short !== undefined) c.push(eq(orders.stockShort, query.stock_short));
  if (query.q && query.search_by) {
    const like = `%${query.q.replace(/[\\%_]/gu, (m) => `\\${m}`)}%`;
    const lineMatch = (column: typeof orderLines.sku | typeof orderLines.name) =>
      sql`exists (select 1 from ${orderLines} where ${orderLines.workspaceId} = ${orders.workspaceId} and ${orderLines.orderId} = ${orders.id} and ${column} ilike ${like})`;
    switch (query.search_by) {
      case 'order_number':
        c.push(ilike(orders.orderNumber, like));
        break;
      case 'receipt_number':
        c.push(ilike(orders.receiptNumber, like));
        break;
      case 'buyer':
        c.push(or(ilike(orders.buyerName, like), ilike(orders.buyerPhone, like), ilike(orders.shipPhone, like))!);
        break;
      case 'sku':
        c.push(
          or(
            lineMatch(orderLines.sku),
            sql`exists (select 1 from ${orderLines} where ${orderLines.workspaceId} = ${orders.workspaceId} and ${orderLines.orderId} = ${orders.id} and ${orderLines.marketplaceSku} ilike ${like})`,
          )!,
        );
        break;
      case 'product_name':
        c.push(lineMatch(orderLines.name));
        break;
    }
  }
  return c.filter((x): x is SQL => x !== undefined);
}

const tabCondition = (tab: OrderTab): SQL | undefined => {
  const states = ORDER_TABS[tab];
  return states ? inArray(orders.status, [...states]) : sql`${orders.status} <> 'DRAFT'`;
};

/**
 * The columns of a list row (`OrderSummary`), not the ~60 of an order: PostgreSQL reads, sends and the driver parses
 * a third of them per page (ADR 0051). The shop's name comes in the same statement (a primary-key look-up per row).
 */
const summaryColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  source: orders.source,
  status: orders.status,
  marketplaceStatus: orders.marketplaceStatus,
  marketplace: orders.marketplace,
  channelId: orders.channelId,
  channelName: channelNameSql(orders.channelId, orders.workspaceId),
  businessId: orders.businessId,
  warehouseId: orders.warehouseId,
  orderDate: orders.orderDate,
  buyerName: orders.buyerName,
  buyerPhone: orders.buyerPhone,
  courierName: orders.courierName,
  receiptNumber: orders.receiptNumber,
  totalItem: orders.totalItem,
  buyerTotal: orders.buyerTotal,
  paymentStatus: orders.paymentStatus,
  stockShort: orders.stockShort,
  hasUnmapped: orders.hasUnmapped,
  marketplaceAction: orders.marketplaceAction,
  marketplaceActionState: orders.marketplaceActionState,
  marketplaceActionMessage: orders.marketplaceActionMessage,
  marketplaceActionAt: orders.marketplaceActionAt,
  updatedAt: orders.updatedAt,
};

/** A row of the order list: what `OrderSummary` shows, with the shop's name. */
export type SummaryRow = Pick<OrderRow, Exclude<keyof typeof summaryColumns, 'channelName'> & keyof OrderRow> & {
  channelName: string | null;
};

export async function listOrders(ctx: TenantCtx, query: OrderListQuery): Promise<SummaryRow[]> {
  const where = and(...listConditions(ctx, query), tabCondition(query.tab));
  const order =
    query.sort === 'order_date'
      ? [asc(orders.orderDate), asc(orders.id)]
      : query.sort === 'buyer_total'
        ? [asc(orders.buyerTotal), asc(orders.id)]
        : query.sort === '-buyer_total'
          ? [desc(orders.buyerTotal), desc(orders.id)]
          : [desc(orders.orderDate), desc(orders.id)];
  return ctx.db
    .select(summaryColumns)
    .from(orders)
    .where(where)
    .orderBy(...order)
    .limit(query.size)
    .offset((query.page - 1) * query.size);
}

/**
 * Only these filters can be answered from the counts tables (dates from the per-day one); any other needs a count
 * over the matching orders.
 */
const countsTableAnswers = (ctx: TenantCtx, query: OrderListQuery): boolean =>
  !query.warehouse_id &&
  !query.courier &&
  !query.payment_status &&
  query.stock_short === undefined &&
  !query.q &&
  !(ctx.restriction.ids.length > 0 && ctx.restriction.base === 'WAREHOUSE');

/**
 * Orders per status for the list's filters: from the counts tables when they can answer (per day when the list is
 * filtered by date), else counted (ADR 0018, 0023). The counts tables know shops, not marketplaces:
 * `marketplaceChannels` are the shops of `query.marketplace` (the caller's lookup).
 */
export async function statusCounts(
  ctx: TenantCtx,
  query: OrderListQuery,
  marketplaceChannels: readonly string[] = [],
): Promise<Map<OrderStatus, number>> {
  if (countsTableAnswers(ctx, query)) {
    if (query.marketplace && marketplaceChannels.length === 0) return new Map();
    const table = query.date_from || query.date_to ? orderDayCounts : orderCounts;
    const c: (SQL | undefined)[] = [eq(table.workspaceId, ctx.workspaceId)];
    if (query.date_from) c.push(gte(orderDayCounts.day, query.date_from));
    if (query.date_to) c.push(lte(orderDayCounts.day, query.date_to));
    if (ctx.restriction.ids.length > 0) c.push(inArray(table.businessId, ctx.restriction.ids));
    if (query.business_id) c.push(eq(table.businessId, query.business_id));
    if (query.channel_id) c.push(eq(table.channelId, query.channel_id));
    if (query.marketplace) c.push(inArray(table.channelId, [...marketplaceChannels]));
    if (query.source === 'MANUAL') c.push(eq(table.channelId, NO_ID));
    if (query.source === 'MARKETPLACE') c.push(sql`${table.channelId} <> ${NO_ID}`);
    const rows = await ctx.db
      .select({ status: table.status, n: sql<string>`sum(${table.count})` })
      .from(table)
      .where(and(...c))
      .groupBy(table.status);
    return new Map(rows.map((r) => [r.status as OrderStatus, Number(r.n)]));
  }
  const rows = await ctx.db
    .select({ status: orders.status, n: sql<string>`count(*)` })
    .from(orders)
    .where(and(...listConditions(ctx, query)))
    .groupBy(orders.status);
  return new Map(rows.map((r) => [r.status as OrderStatus, Number(r.n)]));
}

// ---------------------------------------------------------------------------------------------------------------
// On-demand sync of one shop

export type SyncRow = typeof orderSyncs.$inferSelect;

export async function findSync(ctx: TenantCtx, channelId: string): Promise<SyncRow | undefined> {
  return (
    await ctx.db
      .select()
      .from(orderSyncs)
      .where(and(eq(orderSyncs.workspaceId, ctx.workspaceId), eq(orderSyncs.channelId, channelId)))
  )[0];
}

export async function saveSync(ctx: TenantCtx, channelId: string, values: Partial<Omit<SyncRow, 'workspaceId' | 'channelId'>>) {
  await ctx.db
    .insert(orderSyncs)
    .values({ workspaceId: ctx.workspaceId, channelId, status: 'ONPROGRESS', ...values })
    .onConflictDoUpdate({ target: [orderSyncs.workspaceId, orderSyncs.channelId], set: values });
}

/** A customer's orders in the given states, oldest first (the finance module's invoiceable orders). */
export async function ordersOfCustomer(ctx: TenantCtx, customerId: string, statuses: readonly string[], limit = 200): Promise<OrderRow[]> {
  return ctx.db
    .select()
    .from(orders)
    .where(and(scope(ctx), eq(orders.customerId, customerId), inArray(orders.status, [...statuses]), visibleOrders(ctx)))
    .orderBy(orders.orderDate, orders.id)
    .limit(limit);
}
