import type { Access, Member, MemberQuery, MemberUpdateInput, RestrictionBase } from '@kelola/contracts';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import { listBusinesses } from '../businesses/index.ts';
import { listUsersByIds } from '../identity/index.ts';
import { listWarehouseOptions } from '../warehouses/index.ts';
import * as repo from './members.repository.ts';
import { forgetAccessAfterCommit } from './workspaces.access.ts';
import * as roles from './roles.repository.ts';
import { normalizePermissions } from './workspaces.permissions.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';

export type NewMember = {
  userId: string;
  roleId: string;
  restrictionBase: RestrictionBase;
  restrictionList: string[];
  isDefault: boolean;
};

/**
 * The restriction list without duplicates, after checking every id is a business (BUSINESS) or warehouse
 * (WAREHOUSE) of this workspace. The look-up ignores the actor's own restriction: it asks what exists.
 */
export async function checkRestriction(ctx: TenantCtx, base: RestrictionBase, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const everything: TenantCtx = { ...ctx, restriction: { base: 'BUSINESS', ids: [] } };
  const rows = base === 'BUSINESS' ? await listBusinesses(everything) : await listWarehouseOptions(everything);
  const known = new Set(rows.map((r) => r.id));
  const missing = ids.findIndex((id) => !known.has(id));
  if (missing >= 0)
    throw fieldError(base === 'BUSINESS' ? 'BUSINESS_NOT_FOUND' : 'WAREHOUSE_NOT_FOUND', `restriction_list.${missing}`, 'INVALID_VALUE');
  return [...new Set(ids)];
}

/**
 * Whether a scope (restriction base and list) lies within the acting member's own: a member never grants, invites
 * or manages a scope wider than theirs. Unrestricted members reach everything; a business-restricted member reaches
 * their businesses and those businesses' warehouses; a warehouse-restricted member only their warehouses.
 */
export async function isWithinActorScope(ctx: TenantCtx, base: RestrictionBase, ids: readonly string[]): Promise<boolean> {
  return (await actorScope(ctx))(base, ids);
}

/** The test of isWithinActorScope, with the actor's reachable warehouses read once (for lists). */
export async function actorScope(ctx: TenantCtx): Promise<(base: RestrictionBase, ids: readonly string[]) => boolean> {
  const own = ctx.restriction;
  if (own.ids.length === 0) return () => true;
  // Warehouses granted by a business-restricted member: those of their businesses (listWarehouseOptions narrows).
  const reachable = own.base === 'BUSINESS' ? new Set((await listWarehouseOptions(ctx)).map((w) => w.id)) : new Set<string>();
  return (base, ids) => {
    // An empty list means the whole workspace.
    if (ids.length === 0) return false;
    if (base === own.base) return ids.every((id) => own.ids.includes(id));
    if (base === 'BUSINESS') return false;
    return ids.every((id) => reachable.has(id));
  };
}

/** BUSINESS_FORBIDDEN unless the scope lies within the acting member's own. */
export async function assertWithinActorScope(ctx: TenantCtx, base: RestrictionBase, ids: readonly string[]): Promise<void> {
  if (!(await isWithinActorScope(ctx, base, ids))) throw new DomainError('BUSINESS_FORBIDDEN');
}

async function roleOrFail(ctx: TenantCtx, roleId: string): Promise<roles.RoleRow> {
  const role = await roles.findRole(ctx, roleId);
  if (!role) throw fieldError('ROLE_NOT_FOUND', 'role_id', 'INVALID_VALUE');
  return role;
}

export const isOwnerRole = (role: Pick<roles.RoleRow, 'isSystem' | 'name'>) => role.isSystem && role.name === 'Owner';

/** Whether the acting user is an Owner of the workspace, read from the database rather than a role name in ctx. */
export async function actorIsOwner(ctx: TenantCtx): Promise<boolean> {
  return (await repo.findMembership(ctx, ctx.actor.userId))?.isOwner ?? false;
}

