import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { useForgotRequestOtp } from '../../api/auth-api.ts';
import { AuthHeading } from '../../components/auth-heading.tsx';
import { identifierRule, noSpaceInEmail } from '../../components/field-rules.ts';
import { FormError } from '../../../../components/form-error.tsx';
import { useRevalidateOnLanguage } from '../../components/use-revalidate-on-language.ts';

type Values = { username: string };

/** /auth/forgot-password: asks for the account and sends an OTP to it. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const request = useForgotRequestOtp();
  useRevalidateOnLanguage(form);
  const navigate = useNavigate();

  const onFinish = ({ username }: Values) => {
    const value = username.trim();
    request.mutate(
      { username: value },
      {
        onSuccess: () => void navigate(`/auth/forgot-password/otp?username=${encodeURIComponent(value)}`),
        onError: (error) => applyFieldErrors(form, error),
      },
    );
  };

  return (
    <>
      <AuthHeading title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      <FormError error={request.error} />
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={request.isPending} name="forgot-password">
        <Form.Item
          name="username"
          label={t('fields.username')}
          rules={[noSpaceInEmail(() => t('fields.email')), identifierRule]}
          validateFirst
        >
          <Input autoComplete="username" placeholder={t('fields.usernamePlaceholder')} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={request.isPending}>
          {t('forgot.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 24, marginBottom: 0 }}>
        <Link to="/auth/login">{t('forgot.backToLogin')}</Link>
      </Typography.Paragraph>
    </>
  );
}
