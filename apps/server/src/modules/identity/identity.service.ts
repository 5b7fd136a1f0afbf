import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { DEFAULT_SETTINGS, type UserSettings } from '@kelola/contracts';
import { parseIdentifier, type Identifier } from '@kelola/domain';
import type { Ctx, SignedInCtx } from '../../http/context.ts';
import { inSystem } from '../../platform/db/database.ts';
import { isUuid, uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n/translate.ts';
import { queueMessage } from '../../platform/outbox/outbox.ts';
import * as repo from './identity.repository.ts';
import { sessionGate } from './session-gate.ts';
import type { ChallengePurpose } from './identity.schema.ts';

/** argon2id with the parameters of ARCHITECTURE §6. */
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
export const OTP_TTL_SECONDS = { phone: 5 * 60, email: 15 * 60 } as const;
export const RESEND_DELAY_SECONDS = 60;
export const MAX_CODE_ATTEMPTS = 5;
const LINK_TTL_SECONDS = 24 * 3600;
const RESET_TOKEN_TTL_SECONDS = 15 * 60;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const newSecret = () => randomBytes(32).toString('base64url');
const seconds = (from: Date, to: Date) => Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000));

export const hashPassword = (password: string) => argonHash(password, ARGON);

export type PublicUser = { uuid: string; email: string | null; phone: string | null };
export type IssuedSession = {
  session: { access_token: string; token_type: 'Bearer'; expires_in: number };
  refreshToken: string;
  refreshExpiresAt: Date;
};

function identify(raw: string, field: string): Identifier {
  const id = parseIdentifier(raw);
  if (!id) throw fieldError('VALIDATION_FAILED', field, 'INVALID_EMAIL_OR_PHONE');
  return id;
}

// ---------- rate limits ----------

/**
 * Takes one attempt from the window's allowance, checked and counted in one statement on the root handle before
 * the attempt is judged (ADR 0013): concurrent attempts cannot all read the same count. The callers' routes run
 * without a request transaction for this reason, and open their own once the attempt is counted.
 */
async function takeAttempt(ctx: Ctx, key: string, limit: number): Promise<void> {
  const { windowSeconds } = ctx.config.rateLimit;
  if (await repo.takeAttempt(ctx.db, key, limit, windowSeconds, ctx.platform.now())) return;
  const { resetAt } = await repo.readCounter(ctx.db, key, windowSeconds, ctx.platform.now());
  throw new DomainError('RATE_LIMITED', undefined, { retry_after: seconds(ctx.platform.now(), resetAt) });
}

/** Runs the rest of a use case in a transaction of its own, after its attempt was counted on ctx.db. */
const inOwnTransaction = <T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> => inSystem(ctx.db, (db) => fn({ ...ctx, db }));

// ---------- one-time codes ----------

/** A repeated sign-up's binding: its cookie secret's hash and the credentials it chose (ADR 0013). */
type SignupBinding = Pick<repo.ChallengeRow, 'flowHash' | 'pendingPasswordHash' | 'pendingFirstName' | 'pendingLastName'>;

const bindingOf = (challenge: repo.ChallengeRow | undefined): SignupBinding | undefined =>
  challenge?.flowHash
    ? {
        flowHash: challenge.flowHash,
        pendingPasswordHash: challenge.pendingPasswordHash,
        pendingFirstName: challenge.pendingFirstName,
        pendingLastName: challenge.pendingLastName,
      }
    : undefined;

/**
 * Sends a new code (and, for an e-mail sign-up, a link), replacing the open ones. `binding`: a repeated sign-up's;
 * 'keep' (a resend) carries the open challenge's binding over, so a resend never unbinds a code.
 */
