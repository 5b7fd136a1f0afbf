import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';

/**
 * The workspace's distributor channel (ADR 0047): one per workspace, no marketplace behind it, so it lives beside
 * `channel_connections` rather than in it (no tokens, no adapter, never in the pushes or the token refresh).
 */
export const distributorChannels = pgTable(
  'distributor_channels',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    name: text().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('distributor_channels_workspace_key').on(t.workspaceId), tenantPolicy()],
);

/** A master product offered to distributors: its status, minimum order and own images (file keys, ≤ 1 MB each). */
export const distributorProducts = pgTable(
  'distributor_products',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    channelId: uuid()
      .notNull()
      .references(() => distributorChannels.id, { onDelete: 'cascade' }),
    productId: uuid().notNull(),
    /** The master product's name when last saved (the list shows it without reading the catalog). */
    name: text().notNull(),
    /** `active` or `inactive`. */
    status: text().notNull().default('active'),
    minOrder: integer().notNull().default(1),
    images: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('distributor_products_key').on(t.workspaceId, t.channelId, t.productId), tenantPolicy()],
);

/** The SKUs of a distributor product (master SKUs of its product, by construction). */
export const distributorProductSkus = pgTable(
  'distributor_product_skus',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    distributorProductId: uuid()
      .notNull()
      .references(() => distributorProducts.id, { onDelete: 'cascade' }),
    catalogId: uuid().notNull(),
    sellerSku: text().notNull(),
    name: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('distributor_product_skus_key').on(t.workspaceId, t.distributorProductId, t.catalogId), tenantPolicy()],
);

/**
 * Distributor price history of a SKU: the price on a date is the row with the latest `effective_date` on or before
 * it. Saving a price for a date that has one replaces it.
 */
export const distributorPrices = pgTable(
  'distributor_prices',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    distributorProductId: uuid()
      .notNull()
      .references(() => distributorProducts.id, { onDelete: 'cascade' }),
    catalogId: uuid().notNull(),
    price: bigint({ mode: 'number' }).notNull(),
    effectiveDate: date({ mode: 'string' }).notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('distributor_prices_key').on(t.workspaceId, t.distributorProductId, t.catalogId, t.effectiveDate),
    index('distributor_prices_catalog_idx').on(t.workspaceId, t.catalogId, t.effectiveDate),
    tenantPolicy(),
  ],
);
