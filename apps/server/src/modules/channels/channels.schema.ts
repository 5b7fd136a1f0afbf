import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';

/**
 * A shop connected on a marketplace (spec part 4 "Store": CONNECTED, DISCONNECTED, INACTIVE). Tokens are kept for
 * the adapters and never leave the server; for Blibli the access token is the API seller key, for Zalora the API key.
 */
export const channelConnections = pgTable(
  'channel_connections',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    businessId: uuid(),
    /** `shopee`, `tiktok`, `lazada`, `blibli`, `zalora`. */
    marketplace: text().notNull(),
    /** The marketplace's shop id (Blibli store code, Zalora user id). */
    shopId: text().notNull(),
    name: text().notNull(),
    region: text(),
    status: text().notNull().default('CONNECTED'),
    /** TikTok Shop's shop_cipher, Shopee's main account id, Blibli's user name: what the adapter needs next to the token. */
    shopCipher: text(),
    mainAccountId: text(),
    username: text(),
    signatureKey: text(),
    accessToken: text().notNull(),
    refreshToken: text(),
    accessTokenExpiresAt: timestamptz(),
    refreshTokenExpiresAt: timestamptz(),
    /** Per-shop rate limit: the earliest moment the next outbound call may start (shared by every worker). */
    nextCallAt: timestamptz(),
    /** Orders updated before this moment have been compared with the inbox by reconciliation. */
    reconciledUntil: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('channel_connections_workspace_shop_key').on(t.workspaceId, t.marketplace, t.shopId),
    // Pushes arrive without a workspace: they are routed by marketplace and shop id.
    index('channel_connections_marketplace_shop_idx').on(t.marketplace, t.shopId),
    tenantPolicy(),
  ],
);

/**
 * Every inbound marketplace event, once: pushes, Shopee's lost pushes, and order changes found by reconciliation.
 * Marketplaces deliver at least once, so the unique key makes receiving idempotent.
 */
export const channelInbox = pgTable(
  'channel_inbox',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    connectionId: uuid()
      .notNull()
      .references(() => channelConnections.id, { onDelete: 'cascade' }),
    marketplace: text().notNull(),
    eventId: text().notNull(),
    /** `push`, `lost_push` or `reconcile`. */
    source: text().notNull(),
    /** `order_status` or `other`. */
    type: text().notNull(),
    orderId: text(),
    rawStatus: text(),
    status: text(),
    payload: jsonb().notNull(),
    occurredAt: timestamptz().notNull(),
    receivedAt: timestamptz().notNull().defaultNow(),
    processedAt: timestamptz(),
  },
  (t) => [
    // Unique per workspace: a shop connected in two workspaces gets the event in both (and Citus needs the tenant key).
    uniqueIndex('channel_inbox_event_key').on(t.workspaceId, t.marketplace, t.eventId),
    index('channel_inbox_connection_order_idx').on(t.workspaceId, t.connectionId, t.orderId),
    index('channel_inbox_unprocessed_idx')
      .on(t.workspaceId, t.receivedAt)
      .where(sql`processed_at is null`),
    tenantPolicy(),
  ],
);

/** The outcome of every outbound call to a marketplace, one row per attempt, readable per channel. */
export const channelCalls = pgTable(
  'channel_calls',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    connectionId: uuid()
      .notNull()
      .references(() => channelConnections.id, { onDelete: 'cascade' }),
    operation: text().notNull(),
    /** `ok` or `error`. */
    outcome: text().notNull(),
    attempt: integer().notNull().default(1),
    /** The marketplace's request id, when it gave one. */
    requestId: text(),
    httpStatus: integer(),
    errorKind: text(),
    errorCode: text(),
    errorMessage: text(),
    durationMs: integer().notNull(),
    /** Set when the call was scheduled again after this attempt. */
    retryAt: timestamptz(),
    /** The job that made the call, to follow one call through its attempts. */
    jobId: text(),
    at: timestamptz().notNull().defaultNow(),
  },
  // Ids are uuid v7 (time-ordered): a backward scan of this index serves "newest first" per channel.
  (t) => [index('channel_calls_connection_idx').on(t.workspaceId, t.connectionId, t.id), tenantPolicy()],
);

/** One reconciliation pass over one connection: the window it compared and what it found. */
export const channelReconciliations = pgTable(
  'channel_reconciliations',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    connectionId: uuid()
      .notNull()
      .references(() => channelConnections.id, { onDelete: 'cascade' }),
    windowFrom: timestamptz().notNull(),
    windowTo: timestamptz().notNull(),
    ordersSeen: integer().notNull().default(0),
    eventsRecovered: integer().notNull().default(0),
    /** `ok` or `error`; a failed pass leaves `reconciled_until` where it was, so the next one covers the window again. */
    outcome: text().notNull(),
    error: text(),
    startedAt: timestamptz().notNull(),
    finishedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('channel_reconciliations_connection_idx').on(t.workspaceId, t.connectionId, t.id), tenantPolicy()],
);
