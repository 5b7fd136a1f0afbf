import { and, asc, eq, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { visibleOrders, type LineRow, type OrderRow } from './orders.repository.ts';
import { orderLines, orders } from './orders.schema.ts';

/**
 * Reads of many orders at once for the fulfillment documents (labels, picking and packing lists) and the order
 * exports: a few queries for hundreds of orders instead of two per order.
 */

/** The visible orders of these ids with their lines, in the order of `ids`; ids not found (or not visible) are left out. */
export async function ordersWithLines(ctx: TenantCtx, ids: readonly string[]): Promise<{ order: OrderRow; lines: LineRow[] }[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.workspaceId, ctx.workspaceId), inArray(orders.id, [...ids]), visibleOrders(ctx)));
  const lines = rows.length
    ? await ctx.db
        .select()
        .from(orderLines)
        .where(
          and(
            eq(orderLines.workspaceId, ctx.workspaceId),
            inArray(
              orderLines.orderId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .orderBy(asc(orderLines.orderId), asc(orderLines.position))
    : [];
  const byOrder = new Map<string, LineRow[]>();
  for (const line of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push(line);
    byOrder.set(line.orderId, list);
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const order = byId.get(id);
    return order ? [{ order, lines: byOrder.get(id) ?? [] }] : [];
  });
}

/** The filters of an order export (a period of Jakarta days, and the list's filters). */
export type OrderExportFilter = {
  dateFrom: string;
  dateTo: string;
  source?: 'MARKETPLACE' | 'MANUAL';
  channelId?: string;
  warehouseId?: string;
  courier?: string;
  paymentStatus?: string;
  status?: string;
  /** A further condition on the order id (e.g. printed or not, from the documents module). */
  extra?: (orderId: AnyColumn) => SQL;
};

export type OrderExportRow = Pick<
  OrderRow,
  | 'id'
  | 'orderNumber'
  | 'orderDate'
  | 'status'
  | 'source'
  | 'marketplace'
  | 'buyerName'
  | 'buyerPhone'
  | 'shipName'
  | 'shipPhone'
  | 'shipAddress'
  | 'shipCity'
  | 'postalCode'
  | 'courierName'
  | 'courierService'
  | 'receiptNumber'
  | 'paymentStatus'
  | 'paymentMethod'
  | 'totalItem'
  | 'subtotal'
  | 'shippingFeeBuyer'
  | 'buyerTotal'
>;

/** The columns an order export writes, in order (the CSV and XLSX headers). */
export const ORDER_EXPORT_COLUMNS = [
  ['orderNumber', 'order_number'],
  ['orderDate', 'order_date'],
  ['status', 'status'],
  ['source', 'source'],
  ['marketplace', 'marketplace'],
  ['buyerName', 'buyer_name'],
  ['buyerPhone', 'buyer_phone'],
  ['shipName', 'recipient_name'],
  ['shipPhone', 'recipient_phone'],
  ['shipAddress', 'address'],
  ['shipCity', 'city'],
  ['postalCode', 'postal_code'],
  ['courierName', 'courier'],
  ['courierService', 'service'],
  ['receiptNumber', 'receipt_number'],
  ['paymentStatus', 'payment_status'],
  ['paymentMethod', 'payment_method'],
  ['totalItem', 'total_item'],
  ['subtotal', 'subtotal'],
  ['shippingFeeBuyer', 'shipping_fee'],
  ['buyerTotal', 'buyer_total'],
] as const satisfies readonly (readonly [keyof OrderExportRow, string])[];

const startOfJakartaDay = (date: string) => new Date(`${date}T00:00:00+07:00`);

function exportConditions(ctx: TenantCtx, f: OrderExportFilter): SQL {
  const c: (SQL | undefined)[] = [
    eq(orders.workspaceId, ctx.workspaceId),
    visibleOrders(ctx),
    gte(orders.orderDate, startOfJakartaDay(f.dateFrom)),
    lt(orders.orderDate, new Date(startOfJakartaDay(f.dateTo).getTime() + 86_400_000)),
    sql`${orders.status} <> 'DRAFT'`,
  ];
  if (f.source) c.push(eq(orders.source, f.source));
  if (f.channelId) c.push(eq(orders.channelId, f.channelId));
  if (f.warehouseId) c.push(eq(orders.warehouseId, f.warehouseId));
  if (f.courier) c.push(eq(orders.courierName, f.courier));
  if (f.paymentStatus) c.push(eq(orders.paymentStatus, f.paymentStatus));
  if (f.status) c.push(eq(orders.status, f.status));
  if (f.extra) c.push(f.extra(orders.id));
  return and(...c)!;
}

/** How many orders an export will write (for its progress in percent). */
export async function countOrdersForExport(ctx: TenantCtx, f: OrderExportFilter): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(exportConditions(ctx, f));
  return Number(row?.n ?? 0);
}

