import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { setCurrentRouteTitle } from '../lib/redirect.ts';
import { withWorkspaceQuery } from '../lib/workspace-query.ts';
import { GuestOnly } from './guards/guest-only.tsx';
import { fillPath, type RouteEntry } from './route-table.ts';

// The placeholder draws antd's Result (with its illustrations): its own chunk, off the first screen (ADR 0048).
const ScreenNotBuilt = lazy(async () => ({ default: (await import('../components/screen-not-built.tsx')).ScreenNotBuilt }));

/** "Kelola - <title>" (spec part 2: page titles start with the product name). */
export function usePageTitle(titleKey: string): void {
  const { t, i18n } = useTranslation(['routes', 'common']);
  useEffect(() => {
    document.title = `${t('common:appName')} - ${t(`routes:${titleKey}`)}`;
  }, [t, titleKey, i18n.language]);
  useEffect(() => {
    // The route meta title of the spec is the English one ('User Invitation' …), whatever the language shown.
    setCurrentRouteTitle(i18n.t(`routes:${titleKey}`, { lng: 'en' }));
    return () => setCurrentRouteTitle(null);
  }, [titleKey, i18n]);
}

/** A redirect of routes.tsv; `:param` segments are copied and the workspace query is kept. */
export function RedirectRoute({ to }: { to: string }) {
  const params = useParams();
  const location = useLocation();
  return <Navigate to={withWorkspaceQuery(fillPath(to, params), location.search)} replace />;
}

type Props = { entry: RouteEntry; screen: LazyExoticComponent<ComponentType> | null };

/** One route of the table: title, guest-only rule, lazy screen or the not-built page. */
export function RouteScreen({ entry, screen: Screen }: Props) {
  usePageTitle(entry.titleKey);
  const content = <Suspense fallback={<PageLoader />}>{Screen ? <Screen /> : <ScreenNotBuilt route={entry.path} />}</Suspense>;
  return entry.guestOnly ? <GuestOnly>{content}</GuestOnly> : content;
}
