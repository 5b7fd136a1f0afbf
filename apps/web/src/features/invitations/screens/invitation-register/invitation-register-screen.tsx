import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { password, requiredText } from '@kelola/contracts/validation';
import { PageLoader } from '../../../../components/page-loader.tsx';
import { applyFieldErrors, zodRule } from '../../../../lib/form-errors.ts';
import { FormError } from '../../../../components/form-error.tsx';
import { PasswordRules } from '../../../../components/password-rules.tsx';
import { useInvitationPreview, useRegisterByInvitation, workspaceHome } from '../../api/invitations-api.ts';
import { InvitationProblem, invitationProblem } from '../../components/invitation-problem.tsx';
import { InvitationSummary, invitedAddress } from '../../components/invitation-summary.tsx';

type Values = { name: string; password: string; password_confirmation: string };

const nameRule = zodRule(requiredText(100));
const passwordRule = zodRule(password);

/**
 * /auth/confirmation/invite-user|invite-owner/:uuid — the invitee has no account yet: a name and a password
 * (the link proved the address), then they are signed in and land in the workspace.
 */
export function InvitationRegisterScreen() {
  const { t } = useTranslation('invitations');
  const { uuid: token = '' } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const passwordValue = Form.useWatch('password', form);
  const preview = useInvitationPreview(token);
  const register = useRegisterByInvitation(token, {
    onSuccess: (result) => void navigate(workspaceHome(result.workspace.workspace_id), { replace: true }),
  });

  if (preview.isPending) return <PageLoader />;
  if (preview.isError) return <InvitationProblem error={preview.error} onRetry={() => void preview.refetch()} />;
  const invitation = preview.data;
  // An account exists for this address (made since the invitation was sent): sign in and accept instead.
  if (invitation.registered)
    return <Navigate to={`/auth/confirmation/registered/invite-${invitation.kind}/${encodeURIComponent(token)}`} replace />;
  if (invitationProblem(register.error)) return <InvitationProblem error={register.error} />;

  const onFinish = (values: Values) => {
    register.mutate(
      { name: values.name.trim(), password: values.password, password_confirmation: values.password_confirmation },
      { onError: (error) => applyFieldErrors(form, error) },
    );
  };

  return (
    <>
      <InvitationSummary preview={invitation} />
      <FormError error={register.error} />
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={register.isPending} name="invitation-register">
        {/* The invited address, for password managers: the summary above shows it to the person. */}
        <input type="text" hidden readOnly value={invitedAddress(invitation)} autoComplete="username" />
        <Form.Item name="name" label={t('register.name')} rules={[nameRule]}>
          <Input autoComplete="name" placeholder={t('register.namePlaceholder')} autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('register.password')} rules={[passwordRule]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <PasswordRules value={passwordValue} />
        <Form.Item
          name="password_confirmation"
          label={t('register.passwordConfirmation')}
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
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </Form>
    </>
  );
}