async function issueCode(
  ctx: Ctx,
  user: repo.UserRow,
  purpose: 'signup' | 'reset',
  channel: 'email' | 'phone',
  binding: SignupBinding | 'keep' | undefined = undefined,
): Promise<{ resendDelay: number }> {
  const now = ctx.platform.now();
  const open = await repo.latestOpenChallenge(ctx, user.id, purpose);
  if (open?.resendAvailableAt && open.resendAvailableAt > now) {
    throw new DomainError('OTP_RESEND_TOO_EARLY', undefined, { retry_after: seconds(now, open.resendAvailableAt) });
  }
  const bound = binding === 'keep' ? bindingOf(open) : binding;
  await repo.consumeChallenges(ctx, user.id, purpose);
  if (purpose === 'signup') await repo.consumeChallenges(ctx, user.id, 'verify_link');
  const code = newCode();
  const ttl = OTP_TTL_SECONDS[channel];
  await repo.insertChallenge(ctx, {
    ...bound,
    id: uuidv7(),
    userId: user.id,
    purpose,
    channel,
    // The user id salts the hash so equal codes of two users never collide on the unique index.
    secretHash: sha256(`${user.id}:${purpose}:${code}`),
    expiresAt: new Date(now.getTime() + ttl * 1000),
    resendAvailableAt: new Date(now.getTime() + RESEND_DELAY_SECONDS * 1000),
  });
  const minutes = Math.round(ttl / 60);
  const to = channel === 'email' ? user.email! : user.phone!;
  let link = '';
  if (purpose === 'signup' && channel === 'email') {
    const secret = newSecret();
    await repo.insertChallenge(ctx, {
      ...bound,
      id: uuidv7(),
      userId: user.id,
      purpose: 'verify_link',
      channel,
      secretHash: sha256(secret),
      expiresAt: new Date(now.getTime() + LINK_TTL_SECONDS * 1000),
    });
    link = `${ctx.config.publicUrl}/auth/verify/${secret}/${user.id}`;
  } else if (purpose === 'reset') {
    link = `${ctx.config.publicUrl}/auth/forgot-password/otp?username=${encodeURIComponent(to)}`;
  }
  const t = (key: string) => translate(ctx.locale, 'messages', key, { code, minutes, name: user.firstName, link }) ?? key;
  const prefix = purpose === 'signup' ? 'SIGNUP' : 'RESET';
  await queueMessage(
    ctx,
    channel === 'phone'
      ? { channel: 'sms', to, subject: t(`${prefix}_SMS`), body: t(`${prefix}_SMS`), code }
      : { channel: 'email', to, subject: t(`${prefix}_EMAIL_SUBJECT`), body: t(`${prefix}_EMAIL_BODY`), code },
  );
  return { resendDelay: RESEND_DELAY_SECONDS };
}

/**
 * Checks a code against the newest open challenge. Each guess is counted (per account and per challenge) before it
 * is judged, on ctx.db outside any transaction, so at most MAX_CODE_ATTEMPTS guesses of one code are ever judged.
 * The caller consumes the challenge in its own transaction.
 */
async function checkCode(ctx: Ctx, user: repo.UserRow, purpose: 'signup' | 'reset', code: string, field: string) {
  const now = ctx.platform.now();
  const ipKey = `otp:ip:${ctx.ip}`;
  await takeAttempt(ctx, `otp:user:${user.id}`, MAX_CODE_ATTEMPTS * 3);
  await takeAttempt(ctx, ipKey, ctx.config.rateLimit.loginPerIp);
  const challenge = await repo.latestOpenChallenge(ctx, user.id, purpose);
  const expired = () => new DomainError('OTP_EXPIRED', { fields: [{ path: field, code: 'OTP_EXPIRED', message: 'OTP_EXPIRED' }] });
  if (!challenge || challenge.expiresAt < now) throw expired();
  if (!(await repo.takeChallengeAttempt(ctx.db, challenge.id, MAX_CODE_ATTEMPTS))) throw expired();
  if (challenge.secretHash !== sha256(`${user.id}:${purpose}:${code}`)) {
    throw new DomainError('OTP_INVALID', { fields: [{ path: field, code: 'OTP_INVALID', message: 'OTP_INVALID' }] });
  }
  await repo.returnAttempt(ctx.db, ipKey);
  return challenge;
}

// ---------- sessions ----------

