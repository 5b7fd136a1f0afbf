import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../platform/db/database.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { channelProductSkus, channelPushRequests, channelPushStates } from './channel-products.schema.ts';
import { channelConnections } from './channels.schema.ts';
import type { ScopedCtx } from './channels.repository.ts';

export type PushKind = 'STOCK' | 'PRICE';
export type PushReason = 'movement' | 'price' | 'sync' | 'reconcile' | 'mapping';
export type PushStateRow = typeof channelPushStates.$inferSelect;

const s = channelPushStates;

/**
 * Notes that these SKUs changed, for the shops that sell them (confirmed mappings only): insert-only rows, so the
 * caller's transaction takes no lock a concurrent stock movement could wait on. `dependents`: a query of more SKUs
 * (one column of catalog ids) read in the same statement. False when no shop sells any of them.
 */
export async function requestPushes(
  ctx: ScopedCtx,
  kind: PushKind,
  catalogIds: readonly string[],
  reason: PushReason,
  connectionId: string | null = null,
  dependents: SQL | null = null,
): Promise<boolean> {
  const ids = [...new Set(catalogIds)];
  if (ids.length === 0) return false;
  const listed = anyOf(channelProductSkus.catalogId, ids, 'uuid');
  const mapped = await ctx.db
    .selectDistinct({ catalogId: channelProductSkus.catalogId })
    .from(channelProductSkus)
    .where(
      and(
        eq(channelProductSkus.workspaceId, ctx.workspaceId),
        eq(channelProductSkus.mapping, 'CONFIRMED'),
        dependents ? or(listed, sql`${channelProductSkus.catalogId} in (${dependents})`) : listed,
        connectionId ? eq(channelProductSkus.connectionId, connectionId) : undefined,
      ),
    );
  if (mapped.length === 0) return false;
  await ctx.db
    .insert(channelPushRequests)
    .values(mapped.map((m) => ({ id: uuidv7(), workspaceId: ctx.workspaceId, catalogId: m.catalogId!, kind, connectionId, reason })));
  return true;
}

/** The catalogs a shop sells (its confirmed SKU mappings). */
export async function catalogsSoldBy(ctx: ScopedCtx, connectionId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ catalogId: channelProductSkus.catalogId })
    .from(channelProductSkus)
    .where(
      and(
        eq(channelProductSkus.workspaceId, ctx.workspaceId),
        eq(channelProductSkus.connectionId, connectionId),
        eq(channelProductSkus.mapping, 'CONFIRMED'),
      ),
    );
  return rows.flatMap((r) => (r.catalogId ? [r.catalogId] : []));
}

/**
 * Turns the workspace's pending requests into push states: the requests are deleted and every (shop, SKU, kind) they
 * name gets its wanted version bumped (a row that was already waiting keeps its first `wanted_at`, so its window does
 * not move). Returns the shops that have something to push.
 */
export async function collectRequests(ctx: ScopedCtx, now: Date): Promise<string[]> {
  const result = await ctx.db.execute(sql`
    with taken as (
      delete from channel_push_requests where workspace_id = ${ctx.workspaceId}
      returning catalog_id, kind, connection_id, reason, id
    ), wanted as (
      select distinct on (m.connection_id, t.catalog_id, t.kind) m.connection_id, t.catalog_id, t.kind, t.reason
      from taken t
      join channel_product_skus m on m.workspace_id = ${ctx.workspaceId} and m.catalog_id = t.catalog_id
        and m.mapping = 'CONFIRMED' and (t.connection_id is null or m.connection_id = t.connection_id)
      join channel_connections c on c.id = m.connection_id and c.workspace_id = ${ctx.workspaceId} and c.status = 'CONNECTED'
      order by m.connection_id, t.catalog_id, t.kind, t.id desc
    )
    insert into channel_push_states (workspace_id, connection_id, catalog_id, kind, wanted_version, pushed_version, wanted_at, reason)
    select ${ctx.workspaceId}::uuid, connection_id, catalog_id, kind, 1, 0, ${now.toISOString()}::timestamptz, reason from wanted
    on conflict (workspace_id, connection_id, catalog_id, kind) do update set
      wanted_version = channel_push_states.wanted_version + 1,
      wanted_at = case when channel_push_states.wanted_version > channel_push_states.pushed_version
                       then channel_push_states.wanted_at else excluded.wanted_at end,
      reason = excluded.reason
    returning connection_id`);
  const rows = (result as unknown as { rows: { connection_id: string }[] }).rows;
  return [...new Set(rows.map((r) => r.connection_id))];
}

