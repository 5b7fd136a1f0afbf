import { StatusPage } from '../../components/status-page.tsx';

/** /auth/403 and /error/403. */
export function ForbiddenScreen() {
  return <StatusPage status="403" titleKey="status.forbiddenTitle" bodyKey="status.forbiddenBody" to="/" actionKey="status.home" />;
}
