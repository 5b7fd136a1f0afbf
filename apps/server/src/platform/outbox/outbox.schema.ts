import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../db/columns.ts';

/** Every e-mail and SMS the product sends, kept whether or not a transport delivered it. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid().primaryKey(),
    channel: text().$type<'email' | 'sms'>().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    /** The one-time code the message carries, if any (shown in the developer inbox). */
    code: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    sentAt: timestamptz(),
    error: text(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt.desc().nullsFirst())],
);
