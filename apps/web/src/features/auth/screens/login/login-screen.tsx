import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { i18n } from '../../../../lib/i18n.ts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { setAccessToken } from '../../../../lib/auth-session.ts';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { afterLoginPath } from '../../../../lib/redirect.ts';
import { useLogin } from '../../api/login-api.ts';
import { PlainParagraph } from '../../../../components/plain-text.tsx';
import { AuthHeading } from '../../components/auth-heading.tsx';
import { asPlainRule, identifierRule, noSpaceInEmail } from '../../components/field-rules.ts';
import { FormError } from '../../../../components/form-error.tsx';
import { PlainButton } from '../../../../components/plain-button.tsx';
import { PlainFlex } from '../../../../components/plain-flex.tsx';
import { PlainInput, PlainPassword } from '../../../../components/plain-input.tsx';
import { PlainFormItem, PlainFormRoot, usePlainForm, type PlainRule } from '../../../../components/plain-form.tsx';

const required: PlainRule = async (value) => {
  if (value === '') throw new Error(i18n.t('validation:REQUIRED'));
};

const FIELDS = {
  // Checked on leaving the field, the first broken rule only (antd's validateTrigger onBlur, validateFirst).
  username: { rules: [asPlainRule(noSpaceInEmail(() => i18n.t('auth:fields.email'))), asPlainRule(identifierRule)], trigger: 'blur' },
  password: { rules: [required], trigger: 'change' },
} as const;

/**
 * /auth/login: e-mail or phone plus password; returns to the kept path afterwards. The first screen: its form is the
 * plain form (antd's look without rc-form and async-validator, ADR 0053), its inputs antd's Input and Password drawn
 * by the app (ADR 0064).
 */
export function LoginScreen() {
  const { t } = useTranslation('auth');
  const form = usePlainForm('login', FIELDS);
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();

  const onFinish = () => {
    const values = form.values;
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (session) => {
          setAccessToken(session.access_token);
          void navigate(afterLoginPath(location.search), { replace: true });
        },
        onError: (error) => applyFieldErrors(form.errorTarget, error),
      },
    );
  };

  return (
    <>
      <AuthHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      <FormError error={login.error} />
      <PlainFormRoot form={form} onFinish={onFinish} disabled={login.isPending}>
        <PlainFormItem form={form} name="username" label={t('fields.username')}>
          {(field) => (
            <PlainInput
              {...field}
              prefix={<UserOutlined />}
              autoComplete="username"
              placeholder={t('fields.usernamePlaceholder')}
              autoFocus
            />
          )}
        </PlainFormItem>
        <PlainFormItem form={form} name="password" label={t('fields.password')} required>
          {(field) => (
            <PlainPassword
              {...field}
              prefix={<LockOutlined />}
              autoComplete="current-password"
              placeholder={t('fields.passwordPlaceholder')}
            />
          )}
        </PlainFormItem>
        <PlainFlex justify="flex-end" style={{ marginTop: -12, marginBottom: 16 }}>
          <Link to="/auth/forgot-password">{t('login.forgotPassword')}</Link>
        </PlainFlex>
        <PlainButton htmlType="submit" block size="large" loading={login.isPending}>
          {t('login.submit')}
        </PlainButton>
      </PlainFormRoot>
      <PlainParagraph style={{ textAlign: 'center', marginTop: 24, marginBottom: 0 }}>
        {t('login.noAccount')} <Link to="/auth/register">{t('login.register')}</Link>
      </PlainParagraph>
    </>
  );
}
