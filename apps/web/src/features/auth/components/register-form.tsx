import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { identifier, password, requiredText } from '@kelola/contracts/validation';
import { savePendingRegistration } from '../../../lib/auth-session.ts';
import { applyFieldErrors, zodRule } from '../../../lib/form-errors.ts';
import { useSignUp } from '../api/auth-api.ts';
import { matchesPassword, noSpaceInEmail } from './field-rules.ts';
import { FormError } from '../../../components/form-error.tsx';
import { PasswordRules } from '../../../components/password-rules.tsx';
import { rememberSignUpDraft } from './sign-up-draft.ts';
import { useRevalidateOnLanguage } from './use-revalidate-on-language.ts';

export type RegisterValues = { user: string; name: string; business_name: string; password: string; password_confirmation: string };

const nameRule = zodRule(requiredText(100));

type Props = {
  /** `reseller` words the business field as the reseller's store (the /self-register page). */
  variant?: 'owner' | 'reseller';
  initialValues?: Partial<RegisterValues>;
};

/** The sign-up form (POST /api/auth/sign-up); continues to the phone confirmation or the e-mail code check. */
export function RegisterForm({ variant = 'owner', initialValues }: Props) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<RegisterValues>();
  const passwordValue = Form.useWatch('password', form);
  const signUp = useSignUp();
  const navigate = useNavigate();
  useRevalidateOnLanguage(form);

  const onFinish = (values: RegisterValues) => {
    const user = values.user.trim();
    const draft = { name: values.name.trim(), business_name: values.business_name.trim(), password: values.password };
    signUp.mutate(
      { user, ...draft },
      {
        onSuccess: (result) => {
          savePendingRegistration({
            userUuid: result.user.uuid,
            user,
            type: result.user.type_register,
            resendDelay: result.otp.resend_delay,
          });
          rememberSignUpDraft(draft);
          void navigate(result.user.type_register === 'phone' ? '/auth/reg-conf/phone-number' : '/auth/reg-conf/email');
        },
        onError: (error) => applyFieldErrors(form, error),
      },
    );
  };

  return (
    <>
      <FormError error={signUp.error} />
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        disabled={signUp.isPending}
        name={variant === 'reseller' ? 'self-register' : 'register'}
        initialValues={initialValues}
      >
        <Form.Item
          name="user"
          label={t('fields.user')}
          rules={[noSpaceInEmail(() => t('fields.email')), zodRule(identifier)]}
          validateFirst
          validateTrigger="onBlur"
          extra={t('register.userHint')}
        >
          <Input autoComplete="username" placeholder={t('fields.usernamePlaceholder')} autoFocus={!initialValues?.user} />
        </Form.Item>
        <Form.Item name="name" label={t('fields.name')} rules={[nameRule]}>
          <Input autoComplete="name" placeholder={t('fields.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="business_name" label={t(variant === 'reseller' ? 'fields.storeName' : 'fields.businessName')} rules={[nameRule]}>
          <Input
            autoComplete="organization"
            placeholder={t(variant === 'reseller' ? 'fields.storeNamePlaceholder' : 'fields.businessNamePlaceholder')}
          />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[zodRule(password)]}>
          <Input.Password
            autoComplete="new-password"
            placeholder={t('fields.passwordPlaceholder')}
            autoFocus={Boolean(initialValues?.user)}
          />
        </Form.Item>
        <PasswordRules value={passwordValue} />
        <Form.Item
          name="password_confirmation"
          label={t('fields.passwordConfirmation')}
          dependencies={['password']}
          rules={[({ getFieldValue }) => matchesPassword(() => getFieldValue('password'))]}
        >
          <Input.Password autoComplete="new-password" placeholder={t('fields.passwordConfirmationPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={signUp.isPending}>
          {t(variant === 'reseller' ? 'selfRegister.submit' : 'register.submit')}
        </Button>
      </Form>
    </>
  );
}
