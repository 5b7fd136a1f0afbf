import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isTokenValid, useAccessToken } from '../../lib/auth-session.ts';
import { afterLoginPath } from '../../lib/redirect.ts';

/** Sign-in pages: a signed-in user goes on to the kept path, else to /dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const token = useAccessToken();
  const location = useLocation();
  if (token && isTokenValid(token)) return <Navigate to={afterLoginPath(location.search)} replace />;
  return children;
}
