import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';

/**
 * How often each document of an order was printed (label, picking, packing): printing marks the order printed,
 * reprinting is allowed and counted (issue 14). The order lists filter on it (printed / not printed).
 */
export const orderPrints = pgTable(
  'order_prints',
  {
    workspaceId: workspaceIdColumn(),
    orderId: uuid().notNull(),
    kind: text({ enum: ['label', 'picking', 'packing'] }).notNull(),
    printCount: integer().notNull().default(0),
    firstPrintedAt: timestamptz().notNull().defaultNow(),
    lastPrintedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.orderId, t.kind] }), tenantPolicy()],
);

/** Where a SKU lies in a warehouse (rack / bin, free text such as "A-03-2"): the picking list walks them in order. */
export const binLocations = pgTable(
  'bin_locations',
  {
    workspaceId: workspaceIdColumn(),
    warehouseId: uuid().notNull(),
    catalogId: uuid().notNull(),
    location: text().notNull(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.warehouseId, t.catalogId] }),
    index('bin_locations_location_idx').on(t.workspaceId, t.warehouseId, t.location),
    tenantPolicy(),
  ],
);
