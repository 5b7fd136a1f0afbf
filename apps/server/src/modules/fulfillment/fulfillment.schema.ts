import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';

/**
 * Where an order stands in the warehouse (spec part 4 fulfillment steps), one row per order from its first step
 * (an order with no row is NEW). Who did each step and when is kept here for the list and on the order's timeline
 * for the history. The order's own state moves with the steps (ADR 0024).
 */
export const orderFulfillments = pgTable(
  'order_fulfillments',
  {
    workspaceId: workspaceIdColumn(),
    orderId: uuid().notNull(),
    step: text().notNull(),
    /** Delivery orders (own courier): the delivery note number, DO/yyyy/mm/nnnnnn, given at goods issue. */
    deliveryNoteNumber: text(),
    /** PICKUP, DROPOFF (the marketplace's logistics) or OWN_COURIER. */
    shipMethod: text(),
    /** The marketplace's arrange-shipment call: SENDING, FAILED (with its message) or DONE. */
    shipmentState: text(),
    shipmentMessage: text(),
    pickedAt: timestamptz(),
    pickedBy: uuid(),
    packedAt: timestamptz(),
    packedBy: uuid(),
    packingCompletedAt: timestamptz(),
    packingCompletedBy: uuid(),
    goodsIssuedAt: timestamptz(),
    goodsIssuedBy: uuid(),
    shippedAt: timestamptz(),
    shippedBy: uuid(),
    /** How many times the order was moved to another warehouse (keys its stock moves apart). */
    warehouseMoves: integer().notNull().default(0),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.orderId] }),
    index('order_fulfillments_step_idx').on(t.workspaceId, t.step),
    index('order_fulfillments_note_idx').on(t.workspaceId, t.deliveryNoteNumber),
    tenantPolicy(),
  ],
);
