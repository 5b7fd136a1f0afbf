import { useRef } from 'react';
import { matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { useAccessToken } from '../lib/auth-session.ts';
import { carryWorkspaceQuery, workspaceQueryOf } from '../lib/workspace-query.ts';
import { ROUTE_TABLE } from './route-table.ts';

/** Whether a path is one of the app's screens (a cut path that is not one keeps its full path). */
export function isRoutePath(pathname: string): boolean {
  return ROUTE_TABLE.some((entry) => matchPath(entry.path, pathname) !== null);
}

/** Sign-in and status pages never get the workspace query; neither does the public self-registration page. */
function takesWorkspaceQuery(pathname: string): boolean {
  return !pathname.startsWith('/auth/') && !pathname.startsWith('/self-register');
}

/**
 * The root of every route. Carries workspace_id plus business_id or warehouse_id from the page the user
 * was on to a page opened without them (spec part 2), with the full-path / first-segment rule.
 */
export function AppFrame() {
  const location = useLocation();
  const token = useAccessToken();
  const carried = useRef<URLSearchParams | null>(null);

  if (!token) carried.current = null;
  const own = workspaceQueryOf(location.search);
  if (own) {
    carried.current = own;
  } else if (token && carried.current && takesWorkspaceQuery(location.pathname)) {
    const target = carryWorkspaceQuery(location, carried.current, isRoutePath);
    if (target) return <Navigate to={target} replace state={location.state} />;
  }
  return <Outlet />;
}