export async function issueSession(ctx: Ctx, userId: string, familyId: string = uuidv7()): Promise<IssuedSession> {
  const refreshToken = newSecret();
  const refreshExpiresAt = new Date(ctx.platform.now().getTime() + ctx.config.refreshTokenTtlDays * 86400 * 1000);
  await repo.insertRefreshToken(ctx, {
    id: uuidv7(),
    userId,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: refreshExpiresAt,
    userAgent: ctx.userAgent?.slice(0, 300) ?? null,
    ip: ctx.ip,
  });
  const ttl = ctx.config.accessTokenTtlSeconds;
  const accessToken = await ctx.platform.keys.sign({ sub: userId, sid: familyId }, ttl);
  return { session: { access_token: accessToken, token_type: 'Bearer', expires_in: ttl }, refreshToken, refreshExpiresAt };
}

// ---------- sign-up and verification ----------

/**
 * Creates an unverified user and sends the code. Signing up again before anyone verified never touches the pending
 * account (ADR 0013): it starts a fresh verification bound to this caller (the secret returned goes into their
 * sign-up cookie) that carries the name and password chosen now, and sets them only when this caller verifies.
 * Older codes and links stop working. So a mistyped first attempt never locks the address, and nobody's sign-up
 * replaces the credentials the address's owner will verify.
 */
export async function registerUser(
  ctx: Ctx,
  input: { user: string; password: string; name: string },
): Promise<{ user: repo.UserRow; created: boolean; resendDelay: number; flowSecret?: string }> {
  const id = identify(input.user, 'user');
  const existing = await repo.findUserByIdentifier(ctx, id.type, id.value);
  if (existing?.verifiedAt) throw fieldError('USER_ALREADY_EXISTS', 'user', 'USER_ALREADY_EXISTS');
  const [firstName, ...rest] = input.name.trim().split(/\s+/u);
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    const flowSecret = newSecret();
    const { resendDelay } = await issueCode(ctx, existing, 'signup', id.type, {
      flowHash: sha256(flowSecret),
      pendingPasswordHash: passwordHash,
      pendingFirstName: firstName!,
      pendingLastName: rest.join(' '),
    });
    return { user: existing, created: false, resendDelay, flowSecret };
  }
  const userId = uuidv7();
  await repo.insertUser(ctx, {
    id: userId,
    email: id.type === 'email' ? id.value : null,
    phone: id.type === 'phone' ? id.value : null,
    firstName: firstName!,
    lastName: rest.join(' '),
    passwordHash,
    typeRegister: id.type,
    settings: { locale: ctx.locale === 'en' ? 'en-US' : DEFAULT_SETTINGS.locale },
  });
  const user = (await repo.findUserById(ctx, userId))!;
  const { resendDelay } = await issueCode(ctx, user, 'signup', id.type);
  return { user, created: true, resendDelay };
}

/**
 * A bound challenge (a repeated sign-up's) is verified only with its caller's sign-up cookie; its success sets the
 * credentials chosen in that sign-up. An unbound one verifies the account with the credentials it has.
 */
function credentialsOnVerify(challenge: repo.ChallengeRow, flowSecret: string | undefined, field: string | null) {
  if (!challenge.flowHash) return {};
  if (!flowSecret || sha256(flowSecret) !== challenge.flowHash) {
    if (field === null) throw new DomainError('LINK_INVALID');
    throw new DomainError('OTP_INVALID', { fields: [{ path: field, code: 'OTP_INVALID', message: 'OTP_INVALID' }] });
  }
  return {
    ...(challenge.pendingPasswordHash ? { passwordHash: challenge.pendingPasswordHash } : {}),
    ...(challenge.pendingFirstName ? { firstName: challenge.pendingFirstName, lastName: challenge.pendingLastName ?? '' } : {}),
  };
}

async function pendingUser(ctx: Ctx, userUuid: string): Promise<repo.UserRow> {
  const user = await repo.findUserById(ctx, userUuid);
  if (!user) throw new DomainError('USER_NOT_FOUND');
  return user;
}

