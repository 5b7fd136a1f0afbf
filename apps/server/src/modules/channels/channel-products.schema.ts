import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';
import { channelConnections } from './channels.schema.ts';

/**
 * A product of a connected shop as last imported (spec part 3 "channel product list"). The marketplace's product id
 * is unique per connection; the import overwrites name, status and prices and never touches the mapping.
 */
export const channelProducts = pgTable(
  'channel_products',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    connectionId: uuid()
      .notNull()
      .references(() => channelConnections.id, { onDelete: 'cascade' }),
    productId: text().notNull(),
    name: text().notNull(),
    /** `active`, `inactive`, `reviewing`, `rejected`, `deleted` (the adapters' common vocabulary). */
    status: text().notNull(),
    categoryId: text(),
    images: jsonb().$type<string[]>().notNull().default([]),
    importedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('channel_products_key').on(t.workspaceId, t.connectionId, t.productId), tenantPolicy()],
);

/**
 * A variant (SKU) of a channel product and the catalog SKU it is mapped to. `mapping` is CONFIRMED (the merchant or
 * an exact seller-SKU match decided) or UNCONFIRMED (a name match proposes `catalog_id`, or nothing matched and it is
 * null). Only confirmed SKUs receive stock and price pushes.
 */
export const channelProductSkus = pgTable(
  'channel_product_skus',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    connectionId: uuid()
      .notNull()
      .references(() => channelConnections.id, { onDelete: 'cascade' }),
    productId: text().notNull(),
    skuId: text().notNull(),
    sellerSku: text().notNull().default(''),
    price: bigint({ mode: 'number' }).notNull().default(0),
    stock: integer().notNull().default(0),
    catalogId: uuid(),
    /** `CONFIRMED` or `UNCONFIRMED`. */
    mapping: text().notNull().default('UNCONFIRMED'),
    /** How the catalog SKU was found: `SKU`, `NAME`, `MANUAL`, `PUBLISH`; null when none is. */
    mappedBy: text(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('channel_product_skus_key').on(t.workspaceId, t.connectionId, t.productId, t.skuId),
    // "Which channel SKUs sell this catalog SKU": every stock movement asks it.
    index('channel_product_skus_catalog_idx')
      .on(t.workspaceId, t.catalogId)
      .where(sql`mapping = 'CONFIRMED'`),
    tenantPolicy(),
  ],
);

/**
 * What a shop should be told about one catalog SKU (kind STOCK or PRICE) and what it was last told. Every stock
 * movement bumps `wanted_version`; the push job sends the number computed at that moment and moves `pushed_version`
 * to the version it read, so any number of movements between two pushes make one push with the newest number.
 * `claimed_until` is the lease of the job pushing it (one pusher per row, so pushes of a SKU never overtake each other).
 */
export const channelPushStates = pgTable(
  'channel_push_states',
  {
    workspaceId: workspaceIdColumn(),
    connectionId: uuid()
      .notNull()
      .references(() => channelConnections.id, { onDelete: 'cascade' }),
    catalogId: uuid().notNull(),
    /** `STOCK` or `PRICE`. */
    kind: text().notNull(),
    wantedVersion: bigint({ mode: 'number' }).notNull().default(1),
    pushedVersion: bigint({ mode: 'number' }).notNull().default(0),
    wantedAt: timestamptz().notNull().defaultNow(),
    claimedUntil: timestamptz(),
    /** The number last accepted by the marketplace, with its explanation in both languages. */
    lastValue: bigint({ mode: 'number' }),
    lastExplanation: jsonb().$type<{ id: string; en: string }>(),
    lastPushedAt: timestamptz(),
    /** Pushes made for this row (one per coalesced batch), and the last failure while it is still wanted. */
    pushCount: integer().notNull().default(0),
    lastError: text(),
    /** Why the last push was made: `movement`, `price`, `sync`, `reconcile`. */
    reason: text().notNull().default('movement'),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.connectionId, t.catalogId, t.kind] }),
    index('channel_push_states_due_idx')
      .on(t.workspaceId, t.connectionId, t.kind, t.wantedAt)
      .where(sql`wanted_version > pushed_version`),
    tenantPolicy(),
  ],
);

/**
 * "Something changed for these SKUs": written by the transaction that changed stock or a price (insert only, so it
 * takes no lock another transaction could wait on), turned into push states by the push job, then deleted.
 * `connection_id` narrows a price change to one shop; null means every shop selling the SKU.
 */
export const channelPushRequests = pgTable(
  'channel_push_requests',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    catalogId: uuid().notNull(),
    kind: text().notNull(),
    connectionId: uuid(),
    reason: text().notNull(),
    at: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('channel_push_requests_workspace_idx').on(t.workspaceId, t.id), tenantPolicy()],
);

/** One product import of a shop (spec part 4 "synchronize"): ONPROGRESS until its job ends SUCCESS or FAILED. */
export const channelProductImports = pgTable(
  'channel_product_imports',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    connectionId: uuid()
      .notNull()
      .references(() => channelConnections.id, { onDelete: 'cascade' }),
    status: text().notNull().default('ONPROGRESS'),
    reason: text(),
    imported: integer().notNull().default(0),
    startedAt: timestamptz().notNull().defaultNow(),
    finishedAt: timestamptz(),
  },
  (t) => [index('channel_product_imports_connection_idx').on(t.workspaceId, t.connectionId, t.id), tenantPolicy()],
);
