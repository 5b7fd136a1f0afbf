import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { clearSession, isTokenValid, lastClearReason, refreshAccessToken, useAccessToken } from '../../lib/auth-session.ts';
import { LOGIN_PATH, loginPathFor } from '../../lib/redirect.ts';

/**
 * Routes with the auth flag: anonymous users go to /auth/login with the wanted path kept;
 * an expired token gets one refresh attempt, and the user is logged out when that fails.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAccessToken();
  const location = useLocation();
  const [refreshFailed, setRefreshFailed] = useState(false);
  const expired = token !== null && !isTokenValid(token);

  useEffect(() => {
    if (!expired) return;
    let active = true;
    void refreshAccessToken().then((fresh) => {
      if (!active || fresh) return;
      setRefreshFailed(true);
      clearSession();
    });
    return () => {
      active = false;
    };
  }, [expired]);

  if (!token || refreshFailed) return <Navigate to={lastClearReason() === 'logout' ? LOGIN_PATH : loginPathFor(location)} replace />;
  if (expired) return <PageLoader fullPage />;
  return children;
}
