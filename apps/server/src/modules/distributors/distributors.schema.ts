import { DISTRIBUTOR_CATEGORIES, DISTRIBUTOR_STATUSES } from '@kelola/contracts';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';

/**
 * A distributor of the workspace's distributor channel (spec part 3 "Distributor"; ADR 0071): a partner who buys
 * from the merchant through that channel. The channel and the warehouse are other modules' rows, named by id.
 */
export const distributors = pgTable(
  'distributors',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    channelId: uuid().notNull(),
    /** The merchant's own code; unique in the workspace (a workspace has one distributor channel). */
    code: text().notNull(),
    name: text().notNull(),
    /** E.164 (+62…). */
    phone: text().notNull(),
    email: text(),
    category: text({ enum: DISTRIBUTOR_CATEGORIES }).notNull(),
    /** 16 digits. */
    npwpId: text().notNull(),
    npwpName: text(),
    address: text().notNull(),
    provinceCode: text().notNull(),
    cityCode: text().notNull(),
    districtCode: text().notNull(),
    subdistrictCode: text(),
    postalCode: text().notNull(),
    /** BI 3-digit bank code (`BANKS` of the contracts). */
    bankCode: text().notNull(),
    bankAccountNumber: text().notNull(),
    bankAccountName: text().notNull(),
    warehouseId: uuid().notNull(),
    coverageArea: text().notNull(),
    status: text({ enum: DISTRIBUTOR_STATUSES }).notNull().default('ACTIVE'),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('distributors_workspace_code_key').on(t.workspaceId, t.code),
    index('distributors_channel_created_idx').on(t.workspaceId, t.channelId, t.createdAt),
    tenantPolicy(),
  ],
);