/** One page of an export, oldest first, after the (order date, id) key of the previous page's last row. */
export async function orderExportPage(
  ctx: TenantCtx,
  f: OrderExportFilter,
  after: { orderDate: Date; id: string } | null,
  size: number,
): Promise<OrderExportRow[]> {
  // A row comparison, not `date > d or (date = d and id > i)`: PostgreSQL starts the index scan at the key with it,
  // where the OR form read every earlier row again on each page (quadratic over a million orders; ADR 0044).
  const keyset = after ? sql`(${orders.orderDate}, ${orders.id}) > (${after.orderDate}, ${after.id})` : undefined;
  return ctx.db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      status: orders.status,
      source: orders.source,
      marketplace: orders.marketplace,
      buyerName: orders.buyerName,
      buyerPhone: orders.buyerPhone,
      shipName: orders.shipName,
      shipPhone: orders.shipPhone,
      shipAddress: orders.shipAddress,
      shipCity: orders.shipCity,
      postalCode: orders.postalCode,
      courierName: orders.courierName,
      courierService: orders.courierService,
      receiptNumber: orders.receiptNumber,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      totalItem: orders.totalItem,
      subtotal: orders.subtotal,
      shippingFeeBuyer: orders.shippingFeeBuyer,
      buyerTotal: orders.buyerTotal,
    })
    .from(orders)
    .where(and(exportConditions(ctx, f), keyset))
    .orderBy(asc(orders.orderDate), asc(orders.id))
    .limit(size);
}

const NUMERIC_EXPORT_COLUMNS = new Set<keyof OrderExportRow>(['totalItem', 'subtotal', 'shippingFeeBuyer', 'buyerTotal']);

/**
 * One CSV line per order, written by PostgreSQL (ADR 0044): the same text the job wrote from the row objects (dates
 * as ISO 8601 in UTC with milliseconds, empty for none, a field quoted when it holds a comma, a quote or a line
 * break), so Node only joins the lines instead of building an object and 21 strings per order.
 */
const csvLine = (): SQL =>
  sql.join(
    ORDER_EXPORT_COLUMNS.map(([key]) => {
      const column = orders[key];
      if (key === 'orderDate') return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
      if (NUMERIC_EXPORT_COLUMNS.has(key)) return sql`coalesce(${column}::text, '')`;
      return sql`(case when ${column}::text ~ '[",\r\n]' then '"' || replace(${column}::text, '"', '""') || '"' else coalesce(${column}::text, '') end)`;
    }),
    sql` || ',' || `,
  );

/** A page of an export as CSV lines, with the (order date, id) key of each for the next page. */
export async function orderExportCsvPage(
  ctx: TenantCtx,
  f: OrderExportFilter,
  after: { orderDate: Date; id: string } | null,
  size: number,
): Promise<{ line: string; orderDate: Date; id: string }[]> {
  const keyset = after ? sql`(${orders.orderDate}, ${orders.id}) > (${after.orderDate}, ${after.id})` : undefined;
  return ctx.db
    .select({ line: sql<string>`${csvLine()}`, orderDate: orders.orderDate, id: orders.id })
    .from(orders)
    .where(and(exportConditions(ctx, f), keyset))
    .orderBy(asc(orders.orderDate), asc(orders.id))
    .limit(size);
}

