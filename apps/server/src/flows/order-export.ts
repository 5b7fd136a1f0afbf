import { type ORDER_EXPORT_KINDS, OrderExportInput } from '@kelola/contracts';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { z } from 'zod';
import type { TenantCtx } from '../http/context.ts';
import { printedFilter } from '../modules/documents/index.ts';
import {
  countOrdersForExport,
  ORDER_EXPORT_COLUMNS,
  ORDER_EXPORT_SHEET_KINDS,
  orderExportCopy,
  orderExportCsvPage,
  orderExportPage,
  orderExportPages,
  type OrderExportFilter,
  type OrderExportKey,
  type OrderExportRow,
} from '../modules/orders/index.ts';
import { getWarehouse } from '../modules/warehouses/index.ts';
import { getChannel } from '../modules/channels/index.ts';
import { copyOut, copyStatement, pgClientOf } from '../platform/db/copy-out.ts';
import { inTenant, type Db } from '../platform/db/database.ts';
import { uuidv7 } from '../platform/db/ids.ts';
import { parseOrFail } from '../platform/errors.ts';
import {
  exportFile,
  findExportRecord,
  getExport,
  recordExport,
  registerExportQueue,
  updateExportRecord,
} from '../platform/exports/exports.ts';
import { XlsxStreamWriter } from '../platform/exports/xlsx-stream.ts';
import type { Platform } from '../platform/platform.ts';
import { systemCtx, tenantCtxFor } from '../platform/system-ctx.ts';

/**
 * Order exports of /fulfillment (marketplace orders) and /delivery-order (manual orders shipped by the merchant's
 * courier): a period of at most 3 months is required, the other filters are the list's; a background job streams
 * the matching orders into an XLSX (a streamed writer of its own, ADR 0044) or CSV file, recorded in the export history with its
 * progress in percent, row count and file size. A job interrupted by a crash is handed back by the job queue
 * (ADR 0015) and writes the file again from the start; after its last attempt the export is FAILED and can be
 * retried from the export history.
 */

export type OrderExportKind = (typeof ORDER_EXPORT_KINDS)[number];
export const ORDER_EXPORT_QUEUE = 'orders.export';
export const ORDER_EXPORT_TYPES: Record<OrderExportKind, string> = {
  fulfillment: 'FULFILLMENT_ORDERS',
  'delivery-order': 'DELIVERY_ORDERS',
};
registerExportQueue(ORDER_EXPORT_TYPES.fulfillment, ORDER_EXPORT_QUEUE);
registerExportQueue(ORDER_EXPORT_TYPES['delivery-order'], ORDER_EXPORT_QUEUE);

export type OrderExportJob = { workspaceId: string; exportId: string };
const EXPORT_MAX_ATTEMPTS = 3;
/**
 * Rows read per query on PGlite (each page its own short transaction, walked by (order date, id)), held as objects.
 * PostgreSQL writes the whole export as one `COPY … TO STDOUT` streamed through (ADR 0046, ADR 0057), which holds no
 * page in memory, unless a page size is asked for (ORDER_EXPORT_PAGE_SIZE: one COPY per page).
 */
const PGLITE_PAGE_ROWS = 5_000;

type StoredFilters = z.output<typeof OrderExportInput> & {
  kind: OrderExportKind;
  restriction?: { base: 'BUSINESS' | 'WAREHOUSE'; ids: string[] };
};

const sourceOf = (kind: OrderExportKind) => (kind === 'fulfillment' ? 'MARKETPLACE' : 'MANUAL');

