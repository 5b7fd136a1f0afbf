import {
  DEFAULT_SETTINGS,
  Me as MeSchema,
  HIDDEN_MENU_SALES_CHANNEL_ID,
  SALES_CHANNELS,
  type Access,
  type BusinessListEntry,
  type Me,
  type MenuResult,
  type UserSettings,
  type WorkspaceMembership,
} from '@kelola/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SignedInCtx, TenantCtx } from '../http/context.ts';
import { businessOptionsJsonSql } from '../modules/businesses/index.ts';
import { DISTRIBUTOR_SALES_CHANNEL } from '@kelola/contracts/distributor-channel';
import { listChannels, listDistributorChannels } from '../modules/channels/index.ts';
import { userJsonSql } from '../modules/identity/index.ts';
import { warehouseOptionsJsonSql } from '../modules/warehouses/index.ts';
import { buildMenu, userWorkspacesJsonSql } from '../modules/workspaces/index.ts';
import { systemStatement, type Db, type TenantStatement } from '../platform/db/database.ts';
import { DomainError } from '../platform/errors.ts';

type MembershipJson = WorkspaceMembership & { permissions: Record<string, Access> };
type MeRow = {
  user: {
    id: string;
    email: string | null;
    phone: string | null;
    firstName: string;
    lastName: string;
    typeRegister: 'email' | 'phone';
    settings: Partial<UserSettings>;
  } | null;
  workspaces: MembershipJson[];
  active: MembershipJson | null;
  business_list: BusinessListEntry[];
};

/**
 * `GET /api/me` in one statement (ADR 0043): the user, their workspaces (oldest membership first, one per workspace),
 * the active one (the requested workspace, else the default, else the first: pickActiveWorkspace's rule) and its top
 * bar entries (businesses for a BUSINESS restriction, warehouses otherwise), each part written by its own module.
 * It runs as the owner outside a transaction: every part filters by the user or the active workspace itself.
 */
const meStatement: TenantStatement<{ user_id: string; workspace_id: string | null }> = {
  name: 'get_me_v2',
  build: (value) => {
    const userId = sql`${value('user_id')}::uuid`;
    const activeWorkspace = sql`act.workspace_id`;
    const activeBase = sql`(act.e->>'restriction_base')`;
    const activeIds = sql`act.ids`;
    // The workspaces' JSON is materialised once: referenced twice (the answer and the active pick), it would be built twice.
    return sql`with ws(j) as materialized (select ${userWorkspacesJsonSql(userId)})
      select u.j as "user", ws.j as workspaces, act.e as active,
        case when act.e is null then '[]'::json
          when act.e->>'restriction_base' = 'BUSINESS' then ${businessOptionsJsonSql(activeWorkspace, activeIds)}
          else ${warehouseOptionsJsonSql(activeWorkspace, activeBase, activeIds)} end as business_list
      from (select ${userJsonSql(userId)}) u(j)
      cross join ws
      left join lateral (
        select t.e, (t.e->>'workspace_id')::uuid as workspace_id,
          array(select json_array_elements_text(t.e->'restriction_list'))::uuid[] as ids
        from json_array_elements(ws.j) with ordinality t(e, n)
        order by (t.e->>'workspace_id' = ${value('workspace_id')}::text) desc nulls last, (t.e->>'is_default')::boolean desc, t.n
        limit 1) act on true`;
  },
};

/** The signed-in user as the web shell needs it (spec part 3 "User"): profile, workspaces, selector entries. */
export async function getMe(ctx: SignedInCtx, requestedWorkspaceId: string | undefined): Promise<Me> {
  const [row] = await systemStatement<MeRow, { user_id: string; workspace_id: string | null }>(ctx.db, meStatement, {
    user_id: ctx.actor.userId,
    workspace_id: requestedWorkspaceId ?? null,
  });
  const user = row?.user;
  if (!user) throw new DomainError('UNAUTHENTICATED');
  const active = row.active;
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return {
    id: user.id,
    uuid: user.id,
    email: user.email,
    phone: user.phone,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: fullName,
    typeRegister: user.typeRegister,
    role_name: active?.role_name ?? null,
    workspace_id_active: active?.workspace_id ?? null,
    workspace_id_active_name: active?.workspace_name ?? null,
    user_workspaces: row.workspaces.map(({ permissions: _p, ...w }) => w),
    restriction_base: active?.restriction_base ?? null,
    businessList: row.business_list,
    permissions: active?.permissions ?? {},
    settings: { ...DEFAULT_SETTINGS, ...user.settings },
  };
}

