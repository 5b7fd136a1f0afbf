import { useSyncExternalStore } from 'react';

/** Local storage keys of the session (spec part 4: login stores the access token; logout clears these). */
export const STORAGE_KEYS = {
  accessToken: 'kelola.access_token',
  workspaceId: 'kelola.workspace_id',
  otpResendDelay: 'kelola.otp_resend_delay',
  registerType: 'kelola.register_type',
  registerUser: 'kelola.register_user',
  business: 'kelola.business',
  idle: 'kelola.idle',
  lastActivity: 'kelola.last_activity',
} as const;

/** Spec parts 4 and 9: token checked every 6 s, refreshed with 70 s minimum validity, 24 h idle time. */
export const TOKEN_CHECK_INTERVAL_MS = 6_000;
export const MIN_VALIDITY_SECONDS = 70;
export const IDLE_TIME_MS = 86_400_000;

/** Self-register and forgot-password routes must not refresh the token (spec part 2); resetting belongs to the forgot flow. */
const NO_REFRESH_PREFIXES = ['/self-register', '/auth/forgot-password', '/auth/reset-password'];

export function isRefreshExempt(pathname: string): boolean {
  return NO_REFRESH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

type Listener = () => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable; the session then lives only as long as the page.
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return read(STORAGE_KEYS.accessToken);
}

/** Why the session last ended in this page: a deliberate logout returns to a plain sign-in page. */
let clearReason: 'logout' | 'expired' | null = null;

export function lastClearReason(): 'logout' | 'expired' | null {
  return clearReason;
}

export function setAccessToken(token: string): void {
  clearReason = null;
  write(STORAGE_KEYS.accessToken, token);
  write(STORAGE_KEYS.idle, null);
  markActivity();
  emit();
}

export function getStoredWorkspaceId(): string | null {
  return read(STORAGE_KEYS.workspaceId);
}

export function setStoredWorkspaceId(workspaceId: string | null): void {
  write(STORAGE_KEYS.workspaceId, workspaceId);
}

/** Forgets the user, token, OTP delay, register type and business (spec part 4, logout). */
export function clearSession(reason: 'logout' | 'expired' = 'expired'): void {
  clearReason = reason;
  for (const key of Object.values(STORAGE_KEYS)) write(key, null);
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.accessToken || event.key === STORAGE_KEYS.idle) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The `exp` claim (seconds since epoch) of a JWT, or null when the token cannot be read. */
export function decodeJwtExp(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/gu, '+')
      .replace(/_/gu, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(atob(base64));
    if (typeof claims === 'object' && claims !== null && 'exp' in claims && typeof claims.exp === 'number') return claims.exp;
    return null;
  } catch {
    return null;
  }
}

/** Seconds the token stays valid; 0 when expired or unreadable. */
export function secondsLeft(token: string | null, now = Date.now()): number {
  if (!token) return 0;
  const exp = decodeJwtExp(token);
  if (exp === null) return 0;
  return Math.max(0, exp - Math.floor(now / 1000));
}

export function isTokenValid(token: string | null, now = Date.now()): boolean {
  return secondsLeft(token, now) > 0;
}

export function markActivity(now = Date.now()): void {
  write(STORAGE_KEYS.lastActivity, String(now));
}

export function isIdle(now = Date.now()): boolean {
  if (read(STORAGE_KEYS.idle) === '1') return true;
  const last = Number(read(STORAGE_KEYS.lastActivity) ?? now);
  return now - last >= IDLE_TIME_MS;
}

let refreshing: Promise<string | null> | null = null;

/**
 * Exchanges the httpOnly refresh cookie for a new access token. Concurrent callers share one request,
 * because the server rotates the refresh token and a second use would count as reuse.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const response = await fetch('/api/auth/refresh', {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { access_token?: unknown };
      if (typeof body.access_token !== 'string') return null;
      setAccessToken(body.access_token);
      return body.access_token;
    } catch {
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** One tick of the session watch: refresh a token close to expiry, flag idleness, log out an expired session. */
export async function checkSession(pathname: string, now = Date.now()): Promise<void> {
  const token = getAccessToken();
  if (!token) return;
  if (isIdle(now)) {
    if (read(STORAGE_KEYS.idle) !== '1') {
      write(STORAGE_KEYS.idle, '1');
      emit();
    }
    if (!isTokenValid(token, now)) clearSession();
    return;
  }
  if (isRefreshExempt(pathname)) return;
  if (secondsLeft(token, now) >= MIN_VALIDITY_SECONDS) return;
  const refreshed = await refreshAccessToken();
  if (!refreshed && !isTokenValid(getAccessToken(), Date.now())) clearSession();
}

/** Starts the 6-second token check and the activity tracking; returns the stop function. */
export function startSessionWatch(): () => void {
  const onActivity = () => {
    if (!isIdle()) markActivity();
  };
  const events = ['pointerdown', 'keydown', 'scroll'] as const;
  for (const event of events) window.addEventListener(event, onActivity, { passive: true });
  const timer = window.setInterval(() => void checkSession(window.location.pathname), TOKEN_CHECK_INTERVAL_MS);
  return () => {
    window.clearInterval(timer);
    for (const event of events) window.removeEventListener(event, onActivity);
  };
}

export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeSession, getAccessToken, () => null);
}

export function useIdleFlag(): boolean {
  return useSyncExternalStore(
    subscribeSession,
    () => read(STORAGE_KEYS.idle) === '1',
    () => false,
  );
}

/** Data kept between the sign-up form and the verification screens. */
export type PendingRegistration = { userUuid: string; user: string; type: 'email' | 'phone'; resendDelay: number };

export function savePendingRegistration(value: PendingRegistration): void {
  write(STORAGE_KEYS.registerUser, JSON.stringify({ userUuid: value.userUuid, user: value.user }));
  write(STORAGE_KEYS.registerType, value.type);
  write(STORAGE_KEYS.otpResendDelay, String(Date.now() + value.resendDelay * 1000));
}

export function readPendingRegistration(): (PendingRegistration & { resendAt: number }) | null {
  const raw = read(STORAGE_KEYS.registerUser);
  const type = read(STORAGE_KEYS.registerType);
  if (!raw || (type !== 'email' && type !== 'phone')) return null;
  try {
    const parsed = JSON.parse(raw) as { userUuid?: unknown; user?: unknown };
    if (typeof parsed.userUuid !== 'string' || typeof parsed.user !== 'string') return null;
    const resendAt = Number(read(STORAGE_KEYS.otpResendDelay) ?? 0);
    return { userUuid: parsed.userUuid, user: parsed.user, type, resendDelay: 0, resendAt };
  } catch {
    return null;
  }
}

export function setResendAt(resendDelaySeconds: number): void {
  write(STORAGE_KEYS.otpResendDelay, String(Date.now() + resendDelaySeconds * 1000));
}

export function clearPendingRegistration(): void {
  write(STORAGE_KEYS.registerUser, null);
  write(STORAGE_KEYS.registerType, null);
  write(STORAGE_KEYS.otpResendDelay, null);
}
