import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Form, Input, Result, Segmented, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { RestrictionBase } from '@kelola/contracts/me';
import { InviteUserInput as InviteSchema } from '@kelola/contracts/workspaces';
import { PageLoader } from '../../../../components/page-loader.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { zodField } from '../../../../components/zod-rules.ts';
import { isApiError } from '../../../../lib/api-error.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useMe } from '../../../../lib/me-queries.ts';
import { useInviteOwner, useInviteUser, useRoles } from '../../api/users-api.ts';
import { RestrictionFields } from '../../components/restriction-fields.tsx';

type Kind = 'user' | 'owner';
type Values = { kind: Kind; user: string; role_id?: string; restriction_base: RestrictionBase; restriction_list: string[] };

/** /user-management/invite-user: invite by e-mail or phone with a role and a reach; an Owner may invite an owner. */
export function InviteUserScreen() {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const canWrite = useCan('user-management', 'WRITE');
  const me = useMe(params.get('workspace_id'));
  const roles = useRoles();
  const isOwner = me.data?.role_name === 'Owner';
  const kind = (Form.useWatch('kind', form) as Kind | undefined) ?? 'user';
  const listPath = withWorkspaceQuery('/user-management?tab=invitations', location.search);
  const done = (address: string) => {
    void message.success(t('invite.sent', { address }));
    void navigate(listPath);
  };
  const inviteUser = useInviteUser({ onSuccess: (_, input) => done(input.user) });
  const inviteOwner = useInviteOwner({ onSuccess: (_, input) => done(input.user) });
  const saving = inviteUser.isPending || inviteOwner.isPending;
  const error = kind === 'owner' ? inviteOwner.error : inviteUser.error;

  if (me.isPending) return <PageLoader />;
  if (!canWrite) return <Result status="403" title={t('noAccess.title')} subTitle={t('noAccess.body')} />;

  const onFinish = (values: Values) => {
    const onError = (failure: unknown) => applyFieldErrors(form, failure);
    const user = values.user.trim();
    if (values.kind === 'owner' && isOwner) inviteOwner.mutate({ user }, { onError });
    else
      inviteUser.mutate(
        { user, role_id: values.role_id ?? '', restriction_base: values.restriction_base, restriction_list: values.restriction_list ?? [] },
        { onError },
      );
  };

  // Giving the Owner role needs an Owner (server rule OWNER_ONLY): other users do not see it.
  const roleOptions = (roles.data ?? []).filter((role) => isOwner || !(role.is_system && role.name === 'Owner'));
  const fieldError = isApiError(error) && error.fieldIssues.some((issue) => issue.path === 'user' || issue.path === 'role_id');

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Space align="center">
        <Link to={withWorkspaceQuery('/user-management', location.search)}>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('common.back')} />
        </Link>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('invite.title')}
        </Typography.Title>
      </Space>
      <Card>
        {error && !fieldError && (
          <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} data-testid="form-error" />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          disabled={saving}
          name="invite-user"
          initialValues={{
            kind: isOwner && params.get('kind') === 'owner' ? 'owner' : 'user',
            restriction_base: 'BUSINESS',
            restriction_list: [],
          }}
        >
          {isOwner && (
            <Form.Item name="kind" label={t('invite.kind')}>
              <Segmented<Kind>
                options={[
                  { value: 'user', label: t('invite.kinds.user') },
                  { value: 'owner', label: t('invite.kinds.owner') },
                ]}
              />
            </Form.Item>
          )}
          <Form.Item name="user" label={t('invite.user')} extra={t('invite.userHint')} {...zodField(InviteSchema, 'user')}>
            <Input placeholder={t('invite.userPlaceholder')} autoComplete="off" autoFocus />
          </Form.Item>
          {kind === 'owner' ? (
            <Alert type="info" showIcon title={t('invite.ownerHint')} style={{ marginBottom: 24 }} />
          ) : (
            <>
              <Form.Item name="role_id" label={t('columns.role')} rules={[{ required: true, message: t('validation:REQUIRED') }]} required>
                <Select
                  placeholder={t('invite.rolePlaceholder')}
                  loading={roles.isPending}
                  options={roleOptions.map((role) => ({ value: role.id, label: role.name }))}
                  data-testid="role-select"
                />
              </Form.Item>
              <RestrictionFields form={form} />
            </>
          )}
          <Flex justify="flex-end" gap={8}>
            <Link to={withWorkspaceQuery('/user-management', location.search)}>
              <Button>{t('common.cancel')}</Button>
            </Link>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="send-invitation">
              {t('invite.submit')}
            </Button>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
