import { describe, inject } from 'vitest';
import { CHROMIUM_MISSING, hasChromium } from './chromium.ts';

export const DEMO_USER = { username: 'demo@kelola.id', password: 'Kelola#2026' } as const;

/** The server's address from the global setup. */
export const baseUrl = (): string => inject('baseUrl');

/** `describe` for a journey, skipped (not failed) when Chromium is absent. */
export function describeJourney(name: string, body: () => void): void {
  if (!hasChromium() || !inject('baseUrl')) {
    describe.skip(`${name} (${CHROMIUM_MISSING})`, body);
    return;
  }
  describe(name, body);
}

async function api<T>(pathname: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}${pathname}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

type OutboxItem = { id: string; channel: string; to: string; subject: string; code: string | null; created_at: string };

/** Every message sent to a phone number or e-mail (GET /api/dev/outbox), newest first. */
export async function outbox(to: string): Promise<OutboxItem[]> {
  const { items } = await api<{ items: OutboxItem[] }>(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return items;
}

/**
 * The newest code sent to a phone number or e-mail (GET /api/dev/outbox), waiting a little for it to arrive.
 * `after`: ids of messages already seen (from `outbox`), so only a code sent since then counts.
 */
export async function latestCode(to: string, timeoutMs = 10_000, after: readonly string[] = []): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const items = await outbox(to);
    const code = items.find((item) => item.code && !after.includes(item.id))?.code;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no${after.length > 0 ? ' new' : ''} code in the dev outbox for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type MenuItem = { key: string; title: string; lang: Record<string, string>; category: string; children: MenuItem[] };

/** The demo user's menu as the server sends it (GET /api/me/menu). */
export async function demoMenu(): Promise<MenuItem[]> {
  const { access_token } = await api<{ access_token: string }>('/api/auth/login', { method: 'POST', body: JSON.stringify(DEMO_USER) });
  const authorization = `Bearer ${access_token}`;
  const me = await api<{ workspace_id_active: string }>('/api/me', { headers: { authorization } });
  const { menu } = await api<{ menu: MenuItem[] }>('/api/me/menu', { headers: { authorization, 'workspace-id': me.workspace_id_active } });
  await fetch(`${baseUrl()}/api/auth/logout`, { method: 'POST', headers: { authorization } }).catch(() => {});
  return menu;
}

/** A call of the demo owner's API in the demo workspace: the status and the JSON answer (null when there is none). */
export type DemoApi = <T>(method: string, pathname: string, body?: unknown) => Promise<{ status: number; body: T }>;

/** Signs the demo owner in through the API; the calls it returns go to the demo workspace. */
export async function demoApi(): Promise<DemoApi> {
  const { access_token } = await api<{ access_token: string }>('/api/auth/login', { method: 'POST', body: JSON.stringify(DEMO_USER) });
  const authorization = `Bearer ${access_token}`;
  const me = await api<{ workspace_id_active: string }>('/api/me', { headers: { authorization } });
  return async <T>(method: string, pathname: string, body?: unknown) => {
    const response = await fetch(`${baseUrl()}${pathname}`, {
      method,
      headers: {
        authorization,
        'workspace-id': me.workspace_id_active,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as T };
  };
}

type ChannelItem = { id: string; name: string; marketplace: string; status: string };

/** The shops connected in the demo workspace (GET /api/channels as the demo owner). */
export async function demoChannels(): Promise<ChannelItem[]> {
  const { access_token } = await api<{ access_token: string }>('/api/auth/login', { method: 'POST', body: JSON.stringify(DEMO_USER) });
  const authorization = `Bearer ${access_token}`;
  const me = await api<{ workspace_id_active: string }>('/api/me', { headers: { authorization } });
  const { items } = await api<{ items: ChannelItem[] }>('/api/channels', {
    headers: { authorization, 'workspace-id': me.workspace_id_active },
  });
  await fetch(`${baseUrl()}/api/auth/logout`, { method: 'POST', headers: { authorization } }).catch(() => {});
  return items;
}

/** An Indonesian mobile number nobody has used in this run: 0812 and eight random digits. */
export function newPhoneNumber(): string {
  return `0812${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
}

/** An e-mail address nobody has used in this run. */
export function newEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1_000_000).toString(36)}@contoh.id`;
}

export type NewAccount = { email: string; password: string; name: string; business: string; uuid: string };

/** A verified account made through the API (POST /api/auth/sign-up, then the e-mail code from the outbox). */
export async function signUpWithEmail(account: Omit<NewAccount, 'uuid'>): Promise<NewAccount> {
  const { user } = await api<{ user: { uuid: string } }>('/api/auth/sign-up', {
    method: 'POST',
    body: JSON.stringify({ user: account.email, name: account.name, business_name: account.business, password: account.password }),
  });
  const code = await latestCode(account.email);
  await api('/api/auth/verification/email', { method: 'POST', body: JSON.stringify({ user_uuid: user.uuid, code }) });
  return { ...account, uuid: user.uuid };
}

/** Whether the API accepts these credentials (POST /api/auth/login); signs the new session out again. */
export async function canSignIn(username: string, password: string): Promise<boolean> {
  const response = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) return false;
  const { access_token } = (await response.json()) as { access_token: string };
  await fetch(`${baseUrl()}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${access_token}` } }).catch(() => {});
  return true;
}
