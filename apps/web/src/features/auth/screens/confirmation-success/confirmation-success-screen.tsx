import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isTokenValid, useAccessToken } from '../../../../lib/auth-session.ts';
import { HOME_PATH, LOGIN_PATH } from '../../../../lib/redirect.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';

/**
 * /confirmation/registered/success: the end of a registration confirmation (an invitation accepted or an
 * account confirmed). It skips the login bootstrap; a signed-in user continues to the workspace in the query.
 */
export function ConfirmationSuccessScreen() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const signedIn = isTokenValid(useAccessToken());
  return (
    <Result
      status="success"
      title={t('confirmation.successTitle')}
      subTitle={t(signedIn ? 'confirmation.successBody' : 'confirmation.successBodySignedOut')}
      data-testid="confirmation-success"
      extra={
        <Link to={signedIn ? withWorkspaceQuery(HOME_PATH, location.search) : LOGIN_PATH} replace>
          <Button type="primary" size="large">
            {t(signedIn ? 'confirmation.toDashboard' : 'confirmation.toLogin')}
          </Button>
        </Link>
      }
    />
  );
}
