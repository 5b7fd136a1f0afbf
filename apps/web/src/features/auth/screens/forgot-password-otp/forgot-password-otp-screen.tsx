import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { useForgotVerifyOtp } from '../../api/auth-api.ts';
import { AuthHeading } from '../../components/auth-heading.tsx';
import { codeRule } from '../../components/field-rules.ts';
import { FormError } from '../../../../components/form-error.tsx';
import { useRevalidateOnLanguage } from '../../components/use-revalidate-on-language.ts';

type Values = { otp: string };

/** /auth/forgot-password/otp: checks the OTP and obtains the reset token. */
export function ForgotPasswordOtpScreen() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const username = params.get('username') ?? '';
  const verify = useForgotVerifyOtp();
  useRevalidateOnLanguage(form);
  const navigate = useNavigate();

  const onFinish = ({ otp }: Values) => {
    verify.mutate(
      { username, otp },
      {
        onSuccess: (result) => void navigate('/auth/reset-password', { state: { token: result.token, username: result.username } }),
        onError: (error) => applyFieldErrors(form, error),
      },
    );
  };

  return (
    <>
      <AuthHeading title={t('forgotOtp.title')} subtitle={t('forgotOtp.subtitle', { user: username })} />
      <FormError error={verify.error} />
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        disabled={verify.isPending || !username}
        name="forgot-password-otp"
      >
        <Form.Item name="otp" label={t('fields.otp')} rules={[codeRule]}>
          <Input.OTP length={6} autoFocus formatter={(value) => value.replace(/\D/gu, '')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={verify.isPending}>
          {t('verify.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 24, marginBottom: 0 }}>
        <Link to="/auth/forgot-password">{t('forgotOtp.restart')}</Link>
      </Typography.Paragraph>
    </>
  );
}
