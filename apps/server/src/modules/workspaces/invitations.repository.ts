import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Ctx, TenantCtx } from '../../http/context.ts';
import { invitations, roles, workspaces } from './workspaces.schema.ts';

export type InvitationRow = typeof invitations.$inferSelect;

const withRole = { invitation: invitations, roleName: roles.name };

export async function insertInvitation(ctx: TenantCtx, row: Omit<typeof invitations.$inferInsert, 'workspaceId'>): Promise<InvitationRow> {
  const [created] = await ctx.db
    .insert(invitations)
    .values({ ...row, workspaceId: ctx.workspaceId })
    .returning();
  return created!;
}

export async function findInvitation(ctx: TenantCtx, id: string) {
  const [row] = await ctx.db
    .select(withRole)
    .from(invitations)
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .where(and(eq(invitations.workspaceId, ctx.workspaceId), eq(invitations.id, id)));
  return row;
}

/** Invitations not accepted and not revoked (expired ones included: they can be resent), newest first. */
export async function listOpenInvitations(ctx: TenantCtx) {
  return ctx.db
    .select(withRole)
    .from(invitations)
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .where(and(eq(invitations.workspaceId, ctx.workspaceId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/** Open invitations to one address, so a new invitation can replace them. */
export async function openInvitationsTo(ctx: TenantCtx, via: 'email' | 'phone', value: string): Promise<InvitationRow[]> {
  return ctx.db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, ctx.workspaceId),
        via === 'email' ? eq(invitations.email, value) : eq(invitations.phoneNumber, value),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
}

export async function updateInvitation(
  ctx: TenantCtx,
  id: string,
  patch: Partial<Pick<InvitationRow, 'tokenHash' | 'expiresAt' | 'revokedAt'>>,
): Promise<InvitationRow | undefined> {
  const [row] = await ctx.db
    .update(invitations)
    .set(patch)
    .where(and(eq(invitations.workspaceId, ctx.workspaceId), eq(invitations.id, id)))
    .returning();
  return row;
}

/** Marks it accepted only if still open; false means someone used or revoked it first. */
export async function markAccepted(ctx: TenantCtx, id: string, at: Date): Promise<boolean> {
  const rows = await ctx.db
    .update(invitations)
    .set({ acceptedAt: at })
    .where(
      and(
        eq(invitations.workspaceId, ctx.workspaceId),
        eq(invitations.id, id),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length === 1;
}

/**
 * The invitation a link carries, with its workspace and role names. The token is the only key the
 * invitee has, so this look-up runs in the system transaction, across workspaces.
 */
export async function findInvitationByTokenHash(ctx: Ctx, tokenHash: string) {
  const [row] = await ctx.db
    .select({ invitation: invitations, roleName: roles.name, workspaceName: workspaces.name })
    .from(invitations)
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row;
}