/** Workspaces with requests waiting (the sweep's safety net for movements whose job was never sent). */
export async function workspacesWithRequests(ctx: { db: ScopedCtx['db'] }): Promise<string[]> {
  const rows = await ctx.db.selectDistinct({ workspaceId: channelPushRequests.workspaceId }).from(channelPushRequests).limit(1000);
  return rows.map((r) => r.workspaceId);
}

/** Shops with push states still wanted, for the sweep. */
export async function connectionsWithPending(ctx: { db: ScopedCtx['db'] }): Promise<{ workspaceId: string; connectionId: string }[]> {
  return ctx.db
    .selectDistinct({ workspaceId: s.workspaceId, connectionId: s.connectionId })
    .from(s)
    .where(sql`${s.wantedVersion} > ${s.pushedVersion}`)
    .limit(1000);
}

export type Claimed = { catalogId: string; kind: PushKind; wantedVersion: number };

/**
 * Leases up to `limit` rows of one shop that are wanted, not leased by another pusher, and whose window is over (last
 * push at least `windowMs` ago): one UPDATE … RETURNING, so two workers never hold the same row.
 */
export async function claimDue(ctx: ScopedCtx, connectionId: string, now: Date, windowMs: number, leaseMs: number, limit: number) {
  const result = await ctx.db.execute(sql`
    update channel_push_states p set claimed_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
    from (
      select catalog_id, kind from channel_push_states
      where workspace_id = ${ctx.workspaceId} and connection_id = ${connectionId}
        and wanted_version > pushed_version
        and (claimed_until is null or claimed_until <= ${now.toISOString()}::timestamptz)
        and (last_pushed_at is null or last_pushed_at <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz)
      order by wanted_at, catalog_id
      limit ${limit}
      for update skip locked
    ) due
    where p.workspace_id = ${ctx.workspaceId} and p.connection_id = ${connectionId}
      and p.catalog_id = due.catalog_id and p.kind = due.kind
    returning p.catalog_id, p.kind, p.wanted_version`);
  return (result as unknown as { rows: { catalog_id: string; kind: PushKind; wanted_version: string | number }[] }).rows.map(
    (r): Claimed => ({ catalogId: r.catalog_id, kind: r.kind, wantedVersion: Number(r.wanted_version) }),
  );
}

/** The earliest moment a wanted row of this shop may be pushed (its window), or null when nothing is wanted. */
export async function nextDueAt(ctx: ScopedCtx, connectionId: string, windowMs: number): Promise<Date | null> {
  const [row] = await ctx.db
    .select({
      at: sql<
        string | null
      >`min(greatest(coalesce(${s.lastPushedAt} + make_interval(secs => ${windowMs / 1000}), ${s.wantedAt}), coalesce(${s.claimedUntil}, ${s.wantedAt})))`,
    })
    .from(s)
    .where(and(eq(s.workspaceId, ctx.workspaceId), eq(s.connectionId, connectionId), sql`${s.wantedVersion} > ${s.pushedVersion}`));
  return row?.at ? new Date(row.at) : null;
}

/** The marketplace took the number: the row is pushed up to the version that was read, and the lease ends. */
export async function markPushed(
  ctx: ScopedCtx,
  connectionId: string,
  claimed: Claimed,
  value: number,
  explanation: { id: string; en: string },
  at: Date,
  error: string | null = null,
) {
  await ctx.db
    .update(s)
    .set({
      pushedVersion: sql`greatest(${s.pushedVersion}, ${claimed.wantedVersion})`,
      claimedUntil: null,
      ...(error === null ? { lastValue: value, lastExplanation: explanation, lastPushedAt: at, lastError: null } : { lastError: error }),
      pushCount: sql`${s.pushCount} + ${error === null ? 1 : 0}`,
    })
    .where(
      and(
        eq(s.workspaceId, ctx.workspaceId),
        eq(s.connectionId, connectionId),
        eq(s.catalogId, claimed.catalogId),
        eq(s.kind, claimed.kind),
      ),
    );
}

/** The push failed for now: the lease ends at `retryAt` (nobody pushes the row before), the error is kept. */
export async function releaseClaim(ctx: ScopedCtx, connectionId: string, claimed: readonly Claimed[], retryAt: Date, error: string) {
  if (claimed.length === 0) return;
  for (const kind of ['STOCK', 'PRICE'] as const) {
    const ids = claimed.filter((c) => c.kind === kind).map((c) => c.catalogId);
    if (ids.length === 0) continue;
    await ctx.db
      .update(s)
      .set({ claimedUntil: retryAt, lastError: error.slice(0, 1000) })
      .where(and(eq(s.workspaceId, ctx.workspaceId), eq(s.connectionId, connectionId), eq(s.kind, kind), inArray(s.catalogId, ids)));
  }
}

