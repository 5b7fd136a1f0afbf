import { and, asc, count, desc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { invitations, memberships, roles } from './workspaces.schema.ts';

export type RoleRow = typeof roles.$inferSelect;

/** Built-in roles first (in the order they were made), then custom ones; each with its number of members. */
export async function listRolesWithCounts(ctx: TenantCtx) {
  const members = ctx.db
    .select({ roleId: memberships.roleId, n: count().as('n') })
    .from(memberships)
    .where(eq(memberships.workspaceId, ctx.workspaceId))
    .groupBy(memberships.roleId)
    .as('members');
  return ctx.db
    .select({ role: roles, memberCount: sql<number>`coalesce(${members.n}, 0)`.mapWith(Number) })
    .from(roles)
    .leftJoin(members, eq(members.roleId, roles.id))
    .where(eq(roles.workspaceId, ctx.workspaceId))
    .orderBy(desc(roles.isSystem), asc(roles.id));
}

export async function findRole(ctx: TenantCtx, id: string): Promise<RoleRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(roles)
    .where(and(eq(roles.workspaceId, ctx.workspaceId), eq(roles.id, id)));
  return row;
}

/** The built-in Owner role of the workspace. */
export async function findOwnerRole(ctx: TenantCtx): Promise<RoleRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(roles)
    .where(and(eq(roles.workspaceId, ctx.workspaceId), eq(roles.isSystem, true), eq(roles.name, 'Owner')));
  return row;
}

/** Another role with the same name, ignoring case, so "admin" cannot sit next to "Admin". */
export async function findRoleByName(ctx: TenantCtx, name: string, exceptId: string | null): Promise<RoleRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(roles)
    .where(
      and(
        eq(roles.workspaceId, ctx.workspaceId),
        sql`lower(${roles.name}) = lower(${name})`,
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    );
  return row;
}

export async function insertRole(ctx: TenantCtx, row: Omit<typeof roles.$inferInsert, 'workspaceId'>): Promise<RoleRow> {
  const [created] = await ctx.db
    .insert(roles)
    .values({ ...row, workspaceId: ctx.workspaceId })
    .returning();
  return created!;
}

export async function updateRole(
  ctx: TenantCtx,
  id: string,
  patch: Partial<Pick<RoleRow, 'name' | 'permissions'>>,
): Promise<RoleRow | undefined> {
  const [row] = await ctx.db
    .update(roles)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(roles.workspaceId, ctx.workspaceId), eq(roles.id, id)))
    .returning();
  return row;
}

export async function deleteRole(ctx: TenantCtx, id: string): Promise<void> {
  await ctx.db.delete(roles).where(and(eq(roles.workspaceId, ctx.workspaceId), eq(roles.id, id)));
}

/** How many members and invitations that can still be accepted (or resent) hold the role. */
export async function roleUsage(ctx: TenantCtx, roleId: string): Promise<{ members: number; invitations: number }> {
  const [m] = await ctx.db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, ctx.workspaceId), eq(memberships.roleId, roleId)));
  const [i] = await ctx.db
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, ctx.workspaceId),
        eq(invitations.roleId, roleId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
  return { members: Number(m?.n ?? 0), invitations: Number(i?.n ?? 0) };
}

/** Accepted and revoked invitations can never be used again; they go with their role (the audit log keeps them). */
export async function deleteClosedInvitationsOfRole(ctx: TenantCtx, roleId: string): Promise<void> {
  await ctx.db
    .delete(invitations)
    .where(
      and(
        eq(invitations.workspaceId, ctx.workspaceId),
        eq(invitations.roleId, roleId),
        or(isNotNull(invitations.acceptedAt), isNotNull(invitations.revokedAt)),
      ),
    );
}
