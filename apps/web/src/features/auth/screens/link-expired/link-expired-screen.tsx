import { Button, Flex, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../../lib/api-error.ts';
import { readPendingRegistration, savePendingRegistration } from '../../../../lib/auth-session.ts';
import { useResendOtp } from '../../api/auth-api.ts';
import { FormError } from '../../../../components/form-error.tsx';

/**
 * /auth/register/link-expired: the sign-up link is older than 24 hours. The account is known from the
 * `uuid` query (set by the verify page) or from the sign-up in this browser; a new code and link are sent to it.
 */
export function LinkExpiredScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [pending] = useState(readPendingRegistration);
  const userUuid = params.get('uuid') ?? pending?.userUuid ?? null;
  const resend = useResendOtp();
  const alreadyVerified = isApiError(resend.error) && resend.error.code === 'USER_ALREADY_EXISTS';

  const sendNew = () => {
    if (!userUuid) return;
    resend.mutate(
      { user_uuid: userUuid },
      {
        onSuccess: (result) => {
          const sameUser = pending?.userUuid === userUuid;
          savePendingRegistration({
            userUuid,
            user: sameUser ? pending.user : '',
            type: sameUser ? pending.type : 'email',
            resendDelay: result.otp.resend_delay,
          });
          void navigate(sameUser && pending.type === 'phone' ? '/auth/reg-conf/otp' : '/auth/reg-conf/email', { replace: true });
        },
      },
    );
  };

  return (
    <Result
      status="warning"
      title={t('linkExpired.title')}
      subTitle={t(alreadyVerified ? 'linkExpired.alreadyVerified' : 'linkExpired.body')}
      data-testid="link-expired"
      extra={
        <Flex vertical gap={12} align="center">
          {!alreadyVerified && <FormError error={resend.error} />}
          {userUuid && !alreadyVerified && (
            <Button type="primary" size="large" onClick={sendNew} loading={resend.isPending} data-testid="send-new-link">
              {t('linkExpired.sendNew')}
            </Button>
          )}
          <Flex gap={8} wrap justify="center">
            <Link to="/auth/login">
              <Button type={alreadyVerified ? 'primary' : 'default'}>{t('linkExpired.toLogin')}</Button>
            </Link>
            {!alreadyVerified && (
              <Link to="/auth/register">
                <Button>{t('linkExpired.registerAgain')}</Button>
              </Link>
            )}
          </Flex>
        </Flex>
      }
    />
  );
}
