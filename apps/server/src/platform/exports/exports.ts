import type { ExportRecord } from '@kelola/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { inTenant } from '../db/database.ts';
import { DomainError } from '../errors.ts';
import type { FileAnswer } from '../files/download.ts';
import type { Platform } from '../platform.ts';
import { exports } from './exports.schema.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';
/** The content type of an export file, by its name (XLSX unless CSV). */
export const exportContentType = (fileName: string) => (fileName.endsWith('.csv') ? CSV_TYPE : XLSX_TYPE);

/**
 * The queue that makes each type of export, as the modules register it: retrying a failed export sends its job there
 * again (the platform imports no module, so modules tell it).
 */
const exportQueues = new Map<string, string>();
export function registerExportQueue(type: string, queue: string): void {
  exportQueues.set(type, queue);
}

export type ExportRow = typeof exports.$inferSelect;

/** The filters an export was asked with, as the user chose them (not the scope the server added). */
const chosenFilters = (filters: unknown): Record<string, string | number | boolean> =>
  Object.fromEntries(
    Object.entries(filters && typeof filters === 'object' ? filters : {}).filter(
      ([key, value]) => key !== 'warehouse_ids' && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'),
    ),
  );

const present = (row: ExportRow, names: ReadonlyMap<string, string> = new Map()): ExportRecord => ({
  id: row.id,
  type: row.type,
  status: row.status,
  file_name: row.fileName,
  row_count: row.rowCount,
  progress: row.status === 'DONE' ? 100 : row.progress,
  file_size: row.fileSize,
  filters: chosenFilters(row.filters),
  error: row.error,
  requested_by: row.requestedBy,
  requested_by_name: names.get(row.requestedBy) ?? null,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});

/** Display names of users, by id: the identity module's, passed in (the platform imports no module). */
export type UserNames = (ctx: TenantCtx, userIds: readonly string[]) => Promise<ReadonlyMap<string, string>>;

/** Records an export in the workspace's export history (status PROCESSING); its job fills it in. */
export async function recordExport(
  ctx: TenantCtx,
  entry: { id: string; type: string; fileName: string; filters: Record<string, unknown> },
): Promise<ExportRecord> {
  const [row] = await ctx.db
    .insert(exports)
    .values({ ...entry, workspaceId: ctx.workspaceId, requestedBy: ctx.actor.userId })
    .returning();
  return present(row!);
}

/** An export record as its job sees it, outside any request. */
export async function findExportRecord(platform: Platform, workspaceId: string, id: string): Promise<ExportRow | null> {
  return inTenant(
    platform.database.db,
    workspaceId,
    async (tx) =>
      (
        await tx
          .select()
          .from(exports)
          .where(and(eq(exports.workspaceId, workspaceId), eq(exports.id, id)))
      )[0] ?? null,
  );
}

/** Progress and outcome of an export job (DONE with file and row count, RETRY, FAILED). */
export async function updateExportRecord(
  platform: Platform,
  workspaceId: string,
  id: string,
  values: Partial<
    Pick<typeof exports.$inferInsert, 'status' | 'fileKey' | 'rowCount' | 'attempts' | 'error' | 'finishedAt' | 'progress' | 'fileSize'>
  >,
): Promise<void> {
  await inTenant(platform.database.db, workspaceId, (tx) =>
    tx
      .update(exports)
      .set(values)
      .where(and(eq(exports.workspaceId, workspaceId), eq(exports.id, id))),
  );
}

async function findExport(ctx: TenantCtx, id: string, type?: string): Promise<ExportRow> {
  const [row] = await ctx.db
    .select()
    .from(exports)
    .where(and(eq(exports.workspaceId, ctx.workspaceId), eq(exports.id, id), type ? eq(exports.type, type) : undefined));
  if (!row) throw new DomainError('EXPORT_NOT_FOUND');
  return row;
}

/** One export of the workspace (of the given type when a module's own route asks). */
export async function getExport(ctx: TenantCtx, id: string, type?: string): Promise<ExportRecord> {
  return present(await findExport(ctx, id, type));
}

/** The export history, newest first, with the name of who asked for each. */
export async function listExports(ctx: TenantCtx, query: { type?: string; page: number; size: number }, userNames: UserNames) {
  const where = and(eq(exports.workspaceId, ctx.workspaceId), query.type ? eq(exports.type, query.type) : undefined);
  const rows = await ctx.db
    .select()
    .from(exports)
    .where(where)
    .orderBy(desc(exports.createdAt))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [counted] = await ctx.db.select({ total: count() }).from(exports).where(where);
  const names = rows.length > 0 ? await userNames(ctx, [...new Set(rows.map((r) => r.requestedBy))]) : new Map<string, string>();
  return { items: rows.map((r) => present(r, names)), page: query.page, size: query.size, total_row: counted?.total ?? 0 };
}

/** The finished file of an export; FILE_NOT_READY until its job is done. */
export async function exportFile(ctx: TenantCtx, id: string, type?: string): Promise<FileAnswer> {
  const row = await findExport(ctx, id, type);
  if (row.status !== 'DONE' || !row.fileKey) throw new DomainError('FILE_NOT_READY');
  const stream = await ctx.platform.files.get(row.fileKey);
  if (!stream) throw new DomainError('FILE_NOT_READY');
  return { stream, fileName: row.fileName, contentType: exportContentType(row.fileName) };
}

/**
 * Retry of a failed export (spec part 4: failed, retry): the record goes back to PROCESSING with its attempts reset
 * and its job is sent again to the queue its type registered. Only a FAILED export can be retried.
 */
export async function retryExport(ctx: TenantCtx, id: string): Promise<ExportRecord> {
  const row = await findExport(ctx, id);
  const queue = exportQueues.get(row.type);
  if (row.status !== 'FAILED' || !queue) throw new DomainError('EXPORT_NOT_RETRYABLE');
  const [updated] = await ctx.db
    .update(exports)
    .set({ status: 'PROCESSING', attempts: 0, progress: 0, error: null, finishedAt: null })
    .where(and(eq(exports.workspaceId, ctx.workspaceId), eq(exports.id, id), eq(exports.status, 'FAILED')))
    .returning();
  if (!updated) throw new DomainError('EXPORT_NOT_RETRYABLE');
  const job = { workspaceId: ctx.workspaceId, exportId: id };
  ctx.afterCommit(async () => {
    await ctx.platform.jobs.send(queue, job, { singletonKey: `${id}:retry:${Date.now()}` });
  });
  return present(updated);
}
