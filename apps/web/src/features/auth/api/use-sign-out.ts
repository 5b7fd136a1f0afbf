import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../../../lib/auth-session.ts';
import { LOGIN_PATH } from '../../../lib/redirect.ts';
import { logout } from './auth-api.ts';

/** Logout (spec part 4): revoke on the server, forget the stored session and cached data, back to sign-in. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The local session is cleared whatever the server says; the refresh cookie expires on its own.
    }
    clearSession('logout');
    queryClient.clear();
    await navigate(LOGIN_PATH, { replace: true });
  }, [navigate, queryClient]);
}