export async function verifySignupCode(
  ctx: Ctx,
  userUuid: string,
  code: string,
  field: string,
  flowSecret?: string,
): Promise<{ user: PublicUser; session: IssuedSession }> {
  const user = await pendingUser(ctx, userUuid);
  if (user.verifiedAt) {
    throw new DomainError('OTP_EXPIRED', { fields: [{ path: field, code: 'OTP_EXPIRED', message: 'OTP_EXPIRED' }] });
  }
  const challenge = await checkCode(ctx, user, 'signup', code, field);
  const credentials = credentialsOnVerify(challenge, flowSecret, field);
  return inOwnTransaction(ctx, async (tx) => {
    await repo.updateUser(tx, user.id, { ...credentials, verifiedAt: tx.platform.now() });
    await repo.consumeChallenges(tx, user.id, 'signup');
    await repo.consumeChallenges(tx, user.id, 'verify_link');
    return { user: { uuid: user.id, email: user.email, phone: user.phone }, session: await issueSession(tx, user.id) };
  });
}

export async function resendSignupCode(ctx: Ctx, userUuid: string): Promise<{ resendDelay: number }> {
  const user = await pendingUser(ctx, userUuid);
  if (user.verifiedAt) throw new DomainError('USER_ALREADY_EXISTS');
  return issueCode(ctx, user, 'signup', user.typeRegister, 'keep');
}

/** The e-mail link `/auth/verify/{link}/{uuid}`. */
export async function verifyLink(
  ctx: Ctx,
  secret: string,
  userUuid: string,
  flowSecret?: string,
): Promise<{ user: PublicUser; session: IssuedSession }> {
  const challenge = await repo.findChallengeBySecret(ctx, sha256(secret));
  if (!challenge || challenge.userId !== userUuid || challenge.purpose !== 'verify_link') throw new DomainError('LINK_INVALID');
  if (challenge.consumedAt) throw new DomainError('LINK_INVALID');
  if (challenge.expiresAt < ctx.platform.now()) throw new DomainError('LINK_EXPIRED');
  const user = await pendingUser(ctx, userUuid);
  const credentials = user.verifiedAt ? {} : credentialsOnVerify(challenge, flowSecret, null);
  await repo.updateUser(ctx, user.id, { ...credentials, verifiedAt: user.verifiedAt ?? ctx.platform.now() });
  await repo.consumeChallenges(ctx, user.id, 'verify_link');
  await repo.consumeChallenges(ctx, user.id, 'signup');
  return { user: { uuid: user.id, email: user.email, phone: user.phone }, session: await issueSession(ctx, user.id) };
}

// ---------- login, refresh, logout ----------

// Verifying against a real hash when the account does not exist keeps the response time the same.
let dummyHash: Promise<string> | null = null;

export async function login(ctx: Ctx, input: { username: string; password: string }): Promise<IssuedSession> {
  const id = identify(input.username, 'username');
  const accountKey = `login:acct:${id.value}`;
  const ipKey = `login:ip:${ctx.ip}`;
  // Every attempt is counted before its password is checked; a right password gives its attempts back.
  await takeAttempt(ctx, accountKey, ctx.config.rateLimit.loginPerAccount);
  await takeAttempt(ctx, ipKey, ctx.config.rateLimit.loginPerIp);
  const user = await repo.findUserByIdentifier(ctx, id.type, id.value);
  dummyHash ??= hashPassword('not-a-password-Kelola#0');
  const ok = await argonVerify(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !ok) throw new DomainError('INVALID_CREDENTIALS');
  await repo.clearCounter(ctx.db, accountKey);
  await repo.returnAttempt(ctx.db, ipKey);
  if (!user.verifiedAt) throw new DomainError('ACCOUNT_NOT_VERIFIED', { user_uuid: user.id, type_register: user.typeRegister });
  return inOwnTransaction(ctx, (tx) => issueSession(tx, user.id));
}

