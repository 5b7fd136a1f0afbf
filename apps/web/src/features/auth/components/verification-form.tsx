import { Button, Flex, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { readPendingRegistration, setAccessToken, setResendAt } from '../../../lib/auth-session.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useResendOtp, useVerifyEmail, useVerifyPhone } from '../api/auth-api.ts';
import { AuthHeading } from './auth-heading.tsx';
import { codeRule } from './field-rules.ts';
import { FormError } from '../../../components/form-error.tsx';
import { forgetSignUpDraft } from './sign-up-draft.ts';
import { useCountdown } from './use-countdown.ts';
import { useRevalidateOnLanguage } from './use-revalidate-on-language.ts';

type Values = { code: string };

/** The 6-digit OTP (phone) or e-mail code check after sign-up; a valid code signs the user in. */
export function VerificationForm({ kind }: { kind: 'phone' | 'email' }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [pending] = useState(readPendingRegistration);
  const [resendAt, setResendAtState] = useState(pending?.resendAt ?? 0);
  const secondsLeft = useCountdown(resendAt);
  const verifyPhone = useVerifyPhone();
  const verifyEmail = useVerifyEmail();
  const resend = useResendOtp();
  const verify = kind === 'phone' ? verifyPhone : verifyEmail;
  useRevalidateOnLanguage(form);

  if (!pending) {
    return (
      <Result
        status="warning"
        title={t('verify.missingTitle')}
        subTitle={t('verify.missingBody')}
        extra={
          <Link to="/auth/register">
            <Button type="primary">{t('verify.backToRegister')}</Button>
          </Link>
        }
      />
    );
  }

  const onFinish = ({ code }: Values) => {
    const onSuccess = (result: { login: { token: { access_token: string } } }) => {
      setAccessToken(result.login.token.access_token);
      forgetSignUpDraft();
      void navigate('/auth/register/success', { replace: true });
    };
    const onError = (error: unknown) => {
      if (isApiError(error)) form.setFields([{ name: 'code', errors: [] }]);
      applyFieldErrors(form, error);
    };
    if (kind === 'phone') verifyPhone.mutate({ user_uuid: pending.userUuid, otp_code: code }, { onSuccess, onError });
    else verifyEmail.mutate({ user_uuid: pending.userUuid, code }, { onSuccess, onError });
  };

  const onResend = () => {
    resend.mutate(
      { user_uuid: pending.userUuid },
      {
        onSuccess: (result) => {
          setResendAt(result.otp.resend_delay);
          setResendAtState(Date.now() + result.otp.resend_delay * 1000);
        },
        onError: (error) => {
          const retryAfter = isApiError(error) ? Number(error.details?.retry_after) : Number.NaN;
          if (Number.isFinite(retryAfter) && retryAfter > 0) setResendAtState(Date.now() + retryAfter * 1000);
        },
      },
    );
  };

  return (
    <>
      <AuthHeading
        title={t(kind === 'phone' ? 'verify.otpTitle' : 'verify.emailTitle')}
        subtitle={
          pending.user
            ? t(kind === 'phone' ? 'verify.otpSent' : 'verify.emailSent', { user: pending.user })
            : t(kind === 'phone' ? 'verify.otpSentNoUser' : 'verify.emailSentNoUser')
        }
      />
      <FormError error={verify.error ?? resend.error} />
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={verify.isPending} name={`verify-${kind}`}>
        <Form.Item name="code" label={t(kind === 'phone' ? 'fields.otp' : 'fields.emailCode')} rules={[codeRule]}>
          <Input.OTP length={6} autoFocus formatter={(value) => value.replace(/\D/gu, '')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={verify.isPending}>
          {t('verify.submit')}
        </Button>
      </Form>
      <Flex vertical align="center" gap={4} style={{ marginTop: 24 }}>
        <Typography.Text type="secondary">{t('verify.noCode')}</Typography.Text>
        <Button
          type="link"
          onClick={onResend}
          disabled={secondsLeft > 0 || resend.isPending}
          loading={resend.isPending}
          data-testid="resend-otp"
        >
          {secondsLeft > 0 ? t('verify.resendIn', { seconds: secondsLeft }) : t('verify.resend')}
        </Button>
        {resend.isSuccess && secondsLeft > 0 && <Typography.Text type="success">{t('verify.resent')}</Typography.Text>}
        {kind === 'phone' && (
          <Link to="/auth/reg-conf/phone-number" data-testid="change-phone">
            {t('verify.changePhone')}
          </Link>
        )}
      </Flex>
    </>
  );
}
