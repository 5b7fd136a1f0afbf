import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { insertJsonRows } from '../db/database.ts';
import { uuidv7 } from '../db/ids.ts';
import { auditLog, type FieldDiff } from './audit.schema.ts';

const IGNORED = new Set(['updatedAt', 'createdAt', 'passwordHash']);

/** Field-level difference between two versions of a record (create: before is null; delete: after is null). */
export function diffFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldDiff {
  const diff: FieldDiff = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) diff[key] = { from, to };
  }
  return diff;
}

/** Records who changed what, in the same transaction as the change. */
export async function recordAudit(
  ctx: TenantCtx,
  entry: { entity: string; entityId: string; action: 'create' | 'update' | 'delete'; before: object | null; after: object | null },
): Promise<void> {
  const diff = diffFields(entry.before as Record<string, unknown> | null, entry.after as Record<string, unknown> | null);
  if (entry.action === 'update' && Object.keys(diff).length === 0) return;
  await ctx.db.insert(auditLog).values({
    id: uuidv7(),
    workspaceId: ctx.workspaceId,
    actorId: ctx.actor.userId,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    diff,
    requestId: ctx.requestId,
  });
}

/** recordAudit for many records written by one batch (the product import, ADR 0043): one multi-row insert. */
export async function recordAudits(
  ctx: TenantCtx,
  entries: { entity: string; entityId: string; action: 'create' | 'update' | 'delete'; before: object | null; after: object | null }[],
): Promise<void> {
  const rows = entries.flatMap((entry) => {
    const diff = diffFields(entry.before as Record<string, unknown> | null, entry.after as Record<string, unknown> | null);
    if (entry.action === 'update' && Object.keys(diff).length === 0) return [];
    return [
      {
        id: uuidv7(),
        workspaceId: ctx.workspaceId,
        actorId: ctx.actor.userId,
        entity: entry.entity,
        entityId: entry.entityId,
        action: entry.action,
        diff,
        requestId: ctx.requestId,
      },
    ];
  });
  await insertJsonRows(ctx.db, auditLog, rows);
}

/**
 * What a restricted member may read of the log: entries about the listed entities (their businesses and warehouses)
 * and their own entries. Null: everything of the workspace.
 */
export type AuditScope = { entities: { entity: string; ids: string[] }[]; actorId: string } | null;

export async function listAudit(
  ctx: TenantCtx,
  filter: { entity?: string; entityId?: string; before?: string; limit: number },
  scope: AuditScope = null,
) {
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.workspaceId, ctx.workspaceId),
        filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
        filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
        filter.before ? lt(auditLog.id, filter.before) : undefined,
        scope
          ? or(
              eq(auditLog.actorId, scope.actorId),
              ...scope.entities.map(({ entity, ids }) =>
                ids.length > 0 ? and(eq(auditLog.entity, entity), inArray(auditLog.entityId, ids)) : undefined,
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
  return rows.map((r) => ({
    id: r.id,
    actor_id: r.actorId,
    entity: r.entity,
    entity_id: r.entityId,
    action: r.action,
    diff: r.diff,
    request_id: r.requestId,
    at: r.at.toISOString(),
  }));
}