/** Rotates the refresh token; presenting an already-rotated one revokes the whole sign-in (reuse detection). */
export async function refresh(ctx: Ctx, refreshToken: string | undefined): Promise<IssuedSession> {
  if (!refreshToken) throw new DomainError('REFRESH_TOKEN_INVALID');
  const row = await repo.findRefreshToken(ctx, sha256(refreshToken));
  if (!row || row.revokedAt || row.expiresAt < ctx.platform.now()) throw new DomainError('REFRESH_TOKEN_INVALID');
  if (row.rotatedAt || !(await repo.markRotated(ctx, row.id))) {
    ctx.afterRollback(async (db) => {
      await repo.revokeFamily(db, row.familyId);
      sessionGate(ctx.platform.database.db).forgetFamily(row.familyId);
    });
    throw new DomainError('REFRESH_TOKEN_REUSED');
  }
  return issueSession(ctx, row.userId, row.familyId);
}

/**
 * Ends the sign-in named by the refresh cookie and the one named by the bearer access token, whichever are sent:
 * an API client that holds only the access token signs out too. The route is public, so a missing, expired or
 * foreign token simply ends nothing.
 */
export async function logout(ctx: Ctx, refreshToken: string | undefined, accessToken: string | undefined): Promise<void> {
  const families = new Set<string>();
  if (refreshToken) {
    const row = await repo.findRefreshToken(ctx, sha256(refreshToken));
    if (row) families.add(row.familyId);
  }
  const claims = accessToken ? await ctx.platform.keys.verify(accessToken) : null;
  if (claims && claims !== 'expired' && claims.sid && isUuid(claims.sid)) families.add(claims.sid);
  for (const familyId of families) await repo.revokeFamily(ctx.db, familyId);
  forgetAfterCommit(ctx, (gate) => families.forEach((familyId) => gate.forgetFamily(familyId)));
}

/** The access tokens of revoked sign-ins stop at once in this process; other processes follow within a second. */
function forgetAfterCommit(ctx: Ctx, forget: (gate: ReturnType<typeof sessionGate>) => void): void {
  ctx.afterCommit(async () => forget(sessionGate(ctx.platform.database.db)));
}

// ---------- passwords ----------

/** Always answers the same way, whether or not the account exists, so it cannot be used to probe accounts. */
export async function requestPasswordReset(ctx: Ctx, username: string): Promise<{ resendDelay: number }> {
  const id = identify(username, 'username');
  await takeAttempt(ctx, `reset:ip:${ctx.ip}`, ctx.config.rateLimit.loginPerIp);
  return inOwnTransaction(ctx, async (tx) => {
    const user = await repo.findUserByIdentifier(tx, id.type, id.value);
    if (!user) return { resendDelay: RESEND_DELAY_SECONDS };
    return issueCode(tx, user, 'reset', id.type);
  });
}

export async function verifyPasswordReset(ctx: Ctx, username: string, otp: string): Promise<{ token: string; username: string }> {
  const id = identify(username, 'username');
  const user = await repo.findUserByIdentifier(ctx, id.type, id.value);
  if (!user) {
    // An unknown account costs the caller an attempt like a known one, so guessing reveals nothing and is limited.
    await takeAttempt(ctx, `otp:ip:${ctx.ip}`, ctx.config.rateLimit.loginPerIp);
    throw new DomainError('OTP_INVALID', { fields: [{ path: 'otp', code: 'OTP_INVALID', message: 'OTP_INVALID' }] });
  }
  await checkCode(ctx, user, 'reset', otp, 'otp');
  return inOwnTransaction(ctx, async (tx) => {
    await repo.consumeChallenges(tx, user.id, 'reset');
    const token = newSecret();
    await repo.insertChallenge(tx, {
      id: uuidv7(),
      userId: user.id,
      purpose: 'reset_token',
      channel: id.type,
      secretHash: sha256(token),
      expiresAt: new Date(tx.platform.now().getTime() + RESET_TOKEN_TTL_SECONDS * 1000),
    });
    return { token, username: id.value };
  });
}

export async function resetPassword(ctx: Ctx, token: string, password: string): Promise<void> {
  const challenge = await repo.findChallengeBySecret(ctx, sha256(token));
  if (!challenge || challenge.purpose !== 'reset_token' || challenge.consumedAt || challenge.expiresAt < ctx.platform.now()) {
    throw new DomainError('RESET_TOKEN_INVALID');
  }
  await repo.updateUser(ctx, challenge.userId, {
    passwordHash: await hashPassword(password),
    passwordChangedAt: ctx.platform.now(),
    verifiedAt: ctx.platform.now(),
  });
  await repo.consumeChallenges(ctx, challenge.userId, 'reset_token');
  await repo.revokeAllForUser(ctx, challenge.userId);
  forgetAfterCommit(ctx, (gate) => gate.forgetUser(challenge.userId));
}

