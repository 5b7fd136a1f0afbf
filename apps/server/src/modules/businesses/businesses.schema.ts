import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';

/** Client business (spec part 3): name, currency, category, company name, tax liability, address. */
export const businesses = pgTable(
  'businesses',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    name: text().notNull(),
    currency: text().$type<'IDR' | 'MYR'>().notNull().default('IDR'),
    category: text(),
    companyName: text(),
    /** PKP: registered for PPN, so invoices carry VAT. */
    taxLiability: boolean().notNull().default(false),
    npwp: text(),
    address: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('businesses_workspace_idx').on(t.workspaceId, t.name), tenantPolicy()],
);
