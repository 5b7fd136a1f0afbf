import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { channelCalls, channelConnections, channelInbox, channelReconciliations } from './channels.schema.ts';

/**
 * Every query takes a context with the workspace id and filters by it. Jobs and the push endpoint run as the owner
 * (no row-level security), so this filter is what keeps them inside one workspace there.
 */
export type ScopedCtx = { db: Db; workspaceId: string };

export type ConnectionRow = typeof channelConnections.$inferSelect;
export type InboxRow = typeof channelInbox.$inferSelect;
export type CallRow = typeof channelCalls.$inferSelect;
export type ConnectionValues = Omit<typeof channelConnections.$inferInsert, 'id' | 'workspaceId' | 'createdAt' | 'updatedAt'>;

export async function upsertConnection(ctx: ScopedCtx, values: ConnectionValues): Promise<ConnectionRow> {
  const [row] = await ctx.db
    .insert(channelConnections)
    .values({ ...values, id: uuidv7(), workspaceId: ctx.workspaceId })
    .onConflictDoUpdate({
      target: [channelConnections.workspaceId, channelConnections.marketplace, channelConnections.shopId],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function findConnection(ctx: ScopedCtx, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.workspaceId, ctx.workspaceId), eq(channelConnections.id, id)));
  return row;
}

/** The same, locked until the transaction ends: one worker at a time refreshes a shop's token. */
export async function findConnectionForUpdate(ctx: ScopedCtx, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.workspaceId, ctx.workspaceId), eq(channelConnections.id, id)))
    .for('update');
  return row;
}

export async function listConnections(ctx: ScopedCtx): Promise<ConnectionRow[]> {
  return ctx.db
    .select()
    .from(channelConnections)
    .where(eq(channelConnections.workspaceId, ctx.workspaceId))
    .orderBy(asc(channelConnections.marketplace), asc(channelConnections.name));
}

/** Cross-workspace, for routing a push or a lost push: every connection of this shop, in any workspace. */
export async function connectionsOfShop(db: Db, marketplace: string, shopIds: string[]): Promise<ConnectionRow[]> {
  if (shopIds.length === 0) return [];
  return db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.marketplace, marketplace), inArray(channelConnections.shopId, shopIds)));
}

/** Cross-workspace, for the reconciliation sweep. */
export async function connectedConnections(db: Db): Promise<Pick<ConnectionRow, 'id' | 'workspaceId' | 'marketplace'>[]> {
  return db
    .select({ id: channelConnections.id, workspaceId: channelConnections.workspaceId, marketplace: channelConnections.marketplace })
    .from(channelConnections)
    .where(eq(channelConnections.status, 'CONNECTED'));
}

export async function updateConnection(ctx: ScopedCtx, id: string, values: Partial<ConnectionValues>): Promise<void> {
  await ctx.db
    .update(channelConnections)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(channelConnections.workspaceId, ctx.workspaceId), eq(channelConnections.id, id)));
}

/**
 * Reserves the shop's next call slot (a leaky bucket as one conditional update, safe across workers): the slot
 * starts at the later of now and the previous reservation's end. Returns when this call may start.
 */
export async function reserveCallSlot(ctx: ScopedCtx, id: string, now: Date, intervalMs: number): Promise<Date | undefined> {
  const [row] = await ctx.db
    .update(channelConnections)
    .set({
      nextCallAt: sql`greatest(coalesce(${channelConnections.nextCallAt}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz) + make_interval(secs => ${intervalMs / 1000}::double precision)`,
    })
    .where(and(eq(channelConnections.workspaceId, ctx.workspaceId), eq(channelConnections.id, id)))
    .returning({ nextCallAt: channelConnections.nextCallAt });
  return row?.nextCallAt ? new Date(row.nextCallAt.getTime() - intervalMs) : undefined;
}

/** After a rate-limit answer every call to the shop waits, not only the one that was refused. */
export async function pushBackCalls(ctx: ScopedCtx, id: string, until: Date): Promise<void> {
  await ctx.db
    .update(channelConnections)
    .set({
      nextCallAt: sql`greatest(coalesce(${channelConnections.nextCallAt}, ${until.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz)`,
    })
    .where(and(eq(channelConnections.workspaceId, ctx.workspaceId), eq(channelConnections.id, id)));
}

export type NewInboxEvent = Omit<typeof channelInbox.$inferInsert, 'id' | 'workspaceId' | 'receivedAt' | 'processedAt'>;

/** Stores the event unless the workspace already has it; returns the new row's id, or undefined for a duplicate. */
export async function insertInboxEvent(ctx: ScopedCtx, event: NewInboxEvent, receivedAt: Date): Promise<string | undefined> {
  const [row] = await ctx.db
    .insert(channelInbox)
    .values({ ...event, id: uuidv7(), workspaceId: ctx.workspaceId, receivedAt })
    .onConflictDoNothing({ target: [channelInbox.workspaceId, channelInbox.marketplace, channelInbox.eventId] })
    .returning({ id: channelInbox.id });
  return row?.id;
}