/** Marks rows wanted again (a reconciliation found the shop's number drifted), keeping their window. */
export async function bumpWanted(
  ctx: ScopedCtx,
  connectionId: string,
  kind: PushKind,
  catalogIds: readonly string[],
  now: Date,
  reason: PushReason,
) {
  if (catalogIds.length === 0) return;
  await ctx.db
    .update(s)
    .set({
      wantedVersion: sql`${s.wantedVersion} + 1`,
      wantedAt: sql`case when ${s.wantedVersion} > ${s.pushedVersion} then ${s.wantedAt} else ${now.toISOString()}::timestamptz end`,
      reason,
    })
    .where(
      and(eq(s.workspaceId, ctx.workspaceId), eq(s.connectionId, connectionId), eq(s.kind, kind), inArray(s.catalogId, [...catalogIds])),
    );
}

/** The push states of one shop, newest push first. */
export async function statesOf(ctx: ScopedCtx, connectionId: string, limit: number) {
  return ctx.db
    .select()
    .from(s)
    .where(and(eq(s.workspaceId, ctx.workspaceId), eq(s.connectionId, connectionId)))
    .orderBy(desc(s.lastPushedAt), desc(s.wantedAt))
    .limit(limit);
}

/** The push states of some SKUs in every shop, with the shop's name and marketplace (the product's panel). */
export async function statesOfCatalogs(ctx: ScopedCtx, catalogIds: readonly string[]) {
  if (catalogIds.length === 0) return [];
  return ctx.db
    .select({ state: s, channelName: channelConnections.name, marketplace: channelConnections.marketplace })
    .from(s)
    .innerJoin(channelConnections, eq(channelConnections.id, s.connectionId))
    .where(and(eq(s.workspaceId, ctx.workspaceId), inArray(s.catalogId, [...catalogIds])))
    .orderBy(channelConnections.name, s.kind);
}

/** The states of given SKUs of one shop (for reconciliation). */
export async function statesFor(ctx: ScopedCtx, connectionId: string, kind: PushKind, catalogIds: readonly string[]) {
  if (catalogIds.length === 0) return [];
  return ctx.db
    .select()
    .from(s)
    .where(
      and(eq(s.workspaceId, ctx.workspaceId), eq(s.connectionId, connectionId), eq(s.kind, kind), inArray(s.catalogId, [...catalogIds])),
    );
}

export type MappedSku = { productId: string; skuId: string; catalogId: string; sellerSku: string };

/** The confirmed channel SKUs of one shop selling these catalog SKUs. */
export async function mappedSkus(ctx: ScopedCtx, connectionId: string, catalogIds: readonly string[]): Promise<MappedSku[]> {
  if (catalogIds.length === 0) return [];
  const rows = await ctx.db
    .select({
      productId: channelProductSkus.productId,
      skuId: channelProductSkus.skuId,
      catalogId: channelProductSkus.catalogId,
      sellerSku: channelProductSkus.sellerSku,
    })
    .from(channelProductSkus)
    .where(
      and(
        eq(channelProductSkus.workspaceId, ctx.workspaceId),
        eq(channelProductSkus.connectionId, connectionId),
        eq(channelProductSkus.mapping, 'CONFIRMED'),
        inArray(channelProductSkus.catalogId, [...catalogIds]),
      ),
    )
    .orderBy(channelProductSkus.productId, channelProductSkus.skuId);
  return rows.map((r) => ({ ...r, catalogId: r.catalogId! }));
}

/** Every confirmed channel SKU of one shop (reconciliation reads the shop's products against these). */
export async function allMappedSkus(ctx: ScopedCtx, connectionId: string): Promise<MappedSku[]> {
  const rows = await ctx.db
    .select({
      productId: channelProductSkus.productId,
      skuId: channelProductSkus.skuId,
      catalogId: channelProductSkus.catalogId,
      sellerSku: channelProductSkus.sellerSku,
    })
    .from(channelProductSkus)
    .where(
      and(
        eq(channelProductSkus.workspaceId, ctx.workspaceId),
        eq(channelProductSkus.connectionId, connectionId),
        eq(channelProductSkus.mapping, 'CONFIRMED'),
      ),
    );
  return rows.map((r) => ({ ...r, catalogId: r.catalogId! }));
}

/** Whether the workspace sells any catalog SKU on any shop (a confirmed mapping). */
export async function anyMapping(ctx: ScopedCtx): Promise<boolean> {
  const [row] = await ctx.db
    .select({ one: sql<number>`1` })
    .from(channelProductSkus)
    .where(and(eq(channelProductSkus.workspaceId, ctx.workspaceId), eq(channelProductSkus.mapping, 'CONFIRMED')))
    .limit(1);
  return Boolean(row);
}
