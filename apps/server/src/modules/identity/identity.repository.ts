import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../http/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { authChallenges, rateLimitCounters, refreshTokens, users, type ChallengePurpose } from './identity.schema.ts';

// Users and sessions are global tables: these queries run in the request's system transaction.

export type UserRow = typeof users.$inferSelect;
export type ChallengeRow = typeof authChallenges.$inferSelect;

export async function findUserById(ctx: Ctx, id: string): Promise<UserRow | undefined> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUsersByIds(ctx: Ctx, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return ctx.db.select().from(users).where(inArray(users.id, ids));
}

export async function findUserByIdentifier(ctx: Ctx, type: 'email' | 'phone', value: string): Promise<UserRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(type === 'email' ? eq(users.email, value) : eq(users.phone, value));
  return row;
}

export async function insertUser(ctx: Ctx, row: typeof users.$inferInsert): Promise<void> {
  await ctx.db.insert(users).values(row);
}

export async function updateUser(ctx: Ctx, id: string, patch: Partial<typeof users.$inferInsert>): Promise<void> {
  await ctx.db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function insertChallenge(ctx: Ctx, row: typeof authChallenges.$inferInsert): Promise<void> {
  await ctx.db.insert(authChallenges).values(row);
}

export async function latestOpenChallenge(ctx: Ctx, userId: string, purpose: ChallengePurpose) {
  const [row] = await ctx.db
    .select()
    .from(authChallenges)
    .where(and(eq(authChallenges.userId, userId), eq(authChallenges.purpose, purpose), isNull(authChallenges.consumedAt)))
    .orderBy(desc(authChallenges.createdAt))
    .limit(1);
  return row;
}

export async function findChallengeBySecret(ctx: Ctx, secretHash: string) {
  const [row] = await ctx.db.select().from(authChallenges).where(eq(authChallenges.secretHash, secretHash));
  return row;
}

/**
 * Takes one of a challenge's guesses in one statement, before the guess is judged: false when none is left (or the
 * challenge was used meanwhile). Concurrent guesses cannot all read the same count and all be judged.
 */
export async function takeChallengeAttempt(db: Db, id: string, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.consumedAt), lt(authChallenges.attempts, maxAttempts)))
    .returning({ id: authChallenges.id });
  return rows.length === 1;
}

export async function consumeChallenges(ctx: Ctx, userId: string, purpose: ChallengePurpose): Promise<void> {
  await ctx.db
    .update(authChallenges)
    .set({ consumedAt: new Date() })
    .where(and(eq(authChallenges.userId, userId), eq(authChallenges.purpose, purpose), isNull(authChallenges.consumedAt)));
}

export async function insertRefreshToken(ctx: Ctx, row: typeof refreshTokens.$inferInsert): Promise<void> {
  await ctx.db.insert(refreshTokens).values(row);
}

export async function findRefreshToken(ctx: Ctx, tokenHash: string) {
  const [row] = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a token rotated only if nobody rotated it first; false means it was already used. */
export async function markRotated(ctx: Ctx, id: string): Promise<boolean> {
  const rows = await ctx.db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(ctx: Ctx, userId: string): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Takes one attempt from a fixed window's allowance in one statement (check and increment together): null when the
 * allowance is spent. Runs on the root handle outside any transaction, so the count stands at once for every caller.
 */
export async function takeAttempt(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<{ count: number; resetAt: Date } | null> {
  const at = now.toISOString();
  const expired = sql`rate_limit_counters.window_start < ${at}::timestamptz - make_interval(secs => ${windowSeconds})`;
  const result = await db.execute<{ count: number; window_start: string | Date }>(sql`
    insert into rate_limit_counters (key, window_start, count) values (${key}, ${at}, 1)
    on conflict (key) do update set
      count = case when ${expired} then 1 else rate_limit_counters.count + 1 end,
      window_start = case when ${expired} then ${at}::timestamptz else rate_limit_counters.window_start end
    where ${expired} or rate_limit_counters.count < ${limit}
    returning count, window_start`);
  const row = (result as unknown as { rows: { count: number; window_start: string | Date }[] }).rows[0];
  if (!row) return null;
  return { count: Number(row.count), resetAt: new Date(new Date(row.window_start).getTime() + windowSeconds * 1000) };
}

/** Gives back an attempt taken by takeAttempt (a sign-in that succeeded does not count against the IP). */
export async function returnAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(eq(rateLimitCounters.key, key));
}

export async function readCounter(db: Db, key: string, windowSeconds: number, now: Date): Promise<{ count: number; resetAt: Date }> {
  const [row] = await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
  if (!row || row.windowStart.getTime() + windowSeconds * 1000 < now.getTime()) return { count: 0, resetAt: now };
  return { count: row.count, resetAt: new Date(row.windowStart.getTime() + windowSeconds * 1000) };
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}

/**
 * The user as one JSON object (the UserRow fields `getMe` reads), for a caller that composes one statement of several
 * modules' reads (`GET /api/me`, ADR 0043). `userId` is a SQL expression (a placeholder).
 */
export const userJsonSql = (userId: SQL) =>
  sql`(select json_build_object('id', ${users.id}, 'email', ${users.email}, 'phone', ${users.phone},
    'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'typeRegister', ${users.typeRegister},
    'settings', ${users.settings}) from ${users} where ${users.id} = ${userId})`;
