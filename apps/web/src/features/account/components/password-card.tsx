import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordInput as ChangePasswordSchema } from '@kelola/contracts/auth';
import { zodField } from '../../../components/zod-rules.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { FormError } from '../../../components/form-error.tsx';
import { PasswordRules } from '../../../components/password-rules.tsx';
import { useChangePassword, type ChangePasswordInput } from '../api/account-api.ts';

/** Current password, new password with the shared rules (spec part 5) and its confirmation. */
export function PasswordCard({ username }: { username: string | null }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordInput>();
  const passwordValue = Form.useWatch('password', form);
  const change = useChangePassword(username, {
    onSuccess: () => {
      form.resetFields();
      void message.success(t('password.saved'));
    },
  });

  const onFinish = (values: ChangePasswordInput) => {
    change.mutate(values, {
      onError: (error) => {
        form.setFields([
          { name: 'old_password', errors: [] },
          { name: 'password', errors: [] },
        ]);
        applyFieldErrors(form, error);
      },
    });
  };

  // A wrong current password is shown on its field; the alert above the form is for everything else.
  const fieldError = isApiError(change.error) && change.error.fieldIssues.length > 0;

  return (
    <Card title={t('password.title')} data-testid="password-card">
      {!fieldError && <FormError error={change.error} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        disabled={change.isPending}
        name="change-password"
        // Empty strings, not undefined: the shared schema then says "required" rather than "wrong format".
        initialValues={{ old_password: '', password: '', password_confirmation: '' }}
      >
        <Form.Item name="old_password" label={t('password.old')} {...zodField(ChangePasswordSchema, 'old_password')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('password.new')} {...zodField(ChangePasswordSchema, 'password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <PasswordRules value={passwordValue} />
        <Form.Item
          name="password_confirmation"
          label={t('password.confirmation')}
          dependencies={['password']}
          required
          rules={[
            { required: true, message: t('validation:REQUIRED') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value && value !== getFieldValue('password')) throw new Error(t('validation:PASSWORD_MISMATCH'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