/** A row's (order date, id) key as PostgreSQL's own text: the microseconds a JavaScript Date would lose are kept. */
export type OrderExportKey = { orderDate: string; id: string };

/**
 * The pages of an export read in one pass (ADR 0046): the key of every `size`-th row and of the last one, with its
 * row number. The last one's number is the row count. Each page is then one COPY between two of these keys.
 */
export async function orderExportPages(ctx: TenantCtx, f: OrderExportFilter, size: number): Promise<{ key: OrderExportKey; n: number }[]> {
  const result = (await ctx.db.execute(sql`
    select d, id, n from (
      select ${orders.orderDate}::text as d, ${orders.id} as id, row_number() over w as n, lead(${orders.id}) over w is null as last
      from ${orders} where ${exportConditions(ctx, f)}
      window w as (order by ${orders.orderDate}, ${orders.id})
    ) s where n % ${size} = 0 or last order by n`)) as unknown as { rows: { d: string; id: string; n: string | number }[] };
  return result.rows.map((r) => ({ key: { orderDate: r.d, id: r.id }, n: Number(r.n) }));
}

const keyRange = (after: OrderExportKey | null, upTo: OrderExportKey | null): SQL | undefined =>
  and(
    after ? sql`(${orders.orderDate}, ${orders.id}) > (${after.orderDate}::timestamptz, ${after.id}::uuid)` : undefined,
    upTo ? sql`(${orders.orderDate}, ${orders.id}) <= (${upTo.orderDate}::timestamptz, ${upTo.id}::uuid)` : undefined,
  );

/** The CSV fields as COPY writes them: the same text as `csvLine` (an empty text is written as COPY's unquoted null). */
const csvFields = (): SQL =>
  sql.join(
    ORDER_EXPORT_COLUMNS.map(([key]) => {
      const column = orders[key];
      if (key === 'orderDate') return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
      if (NUMERIC_EXPORT_COLUMNS.has(key)) return sql`${column}`;
      return sql`nullif(${column}::text, '')`;
    }),
    sql`, `,
  );

/**
 * The columns as the sheet's texts, for `COPY … (FORMAT binary)`: each field is the text's own bytes (nothing to
 * unescape), the sheet's XML is written from them in Node (ADR 0060). Dates as the CSV writes them, numbers as
 * PostgreSQL's text, an empty text as null (no cell, as the row writer leaves it out).
 */
const sheetFields = (): SQL =>
  sql.join(
    ORDER_EXPORT_COLUMNS.map(([key]) => {
      const column = orders[key];
      if (key === 'orderDate') return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
      if (NUMERIC_EXPORT_COLUMNS.has(key)) return sql`${column}::text`;
      return sql`nullif(${column}::text, '')`;
    }),
    sql`, `,
  );

/** How the sheet writes each column of `ORDER_EXPORT_COLUMNS`: the amounts and the item count as numbers. */
export const ORDER_EXPORT_SHEET_KINDS = ORDER_EXPORT_COLUMNS.map(([key]) => (NUMERIC_EXPORT_COLUMNS.has(key) ? 'number' : 'text'));

/**
 * The COPY statement of one page of an export (the rows after `after` up to `upTo`; without `upTo`, every row after
 * `after`: the whole export as one COPY, ADR 0057): CSV fields, or for a sheet the columns' texts in COPY's binary
 * format (ADR 0060). Run on the tenant's transaction, so row-level security applies as to any other read.
 */
export function orderExportCopy(
  ctx: TenantCtx,
  f: OrderExportFilter,
  format: 'csv' | 'xlsx',
  after: OrderExportKey | null,
  upTo: OrderExportKey | null,
): SQL {
  const where = and(exportConditions(ctx, f), keyRange(after, upTo));
  const order = sql`order by ${orders.orderDate}, ${orders.id}`;
  if (format === 'xlsx') return sql`copy (select ${sheetFields()} from ${orders} where ${where} ${order}) to stdout (format binary)`;
  return sql`copy (select ${csvFields()} from ${orders} where ${where} ${order}) to stdout (format csv)`;
}
