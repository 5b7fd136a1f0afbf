import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../db/tenancy.ts';

export type FieldDiff = Record<string, { from: unknown; to: unknown }>;

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    actorId: uuid(),
    entity: text().notNull(),
    entityId: text().notNull(),
    action: text().$type<'create' | 'update' | 'delete'>().notNull(),
    diff: jsonb().$type<FieldDiff>().notNull(),
    requestId: text(),
    at: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('audit_entity_idx').on(t.workspaceId, t.entity, t.entityId, t.at.desc().nullsFirst()),
    index('audit_at_idx').on(t.workspaceId, t.at.desc().nullsFirst()),
    tenantPolicy(),
  ],
);
