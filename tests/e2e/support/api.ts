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

type OutboxItem = { channel: string; to: string; code: string | null; created_at: string };

/** The newest code sent to a phone number or e-mail (GET /api/dev/outbox), waiting a little for it to arrive. */
export async function latestCode(to: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { items } = await api<{ items: OutboxItem[] }>(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const code = items.find((item) => item.code)?.code;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code in the dev outbox for ${to}`);
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

/** An Indonesian mobile number nobody has used in this run: 0812 and eight random digits. */
export function newPhoneNumber(): string {
  return `0812${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
}