async function assertOwnerActor(ctx: TenantCtx): Promise<void> {
  if (!(await actorIsOwner(ctx))) throw new DomainError('OWNER_ONLY');
}

const rank = (access: Access | undefined) => (access === 'WRITE' ? 2 : access === 'READ' ? 1 : 0);

/**
 * Whether a set of grants lies within the acting member's own role: a member never grants (through a role they
 * create or edit, a role they give a member, or an invitation) a menu or a level they do not hold themselves.
 * An Owner holds everything.
 */
export async function assertWithinActorPermissions(ctx: TenantCtx, permissions: Record<string, Access>): Promise<void> {
  const actor = await repo.findMembership(ctx, ctx.actor.userId);
  if (actor?.isOwner) return;
  // Compared with the actor's grants as stored for a role (READ on the groups above a granted menu included).
  const own = normalizePermissions((actor?.rolePermissions ?? {}) as Record<string, Access>) as Record<string, Access>;
  const beyond = Object.entries(permissions)
    .filter(([key, access]) => rank(access) > rank(own[key]))
    .map(([key]) => key);
  if (beyond.length > 0) throw new DomainError('ROLE_EXCEEDS_OWN', { menus: beyond });
}

/** Inserts the membership and audits it; the restriction list must already be checked. */
export async function insertMember(ctx: TenantCtx, input: NewMember): Promise<repo.MembershipRow> {
  if (await repo.findMembership(ctx, input.userId)) throw new DomainError('MEMBER_ALREADY_EXISTS');
  let row: repo.MembershipRow;
  try {
    row = await repo.insertMembershipRow(ctx, {
      id: uuidv7(),
      userId: input.userId,
      roleId: input.roleId,
      restrictionBase: input.restrictionBase,
      restrictionList: input.restrictionList,
      isDefault: input.isDefault,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('MEMBER_ALREADY_EXISTS');
    throw error;
  }
  await recordAudit(ctx, { entity: 'membership', entityId: row.id, action: 'create', before: null, after: row });
  forgetAccessAfterCommit(ctx);
  return row;
}

/**
 * Makes an existing user a member with a role of this workspace. `isDefault` is taken as given: callers
 * pass true only for a user's first workspace, since other workspaces' rows are out of this ctx's reach.
 */
export async function addMember(ctx: TenantCtx, input: NewMember): Promise<repo.MembershipRow> {
  await roleOrFail(ctx, input.roleId);
  const restrictionList = await checkRestriction(ctx, input.restrictionBase, input.restrictionList);
  return insertMember(ctx, { ...input, restrictionList });
}

const toMember = (
  m: repo.MemberWithRole,
  user: { firstName: string; lastName: string; email: string | null; phone: string | null; verifiedAt: Date | null },
): Member => ({
  id: m.membership.userId,
  first_name: user.firstName,
  last_name: user.lastName,
  full_name: [user.firstName, user.lastName].filter(Boolean).join(' '),
  email: user.email,
  phone: user.phone,
  role_id: m.membership.roleId,
  role_name: m.roleName,
  is_owner: m.isOwner,
  restriction_base: m.membership.restrictionBase,
  restriction_list: m.membership.restrictionList,
  status: user.verifiedAt ? 'ACTIVE' : 'UNVERIFIED',
  joined_at: m.membership.createdAt.toISOString(),
});

/**
 * The user list of user management. A workspace's team is tens of people, so the page is cut after one
 * batch look-up of the people through the identity module, which keeps the users table behind its index.
 */
export async function listMembers(
  ctx: TenantCtx,
  query: MemberQuery,
): Promise<{ items: Member[]; page: number; size: number; total_row: number }> {
  // A restricted member sees themselves and the members whose reach lies within their own, never a wider one.
  const within = await actorScope(ctx);
  const rows = (await repo.listMemberships(ctx)).filter(
    (r) => r.membership.userId === ctx.actor.userId || within(r.membership.restrictionBase, r.membership.restrictionList),
  );
  const users = new Map(
    (
      await listUsersByIds(
        ctx,
        rows.map((r) => r.membership.userId),
      )
    ).map((u) => [u.id, u]),
  );
  const needle = query.q?.toLowerCase();
  const all = rows.flatMap((row) => {
    const user = users.get(row.membership.userId);
    if (!user) return [];
    if (query.role_id && row.membership.roleId !== query.role_id) return [];
    const member = toMember(row, user);
    if (needle && ![member.full_name, member.email ?? '', member.phone ?? ''].some((v) => v.toLowerCase().includes(needle))) return [];
    return [member];
  });
  const start = (query.page - 1) * query.size;
  return { items: all.slice(start, start + query.size), page: query.page, size: query.size, total_row: all.length };
}

export async function getMember(ctx: TenantCtx, userId: string): Promise<Member> {
  const row = await repo.findMembership(ctx, userId);
  const [user] = row ? await listUsersByIds(ctx, [userId]) : [];
  if (!row || !user) throw new DomainError('MEMBER_NOT_FOUND');
  return toMember(row, user);
}

/** Fails when the change would leave the workspace without an owner. */
async function assertOwnerRemains(ctx: TenantCtx, leavingUserId: string): Promise<void> {
  const owners = await repo.lockOwners(ctx);
  if (owners.filter((id) => id !== leavingUserId).length === 0) throw new DomainError('LAST_OWNER');
}

/** Changes a member's role and reach. Only an Owner may change an owner or make someone an owner. */
export async function updateMember(ctx: TenantCtx, userId: string, input: MemberUpdateInput): Promise<Member> {
  const current = await repo.findMembership(ctx, userId);
  if (!current) throw new DomainError('MEMBER_NOT_FOUND');
  // Both the member's present reach and the one given must lie within the actor's own (themselves included).
  await assertWithinActorScope(ctx, current.membership.restrictionBase, current.membership.restrictionList);
  const role = await roleOrFail(ctx, input.role_id);
  const becomesOwner = isOwnerRole(role);
  if (current.isOwner || becomesOwner) await assertOwnerActor(ctx);
  if (current.isOwner && !becomesOwner) await assertOwnerRemains(ctx, userId);
  // Nor may the member's present role or the new one reach beyond the actor's own.
  await assertWithinActorPermissions(ctx, current.rolePermissions as Record<string, Access>);
  await assertWithinActorPermissions(ctx, role.permissions as Record<string, Access>);
  const restrictionList = await checkRestriction(ctx, input.restriction_base, input.restriction_list);
  await assertWithinActorScope(ctx, input.restriction_base, restrictionList);
  const after = await repo.updateMembership(ctx, userId, { roleId: role.id, restrictionBase: input.restriction_base, restrictionList });
  if (!after) throw new DomainError('MEMBER_NOT_FOUND');
  await recordAudit(ctx, { entity: 'membership', entityId: after.id, action: 'update', before: current.membership, after });
  forgetAccessAfterCommit(ctx);
  return getMember(ctx, userId);
}

/** Removes someone from the workspace (their account stays). Nobody removes themselves; an owner only by an Owner. */
export async function removeMember(ctx: TenantCtx, userId: string): Promise<void> {
  if (userId === ctx.actor.userId) throw new DomainError('CANNOT_REMOVE_SELF');
  const current = await repo.findMembership(ctx, userId);
  if (!current) throw new DomainError('MEMBER_NOT_FOUND');
  await assertWithinActorScope(ctx, current.membership.restrictionBase, current.membership.restrictionList);
  if (current.isOwner) {
    await assertOwnerActor(ctx);
    await assertOwnerRemains(ctx, userId);
  }
  await repo.deleteMembership(ctx, userId);
  forgetAccessAfterCommit(ctx);
  await recordAudit(ctx, {
    entity: 'membership',
    entityId: current.membership.id,
    action: 'delete',
    before: current.membership,
    after: null,
  });
}
