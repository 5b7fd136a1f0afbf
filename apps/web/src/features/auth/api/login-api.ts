import { useCallback, useState } from 'react';
import type { LoginInput, Session } from '@kelola/contracts/auth';
import { apiFetch } from '../../../lib/api-client.ts';

export const login = (body: LoginInput) => apiFetch<Session>('/auth/login', { method: 'POST', body, auth: false });

type Callbacks = { onSuccess: (session: Session) => void; onError: (error: unknown) => void };

/**
 * The sign-in request with the state the sign-in page draws (pending, last error), as TanStack Query's `useMutation`
 * gave it (no retry, the error cleared by the next attempt): the page stays off the query library (ADR 0063).
 */
export function useLogin() {
  const [state, setState] = useState<{ isPending: boolean; error: unknown }>({ isPending: false, error: null });
  const mutate = useCallback((body: LoginInput, { onSuccess, onError }: Callbacks) => {
    setState({ isPending: true, error: null });
    login(body).then(
      (session) => {
        setState({ isPending: false, error: null });
        onSuccess(session);
      },
      (error: unknown) => {
        setState({ isPending: false, error });
        onError(error);
      },
    );
  }, []);
  return { ...state, mutate };
}
