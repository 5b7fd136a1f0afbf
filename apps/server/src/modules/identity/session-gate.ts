import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { refreshTokens } from './identity.schema.ts';

/**
 * How long a process believes a sign-in is still live before asking the database again. Another process's logout,
 * refresh-family revocation or password change is seen within this time (the requirement is one second); the
 * process that revokes forgets at once. See docs/adr/0014.
 */
export const SESSION_LIVE_TTL_MS = 500;
/** Bounds the memory of a long-running process; the cache is only an optimisation, so it may be dropped whole. */
const MAX_ENTRIES = 50_000;

type Entry = { userId: string; live: Promise<boolean>; until: number };

/** Whether the sign-in (refresh family) an access token belongs to is still live, checked cheaply per request. */
export type SessionGate = {
  isLive: (userId: string, familyId: string) => Promise<boolean>;
  /** After a revocation committed in this process: the next request of these sign-ins asks the database. */
  forgetFamily: (familyId: string) => void;
  forgetUser: (userId: string) => void;
};

function createSessionGate(db: Db, now: () => number = Date.now): SessionGate {
  const entries = new Map<string, Entry>();

  async function query(userId: string, familyId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
      .limit(1);
    return row !== undefined;
  }

  return {
    isLive(userId, familyId) {
      const cached = entries.get(familyId);
      if (cached && cached.userId === userId && cached.until > now()) return cached.live;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const live = query(userId, familyId);
      // A revoked sign-in never comes back, so a "no" is kept for as long as the entry lives in the map.
      const entry: Entry = { userId, live, until: now() + SESSION_LIVE_TTL_MS };
      entries.set(familyId, entry);
      live.then(
        (yes) => {
          if (!yes) entry.until = Number.POSITIVE_INFINITY;
        },
        () => entries.delete(familyId),
      );
      return live;
    },
    forgetFamily(familyId) {
      entries.delete(familyId);
    },
    forgetUser(userId) {
      for (const [familyId, entry] of entries) if (entry.userId === userId) entries.delete(familyId);
    },
  };
}

/** One gate per database handle, i.e. per process (a test app is a process of its own). */
const gates = new WeakMap<Db, SessionGate>();

/** The gate of the process's root database handle. */
export function sessionGate(db: Db): SessionGate {
  let gate = gates.get(db);
  if (!gate) gates.set(db, (gate = createSessionGate(db)));
  return gate;
}
