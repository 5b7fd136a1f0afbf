import { StatusPage } from '../../components/status-page.tsx';

/** /auth/404 and /error/404: the target of every unknown path. */
export function NotFoundScreen() {
  return <StatusPage status="404" titleKey="status.notFoundTitle" bodyKey="status.notFoundBody" to="/" actionKey="status.home" />;
}
