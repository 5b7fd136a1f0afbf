import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { lazyNamed } from '../lib/lazy-named.ts';
import { setCurrentRoute } from '../lib/redirect.ts';
import { withWorkspaceQuery } from '../lib/workspace-query.ts';
import { GuestOnly } from './guards/guest-only.tsx';
import { fillPath, type RouteEntry } from './route-table.ts';
import { useScreen } from './screen-registry.ts';

// The placeholder draws antd's Result (with its illustrations): its own chunk, off the first screen (ADR 0048).
const ScreenNotBuilt = lazy(async () => ({ default: (await import('../components/screen-not-built.tsx')).ScreenNotBuilt }));
// The query client for the open screens but the sign-in page: the signed-in layout brings its own (ADR 0063).
const AppQueryProvider = lazyNamed(() => import('./query-provider.tsx'), 'AppQueryProvider');

/** An open screen that uses server state: all but the sign-in page, whose request is a plain call. */
const needsQueryClient = (entry: RouteEntry) => entry.layout !== 'main' && entry.screen !== 'login';

/** "Kelola - <title>" (spec part 2: page titles start with the product name). */
export function usePageTitle(titleKey: string): void {
  const { t, i18n } = useTranslation(['routes', 'common']);
  useEffect(() => {
    document.title = `${t('common:appName')} - ${t(`routes:${titleKey}`)}`;
  }, [t, titleKey, i18n.language]);
  useEffect(() => {
    setCurrentRoute(titleKey);
    return () => setCurrentRoute(null);
  }, [titleKey]);
}

/** A redirect of routes.tsv; `:param` segments are copied and the workspace query is kept. */
export function RedirectRoute({ to }: { to: string }) {
  const params = useParams();
  const location = useLocation();
  return <Navigate to={withWorkspaceQuery(fillPath(to, params), location.search)} replace />;
}

/**
 * One route of the table: title, guest-only rule, lazy screen or the not-built page. A signed-in screen is found in the
 * list its layout provides (screen-registry.ts).
 */
export function RouteScreen({ entry }: { entry: RouteEntry }) {
  usePageTitle(entry.titleKey);
  const Screen = useScreen(entry.screen);
  const screen = Screen ? <Screen /> : <ScreenNotBuilt route={entry.path} />;
  const content = (
    <Suspense fallback={<PageLoader />}>{needsQueryClient(entry) ? <AppQueryProvider>{screen}</AppQueryProvider> : screen}</Suspense>
  );
  return entry.guestOnly ? <GuestOnly>{content}</GuestOnly> : content;
}