/** Starts an export of the orders of /fulfillment or /delivery-order; its job writes the file. */
export async function startOrderExport(ctx: TenantCtx, kind: OrderExportKind, input: z.input<typeof OrderExportInput>) {
  const filters = parseOrFail(OrderExportInput, input);
  if (filters.warehouse_id) await getWarehouse(ctx, filters.warehouse_id);
  if (filters.channel_id) await getChannel(ctx, filters.channel_id);
  const id = uuidv7();
  const stamp = ctx.platform.now().toISOString().slice(0, 19).replace(/[-:T]/gu, '');
  const type = ORDER_EXPORT_TYPES[kind];
  await recordExport(ctx, {
    id,
    type,
    fileName: `${kind === 'fulfillment' ? 'fulfillment' : 'delivery-order'}-${filters.date_from}-${filters.date_to}-${stamp}.${filters.format}`,
    // What was asked, and the requester's restriction (the job sees the orders the requester sees).
    filters: { ...filters, kind, restriction: { base: ctx.restriction.base, ids: [...ctx.restriction.ids] } },
  });
  const job: OrderExportJob = { workspaceId: ctx.workspaceId, exportId: id };
  ctx.afterCommit(async () => {
    await ctx.platform.jobs.send(ORDER_EXPORT_QUEUE, job, { singletonKey: id });
  });
  return getExport(ctx, id, type);
}

export const getOrderExport = (ctx: TenantCtx, kind: OrderExportKind, id: string) => getExport(ctx, id, ORDER_EXPORT_TYPES[kind]);
/** The file of a finished order export: whoever may export the list may download it. */
export const orderExportFile = (ctx: TenantCtx, kind: OrderExportKind, id: string) => exportFile(ctx, id, ORDER_EXPORT_TYPES[kind]);

const filterOf = (f: StoredFilters): OrderExportFilter => ({
  dateFrom: f.date_from as string,
  dateTo: f.date_to as string,
  source: sourceOf(f.kind),
  ...(f.channel_id ? { channelId: f.channel_id } : {}),
  ...(f.warehouse_id ? { warehouseId: f.warehouse_id } : {}),
  ...(f.courier ? { courier: f.courier } : {}),
  ...(f.payment_status ? { paymentStatus: f.payment_status } : {}),
  ...(f.status ? { status: f.status } : {}),
  ...(f.printed ? { extra: (orderId) => printedFilter(orderId, 'label', f.printed === 'printed') } : {}),
});

/** The value of one cell: dates as ISO text, empty for none. */
function cell(row: OrderExportRow, key: keyof OrderExportRow): string | number {
  const value = row[key];
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return value;
}

type Keyed = { orderDate: Date; id: string };
type CsvRow = Keyed & { line: string };

/** A file the job writes page by page: CSV text or an XLSX sheet, both streamed. */
type Sink<R extends Keyed> = {
  /** Reads the page after `key` (the first page without one). */
  read: (key: Keyed | null) => Promise<R[]>;
  page: (rows: readonly R[]) => Promise<void>;
  close: () => Promise<void>;
  abort: (error: Error) => void;
};

/** The CSV lines come written by PostgreSQL (`orderExportCsvPage`): the sink joins them. */
function csvSink(stream: PassThrough, read: (key: Keyed | null) => Promise<CsvRow[]>): Sink<CsvRow> {
  const write = async (text: string) => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  let started = false;
  return {
    read,
    async page(rows) {
      let text = started ? '' : `\uFEFF${ORDER_EXPORT_COLUMNS.map(([, header]) => header).join(',')}\n`;
      started = true;
      if (rows.length > 0) text += `${rows.map((row) => row.line).join('\n')}\n`;
      await write(text);
    },
    async close() {
      if (!started) await this.page([]);
      stream.end();
    },
    abort: (error) => stream.destroy(error),
  };
}

function xlsxSink(stream: PassThrough, title: string, read: (key: Keyed | null) => Promise<OrderExportRow[]>): Sink<OrderExportRow> {
  const writer = new XlsxStreamWriter(stream, title, WIDTHS);
  let started = false;
  const begin = async () => {
    if (started) return;
    started = true;
    await writer.start();
    await writer.row(ORDER_EXPORT_COLUMNS.map(([, header]) => header));
  };
  return {
    read,
    async page(rows) {
      await begin();
      for (const row of rows) await writer.row(ORDER_EXPORT_COLUMNS.map(([key]) => cell(row, key)));
    },
    async close() {
      await begin();
      await writer.finish();
    },
    abort: (error) => stream.destroy(error),
  };
}

/**
 * Pages through the orders into the sink; the next page is read while this one is written (the database and the
 * file's encoding overlap). Returns the number of rows written.
 */
