import type { Access, Role, RoleInput, RoleUpdateInput } from '@kelola/contracts';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import { assertWithinActorPermissions } from './members.service.ts';
import * as repo from './roles.repository.ts';
import { forgetAccessAfterCommit } from './workspaces.access.ts';
import { normalizePermissions } from './workspaces.permissions.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';

const toRole = (row: repo.RoleRow, memberCount: number): Role => ({
  id: row.id,
  name: row.name,
  is_system: row.isSystem,
  permissions: row.permissions as Record<string, Access>,
  member_count: memberCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The workspace's roles, built-in first, with how many members hold each. */
export async function listRoles(ctx: TenantCtx): Promise<Role[]> {
  const rows = await repo.listRolesWithCounts(ctx);
  return rows.map((r) => toRole(r.role, r.memberCount));
}

export async function getRole(ctx: TenantCtx, id: string): Promise<Role> {
  const row = await repo.findRole(ctx, id);
  if (!row) throw new DomainError('ROLE_NOT_FOUND');
  return toRole(row, (await repo.roleUsage(ctx, id)).members);
}

async function assertNameFree(ctx: TenantCtx, name: string, exceptId: string | null): Promise<void> {
  if (await repo.findRoleByName(ctx, name, exceptId)) throw fieldError('ROLE_NAME_TAKEN', 'name', 'ROLE_NAME_TAKEN');
}

/** A role opens at least one menu: a member holding a role without one signs in to an empty app. */
function assertSomeMenu(permissions: Record<string, Access>): void {
  if (Object.keys(permissions).length === 0) throw fieldError('ROLE_NO_MENU', 'permissions', 'ROLE_NO_MENU');
}

/** A custom role; built-in role names are taken in every workspace, so a custom role never passes for one. */
export async function createRole(ctx: TenantCtx, input: RoleInput): Promise<Role> {
  assertSomeMenu(input.permissions);
  await assertWithinActorPermissions(ctx, normalizePermissions(input.permissions));
  await assertNameFree(ctx, input.name, null);
  let row: repo.RoleRow;
  try {
    row = await repo.insertRole(ctx, {
      id: uuidv7(),
      name: input.name,
      isSystem: false,
      permissions: normalizePermissions(input.permissions),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('ROLE_NAME_TAKEN', 'name', 'ROLE_NAME_TAKEN');
    throw error;
  }
  await recordAudit(ctx, { entity: 'role', entityId: row.id, action: 'create', before: null, after: row });
  return toRole(row, 0);
}

export async function updateRole(ctx: TenantCtx, id: string, input: RoleUpdateInput): Promise<Role> {
  const before = await repo.findRole(ctx, id);
  if (!before) throw new DomainError('ROLE_NOT_FOUND');
  if (before.isSystem) throw new DomainError('SYSTEM_ROLE_READONLY');
  // Editing a role reaching beyond the actor's own would change what its holders may do: only within one's own.
  await assertWithinActorPermissions(ctx, before.permissions as Record<string, Access>);
  if (input.permissions !== undefined) {
    assertSomeMenu(input.permissions);
    await assertWithinActorPermissions(ctx, normalizePermissions(input.permissions));
  }
  if (input.name !== undefined) await assertNameFree(ctx, input.name, id);
  let after: repo.RoleRow | undefined;
  try {
    after = await repo.updateRole(ctx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.permissions !== undefined ? { permissions: normalizePermissions(input.permissions) } : {}),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('ROLE_NAME_TAKEN', 'name', 'ROLE_NAME_TAKEN');
    throw error;
  }
  if (!after) throw new DomainError('ROLE_NOT_FOUND');
  await recordAudit(ctx, { entity: 'role', entityId: id, action: 'update', before, after });
  forgetAccessAfterCommit(ctx);
  return toRole(after, (await repo.roleUsage(ctx, id)).members);
}

/** Deletes a custom role nobody holds; members or open invitations with it keep it alive (ROLE_IN_USE). */
export async function deleteRole(ctx: TenantCtx, id: string): Promise<void> {
  const before = await repo.findRole(ctx, id);
  if (!before) throw new DomainError('ROLE_NOT_FOUND');
  if (before.isSystem) throw new DomainError('SYSTEM_ROLE_READONLY');
  const usage = await repo.roleUsage(ctx, id);
  if (usage.members > 0 || usage.invitations > 0)
    throw new DomainError('ROLE_IN_USE', { members: usage.members, invitations: usage.invitations });
  await repo.deleteClosedInvitationsOfRole(ctx, id);
  await repo.deleteRole(ctx, id);
  forgetAccessAfterCommit(ctx);
  await recordAudit(ctx, { entity: 'role', entityId: id, action: 'delete', before, after: null });
}
