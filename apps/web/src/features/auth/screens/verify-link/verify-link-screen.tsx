import { Button, Flex, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../../lib/api-error.ts';
import { clearPendingRegistration, setAccessToken } from '../../../../lib/auth-session.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { verifyLink, type VerificationResult } from '../../api/auth-api.ts';
import { forgetSignUpDraft } from '../../components/sign-up-draft.ts';

// A link works once: remember each call so a second render (React strict mode, back button) reuses its answer.
const calls = new Map<string, Promise<VerificationResult>>();

function verifyOnce(link: string, uuid: string): Promise<VerificationResult> {
  const key = `${link}/${uuid}`;
  let call = calls.get(key);
  if (!call) {
    call = verifyLink(link, uuid);
    calls.set(key, call);
  }
  return call;
}

export const LINK_EXPIRED_PATH = '/auth/register/link-expired';

/**
 * /auth/verify/:link/:uuid: the link of the sign-up e-mail. A valid link verifies the account and signs in;
 * an expired one leads to the link-expired page (which can send a new one); an invalid one says so.
 */
export function VerifyLinkScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { link = '', uuid = '' } = useParams();
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    let active = true;
    verifyOnce(link, uuid).then(
      (result) => {
        if (!active) return;
        setAccessToken(result.login.token.access_token);
        clearPendingRegistration();
        forgetSignUpDraft();
        void navigate('/auth/register/success', { replace: true });
      },
      (error: unknown) => {
        if (!active) return;
        if (isApiError(error) && error.code === 'LINK_EXPIRED') {
          void navigate(`${LINK_EXPIRED_PATH}?uuid=${encodeURIComponent(uuid)}`, { replace: true });
          return;
        }
        setFailure(error);
      },
    );
    return () => {
      active = false;
    };
  }, [link, uuid, navigate]);

  if (!failure) {
    return (
      <Flex vertical align="center" gap={16} style={{ padding: '32px 0' }} data-testid="verify-link-pending">
        <Spin size="large" />
        <span>{t('verifyLink.checking')}</span>
      </Flex>
    );
  }

  const invalid = isApiError(failure) && (failure.code === 'LINK_INVALID' || failure.status === 400 || failure.status === 404);
  return (
    <Result
      status={invalid ? 'warning' : 'error'}
      title={t(invalid ? 'verifyLink.invalidTitle' : 'verifyLink.failedTitle')}
      subTitle={invalid ? t('verifyLink.invalidBody') : errorText(failure)}
      data-testid="verify-link-failed"
      extra={[
        <Link key="login" to="/auth/login">
          <Button type="primary">{t('verifyLink.toLogin')}</Button>
        </Link>,
        <Link key="register" to="/auth/register">
          <Button>{t('verifyLink.toRegister')}</Button>
        </Link>,
      ]}
    />
  );
}
