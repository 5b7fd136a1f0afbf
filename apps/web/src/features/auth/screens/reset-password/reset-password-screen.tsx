import { Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { password } from '@kelola/contracts/validation';
import { applyFieldErrors, zodRule } from '../../../../lib/form-errors.ts';
import { useResetPassword } from '../../api/auth-api.ts';
import { AuthHeading } from '../../components/auth-heading.tsx';
import { matchesPassword } from '../../components/field-rules.ts';
import { FormError } from '../../../../components/form-error.tsx';
import { PasswordRules } from '../../../../components/password-rules.tsx';
import { useRevalidateOnLanguage } from '../../components/use-revalidate-on-language.ts';

type Values = { password: string; password_confirmation: string };

function tokenFrom(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'token' in state && typeof state.token === 'string') return state.token;
  return null;
}

/** /auth/reset-password: a new password with the token from the OTP check. */
export function ResetPasswordScreen() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const passwordValue = Form.useWatch('password', form);
  const location = useLocation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  useRevalidateOnLanguage(form);
  const token = tokenFrom(location.state) ?? new URLSearchParams(location.search).get('token');

  if (!token) {
    return (
      <Result
        status="warning"
        title={t('reset.missingTitle')}
        subTitle={t('reset.missingBody')}
        extra={
          <Link to="/auth/forgot-password">
            <Button type="primary">{t('forgotOtp.restart')}</Button>
          </Link>
        }
      />
    );
  }

  const onFinish = (values: Values) => {
    reset.mutate(
      { token, password: values.password, password_confirmation: values.password_confirmation },
      { onSuccess: () => void navigate('/auth/success', { replace: true }), onError: (error) => applyFieldErrors(form, error) },
    );
  };

  return (
    <>
      <AuthHeading title={t('reset.title')} subtitle={t('reset.subtitle')} />
      <FormError error={reset.error} />
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={reset.isPending} name="reset-password">
        <Form.Item name="password" label={t('fields.newPassword')} rules={[zodRule(password)]}>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <PasswordRules value={passwordValue} />
        <Form.Item
          name="password_confirmation"
          label={t('fields.passwordConfirmation')}
          dependencies={['password']}
          rules={[({ getFieldValue }) => matchesPassword(() => getFieldValue('password'))]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </Form>
    </>
  );
}