async function pump(sink: Sink<Keyed>, pageSize: number, progress: (written: number) => Promise<void>): Promise<number> {
  // A page still being read when writing fails must not become an unhandled rejection.
  const quiet = (promise: Promise<Keyed[]>) => (promise.catch(() => undefined), promise);
  let written = 0;
  let pending = quiet(sink.read(null));
  for (;;) {
    const rows = await pending;
    const last = rows.length === pageSize ? rows[rows.length - 1] : undefined;
    if (last) pending = quiet(sink.read({ orderDate: last.orderDate, id: last.id }));
    await sink.page(rows);
    written += rows.length;
    await progress(written);
    if (!last) return written;
  }
}

/** Writes a header line or a sheet's opening, waiting while the file's stream is full. */
async function writeText(stream: PassThrough, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

/**
 * The export on PostgreSQL (ADR 0046, ADR 0057): a `COPY (select …) TO STDOUT` on the tenant's transaction (its role
 * and workspace, so row-level security applies), whose bytes go straight into the file: CSV fields as COPY writes
 * them, or for an XLSX the columns' texts in COPY's binary format, from which the sheet's XML is written here into the
 * deflated sheet (ADR 0060). Nothing but a block of 256 KB (about a megabyte of XML) is held. By default the whole
 * export is ONE COPY: the rows come in index order with nothing to find first, PostgreSQL writes the next rows while
 * Node writes and deflates the current ones, and the percent comes from the rows counted in the stream against a
 * count run beside it. With `pageSize` (ORDER_EXPORT_PAGE_SIZE) one query finds the key of every page's last row,
 * then each page is one COPY between two keys, its own transaction.
 */
async function copyExport(
  platform: Platform,
  workspaceId: string,
  ctxIn: (tx: Db) => TenantCtx,
  filter: OrderExportFilter,
  options: { format: 'csv' | 'xlsx'; title: string; pageSize: number | undefined; stream: PassThrough },
  progress: (written: number, total: number) => Promise<void>,
): Promise<number> {
  const { format, stream, pageSize } = options;
  const inTenantOf = <T>(fn: (tx: Db) => Promise<T>) => inTenant(platform.database.db, workspaceId, fn);
  let total = 0;
  let pages: { key: OrderExportKey | null; n: number }[];
  if (pageSize) {
    pages = await inTenantOf((tx) => orderExportPages(ctxIn(tx), filter, pageSize));
    total = pages.at(-1)?.n ?? 0;
  } else {
    pages = [{ key: null, n: 0 }];
    // The count runs on a connection of its own while the rows are written; until it answers there is no percent.
    void inTenantOf((tx) => countOrdersForExport(ctxIn(tx), filter)).then(
      (n) => (total = n),
      () => {},
    );
  }
  const headers = ORDER_EXPORT_COLUMNS.map(([, header]) => header);
  let writer: XlsxStreamWriter | undefined;
  if (format === 'csv') await writeText(stream, `\uFEFF${headers.join(',')}\n`);
  else {
    writer = new XlsxStreamWriter(stream, options.title, WIDTHS);
    await writer.start();
    await writer.row(headers);
  }
  let written = 0;
  // Progress within one COPY: reported without waiting for it, one report at a time (they are at least a second apart).
  let reporting: Promise<void> | undefined;
  const sent = pageSize
    ? undefined
    : (rows: number) => {
        if (reporting || total === 0) return;
        reporting = progress(rows, total)
          .catch(() => {})
          .finally(() => (reporting = undefined));
      };
  let after: OrderExportKey | null = null;
  for (const page of pages) {
    const from = after;
    written += await inTenantOf(async (tx) => {
      const client = pgClientOf(tx);
      if (!client) throw new Error('COPY needs a PostgreSQL connection');
      const statement = copyStatement(tx, client, orderExportCopy(ctxIn(tx), filter, format, from, page.key));
      // A page of a million-row export costs enough to be JIT-compiled, and compiling its expressions took longer than
      // running them (seconds per page, ADR 0046): the COPY runs without JIT.
      await client.query('set local jit = off');
      if (!writer) return copyOut(client, statement, stream, sent);
      // The sheet's XML is written here from the columns' texts (ADR 0060), after the rows before.
      const rows = writer.copyRows(ORDER_EXPORT_SHEET_KINDS);
      const n = await copyOut(client, statement, rows.target, sent);
      await rows.close();
      return n;
    });
    after = page.key;
    if (pageSize) await progress(written, total);
  }
  await reporting;
  if (writer) await writer.finish();
  else stream.end();
  return written;
}

const WIDTHS = ORDER_EXPORT_COLUMNS.map(([key]) => (key === 'shipAddress' ? 50 : 18));

/** The export job: counts the orders (for the percent), then pages through them into the streamed file. */
export async function runOrderExport(platform: Platform, job: OrderExportJob, pageSize?: number): Promise<void> {
  const { workspaceId, exportId } = job;
  const record = await findExportRecord(platform, workspaceId, exportId);
  if (!record || record.status === 'DONE') return;
  const attempt = record.attempts + 1;
  await updateExportRecord(platform, workspaceId, exportId, { status: 'PROCESSING', attempts: attempt, progress: 0 });
  const stored = record.filters as StoredFilters;
  const format = stored.format === 'csv' ? 'csv' : 'xlsx';
  const fileKey = `workspaces/${workspaceId}/exports/${exportId}.${format}`;
  const ctxIn = (tx: Db): TenantCtx => ({
    ...tenantCtxFor(systemCtx(platform, tx, `export:${exportId}`), workspaceId, record.requestedBy),
    ...(stored.restriction ? { restriction: stored.restriction } : {}),
  });
  try {
    const filter = filterOf(stored);
    const postgres = platform.database.kind === 'postgres';
    const size = pageSize ?? PGLITE_PAGE_ROWS;
    const stream = new PassThrough({ highWaterMark: 1 << 20 });
    const saving = platform.files.put(fileKey, stream);
    const title = stored.kind === 'fulfillment' ? 'Fulfillment' : 'Delivery Order';
    let rowCount = 0;
    let shown = 0;
    let shownAt = Date.now();
    const progress = async (written: number, total: number) => {
      const percent = total > 0 ? Math.min(99, Math.floor((written * 100) / total)) : 99;
      if (percent > shown && Date.now() - shownAt >= 1000) {
        shown = percent;
        shownAt = Date.now();
        await updateExportRecord(platform, workspaceId, exportId, { progress: percent });
      }
    };
    try {
      if (postgres) rowCount = await copyExport(platform, workspaceId, ctxIn, filter, { format, title, pageSize, stream }, progress);
      else {
        const total = await inTenant(platform.database.db, workspaceId, (tx) => countOrdersForExport(ctxIn(tx), filter));
        const inTenantOf = <T>(fn: (ctx: TenantCtx) => Promise<T>) => inTenant(platform.database.db, workspaceId, (tx) => fn(ctxIn(tx)));
        const sink =
          format === 'csv'
            ? csvSink(stream, (key) => inTenantOf((ctx) => orderExportCsvPage(ctx, filter, key, size)))
            : xlsxSink(stream, title, (key) => inTenantOf((ctx) => orderExportPage(ctx, filter, key, size)));
        try {
          // Each sink reads and writes its own kind of row; the pump only needs their keys.
          rowCount = await pump(sink as unknown as Sink<Keyed>, size, (written) => progress(written, total));
          await sink.close();
        } catch (error) {
          sink.abort(error as Error);
          throw error;
        }
      }
    } catch (error) {
      // Destroyed without the error: the file's pipeline may not listen yet, and the job reports the error itself.
      stream.destroy();
      await saving.catch(() => {});
      throw error;
    }
    const saved = await saving;
    await updateExportRecord(platform, workspaceId, exportId, {
      status: 'DONE',
      fileKey,
      rowCount,
      fileSize: saved.size,
      progress: 100,
      error: null,
      finishedAt: new Date(),
    });
  } catch (error) {
    const last = attempt >= EXPORT_MAX_ATTEMPTS;
    await updateExportRecord(platform, workspaceId, exportId, {
      status: last ? 'FAILED' : 'RETRY',
      error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      finishedAt: last ? new Date() : null,
    });
    await platform.files.remove(fileKey).catch(() => {});
    if (!last) throw error;
  }
}
