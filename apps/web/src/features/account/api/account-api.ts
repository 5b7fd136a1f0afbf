import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@kelola/contracts/auth';
import { apiFetch } from '../../../lib/api-client.ts';
import { setAccessToken } from '../../../lib/auth-session.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ProfileInput = { first_name: string; last_name: string };
export type ChangePasswordInput = { old_password: string; password: string; password_confirmation: string };

export const updateProfile = (body: ProfileInput) => apiFetch<void>('/me/profile', { method: 'PUT', body });
export const changePassword = (body: ChangePasswordInput) => apiFetch<void>('/auth/change-password', { method: 'POST', body });

/** First and last name of the signed-in user; the top bar shows the new name at once. */
export function useUpdateProfile(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.me.all });
      options.onSuccess?.();
    },
  });
}

/**
 * Changes the password. The server ends every other session (its refresh tokens are revoked), this one included,
 * so the page signs in again with the new password to keep working without a surprise logout later.
 */
export function useChangePassword(username: string | null, options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: async (body: ChangePasswordInput) => {
      await changePassword(body);
      if (!username) return;
      try {
        const session = await apiFetch<Session>('/auth/login', {
          method: 'POST',
          body: { username, password: body.password },
          auth: false,
        });
        setAccessToken(session.access_token);
      } catch {
        // The current access token stays valid until it expires; the user then signs in with the new password.
      }
    },
    onSuccess: () => options.onSuccess?.(),
  });
}