/** The order statuses the inbox already knows for these orders of a connection. */
export async function knownOrderStatuses(ctx: ScopedCtx, connectionId: string, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await ctx.db
    .selectDistinct({ orderId: channelInbox.orderId, rawStatus: channelInbox.rawStatus })
    .from(channelInbox)
    .where(
      and(
        eq(channelInbox.workspaceId, ctx.workspaceId),
        eq(channelInbox.connectionId, connectionId),
        inArray(channelInbox.orderId, orderIds),
      ),
    );
  return new Set(rows.map((row) => `${row.orderId}|${row.rawStatus}`));
}

export async function findInboxEvent(ctx: ScopedCtx, id: string): Promise<InboxRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(channelInbox)
    .where(and(eq(channelInbox.workspaceId, ctx.workspaceId), eq(channelInbox.id, id)));
  return row;
}

export async function markProcessed(ctx: ScopedCtx, id: string, at: Date): Promise<void> {
  await ctx.db
    .update(channelInbox)
    .set({ processedAt: at })
    .where(and(eq(channelInbox.workspaceId, ctx.workspaceId), eq(channelInbox.id, id), isNull(channelInbox.processedAt)));
}

/** The oldest unprocessed order events of a connection, `first` (the caller's own event) among them (ADR 0045). */
export async function pendingOrderEvents(ctx: ScopedCtx, connectionId: string, limit: number): Promise<InboxRow[]> {
  return ctx.db
    .select()
    .from(channelInbox)
    .where(
      and(
        eq(channelInbox.workspaceId, ctx.workspaceId),
        eq(channelInbox.connectionId, connectionId),
        eq(channelInbox.type, 'order_status'),
        isNull(channelInbox.processedAt),
      ),
    )
    .orderBy(asc(channelInbox.id))
    .limit(limit);
}

/**
 * Locks events for a batch in the caller's transaction: `own` waiting for any other holder (so its job learns
 * whether another batch imported it), the others only when nobody holds them (SKIP LOCKED). Answers the locked
 * rows still unprocessed, `own` first when it is.
 */
export async function lockPendingEvents(ctx: ScopedCtx, own: string, others: readonly string[]): Promise<InboxRow[]> {
  const mine = await ctx.db
    .select()
    .from(channelInbox)
    .where(and(eq(channelInbox.workspaceId, ctx.workspaceId), eq(channelInbox.id, own)))
    .for('update');
  const rest = others.filter((id) => id !== own);
  const more =
    rest.length === 0
      ? []
      : await ctx.db
          .select()
          .from(channelInbox)
          .where(and(eq(channelInbox.workspaceId, ctx.workspaceId), inArray(channelInbox.id, rest), isNull(channelInbox.processedAt)))
          .orderBy(asc(channelInbox.id))
          .for('update', { skipLocked: true });
  return [...mine.filter((row) => row.processedAt === null), ...more];
}

export async function markManyProcessed(ctx: ScopedCtx, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await ctx.db
    .update(channelInbox)
    .set({ processedAt: at })
    .where(and(eq(channelInbox.workspaceId, ctx.workspaceId), inArray(channelInbox.id, [...ids]), isNull(channelInbox.processedAt)));
}

export async function listInbox(ctx: ScopedCtx, connectionId: string): Promise<InboxRow[]> {
  return ctx.db
    .select()
    .from(channelInbox)
    .where(and(eq(channelInbox.workspaceId, ctx.workspaceId), eq(channelInbox.connectionId, connectionId)))
    .orderBy(asc(channelInbox.id));
}

export type NewCall = Omit<typeof channelCalls.$inferInsert, 'id' | 'workspaceId'>;

export async function insertCall(ctx: ScopedCtx, call: NewCall): Promise<void> {
  await ctx.db.insert(channelCalls).values({ ...call, id: uuidv7(call.at?.getTime()), workspaceId: ctx.workspaceId });
}

export type CallFilter = {
  before?: string | undefined;
  limit: number;
  outcome?: 'ok' | 'error' | undefined;
  operation?: string | undefined;
};

export async function listCalls(ctx: ScopedCtx, connectionId: string, filter: CallFilter): Promise<CallRow[]> {
  return ctx.db
    .select()
    .from(channelCalls)
    .where(
      and(
        eq(channelCalls.workspaceId, ctx.workspaceId),
        eq(channelCalls.connectionId, connectionId),
        filter.before ? lt(channelCalls.id, filter.before) : undefined,
        filter.outcome ? eq(channelCalls.outcome, filter.outcome) : undefined,
        filter.operation ? eq(channelCalls.operation, filter.operation) : undefined,
      ),
    )
    .orderBy(desc(channelCalls.id))
    .limit(filter.limit);
}

export type NewReconciliation = Omit<typeof channelReconciliations.$inferInsert, 'id' | 'workspaceId' | 'finishedAt'>;

export async function insertReconciliation(ctx: ScopedCtx, entry: NewReconciliation, finishedAt: Date): Promise<void> {
  await ctx.db.insert(channelReconciliations).values({ ...entry, id: uuidv7(), workspaceId: ctx.workspaceId, finishedAt });
}

export async function listReconciliations(ctx: ScopedCtx, connectionId: string) {
  return ctx.db
    .select()
    .from(channelReconciliations)
    .where(and(eq(channelReconciliations.workspaceId, ctx.workspaceId), eq(channelReconciliations.connectionId, connectionId)))
    .orderBy(asc(channelReconciliations.id));
}
