import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-client.ts';
import { clearSession } from './auth-session.ts';

/** Logout (spec part 4): revoke on the server, then forget the stored session and every cached answer. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await apiFetch<void>('/auth/logout', { method: 'POST' });
  } catch {
    // The local session is cleared whatever the server says; the refresh cookie expires on its own.
  }
  clearSession('logout');
  queryClient.clear();
}
