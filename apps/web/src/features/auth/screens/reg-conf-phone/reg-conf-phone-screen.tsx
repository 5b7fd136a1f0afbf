import { MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { parseIdentifier } from '@kelola/domain/identifier';
import { isApiError } from '../../../../lib/api-error.ts';
import { readPendingRegistration, savePendingRegistration, setResendAt } from '../../../../lib/auth-session.ts';
import { validationText } from '../../../../lib/error-text.ts';
import { useResendOtp, useSignUp } from '../../api/auth-api.ts';
import { AuthHeading } from '../../components/auth-heading.tsx';
import { phoneRule } from '../../components/field-rules.ts';
import { FormError } from '../../../../components/form-error.tsx';
import { signUpDraft } from '../../components/sign-up-draft.ts';
import { useRevalidateOnLanguage } from '../../components/use-revalidate-on-language.ts';

type Values = { phone: string };

const OTP_PATH = '/auth/reg-conf/otp';

/**
 * /auth/reg-conf/phone-number: after a phone sign-up the user checks the number the OTP goes to.
 * The same number continues to the OTP (sending a new code when the resend delay has passed);
 * a corrected number signs up again with the data typed a moment ago, or goes back to the form.
 */
export function RegConfPhoneScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [pending] = useState(readPendingRegistration);
  const signUp = useSignUp();
  const resend = useResendOtp();
  useRevalidateOnLanguage(form);

  if (!pending || pending.type !== 'phone') {
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

  const onFinish = ({ phone }: Values) => {
    const typed = phone.trim();
    const wanted = parseIdentifier(typed)?.value;
    const current = parseIdentifier(pending.user)?.value;
    if (wanted === current) {
      if (pending.resendAt > Date.now()) {
        void navigate(OTP_PATH);
        return;
      }
      resend.mutate(
        { user_uuid: pending.userUuid },
        {
          onSuccess: (result) => {
            setResendAt(result.otp.resend_delay);
            void navigate(OTP_PATH);
          },
          // Too early means a code is already on its way: the OTP page shows the countdown.
          onError: (error) => {
            if (isTooEarly(error)) void navigate(OTP_PATH);
          },
        },
      );
      return;
    }
    const draft = signUpDraft();
    if (!draft) {
      void navigate('/auth/register', { state: { prefill: { user: typed } } });
      return;
    }
    signUp.mutate(
      { user: typed, ...draft },
      {
        onSuccess: (result) => {
          savePendingRegistration({
            userUuid: result.user.uuid,
            user: typed,
            type: result.user.type_register,
            resendDelay: result.otp.resend_delay,
          });
          void navigate(result.user.type_register === 'phone' ? OTP_PATH : '/auth/reg-conf/email');
        },
        onError: (error) => {
          // The server names the field `user`; on this page it is `phone`.
          const issue = isApiError(error) ? error.fieldIssues.find((field) => field.path === 'user') : undefined;
          if (issue) form.setFields([{ name: 'phone', errors: [validationText(issue)] }]);
        },
      },
    );
  };

  const busy = signUp.isPending || resend.isPending;
  return (
    <>
      <AuthHeading title={t('regConfPhone.title')} subtitle={t('regConfPhone.subtitle')} />
      <FormError error={signUp.error ?? (isTooEarly(resend.error) ? null : resend.error)} />
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        disabled={busy}
        name="reg-conf-phone"
        initialValues={{ phone: pending.user }}
      >
        <Form.Item name="phone" label={t('fields.phone')} rules={[phoneRule]} extra={t('regConfPhone.hint')}>
          <Input prefix={<MobileOutlined />} autoComplete="tel" inputMode="tel" placeholder={t('fields.phonePlaceholder')} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="send-otp">
          {t('regConfPhone.submit')}
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 24, marginBottom: 0 }}>
        {t('regConfPhone.useEmail')} <Link to="/auth/register">{t('verify.backToRegister')}</Link>
      </Typography.Paragraph>
    </>
  );
}

function isTooEarly(error: unknown): boolean {
  return isApiError(error) && error.code === 'OTP_RESEND_TOO_EARLY';
}
