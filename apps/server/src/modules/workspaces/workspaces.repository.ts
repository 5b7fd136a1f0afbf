import { and, asc, eq } from 'drizzle-orm';
import type { Ctx } from '../../http/context.ts';
import { memberships, roles, workspaces } from './workspaces.schema.ts';

export async function insertWorkspace(ctx: Ctx, row: typeof workspaces.$inferInsert): Promise<void> {
  await ctx.db.insert(workspaces).values(row);
}

export async function insertRoles(ctx: Ctx, rows: (typeof roles.$inferInsert)[]): Promise<void> {
  await ctx.db.insert(roles).values(rows);
}

export async function insertMembership(ctx: Ctx, row: typeof memberships.$inferInsert): Promise<void> {
  await ctx.db.insert(memberships).values(row);
}

/** Every workspace a user belongs to (system transaction: it spans workspaces by design). */
export async function membershipsOfUser(ctx: Ctx, userId: string) {
  return ctx.db
    .select({
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      roleId: roles.id,
      roleName: roles.name,
      permissions: roles.permissions,
      restrictionBase: memberships.restrictionBase,
      restrictionList: memberships.restrictionList,
      isDefault: memberships.isDefault,
      createdAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
}

export async function setDefaultMembership(ctx: Ctx, userId: string, workspaceId: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)));
  if (rows.length === 0) return false;
  await ctx.db.update(memberships).set({ isDefault: false }).where(eq(memberships.userId, userId));
  await ctx.db
    .update(memberships)
    .set({ isDefault: true })
    .where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)));
  return true;
}
