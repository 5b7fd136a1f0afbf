import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
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

/**
 * `membershipsOfUser` as listUserWorkspaces shapes it, in one JSON array (oldest membership first, one entry per
 * workspace, with the role's permissions), for a caller composing one statement (`GET /api/me`, ADR 0043).
 */
export const userWorkspacesJsonSql = (userId: SQL) =>
  sql`(select coalesce(json_agg(json_build_object('workspace_id', d.workspace_id, 'workspace_name', d.workspace_name,
      'role_id', d.role_id, 'role_name', d.role_name, 'restriction_base', d.restriction_base,
      'restriction_list', d.restriction_list, 'is_default', d.is_default, 'permissions', d.permissions)
      order by d.created_at, d.workspace_id), '[]'::json)
    from (select distinct on (${memberships.workspaceId}) ${memberships.workspaceId} as workspace_id,
        ${workspaces.name} as workspace_name, ${roles.id} as role_id, ${roles.name} as role_name,
        ${roles.permissions} as permissions, ${memberships.restrictionBase} as restriction_base,
        ${memberships.restrictionList} as restriction_list, ${memberships.isDefault} as is_default,
        ${memberships.createdAt} as created_at
      from ${memberships}
      join ${workspaces} on ${workspaces.id} = ${memberships.workspaceId}
      join ${roles} on ${roles.id} = ${memberships.roleId}
      where ${memberships.userId} = ${userId}
      order by ${memberships.workspaceId}, ${memberships.createdAt}) d)`;
