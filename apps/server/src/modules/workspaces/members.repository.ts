import { and, asc, eq, sql } from 'drizzle-orm';
import type { Ctx, TenantCtx } from '../../http/context.ts';
import { memberships, roles, workspaces } from './workspaces.schema.ts';

export type MembershipRow = typeof memberships.$inferSelect;

const isOwnerRole = sql<boolean>`(${roles.isSystem} and ${roles.name} = 'Owner')`;

const memberColumns = {
  membership: memberships,
  roleName: roles.name,
  rolePermissions: roles.permissions,
  isOwner: isOwnerRole,
};

/** Every member of the workspace with their role, oldest first. */
export async function listMemberships(ctx: TenantCtx) {
  return ctx.db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(eq(memberships.workspaceId, ctx.workspaceId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
}

export type MemberWithRole = Awaited<ReturnType<typeof listMemberships>>[number];

export async function findMembership(ctx: TenantCtx, userId: string): Promise<MemberWithRole | undefined> {
  const [row] = await ctx.db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.workspaceId, ctx.workspaceId), eq(memberships.userId, userId)));
  return row;
}

export async function insertMembershipRow(
  ctx: TenantCtx,
  row: Omit<typeof memberships.$inferInsert, 'workspaceId'>,
): Promise<MembershipRow> {
  const [created] = await ctx.db
    .insert(memberships)
    .values({ ...row, workspaceId: ctx.workspaceId })
    .returning();
  return created!;
}

export async function updateMembership(
  ctx: TenantCtx,
  userId: string,
  patch: Partial<Pick<MembershipRow, 'roleId' | 'restrictionBase' | 'restrictionList'>>,
): Promise<MembershipRow | undefined> {
  const [row] = await ctx.db
    .update(memberships)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(memberships.workspaceId, ctx.workspaceId), eq(memberships.userId, userId)))
    .returning();
  return row;
}

export async function deleteMembership(ctx: TenantCtx, userId: string): Promise<void> {
  await ctx.db.delete(memberships).where(and(eq(memberships.workspaceId, ctx.workspaceId), eq(memberships.userId, userId)));
}

/**
 * The owners' user ids, with their membership rows locked in id order: two owners demoting each other at
 * the same moment then run one after the other, so the workspace never ends up without an owner.
 */
export async function lockOwners(ctx: TenantCtx): Promise<string[]> {
  const rows = await ctx.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.workspaceId, ctx.workspaceId), isOwnerRole))
    .orderBy(asc(memberships.id))
    .for('update', { of: memberships });
  return rows.map((r) => r.userId);
}

export async function findWorkspaceName(ctx: TenantCtx): Promise<string | undefined> {
  const [row] = await ctx.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, ctx.workspaceId));
  return row?.name;
}

/** How many workspaces the user belongs to (system transaction: it spans workspaces). */
export async function countMembershipsOfUser(ctx: Ctx, userId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return row?.n ?? 0;
}
