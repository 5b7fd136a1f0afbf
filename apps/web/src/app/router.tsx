import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppFrame } from './app-frame.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { FullLayout } from './layouts/full-layout.tsx';
import { RouteError } from './route-error.tsx';
import { RedirectRoute, RouteScreen } from './route-screen.tsx';
import { ROUTE_TABLE, type RouteEntry, type RouteLayout } from './route-table.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { withLaterTexts } from '../lib/i18n.ts';
import { lazyNamed } from '../lib/lazy-named.ts';
import { NOT_FOUND_PATH } from '../lib/redirect.ts';

// The signed-in shell (top bar, side menu, drawer, business selector, idle dialog) is a chunk of its own, so the
// sign-in pages do not load it (ADR 0044); a failed load shows the route's error screen, as a screen's does. The
// later texts (the shell's, field rules, error texts) load beside it (ADR 0064).
const MainLayout = lazyNamed(
  withLaterTexts(() => import('./layouts/main-layout.tsx')),
  'MainLayout',
);

const LAYOUTS: Record<RouteLayout, () => React.JSX.Element> = {
  main: () => (
    <Suspense fallback={<PageLoader fullPage />}>
      <MainLayout />
    </Suspense>
  ),
  auth: () => <AuthLayout />,
  full: () => <FullLayout />,
};

function toRoute(entry: RouteEntry): RouteObject {
  return {
    path: entry.path,
    element: <RouteScreen entry={entry} />,
    // A screen that fails (chunk load error included) is replaced inside its layout, so the shell stays usable.
    errorElement: <RouteError />,
  };
}

/** Builds the route objects under the root frame: redirects first, then each layout split into guarded and open routes. */
export function buildRoutes(table: readonly RouteEntry[] = ROUTE_TABLE): RouteObject[] {
  const redirects: RouteObject[] = table
    .filter((entry) => entry.redirect)
    .map((entry) => ({ path: entry.path, element: <RedirectRoute to={entry.redirect ?? '/'} /> }));
  const groups: RouteObject[] = [];
  for (const layout of ['main', 'auth', 'full'] as const) {
    const entries = table.filter((entry) => entry.layout === layout && !entry.redirect);
    const guarded = entries.filter((entry) => entry.auth).map(toRoute);
    const open = entries.filter((entry) => !entry.auth).map(toRoute);
    const Layout = LAYOUTS[layout];
    if (guarded.length > 0)
      groups.push({
        element: (
          <RequireAuth>
            <Layout />
          </RequireAuth>
        ),
        children: guarded,
      });
    if (open.length > 0) groups.push({ element: <Layout />, children: open });
  }
  const children = [...redirects, ...groups, { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> }];
  return [{ element: <AppFrame />, errorElement: <RouteError />, children }];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
