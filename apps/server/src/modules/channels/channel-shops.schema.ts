import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';
import { channelConnections } from './channels.schema.ts';

/**
 * The store settings of spec part 3 that belong to Kelola, not to the marketplace: main warehouse, arrange
 * shipment, auto confirm, and the confirmation of /admin-store. One row per connection, written when the shop is
 * added; `statusReason` says why a shop went DISCONNECTED (the health banner).
 */
export const channelShopSettings = pgTable(
  'channel_shop_settings',
  {
    connectionId: uuid()
      .primaryKey()
      .references(() => channelConnections.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    /** A warehouse of the workspace (checked by the service against the visible warehouses). */
    mainWarehouseId: uuid(),
    /** `pickup` or `dropoff`. */
    arrangeShipment: text().notNull().default('pickup'),
    autoConfirm: boolean().notNull().default(false),
    clientId: text(),
    confirmedAt: timestamptz(),
    confirmedBy: uuid(),
    /** `REVOKED` (the marketplace refused the refresh token), `MANUAL` (disconnected by a member), or null. */
    statusReason: text(),
    statusMessage: text(),
    statusChangedAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('channel_shop_settings_workspace_idx').on(t.workspaceId), tenantPolicy()],
);

/**
 * The `state` of one OAuth round trip (ADR 0039): issued with the authorization URL to one member of one workspace
 * for one marketplace, spent by the authorize call of the return page (once, before it expires). A return page whose
 * state is missing, unknown, someone else's, spent or expired is refused, so a code cannot be planted in another
 * member's session.
 */
export const channelOauthStates = pgTable(
  'channel_oauth_states',
  {
    state: text().primaryKey(),
    workspaceId: workspaceIdColumn(),
    userId: uuid().notNull(),
    marketplace: text().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('channel_oauth_states_workspace_idx').on(t.workspaceId, t.expiresAt), tenantPolicy()],
);

/**
 * A marketplace warehouse of a shop mapped to one of ours (spec part 7 warehouse mapping). Marketplace orders of the
 * shop take their stock from the mapped warehouse; a marketplace warehouse without a row is unmapped.
 */
export const channelWarehouseMappings = pgTable(
  'channel_warehouse_mappings',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    connectionId: uuid()
      .notNull()
      .references(() => channelConnections.id, { onDelete: 'cascade' }),
    marketplaceWarehouseId: text().notNull(),
    marketplaceWarehouseName: text().notNull(),
    warehouseId: uuid().notNull(),
    /** The shop's default marketplace warehouse: orders that do not name theirs come from it. */
    isDefault: boolean().notNull().default(false),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('channel_warehouse_mappings_key').on(t.workspaceId, t.connectionId, t.marketplaceWarehouseId), tenantPolicy()],
);

/**
 * An outbound call that failed for good (attempts spent or refused), kept with its input so a member can retry it
 * from channel health. `retriedAt` is set when it was queued again; the retry's own outcome is a new call.
 */
export const channelFailedCalls = pgTable(
  'channel_failed_calls',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    connectionId: uuid()
      .notNull()
      .references(() => channelConnections.id, { onDelete: 'cascade' }),
    operation: text().notNull(),
    input: jsonb().notNull(),
    ref: jsonb(),
    attempts: integer().notNull().default(1),
    errorCode: text(),
    errorMessage: text().notNull(),
    failedAt: timestamptz().notNull().defaultNow(),
    retriedAt: timestamptz(),
  },
  (t) => [index('channel_failed_calls_connection_idx').on(t.workspaceId, t.connectionId, t.id), tenantPolicy()],
);