/** Bounds the memory of a long-running process; the copy is only an optimisation, so a full map is dropped whole. */
const MAX_ENTRIES = 10_000;

type MeEntry = { body: Promise<string>; until: number; generation: number };
type MeCache = { generation: number; entries: Map<string, MeEntry> };
/** One copy per root database handle, i.e. per process (a test app is a process of its own). */
const meCaches = new WeakMap<Db, MeCache>();
const meCacheOf = (db: Db): MeCache => {
  let cache = meCaches.get(db);
  if (!cache) meCaches.set(db, (cache = { generation: 0, entries: new Map() }));
  return cache;
};

/** The answer as the route's response schema sends it: encoded by `Me`, then JSON (what the serializer would do). */
const meJson = async (ctx: SignedInCtx, requestedWorkspaceId: string | undefined): Promise<string> =>
  JSON.stringify(z.encode(MeSchema, await getMe(ctx, requestedWorkspaceId)));

/**
 * `GET /api/me`'s body as JSON, from the process's copy when it is younger than `ttlMs` and no write request of this
 * process finished since it was read (docs/adr/0049). Keyed by the signed-in user and the workspace asked for; the
 * session gate and the token check still run before it on every request. `ttlMs` 0 reads the database every time.
 */
export function getMeJsonCached(
  ctx: SignedInCtx,
  requestedWorkspaceId: string | undefined,
  ttlMs: number,
  now: () => number = Date.now,
): Promise<string> {
  if (ttlMs <= 0) return meJson(ctx, requestedWorkspaceId);
  const cache = meCacheOf(ctx.db);
  const key = `${ctx.actor.userId}:${requestedWorkspaceId ?? ''}`;
  const hit = cache.entries.get(key);
  if (hit && hit.generation === cache.generation && hit.until > now()) return hit.body;
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  const body = meJson(ctx, requestedWorkspaceId);
  // A read that started before a write of this process finished carries the old generation: never served after it.
  const entry: MeEntry = { body, until: now() + ttlMs, generation: cache.generation };
  cache.entries.set(key, entry);
  body.catch(() => {
    if (cache.entries.get(key) === entry) cache.entries.delete(key);
  });
  return body;
}

/**
 * After any write request of this process (its transaction committed or rolled back), before its answer is sent:
 * every copy of `/api/me` read before it is forgotten, so this process's next `/api/me` reads the database.
 */
export function forgetMe(db: Db): void {
  const cache = meCaches.get(db);
  if (!cache) return;
  cache.generation += 1;
  cache.entries.clear();
}

/** The side menu of the active workspace, filtered by the user's role. Channels arrive with the channel issue. */
export async function getMenu(ctx: TenantCtx): Promise<MenuResult> {
  return { menu: buildMenu(ctx.permissions, ctx.locale), channels: await menuChannels(ctx) };
}

/**
 * The connected shops of the side menu (spec part 4): only CONNECTED, never sales channel 55, restricted members
 * see their businesses' shops. Titles are the shop names (the web cuts them at 17 characters); notes stay null
 * (`cm`, sales items only, is a store setting this product does not have yet).
 */
async function menuChannels(ctx: TenantCtx): Promise<MenuResult['channels']> {
  const { restriction } = ctx;
  const shops: MenuResult['channels'] = (await listChannels(ctx)).items
    .filter((c) => c.status === 'CONNECTED')
    .filter(
      (c) =>
        restriction.base !== 'BUSINESS' ||
        restriction.ids.length === 0 ||
        (c.business_id !== null && restriction.ids.includes(c.business_id)),
    )
    .map((c) => {
      const region = (c.region ?? '').toLowerCase();
      const sales = c.marketplace === 'tiktok' && region.includes('tokopedia') ? SALES_CHANNELS.tokopedia : SALES_CHANNELS[c.marketplace];
      return {
        id: c.id,
        title: c.name,
        notes: null,
        status: c.status,
        code: sales.code,
        sales_channel: { id: sales.id as number, code: sales.code as string, name: sales.name as string },
      };
    })
    .filter((c) => c.sales_channel.id !== HIDDEN_MENU_SALES_CHANNEL_ID);
  return shops.concat(
    // The workspace's distributor channel (ADR 0047) has no marketplace and is always "connected".
    (await listDistributorChannels(ctx)).items.map((c) => ({
      id: c.id,
      title: c.name,
      notes: null,
      status: 'CONNECTED',
      code: DISTRIBUTOR_SALES_CHANNEL.code,
      sales_channel: { ...DISTRIBUTOR_SALES_CHANNEL },
    })),
  );
}
