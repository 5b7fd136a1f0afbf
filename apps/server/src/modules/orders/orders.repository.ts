import { allowedActions, ORDER_STATUSES, ORDER_TAB_KEYS, ORDER_TABS, type OrderStatus, type OrderTab } from '@kelola/domain';
import type { OrderListQuery } from '@kelola/contracts';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { anyOf, jsonRowsInsert, tenantRead, type LeadingWrites, type TenantStatement } from '../../platform/db/database.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { channelNameSql, marketplaceChannelIdsSql } from '../channels/index.ts';
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

/** The orders' column a member's restriction list names: their warehouses or their businesses. */
const restrictedColumn = (base: TenantCtx['restriction']['base']) => (base === 'WAREHOUSE' ? orders.warehouseId : orders.businessId);

/** What a restricted member may see: the orders of the businesses (or warehouses) of the restriction list. */
export function visibleOrders(ctx: TenantCtx): SQL | undefined {
  const { restriction } = ctx;
  if (restriction.ids.length === 0) return undefined;
  return inArray(restrictedColumn(restriction.base), restriction.ids);
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
  lines: (NewLine & { id: string; orderId: string; position: number })[];
  timeline: (TimelineEntry & { id: string; orderId: string })[];
};

/**
 * Inserts many new orders, their lines and timelines in one statement (each table's rows as one JSON parameter,
 * `jsonRowsInsert`, the lines and timeline as data-modifying CTEs: one round trip, ADR 0056) and their counts with
 * one more. No ON CONFLICT: an order another transaction inserted meanwhile fails the whole batch (its caller retries
 * the events one by one). The rows are written as given (their order ids and positions set by the caller), not
 * copied (ADR 0061).
 */
