import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { identifier, password, requiredText } from '@kelola/contracts/validation';
import { savePendingRegistration } from '../../../../lib/auth-session.ts';
import { applyFieldErrors, zodRule } from '../../../../lib/form-errors.ts';
import { useSignUp } from '../../api/auth-api.ts';
import { AuthHeading } from '../../components/auth-heading.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PasswordRules } from '../../components/password-rules.tsx';

type RegisterValues = { user: string; name: string; business_name: string; password: string; password_confirmation: string };

const nameRule = zodRule(requiredText(100));

/** /auth/register: sign-up with an e-mail or a phone number; continues to the OTP or e-mail code check. */
export function RegisterScreen() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<RegisterValues>();
  const passwordValue = Form.useWatch('password', form);
  const signUp = useSignUp();
  const navigate = useNavigate();

  const onFinish = (values: RegisterValues) => {
    const user = values.user.trim();
    signUp.mutate(
      { user, password: values.password, name: values.name.trim(), business_name: values.business_name.trim() },
      {
        onSuccess: (result) => {
          savePendingRegistration({ userUuid: result.user.uuid, user, type: result.user.type_register, resendDelay: result.otp.resend_delay });
          void navigate(result.user.type_register === 'phone' ? '/auth/reg-conf/otp' : '/auth/reg-conf/email');
        },
        onError: (error) => applyFieldErrors(form, error),
      },
    );
  };

  return (
    <>
      <AuthHeading title={t('register.title')} subtitle={t('register.subtitle')} />
      <FormError error={signUp.error} />
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={signUp.isPending} name="register">
        <Form.Item name="user" label={t('fields.user')} rules={[zodRule(identifier)]} validateTrigger="onBlur" extra={t('register.userHint')}>
          <Input autoComplete="username" placeholder={t('fields.usernamePlaceholder')} autoFocus />
        </Form.Item>
        <Form.Item name="name" label={t('fields.name')} rules={[nameRule]}>
          <Input autoComplete="name" placeholder={t('fields.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="business_name" label={t('fields.businessName')} rules={[nameRule]}>
          <Input autoComplete="organization" placeholder={t('fields.businessNamePlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[zodRule(password)]}>
          <Input.Password autoComplete="new-password" placeholder={t('fields.passwordPlaceholder')} />
        </Form.Item>
        <PasswordRules value={passwordValue} />
        <Form.Item
          name="password_confirmation"
          label={t('fields.passwordConfirmation')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('validation:REQUIRED') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value && value !== getFieldValue('password')) throw new Error(t('validation:PASSWORD_MISMATCH'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder={t('fields.passwordConfirmationPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={signUp.isPending}>
          {t('register.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 24, marginBottom: 0 }}>
        {t('register.haveAccount')} <Link to="/auth/login">{t('register.login')}</Link>
      </Typography.Paragraph>
    </>
  );
}
