import { index, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/** Indonesian administrative areas (idn-area-data, Kepmendagri 2025): reference data shared by every workspace. */
export const areas = pgTable(
  'areas',
  {
    code: text().primaryKey(),
    parentCode: text(),
    /** 1 province, 2 city/regency, 3 district, 4 subdistrict (village). */
    level: smallint().notNull(),
    name: text().notNull(),
    postalCode: text(),
  },
  (t) => [index('areas_parent_idx').on(t.parentCode, t.name)],
);
