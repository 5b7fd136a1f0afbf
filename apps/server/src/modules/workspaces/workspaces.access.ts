import type { PermissionMap } from '@kelola/contracts';
import { and, eq } from 'drizzle-orm';
import type { Restriction, TenantCtx } from '../../http/context.ts';
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

/**
 * How long a process trusts a resolved access before asking the database again. A change committed by this process
 * (role, restriction, removal) is forgotten at once; another process's change is seen within this time, so a removed
 * member or a changed role is honoured everywhere within a second (docs/adr/0037).
 */
export const ACCESS_TTL_MS = 500;
const MAX_ENTRIES = 50_000;

type CachedAccess = { workspaceId: string; access: Promise<Access | null>; until: number };
const caches = new WeakMap<Db, Map<string, CachedAccess>>();
const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
};

/** resolveAccess through the process's short-lived cache (one per root database handle, i.e. per process). */
export function resolveAccessCached(
  db: Db,
  userId: string,
  workspaceId: string,
  ttlMs = ACCESS_TTL_MS,
  now: () => number = Date.now,
): Promise<Access | null> {
  if (ttlMs <= 0) return resolveAccess(db, userId, workspaceId);
  const cache = cacheOf(db);
  const key = `${userId}:${workspaceId}`;
  const hit = cache.get(key);
  if (hit && hit.until > now()) return hit.access;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const access = resolveAccess(db, userId, workspaceId);
  cache.set(key, { workspaceId, access, until: now() + ttlMs });
  access.catch(() => cache.delete(key));
  return access;
}

/** After a change to a workspace's members or roles commits in this process: its next requests ask the database. */
export function forgetWorkspaceAccess(db: Db, workspaceId: string): void {
  const cache = caches.get(db);
  if (!cache) return;
  for (const [key, entry] of cache) if (entry.workspaceId === workspaceId) cache.delete(key);
}

/** Forgets the workspace's cached accesses once the change being made in ctx's transaction commits. */
export function forgetAccessAfterCommit(ctx: TenantCtx): void {
  ctx.afterCommit(async () => forgetWorkspaceAccess(ctx.platform.database.db, ctx.workspaceId));
}