export async function insertOrdersBatch(
  ctx: TenantCtx,
  batch: readonly BatchOrder[],
  counts = true,
  /** Another module's write to run in the same statement (the stock claims written ahead, ADR 0061). */
  also: SQL | null = null,
): Promise<void> {
  if (batch.length === 0) return;
  const now = ctx.platform.now();
  const ws = ctx.workspaceId;
  const lines: BatchOrder['lines'] = [];
  const timeline: BatchOrder['timeline'] = [];
  let dated = false;
  for (const b of batch) {
    for (const line of b.lines) lines.push(line);
    for (const entry of b.timeline) {
      timeline.push(entry);
      if (entry.at) dated = true;
    }
  }
  const inserts = [
    jsonRowsInsert(
      ctx.db,
      orders,
      batch.map((b) => b.order),
      { workspaceId: ws, createdAt: now, updatedAt: now },
    ),
    jsonRowsInsert(ctx.db, orderLines, lines, { workspaceId: ws }),
    // An entry without its own time is written at `now`.
    dated
      ? jsonRowsInsert(
          ctx.db,
          orderTimeline,
          timeline.map((entry) => ({ ...entry, at: entry.at ?? now })),
          { workspaceId: ws },
        )
      : jsonRowsInsert(ctx.db, orderTimeline, timeline, { workspaceId: ws, at: now }),
    also,
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

/**
 * What a page's statement looks like, apart from its values: which filters it has, the tab, the sort, the page
 * size and whether it is the first page. One prepared statement per shape (ADR 0055); the values travel apart.
 */
type ListShape = {
  tab: OrderTab;
  sort: OrderListQuery['sort'];
  size: number;
  /** Page 1 (offset 0, written into the statement) or a later page (offset as a value, planned per call). */
  firstPage: boolean;
  dateFrom: boolean;
  dateTo: boolean;
  channel: boolean;
  marketplace: boolean;
  business: boolean;
  warehouse: boolean;
  courier: boolean;
  paymentStatus: boolean;
  stockShort: boolean;
  /** The source decides which rows of the counts tables count (manual orders have no shop). */
  source: NonNullable<OrderListQuery['source']> | null;
  searchBy: NonNullable<OrderListQuery['search_by']> | null;
  restriction: 'BUSINESS' | 'WAREHOUSE' | null;
};

/** The values of a page's statement, by name (`ListShape` says which of them it uses). */
type ListValues = {
  workspace: string;
  from: Date | null;
  to: Date | null;
  dayFrom: string | null;
  dayTo: string | null;
  channel: string | null;
  marketplace: string | null;
  business: string | null;
  warehouse: string | null;
  courier: string | null;
  paymentStatus: string | null;
  stockShort: boolean | null;
  source: string | null;
  like: string | null;
  restriction: string[];
  offset: number;
};

type Value = (name: keyof ListValues) => unknown;

/** An array value: drizzle would spread a plain array into a list, PostgreSQL gets it as one `uuid[]` parameter. */
const arrayValue = (v: Value, name: keyof ListValues) => {
  const value = v(name);
  return Array.isArray(value) ? sql.param(value) : value;
};

function listShape(ctx: TenantCtx, query: OrderListQuery): ListShape {
  const { restriction } = ctx;
  return {
    tab: query.tab,
    sort: query.sort,
    size: query.size,
    firstPage: query.page === 1,
    dateFrom: Boolean(query.date_from),
    dateTo: Boolean(query.date_to),
    channel: Boolean(query.channel_id),
    marketplace: Boolean(query.marketplace),
    business: Boolean(query.business_id),
    warehouse: Boolean(query.warehouse_id),
    courier: Boolean(query.courier),
    paymentStatus: Boolean(query.payment_status),
    stockShort: query.stock_short !== undefined,
    source: query.source ?? null,
    searchBy: query.q && query.search_by ? query.search_by : null,
    restriction: restriction.ids.length > 0 ? restriction.base : null,
  };
}

function listValues(ctx: TenantCtx, query: OrderListQuery): ListValues {
  return {
    workspace: ctx.workspaceId,
    from: query.date_from ? startOfJakartaDay(query.date_from) : null,
    to: query.date_to ? nextJakartaDay(query.date_to) : null,
    dayFrom: query.date_from ?? null,
    dayTo: query.date_to ?? null,
    channel: query.channel_id ?? null,
    marketplace: query.marketplace ?? null,
    business: query.business_id ?? null,
    warehouse: query.warehouse_id ?? null,
    courier: query.courier ?? null,
    paymentStatus: query.payment_status ?? null,
    stockShort: query.stock_short ?? null,
    source: query.source ?? null,
    like: query.q ? `%${query.q.replace(/[\\%_]/gu, (m) => `\\${m}`)}%` : null,
    restriction: ctx.restriction.ids,
    offset: (query.page - 1) * query.size,
  };
}

/** Every filter of the list except the tab (the counts use the same conditions). */
function listConditions(shape: ListShape, v: Value): SQL[] {
  const c: SQL[] = [sql`${orders.workspaceId} = ${v('workspace')}`];
  // visibleOrders' rule, its list as one value of the prepared statement
  if (shape.restriction) c.push(sql`${restrictedColumn(shape.restriction)} = any(${arrayValue(v, 'restriction')}::uuid[])`);
  if (shape.dateFrom) c.push(sql`${orders.orderDate} >= ${v('from')}`);
  if (shape.dateTo) c.push(sql`${orders.orderDate} < ${v('to')}`);
  if (shape.channel) c.push(sql`${orders.channelId} = ${v('channel')}`);
  if (shape.marketplace) c.push(sql`${orders.marketplace} = ${v('marketplace')}`);
  if (shape.business) c.push(sql`${orders.businessId} = ${v('business')}`);
  if (shape.warehouse) c.push(sql`${orders.warehouseId} = ${v('warehouse')}`);
  if (shape.courier) c.push(sql`${orders.courierName} = ${v('courier')}`);
  if (shape.paymentStatus) c.push(sql`${orders.paymentStatus} = ${v('paymentStatus')}`);
  if (shape.source) c.push(sql`${orders.source} = ${v('source')}`);
  if (shape.stockShort) c.push(sql`${orders.stockShort} = ${v('stockShort')}`);
  if (shape.searchBy) {
    const like = v('like');
    const lineMatch = (column: typeof orderLines.sku | typeof orderLines.name | typeof orderLines.marketplaceSku) =>
      sql`exists (select 1 from ${orderLines} where ${orderLines.workspaceId} = ${orders.workspaceId} and ${orderLines.orderId} = ${orders.id} and ${column} ilike ${like})`;
    switch (shape.searchBy) {
      case 'order_number':
        c.push(sql`${orders.orderNumber} ilike ${like}`);
        break;
      case 'receipt_number':
        c.push(sql`${orders.receiptNumber} ilike ${like}`);
        break;
      case 'buyer':
        c.push(sql`(${orders.buyerName} ilike ${like} or ${orders.buyerPhone} ilike ${like} or ${orders.shipPhone} ilike ${like})`);
        break;
      case 'sku':
        c.push(sql`(${lineMatch(orderLines.sku)} or ${lineMatch(orderLines.marketplaceSku)})`);
        break;
      case 'product_name':
        c.push(lineMatch(orderLines.name));
        break;
    }
  }
  return c;
}

/** The tab's states, written into the statement (they come from the domain's fixed list, never from a request). */
const tabCondition = (tab: OrderTab): SQL => {
  const states = ORDER_TABS[tab];
  return states ? sql`${orders.status} in (${sql.raw(states.map((s) => `'${s}'`).join(', '))})` : sql`${orders.status} <> 'DRAFT'`;
};

/** A row of the order list read elsewhere (the fulfillment list), with its shop's name: what `OrderSummary` shows. */
export type SummaryRow = OrderRow & { channelName: string | null };

/** Each state's allowed actions as a JSON literal, written into the statement from the domain's state machine. */
const allowedActionsSql = sql.raw(
  `case ${orders.status.name} ${ORDER_STATUSES.map((s) => `when '${s}' then '${JSON.stringify(allowedActions(s))}'`).join(' ')} else '[]' end`,
);

/**
 * A list row as the API's `OrderSummary` JSON text (ADR 0062, 0067): the order's own keys were written with it, as the
 * text of two parts (`list_head`: id … channel_id; `list_tail`: business_id … marketplace_action) by the orders'
 * trigger (migration 0025); the shop's name (a primary-key look-up: a shop can be renamed) and the allowed actions
 * (the state machine above) join them here, in the answer's key order. Node neither parses nor builds a row;
 * `summary()` in the service is the same text for rows read elsewhere, and a test compares the two.
 */
const summaryJsonText = sql`'{' || ${sql.raw('list_head')} || ',"channel_name":' || coalesce(to_json(${channelNameSql(orders.channelId, orders.workspaceId)})::text, 'null')
  || ',' || ${sql.raw('list_tail')} || ',"allowed_actions":' || ${allowedActionsSql} || '}'`;

/**
 * Only these filters can be answered from the counts tables (dates from the per-day one); any other needs a count
 * over the matching orders.
 */
const countsTableAnswers = (shape: ListShape): boolean =>
  !shape.warehouse && !shape.courier && !shape.paymentStatus && !shape.stockShort && !shape.searchBy && shape.restriction !== 'WAREHOUSE';

/**
 * Orders per status for the list's filters, as `(status, n)` rows: from the counts tables when they can answer (per
 * day when the list is filtered by date), else counted (ADR 0018, 0023). The counts tables know shops, not
 * marketplaces: a marketplace counts the rows of its shops (the channels module's fragment).
 */
function countsSelect(shape: ListShape, v: Value): SQL {
  if (!countsTableAnswers(shape))
    return sql`select ${orders.status} as status, count(*) as n from ${orders} where ${and(...listConditions(shape, v))} group by ${orders.status}`;
  const table = shape.dateFrom || shape.dateTo ? orderDayCounts : orderCounts;
  const c: SQL[] = [sql`${table.workspaceId} = ${v('workspace')}`];
  if (shape.dateFrom) c.push(sql`${orderDayCounts.day} >= ${v('dayFrom')}`);
  if (shape.dateTo) c.push(sql`${orderDayCounts.day} <= ${v('dayTo')}`);
  if (shape.restriction) c.push(sql`${table.businessId} = any(${arrayValue(v, 'restriction')}::uuid[])`);
  if (shape.business) c.push(sql`${table.businessId} = ${v('business')}`);
  if (shape.channel) c.push(sql`${table.channelId} = ${v('channel')}`);
  if (shape.marketplace) c.push(sql`${table.channelId} = any(${marketplaceChannelIdsSql(v('marketplace'), v('workspace'))})`);
  if (shape.source === 'MANUAL') c.push(sql`${table.channelId} = ${sql.raw(`'${NO_ID}'`)}`);
  if (shape.source === 'MARKETPLACE') c.push(sql`${table.channelId} <> ${sql.raw(`'${NO_ID}'`)}`);
  return sql`select ${table.status} as status, sum(${table.count}) as n from ${table} where ${and(...c)} group by ${table.status}`;
}

const SORTS: Record<OrderListQuery['sort'], SQL> = {
  '-order_date': sql`${orders.orderDate} desc, ${orders.id} desc`,
  order_date: sql`${orders.orderDate} asc, ${orders.id} asc`,
  '-buyer_total': sql`${orders.buyerTotal} desc, ${orders.id} desc`,
  buyer_total: sql`${orders.buyerTotal} asc, ${orders.id} asc`,
};

/**
 * The page and the counts of every status as ONE statement (ADR 0055): a row per order of the page, the first one
 * carrying the counts as JSON text (one row with no order when the page is empty). The page size, the first page's offset
 * and the tab are written into the statement; everything else is a value.
 */
function listStatement(shape: ListShape): TenantStatement<ListValues> {
  const tab = ORDER_TAB_KEYS.indexOf(shape.tab).toString(36);
  const sort = Object.keys(SORTS).indexOf(shape.sort);
  const flags = [
    shape.dateFrom,
    shape.dateTo,
    shape.channel,
    shape.marketplace,
    shape.business,
    shape.warehouse,
    shape.courier,
    shape.paymentStatus,
    shape.stockShort,
    shape.firstPage,
  ].reduce((bits, on, i) => bits | (on ? 1 << i : 0), 0);
  const source = [null, 'MANUAL', 'MARKETPLACE'].indexOf(shape.source);
  const search = [null, 'order_number', 'receipt_number', 'buyer', 'sku', 'product_name'].indexOf(shape.searchBy);
  const restriction = [null, 'BUSINESS', 'WAREHOUSE'].indexOf(shape.restriction);
  return {
    name: `order_list_${tab}${sort}${source}${search}${restriction}_${shape.size}_${flags.toString(36)}`,
    // A search pattern, a sort by amount (no index: how many orders the dates let through decides the plan) or a
    // later page: the best plan depends on the values, so every call is planned for its own.
    customPlans: !countsTableAnswers(shape) || !shape.firstPage || shape.sort === 'buyer_total' || shape.sort === '-buyer_total',
    // One row: the counts as a JSON object and the page's rows as JSON objects joined by commas, in the page's order.
    build: (v) =>
      sql`select c.counts, p.items from (select coalesce(json_object_agg(s.status, s.n), '{}')::text as counts from (${countsSelect(shape, v)}) s) c,
        (select coalesce(string_agg(r.j, ','), '') as items from (select ${summaryJsonText} as j from ${orders}
          where ${and(...listConditions(shape, v), tabCondition(shape.tab))}
          order by ${SORTS[shape.sort]} limit ${sql.raw(String(shape.size))} offset ${shape.firstPage ? sql.raw('0') : v('offset')}) r) p`,
  };
}

/** Each shape's statement, built once (its text is compiled once and prepared once per connection). */
const listStatements = new Map<string, TenantStatement<ListValues>>();

/**
 * A page of the list and the orders per status for its filters (the tab aside), in one statement and, outside a
 * transaction, one message to PostgreSQL with the tenant settings (`tenantRead`, ADR 0043, 0055): the page's rows as
 * `OrderSummary` JSON objects joined by commas (ADR 0062).
 */
export async function listPage(ctx: TenantCtx, query: OrderListQuery): Promise<{ items: string; perStatus: Map<OrderStatus, number> }> {
  const shape = listShape(ctx, query);
  const key = JSON.stringify(shape);
  let statement = listStatements.get(key);
  if (!statement) listStatements.set(key, (statement = listStatement(shape)));
  const [row] = await tenantRead<{ counts: string; items: string }, ListValues>(ctx.db, ctx.workspaceId, statement, listValues(ctx, query));
  const counts = JSON.parse(row!.counts) as Record<string, number>;
  return { items: row!.items, perStatus: new Map(Object.entries(counts).map(([status, n]) => [status as OrderStatus, Number(n)])) };
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

/**
 * The orders waiting for stock in a warehouse: flagged short, in one of `statuses` (those that hold a reservation),
 * oldest order first, so that stock arriving goes to the buyers who waited longest (ADR 0069).
 */
export async function shortOrderIds(ctx: TenantCtx, warehouseId: string, statuses: readonly string[], limit: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(scope(ctx), eq(orders.warehouseId, warehouseId), eq(orders.stockShort, true), inArray(orders.status, [...statuses])))
    .orderBy(orders.orderDate, orders.id)
    .limit(limit);
  return rows.map((r) => r.id);
}
