import { StatusPage } from '../../components/status-page.tsx';

/** /auth/user-not-found: the signed-in account has no profile (spec part 8). */
export function UserNotFoundScreen() {
  return (
    <StatusPage
      status="warning"
      titleKey="status.userNotFoundTitle"
      bodyKey="status.userNotFoundBody"
      to="/auth/login"
      actionKey="status.login"
    />
  );
}
