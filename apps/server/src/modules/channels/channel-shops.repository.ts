import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { channelCalls, channelConnections, channelInbox, channelReconciliations } from './channels.schema.ts';
import type { ScopedCtx } from './channels.repository.ts';
import { channelFailedCalls, channelOauthStates, channelShopSettings, channelWarehouseMappings } from './channel-shops.schema.ts';

/** Every query filters by the context's workspace (jobs run without row-level security). */

export type SettingsRow = typeof channelShopSettings.$inferSelect;
export type SettingsValues = Partial<Omit<typeof channelShopSettings.$inferInsert, 'connectionId' | 'workspaceId' | 'createdAt'>>;
export type MappingRow = typeof channelWarehouseMappings.$inferSelect;
export type FailedCallRow = typeof channelFailedCalls.$inferSelect;

/** Keeps an issued OAuth state; the workspace's expired ones are dropped on the way (they can never be spent). */
export async function insertOauthState(
  ctx: ScopedCtx,
  values: { state: string; userId: string; marketplace: string; expiresAt: Date; now: Date },
) {
  await ctx.db
    .delete(channelOauthStates)
    .where(and(eq(channelOauthStates.workspaceId, ctx.workspaceId), lt(channelOauthStates.expiresAt, values.now)));
  await ctx.db.insert(channelOauthStates).values({
    state: values.state,
    workspaceId: ctx.workspaceId,
    userId: values.userId,
    marketplace: values.marketplace,
    expiresAt: values.expiresAt,
  });
}

