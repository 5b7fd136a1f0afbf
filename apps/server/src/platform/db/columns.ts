import { timestamp } from 'drizzle-orm/pg-core';

/** timestamptz, UTC in storage (ARCHITECTURE §5). */
export const timestamptz = () => timestamp({ withTimezone: true, mode: 'date' });
