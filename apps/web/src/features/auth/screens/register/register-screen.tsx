import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthHeading } from '../../components/auth-heading.tsx';
import { RegisterForm, type RegisterValues } from '../../components/register-form.tsx';

function initialValuesFrom(state: unknown): Partial<RegisterValues> | undefined {
  if (typeof state !== 'object' || state === null || !('prefill' in state)) return undefined;
  const prefill = state.prefill;
  if (typeof prefill !== 'object' || prefill === null) return undefined;
  const pick = (key: keyof RegisterValues) =>
    key in prefill && typeof (prefill as Record<string, unknown>)[key] === 'string'
      ? ((prefill as Record<string, string>)[key] ?? '')
      : undefined;
  return { user: pick('user'), name: pick('name'), business_name: pick('business_name') };
}

/** /auth/register: sign-up with an e-mail or a phone number; continues to the phone confirmation or the e-mail code check. */
export function RegisterScreen() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  return (
    <>
      <AuthHeading title={t('register.title')} subtitle={t('register.subtitle')} />
      <RegisterForm initialValues={initialValuesFrom(location.state)} />
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 24, marginBottom: 0 }}>
        {t('register.haveAccount')} <Link to="/auth/login">{t('register.login')}</Link>
      </Typography.Paragraph>
    </>
  );
}