/** Spends a state of this workspace, member and marketplace that is unspent and unexpired: true when it was. */
export async function spendOauthState(ctx: ScopedCtx, values: { state: string; userId: string; marketplace: string; now: Date }) {
  const rows = await ctx.db
    .update(channelOauthStates)
    .set({ usedAt: values.now })
    .where(
      and(
        eq(channelOauthStates.workspaceId, ctx.workspaceId),
        eq(channelOauthStates.state, values.state),
        eq(channelOauthStates.userId, values.userId),
        eq(channelOauthStates.marketplace, values.marketplace),
        isNull(channelOauthStates.usedAt),
        sql`${channelOauthStates.expiresAt} > ${values.now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ state: channelOauthStates.state });
  return rows.length === 1;
}

export async function settingsOf(ctx: ScopedCtx, connectionIds: string[]): Promise<Map<string, SettingsRow>> {
  if (connectionIds.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(channelShopSettings)
    .where(and(eq(channelShopSettings.workspaceId, ctx.workspaceId), inArray(channelShopSettings.connectionId, connectionIds)));
  return new Map(rows.map((row) => [row.connectionId, row]));
}

export async function upsertSettings(ctx: ScopedCtx, connectionId: string, values: SettingsValues): Promise<void> {
  await ctx.db
    .insert(channelShopSettings)
    .values({ ...values, connectionId, workspaceId: ctx.workspaceId })
    .onConflictDoUpdate({ target: channelShopSettings.connectionId, set: { ...values, updatedAt: new Date() } });
}

// ---------------------------------------------------------------------------------------------------------------
// Warehouse mappings

export async function listMappings(ctx: ScopedCtx, connectionId: string): Promise<MappingRow[]> {
  return ctx.db
    .select()
    .from(channelWarehouseMappings)
    .where(and(eq(channelWarehouseMappings.workspaceId, ctx.workspaceId), eq(channelWarehouseMappings.connectionId, connectionId)))
    .orderBy(desc(channelWarehouseMappings.isDefault), asc(channelWarehouseMappings.marketplaceWarehouseName));
}

/**
 * What a shop's order needs to pick its warehouse, in one statement (the order import asks once per batch): its
 * mappings' marketplace and our warehouse ids in listMappings' order, and its settings' main warehouse.
 */
export async function orderWarehouseRules(
  ctx: ScopedCtx,
  connectionId: string,
): Promise<{ mappings: { marketplaceWarehouseId: string; warehouseId: string }[]; mainWarehouseId: string | null }> {
  const m = channelWarehouseMappings;
  const result = await ctx.db.execute(sql`
    select coalesce((select json_agg(json_build_array(${m.marketplaceWarehouseId}, ${m.warehouseId})
        order by ${m.isDefault} desc, ${m.marketplaceWarehouseName} asc)
      from ${m} where ${m.workspaceId} = ${ctx.workspaceId} and ${m.connectionId} = ${connectionId}), '[]') as mappings,
      (select ${channelShopSettings.mainWarehouseId} from ${channelShopSettings}
        where ${channelShopSettings.workspaceId} = ${ctx.workspaceId} and ${channelShopSettings.connectionId} = ${connectionId}) as main`);
  const [row] = (result as unknown as { rows: { mappings: [string, string][]; main: string | null }[] }).rows;
  return {
    mappings: (row?.mappings ?? []).map(([marketplaceWarehouseId, warehouseId]) => ({ marketplaceWarehouseId, warehouseId })),
    mainWarehouseId: row?.main ?? null,
  };
}

export async function mappingCounts(ctx: ScopedCtx): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ connectionId: channelWarehouseMappings.connectionId, count: sql<number>`count(*)::int` })
    .from(channelWarehouseMappings)
    .where(eq(channelWarehouseMappings.workspaceId, ctx.workspaceId))
    .groupBy(channelWarehouseMappings.connectionId);
  return new Map(rows.map((row) => [row.connectionId, Number(row.count)]));
}

export async function findMapping(ctx: ScopedCtx, connectionId: string, id: string): Promise<MappingRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(channelWarehouseMappings)
    .where(
      and(
        eq(channelWarehouseMappings.workspaceId, ctx.workspaceId),
        eq(channelWarehouseMappings.connectionId, connectionId),
        eq(channelWarehouseMappings.id, id),
      ),
    );
  return row;
}

export type NewMapping = {
  connectionId: string;
  marketplaceWarehouseId: string;
  marketplaceWarehouseName: string;
  warehouseId: string;
  isDefault: boolean;
};

/** Inserts a mapping; undefined when the marketplace warehouse is mapped already. */
export async function insertMapping(ctx: ScopedCtx, values: NewMapping): Promise<string | undefined> {
  const [row] = await ctx.db
    .insert(channelWarehouseMappings)
    .values({ ...values, id: uuidv7(), workspaceId: ctx.workspaceId })
    .onConflictDoNothing()
    .returning({ id: channelWarehouseMappings.id });
  return row?.id;
}

/** Inserts or replaces the mapping of one marketplace warehouse (multi-map). */
export async function putMapping(ctx: ScopedCtx, values: NewMapping): Promise<void> {
  await ctx.db
    .insert(channelWarehouseMappings)
    .values({ ...values, id: uuidv7(), workspaceId: ctx.workspaceId })
    .onConflictDoUpdate({
      target: [
        channelWarehouseMappings.workspaceId,
        channelWarehouseMappings.connectionId,
        channelWarehouseMappings.marketplaceWarehouseId,
      ],
      set: {
        warehouseId: values.warehouseId,
        marketplaceWarehouseName: values.marketplaceWarehouseName,
        isDefault: values.isDefault,
        updatedAt: new Date(),
      },
    });
}

export async function updateMappingWarehouse(ctx: ScopedCtx, id: string, warehouseId: string): Promise<void> {
  await ctx.db
    .update(channelWarehouseMappings)
    .set({ warehouseId, updatedAt: new Date() })
    .where(and(eq(channelWarehouseMappings.workspaceId, ctx.workspaceId), eq(channelWarehouseMappings.id, id)));
}

export async function deleteMapping(ctx: ScopedCtx, id: string): Promise<void> {
  await ctx.db
    .delete(channelWarehouseMappings)
    .where(and(eq(channelWarehouseMappings.workspaceId, ctx.workspaceId), eq(channelWarehouseMappings.id, id)));
}

// ---------------------------------------------------------------------------------------------------------------
// Health

export async function insertFailedCall(
  ctx: ScopedCtx,
  values: {
    connectionId: string;
    operation: string;
    input: unknown;
    ref: unknown;
    attempts: number;
    errorCode: string | null;
    errorMessage: string;
    failedAt: Date;
  },
): Promise<void> {
  await ctx.db.insert(channelFailedCalls).values({
    ...values,
    input: (values.input ?? {}) as object,
    ref: (values.ref ?? null) as object | null,
    id: uuidv7(),
    workspaceId: ctx.workspaceId,
  });
}

export async function listFailedCalls(ctx: ScopedCtx, connectionId: string, limit = 50): Promise<FailedCallRow[]> {
  return ctx.db
    .select()
    .from(channelFailedCalls)
    .where(and(eq(channelFailedCalls.workspaceId, ctx.workspaceId), eq(channelFailedCalls.connectionId, connectionId)))
    .orderBy(isNull(channelFailedCalls.retriedAt), desc(channelFailedCalls.id))
    .limit(limit);
}

export async function findFailedCallForUpdate(ctx: ScopedCtx, connectionId: string, id: string): Promise<FailedCallRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(channelFailedCalls)
    .where(
      and(
        eq(channelFailedCalls.workspaceId, ctx.workspaceId),
        eq(channelFailedCalls.connectionId, connectionId),
        eq(channelFailedCalls.id, id),
      ),
    )
    .for('update');
  return row;
}

export async function markRetried(ctx: ScopedCtx, id: string, at: Date): Promise<void> {
  await ctx.db
    .update(channelFailedCalls)
    .set({ retriedAt: at })
    .where(and(eq(channelFailedCalls.workspaceId, ctx.workspaceId), eq(channelFailedCalls.id, id)));
}

/** The newest order event received and the newest reconciliation pass that succeeded: when orders were last in sync. */
export async function lastOrderSync(ctx: ScopedCtx, connectionId: string): Promise<Date | null> {
  const [inbox] = await ctx.db
    .select({ at: max(channelInbox.receivedAt) })
    .from(channelInbox)
    .where(
      and(
        eq(channelInbox.workspaceId, ctx.workspaceId),
        eq(channelInbox.connectionId, connectionId),
        eq(channelInbox.type, 'order_status'),
      ),
    );
  const [pass] = await ctx.db
    .select({ at: max(channelReconciliations.finishedAt) })
    .from(channelReconciliations)
    .where(
      and(
        eq(channelReconciliations.workspaceId, ctx.workspaceId),
        eq(channelReconciliations.connectionId, connectionId),
        eq(channelReconciliations.outcome, 'ok'),
      ),
    );
  const times = [asDate(inbox?.at), asDate(pass?.at)].filter((at): at is Date => at !== null);
  return times.length > 0 ? new Date(Math.max(...times.map((at) => at.getTime()))) : null;
}

export async function lastSuccessfulCall(ctx: ScopedCtx, connectionId: string, operation: string): Promise<Date | null> {
  const [row] = await ctx.db
    .select({ at: max(channelCalls.at) })
    .from(channelCalls)
    .where(
      and(
        eq(channelCalls.workspaceId, ctx.workspaceId),
        eq(channelCalls.connectionId, connectionId),
        eq(channelCalls.operation, operation),
        eq(channelCalls.outcome, 'ok'),
      ),
    );
  return asDate(row?.at);
}

/** `max()` of a timestamp comes back as a Date or a string depending on the driver. */
const asDate = (value: Date | string | null | undefined): Date | null => (value ? new Date(value) : null);

/** Cross-workspace, for the scheduled refresh: connected shops with a refresh token whose access token expires before `before`. */
export async function connectionsDueForRefresh(db: Db, before: Date): Promise<{ id: string; workspaceId: string }[]> {
  return db
    .select({ id: channelConnections.id, workspaceId: channelConnections.workspaceId })
    .from(channelConnections)
    .where(
      and(
        eq(channelConnections.status, 'CONNECTED'),
        isNotNull(channelConnections.refreshToken),
        isNotNull(channelConnections.accessTokenExpiresAt),
        lt(channelConnections.accessTokenExpiresAt, before),
      ),
    )
    .limit(500);
}
