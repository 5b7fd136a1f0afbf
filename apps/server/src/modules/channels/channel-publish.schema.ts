import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';
import { channelConnections } from './channels.schema.ts';

/**
 * One master product published (or edited) on one shop (ADR 0038). A batch is one merchant request; its
 * publications run one at a time in `position` order (spec part 4: the next channel starts when one ends).
 * `status` walks PENDING → IMAGES → DRAFT → ON_PROGRESS → FINISHED or FAILED; `draft` is what was (or will be) sent
 * and is removed when a Tokopedia attempt fails before it is tried again.
 */
export const channelPublications = pgTable(
  'channel_publications',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    batchId: uuid().notNull(),
    position: integer().notNull(),
    /** The master product (catalog module); no foreign key across modules. */
    productId: uuid().notNull(),
    productName: text().notNull(),
    connectionId: uuid()
      .notNull()
      .references(() => channelConnections.id, { onDelete: 'cascade' }),
    /** `shopee`, `tiktok`, `tokopedia` (a TikTok Shop connection), `lazada`, `blibli`, `zalora`. */
    target: text().notNull(),
    /** `CREATE` or `UPDATE` (an edit of a product already on the shop). */
    mode: text().notNull().default('CREATE'),
    status: text().notNull().default('PENDING'),
    /** The merchant's choices as validated (category path, brand, name, description, weight, images, prices). */
    input: jsonb().$type<Record<string, unknown>>().notNull(),
    draft: jsonb().$type<Record<string, unknown>>(),
    /** Marketplace image ids uploaded for this publication, in order. */
    images: jsonb().$type<string[]>().notNull().default([]),
    requestId: text(),
    channelProductId: text(),
    errors: jsonb().$type<string[]>().notNull().default([]),
    attempts: integer().notNull().default(0),
    mappedSkus: integer().notNull().default(0),
    createdBy: uuid(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
    finishedAt: timestamptz(),
  },
  (t) => [
    index('channel_publications_batch_idx').on(t.workspaceId, t.batchId, t.position),
    index('channel_publications_product_idx').on(t.workspaceId, t.productId),
    tenantPolicy(),
  ],
);
