import type { DistributorCategory } from '@kelola/contracts';
import { and, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { visibleWarehouseCondition } from '../warehouses/index.ts';
import { distributors } from './distributors.schema.ts';

export type DistributorRow = typeof distributors.$inferSelect;
export type DistributorValues = Omit<typeof distributors.$inferInsert, 'id' | 'workspaceId' | 'channelId' | 'createdAt' | 'updatedAt'>;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;

/**
 * The channel's distributors in the workspace, narrowed to the warehouses the member may see (a restricted member
 * sees the distributors their warehouses ship to, as with purchase orders).
 */
const scope = (ctx: TenantCtx, channelId: string) =>
  and(
    eq(distributors.workspaceId, ctx.workspaceId),
    eq(distributors.channelId, channelId),
    visibleWarehouseCondition(ctx, distributors.warehouseId),
  );

export async function insertDistributor(ctx: TenantCtx, id: string, channelId: string, values: DistributorValues): Promise<DistributorRow> {
  const now = ctx.platform.now();
  const [row] = await ctx.db
    .insert(distributors)
    .values({ ...values, id, channelId, workspaceId: ctx.workspaceId, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** A visible distributor of the channel; `lock` takes its row for the rest of the transaction. */
export async function findDistributor(ctx: TenantCtx, channelId: string, id: string, lock = false): Promise<DistributorRow | undefined> {
  const query = ctx.db
    .select()
    .from(distributors)
    .where(and(scope(ctx, channelId), eq(distributors.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateDistributor(
  ctx: TenantCtx,
  channelId: string,
  id: string,
  values: DistributorValues,
): Promise<DistributorRow | undefined> {
  const [row] = await ctx.db
    .update(distributors)
    .set({ ...values, updatedAt: ctx.platform.now() })
    .where(and(scope(ctx, channelId), eq(distributors.id, id)))
    .returning();
  return row;
}

export async function deleteDistributor(ctx: TenantCtx, channelId: string, id: string): Promise<void> {
  await ctx.db.delete(distributors).where(and(scope(ctx, channelId), eq(distributors.id, id)));
}

/** Whether another distributor of the workspace already uses the code (whichever warehouse it ships from). */
export async function isCodeTaken(ctx: TenantCtx, code: string, exceptId?: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: distributors.id })
    .from(distributors)
    .where(
      and(eq(distributors.workspaceId, ctx.workspaceId), eq(distributors.code, code), exceptId ? ne(distributors.id, exceptId) : undefined),
    )
    .limit(1);
  return row !== undefined;
}

export type DistributorFilter = {
  q?: string | undefined;
  category?: DistributorCategory | undefined;
  status?: (typeof distributors.$inferSelect)['status'] | undefined;
  page: number;
  size: number;
};

/** A page of the channel's visible distributors, newest first, searched by code, name or phone; and how many match. */
export async function listDistributors(
  ctx: TenantCtx,
  channelId: string,
  filter: DistributorFilter,
): Promise<{ rows: DistributorRow[]; total: number }> {
  const q = filter.q?.trim();
  const like = q ? likePattern(q) : null;
  // Phones are kept in E.164 (+62812…): "0812-3456" as typed finds them too.
  const digits = q?.replace(/[\s().-]/gu, '') ?? '';
  const phoneLike = /^0\d{2,}$/u.test(digits) ? `%+62${digits.slice(1)}%` : null;
  const where = and(
    scope(ctx, channelId),
    filter.category ? eq(distributors.category, filter.category) : undefined,
    filter.status ? eq(distributors.status, filter.status) : undefined,
    like
      ? or(
          ilike(distributors.code, like),
          ilike(distributors.name, like),
          ilike(distributors.phone, like),
          phoneLike ? ilike(distributors.phone, phoneLike) : undefined,
        )
      : undefined,
  );
  // One transaction runs one statement at a time: the two queries go in sequence.
  const rows = await ctx.db
    .select()
    .from(distributors)
    .where(where)
    .orderBy(desc(distributors.createdAt), desc(distributors.id))
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size);
  // Distributors per workspace number in the tens or hundreds: an exact count is cheap here.
  const [counted] = await ctx.db.select({ total: count() }).from(distributors).where(where);
  return { rows, total: counted?.total ?? 0 };
}
