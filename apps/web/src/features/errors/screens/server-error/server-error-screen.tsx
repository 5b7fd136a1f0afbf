import { StatusPage } from '../../components/status-page.tsx';

/** /auth/500. */
export function ServerErrorScreen() {
  return <StatusPage status="500" titleKey="status.serverErrorTitle" bodyKey="status.serverErrorBody" to="/" actionKey="status.home" />;
}
