import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../db/tenancy.ts';

/**
 * Export history (spec part 4: done, failed, retry): every export job of the workspace and its file. Products
 * export first; inventory, orders and fulfillment exports add their `type` (the table moved here from the catalog, unchanged).
 */
export const exports = pgTable(
  'exports',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    type: text().notNull(),
    status: text({ enum: ['PROCESSING', 'DONE', 'FAILED', 'RETRY'] })
      .notNull()
      .default('PROCESSING'),
    fileKey: text(),
    fileName: text().notNull(),
    rowCount: integer().notNull().default(0),
    /** How far the job is, 0–100 (the waiting modal's percent). */
    progress: integer().notNull().default(0),
    /** Bytes of the finished file. */
    fileSize: bigint({ mode: 'number' }),
    filters: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer().notNull().default(0),
    error: text(),
    requestedBy: uuid().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    finishedAt: timestamptz(),
  },
  (t) => [index('exports_workspace_created_idx').on(t.workspaceId, t.createdAt.desc().nullsFirst()), tenantPolicy()],
);
