import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearPendingRegistration, isTokenValid, useAccessToken } from '../../../../lib/auth-session.ts';
import { HOME_PATH, LOGIN_PATH } from '../../../../lib/redirect.ts';

/** /auth/register/success: the account is verified and signed in. */
export function RegisterSuccessScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const token = useAccessToken();
  const signedIn = isTokenValid(token);

  useEffect(() => clearPendingRegistration(), []);

  return (
    <Result
      status="success"
      title={t('registerSuccess.title')}
      subTitle={t(signedIn ? 'registerSuccess.body' : 'registerSuccess.bodySignedOut')}
      extra={
        <Button
          type="primary"
          size="large"
          data-testid="go-dashboard"
          onClick={() => void navigate(signedIn ? HOME_PATH : LOGIN_PATH, { replace: true })}
        >
          {t(signedIn ? 'registerSuccess.toDashboard' : 'registerSuccess.toLogin')}
        </Button>
      }
    />
  );
}
