import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { businesses } from './businesses.schema.ts';

export type BusinessRow = typeof businesses.$inferSelect;

export async function insertBusiness(ctx: TenantCtx, row: Omit<typeof businesses.$inferInsert, 'workspaceId'>): Promise<BusinessRow> {
  const [created] = await ctx.db
    .insert(businesses)
    .values({ ...row, workspaceId: ctx.workspaceId })
    .returning();
  return created!;
}

/** The workspace's businesses by name: all of them (ids null) or those among ids. */
export async function listBusinesses(ctx: TenantCtx, ids: string[] | null): Promise<BusinessRow[]> {
  if (ids?.length === 0) return [];
  return ctx.db
    .select()
    .from(businesses)
    .where(and(eq(businesses.workspaceId, ctx.workspaceId), ids ? inArray(businesses.id, ids) : undefined))
    .orderBy(asc(businesses.name));
}

export async function findBusiness(ctx: TenantCtx, id: string): Promise<BusinessRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(businesses)
    .where(and(eq(businesses.workspaceId, ctx.workspaceId), eq(businesses.id, id)));
  return row;
}

export async function findBusinesses(ctx: TenantCtx, ids: readonly string[]): Promise<BusinessRow[]> {
  if (ids.length === 0) return [];
  return ctx.db
    .select()
    .from(businesses)
    .where(and(eq(businesses.workspaceId, ctx.workspaceId), inArray(businesses.id, [...ids])));
}

export async function updateBusiness(
  ctx: TenantCtx,
  id: string,
  patch: Partial<typeof businesses.$inferInsert>,
): Promise<BusinessRow | undefined> {
  const [row] = await ctx.db
    .update(businesses)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(businesses.workspaceId, ctx.workspaceId), eq(businesses.id, id)))
    .returning();
  return row;
}

/**
 * The top bar's business entries (`GET /api/me`) as one JSON array, by name: the workspace's businesses, or those
 * among `ids` (a uuid[] expression) when it is not empty. For a caller composing one statement (ADR 0043).
 */
export const businessOptionsJsonSql = (workspaceId: SQL, ids: SQL) =>
  sql`(select coalesce(json_agg(json_build_object('business_id', ${businesses.id}, 'business_name', ${businesses.name},
      'warehouse_id', null, 'name', ${businesses.name}) order by ${businesses.name}), '[]'::json)
    from ${businesses} where ${businesses.workspaceId} = ${workspaceId}
      and (cardinality(${ids}) = 0 or ${businesses.id} = any(${ids})))`;
