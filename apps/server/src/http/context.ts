import type { Access, MenuKey, PermissionMap, RestrictionBase } from '@kelola/contracts';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db/database.ts';
import type { Locale } from '../platform/i18n/translate.ts';
import type { Platform } from '../platform/platform.ts';

export type Actor = { userId: string; sessionFamilyId: string | null };

export type Restriction = { base: RestrictionBase; ids: string[] };

/** What every service, repository and flow receives first: who acts, where, and the transaction to use. */
export type Ctx = {
  requestId: string;
  locale: Locale;
  ip: string | null;
  userAgent: string | null;
  /** The transaction of this request (row-level security applies in tenant requests). */
  db: Db;
  actor: Actor | null;
  workspaceId: string | null;
  businessId: string | null;
  warehouseId: string | null;
  restriction: Restriction | null;
  permissions: PermissionMap;
  roleName: string | null;
  platform: Platform;
  config: Config;
  /** Work to run once the request's transaction has committed (job sends, pushes). */
  afterCommit: (fn: () => Promise<void>) => void;
  /** Writes that must stand although the request fails and its transaction rolls back (attempt counters). */
  afterRollback: (fn: (db: Db) => Promise<void>) => void;
};

/** A context inside one workspace, with a signed-in actor: what tenant repositories require. */
export type TenantCtx = Ctx & { actor: Actor; workspaceId: string; restriction: Restriction };

export type SignedInCtx = Ctx & { actor: Actor };

/** 'public': anyone; 'authenticated': any signed-in user; 'member': any member of the Workspace-Id; else a menu key and action. */
export type Permission = 'public' | 'authenticated' | 'member' | readonly [MenuKey, Access];
