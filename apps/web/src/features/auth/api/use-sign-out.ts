import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../../lib/redirect.ts';
import { signOut } from '../../../lib/sign-out.ts';

/** Logout (spec part 4) from the user menu: sign out, back to sign-in. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut(queryClient);
    await navigate(LOGIN_PATH, { replace: true });
  }, [navigate, queryClient]);
}
