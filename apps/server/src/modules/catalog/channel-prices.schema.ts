import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';
import { catalogs } from './catalog.schema.ts';

/**
 * A SKU's price on one channel (a connected shop), spec part 3 price_list: MANUAL rows hold the prices the merchant
 * typed; a row switched back to FORMULA keeps them so the edit dialog can start from them, while the effective
 * price comes from the product's formula again. No row: FORMULA. The channel id has no foreign key, like the stock
 * allocation rules: connections belong to the channels module (reached only through its index.ts) and are
 * disconnected, never deleted; the service checks the channel exists before writing.
 */
export const catalogChannelPrices = pgTable(
  'catalog_channel_prices',
  {
    workspaceId: workspaceIdColumn(),
    catalogId: uuid()
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    channelConnectionId: uuid().notNull(),
    mode: text({ enum: ['FORMULA', 'MANUAL'] }).notNull(),
    priceMsrp: bigint({ mode: 'bigint' }).notNull(),
    priceSales: bigint({ mode: 'bigint' }).notNull(),
    updatedBy: uuid(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.catalogId, t.channelConnectionId] }),
    // The list's "manual prices on channel X" filter.
    index('catalog_channel_prices_channel_idx').on(t.workspaceId, t.channelConnectionId, t.mode),
    check('catalog_channel_prices_amounts_check', sql`${t.priceSales} >= 0 and ${t.priceSales} <= ${t.priceMsrp}`),
    tenantPolicy(),
  ],
);
