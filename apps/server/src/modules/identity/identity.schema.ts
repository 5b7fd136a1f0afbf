import { timestamptz } from '../../platform/db/columns.ts';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { UserSettings } from '@kelola/contracts';

// Users, their sessions and their one-time codes are global: a person signs in once and may belong to many workspaces.

const timestamps = {
  createdAt: timestamptz().notNull().defaultNow(),
  updatedAt: timestamptz().notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey(),
    email: text(),
    phone: text(),
    firstName: text().notNull(),
    lastName: text().notNull().default(''),
    passwordHash: text().notNull(),
    typeRegister: text().$type<'email' | 'phone'>().notNull(),
    verifiedAt: timestamptz(),
    passwordChangedAt: timestamptz(),
    settings: jsonb().$type<Partial<UserSettings>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_phone_key').on(t.phone)],
);

export type ChallengePurpose = 'signup' | 'reset' | 'reset_token' | 'verify_link';

/** One-time codes and links: sign-up OTP or e-mail code, forgot-password OTP and reset token, verification links. */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<ChallengePurpose>().notNull(),
    channel: text().$type<'email' | 'phone'>().notNull(),
    secretHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamptz().notNull(),
    resendAvailableAt: timestamptz(),
    consumedAt: timestamptz(),
    /**
     * A repeated sign-up of an unverified address (ADR 0013): the hash of the secret in the caller's sign-up cookie,
     * which verifying this challenge requires, and the credentials chosen in that sign-up, set only on success.
     */
    flowHash: text(),
    pendingPasswordHash: text(),
    pendingFirstName: text(),
    pendingLastName: text(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('auth_challenges_user_purpose_idx').on(t.userId, t.purpose, t.createdAt.desc().nullsFirst()),
    uniqueIndex('auth_challenges_secret_key').on(t.secretHash),
  ],
);

/** Rotating refresh tokens; a family shares one sign-in, and reuse of a rotated token revokes the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    rotatedAt: timestamptz(),
    revokedAt: timestamptz(),
    userAgent: text(),
    ip: text(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Fixed-window counters for login and OTP attempts, per account and per IP. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text().primaryKey(),
  windowStart: timestamptz().notNull(),
  count: integer().notNull(),
});
