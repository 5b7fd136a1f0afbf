import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { setAccessToken } from '../../../../lib/auth-session.ts';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { afterLoginPath } from '../../../../lib/redirect.ts';
import { useLogin } from '../../api/auth-api.ts';
import { PlainParagraph } from '../../../../components/plain-text.tsx';
import { AuthHeading } from '../../components/auth-heading.tsx';
import { identifierRule, noSpaceInEmail } from '../../components/field-rules.ts';
import { FormError } from '../../../../components/form-error.tsx';
import { useRevalidateOnLanguage } from '../../components/use-revalidate-on-language.ts';

type LoginValues = { username: string; password: string };

/** /auth/login: e-mail or phone plus password; returns to the kept path afterwards. */
export function LoginScreen() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<LoginValues>();
  const login = useLogin();
  useRevalidateOnLanguage(form);
  const navigate = useNavigate();
  const location = useLocation();

  const onFinish = (values: LoginValues) => {
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (session) => {
          setAccessToken(session.access_token);
          void navigate(afterLoginPath(location.search), { replace: true });
        },
        onError: (error) => applyFieldErrors(form, error),
      },
    );
  };

  return (
    <>
      <AuthHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      <FormError error={login.error} />
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={login.isPending} name="login">
        <Form.Item
          name="username"
          label={t('fields.username')}
          rules={[noSpaceInEmail(() => t('fields.email')), identifierRule]}
          validateFirst
          validateTrigger="onBlur"
        >
          <Input prefix={<UserOutlined />} autoComplete="username" placeholder={t('fields.usernamePlaceholder')} autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[{ required: true, message: t('validation:REQUIRED') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder={t('fields.passwordPlaceholder')} />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -12, marginBottom: 16 }}>
          <Link to="/auth/forgot-password">{t('login.forgotPassword')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Form>
      <PlainParagraph style={{ textAlign: 'center', marginTop: 24, marginBottom: 0 }}>
        {t('login.noAccount')} <Link to="/auth/register">{t('login.register')}</Link>
      </PlainParagraph>
    </>
  );
}