export async function changePassword(ctx: SignedInCtx, oldPassword: string, password: string): Promise<void> {
  const user = await repo.findUserById(ctx, ctx.actor.userId);
  if (!user) throw new DomainError('UNAUTHENTICATED');
  if (!(await argonVerify(user.passwordHash, oldPassword))) throw fieldError('PASSWORD_WRONG', 'old_password', 'PASSWORD_WRONG');
  await repo.updateUser(ctx, user.id, { passwordHash: await hashPassword(password), passwordChangedAt: ctx.platform.now() });
  await repo.revokeAllForUser(ctx, user.id);
  forgetAfterCommit(ctx, (gate) => gate.forgetUser(user.id));
}

// ---------- profile ----------

export async function getUser(ctx: Ctx, userId: string): Promise<repo.UserRow> {
  const user = await repo.findUserById(ctx, userId);
  if (!user) throw new DomainError('UNAUTHENTICATED');
  return user;
}

export async function findUserByIdentifier(ctx: Ctx, raw: string): Promise<repo.UserRow | undefined> {
  const id = parseIdentifier(raw);
  return id ? repo.findUserByIdentifier(ctx, id.type, id.value) : undefined;
}

/** Several users in one query, for lists that show people (members of a workspace). */
export async function listUsersByIds(ctx: Ctx, ids: string[]): Promise<repo.UserRow[]> {
  return repo.findUsersByIds(ctx, [...new Set(ids)]);
}

/**
 * A verified account for an invitee who had none: the invitation link, sent to that address, proves it.
 * A pending sign-up on the same address is taken over (its name and password replaced): the link proves the address.
 */
export async function createInvitedUser(
  ctx: Ctx,
  input: { type: 'email' | 'phone'; value: string; name: string; password: string },
): Promise<repo.UserRow> {
  const existing = await repo.findUserByIdentifier(ctx, input.type, input.value);
  if (existing?.verifiedAt) throw new DomainError('USER_ALREADY_EXISTS');
  const [firstName, ...rest] = input.name.trim().split(/\s+/u);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.platform.now();
  if (existing) {
    await repo.updateUser(ctx, existing.id, { firstName: firstName!, lastName: rest.join(' '), passwordHash, verifiedAt: now });
    await repo.consumeChallenges(ctx, existing.id, 'signup');
    await repo.consumeChallenges(ctx, existing.id, 'verify_link');
    return (await repo.findUserById(ctx, existing.id))!;
  }
  const id = uuidv7();
  await repo.insertUser(ctx, {
    id,
    email: input.type === 'email' ? input.value : null,
    phone: input.type === 'phone' ? input.value : null,
    firstName: firstName!,
    lastName: rest.join(' '),
    passwordHash,
    typeRegister: input.type,
    verifiedAt: now,
    settings: { locale: ctx.locale === 'en' ? 'en-US' : DEFAULT_SETTINGS.locale },
  });
  return (await repo.findUserById(ctx, id))!;
}

export function settingsOf(user: repo.UserRow): UserSettings {
  return { ...DEFAULT_SETTINGS, ...user.settings };
}

export async function updateSettings(ctx: SignedInCtx, settings: UserSettings): Promise<UserSettings> {
  await repo.updateUser(ctx, ctx.actor.userId, { settings });
  return settings;
}

export async function updateProfile(ctx: SignedInCtx, input: { first_name: string; last_name: string }): Promise<void> {
  await repo.updateUser(ctx, ctx.actor.userId, { firstName: input.first_name, lastName: input.last_name });
}

export type { ChallengePurpose };

/** The user as one JSON value, for `GET /api/me`'s single statement (ADR 0043). */
export { userJsonSql } from './identity.repository.ts';
