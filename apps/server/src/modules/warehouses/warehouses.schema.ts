import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';

/** Warehouse (spec part 3) with its area as Kemendagri codes (province → city → district → subdistrict). */
export const warehouses = pgTable(
  'warehouses',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    businessId: uuid(),
    name: text().notNull(),
    code: text().notNull(),
    externalCode: text(),
    category: text(),
    contact: text(),
    phone: text(),
    addressLine1: text().notNull(),
    addressLine2: text(),
    countryCode: text().notNull().default('ID'),
    provinceCode: text().notNull(),
    cityCode: text().notNull(),
    districtCode: text().notNull(),
    subdistrictCode: text().notNull(),
    postalCode: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('warehouses_workspace_code_key').on(t.workspaceId, t.code),
    index('warehouses_workspace_name_idx').on(t.workspaceId, t.name),
    tenantPolicy(),
  ],
);
