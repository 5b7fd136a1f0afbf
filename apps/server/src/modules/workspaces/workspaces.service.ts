import { SYSTEM_ROLE_PERMISSIONS, SYSTEM_ROLES, type WorkspaceMembership } from '@kelola/contracts';
import type { Ctx, SignedInCtx } from '../../http/context.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError } from '../../platform/errors.ts';
import * as repo from './workspaces.repository.ts';

/** A new workspace with the built-in roles and its creator as Owner. Returns the workspace and role ids. */
export async function createWorkspace(ctx: Ctx, input: { name: string; ownerUserId: string; isDefault: boolean }) {
  const workspaceId = uuidv7();
  await repo.insertWorkspace(ctx, { id: workspaceId, name: input.name });
  const roleIds = Object.fromEntries(SYSTEM_ROLES.map((name) => [name, uuidv7()])) as Record<(typeof SYSTEM_ROLES)[number], string>;
  await repo.insertRoles(
    ctx,
    SYSTEM_ROLES.map((name) => ({ id: roleIds[name], workspaceId, name, isSystem: true, permissions: SYSTEM_ROLE_PERMISSIONS[name] })),
  );
  await repo.insertMembership(ctx, {
    id: uuidv7(),
    workspaceId,
    userId: input.ownerUserId,
    roleId: roleIds.Owner,
    restrictionBase: 'BUSINESS',
    restrictionList: [],
    isDefault: input.isDefault,
  });
  return { workspaceId, roleIds };
}

/** The user's workspaces, duplicates removed (spec part 4), oldest membership first. */
export async function listUserWorkspaces(
  ctx: Ctx,
  userId: string,
): Promise<(WorkspaceMembership & { permissions: Record<string, 'READ' | 'WRITE'> })[]> {
  const rows = await repo.membershipsOfUser(ctx, userId);
  const seen = new Set<string>();
  return rows
    .filter((r) => (seen.has(r.workspaceId) ? false : (seen.add(r.workspaceId), true)))
    .map((r) => ({
      workspace_id: r.workspaceId,
      workspace_name: r.workspaceName,
      role_id: r.roleId,
      role_name: r.roleName,
      restriction_base: r.restrictionBase,
      restriction_list: r.restrictionList,
      is_default: r.isDefault,
      permissions: r.permissions as Record<string, 'READ' | 'WRITE'>,
    }));
}

/** Spec part 4: the workspace matching the requested id, else the default, else the first. */
export function pickActiveWorkspace<T extends { workspace_id: string; is_default: boolean }>(
  list: T[],
  requested: string | null | undefined,
): T | null {
  return list.find((w) => w.workspace_id === requested) ?? list.find((w) => w.is_default) ?? list[0] ?? null;
}

export async function setDefaultWorkspace(ctx: SignedInCtx, workspaceId: string): Promise<void> {
  if (!(await repo.setDefaultMembership(ctx, ctx.actor.userId, workspaceId))) throw new DomainError('WORKSPACE_NOT_FOUND');
}

/** The user's workspaces as one JSON array, for `GET /api/me`'s single statement (ADR 0043). */
export { userWorkspacesJsonSql } from './workspaces.repository.ts';
