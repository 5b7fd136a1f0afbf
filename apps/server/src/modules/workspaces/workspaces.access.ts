import type { PermissionMap } from '@kelola/contracts';
import { and, eq } from 'drizzle-orm';
import type { Restriction } from '../../http/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { memberships, roles } from './workspaces.schema.ts';

export type Access = { roleId: string; roleName: string; permissions: PermissionMap; restriction: Restriction; isOwner: boolean };

/**
 * What a user may do in a workspace, or null when not a member. Runs before the request's tenant
 * transaction exists (it decides whether there may be one), so it takes the root handle, not a ctx.
 */
export async function resolveAccess(db: Db, userId: string, workspaceId: string): Promise<Access | null> {
  const [row] = await db
    .select({
      roleId: roles.id,
      roleName: roles.name,
      isSystem: roles.isSystem,
      permissions: roles.permissions,
      base: memberships.restrictionBase,
      ids: memberships.restrictionList,
    })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)))
    .limit(1);
  if (!row) return null;
  return {
    roleId: row.roleId,
    roleName: row.roleName,
    permissions: row.permissions,
    restriction: { base: row.base, ids: row.ids },
    isOwner: row.isSystem && row.roleName === 'Owner',
  };
}
