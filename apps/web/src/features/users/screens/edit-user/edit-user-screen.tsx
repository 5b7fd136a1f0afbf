import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Result, Select, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { RestrictionBase } from '@kelola/contracts/me';
import { PageLoader } from '../../../../components/page-loader.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { isApiError } from '../../../../lib/api-error.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useMe } from '../../../../lib/me-queries.ts';
import { useMember, useRoles, useUpdateMember } from '../../api/users-api.ts';
import { blockedReason } from '../../components/members-panel.tsx';
import { RestrictionFields } from '../../components/restriction-fields.tsx';
import { useConfirmRemoveMember } from '../../components/use-confirm-remove-member.tsx';

type Values = { role_id: string; restriction_base: RestrictionBase; restriction_list: string[] };

/** /user-management/edit-user?id=…: a member's role and reach; removing the member from the workspace. */
export function EditUserScreen() {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const [form] = Form.useForm<Values>();
  const canWrite = useCan('user-management', 'WRITE');
  const me = useMe(params.get('workspace_id'));
  const member = useMember(id);
  const roles = useRoles();
  const listPath = withWorkspaceQuery('/user-management', location.search);
  const update = useUpdateMember(id ?? '', {
    onSuccess: (saved) => {
      void message.success(t('edit.saved', { name: saved.full_name }));
      void navigate(listPath);
    },
  });
  const confirmRemove = useConfirmRemoveMember(() => void navigate(listPath, { replace: true }));

  useEffect(() => {
    if (member.data) {
      form.setFieldsValue({
        role_id: member.data.role_id,
        restriction_base: member.data.restriction_base,
        restriction_list: member.data.restriction_list,
      });
    }
  }, [form, member.data]);

  const back = (
    <Link to={listPath}>
      <Button type="primary">{t('edit.backToList')}</Button>
    </Link>
  );
  if (!id) return <Result status="404" title={t('edit.missingTitle')} subTitle={t('edit.missingBody')} extra={back} />;
  if (member.isPending || me.isPending) return <PageLoader />;
  if (member.isError) {
    const notFound = isApiError(member.error) && (member.error.status === 404 || member.error.code === 'VALIDATION_FAILED');
    return (
      <Result
        status={notFound ? '404' : 'warning'}
        title={t(notFound ? 'edit.notFoundTitle' : 'edit.loadFailed')}
        subTitle={errorText(member.error)}
        extra={back}
      />
    );
  }
  if (!canWrite) return <Result status="403" title={t('noAccess.title')} subTitle={t('noAccess.body')} extra={back} />;

  const person = member.data;
  const editBlock = blockedReason(person, me.data, 'edit');
  const deleteBlock = blockedReason(person, me.data, 'delete');
  const isOwner = me.data?.role_name === 'Owner';
  const roleOptions = (roles.data ?? []).filter(
    (role) => isOwner || !(role.is_system && role.name === 'Owner') || role.id === person.role_id,
  );
  const fieldError = isApiError(update.error) && update.error.fieldIssues.some((issue) => issue.path === 'role_id');

  const onFinish = (values: Values) => {
    update.mutate(
      { role_id: values.role_id, restriction_base: values.restriction_base, restriction_list: values.restriction_list ?? [] },
      { onError: (error) => applyFieldErrors(form, error) },
    );
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Space align="center">
          <Link to={listPath}>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('common.back')} />
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('edit.title', { name: person.full_name })}
          </Typography.Title>
        </Space>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={Boolean(deleteBlock)}
          title={deleteBlock ? t(`errors:${deleteBlock}`) : undefined}
          onClick={() => confirmRemove(person)}
          data-testid="delete-member"
        >
          {t('members.remove')}
        </Button>
      </Flex>
      <Card>
        <Descriptions
          column={{ xs: 1, sm: 2 }}
          size="small"
          style={{ marginBottom: 24 }}
          items={[
            { key: 'name', label: t('columns.name'), children: person.full_name },
            {
              key: 'status',
              label: t('columns.status'),
              children: <StatusTag status={person.status} label={t(`members.statuses.${person.status}`)} />,
            },
            { key: 'email', label: t('columns.email'), children: person.email ?? '–' },
            { key: 'phone', label: t('columns.phone'), children: person.phone ?? '–' },
            { key: 'joined', label: t('edit.joinedAt'), children: formatDateTime(person.joined_at) },
          ]}
        />
        {editBlock && <Alert type="info" showIcon title={t(`errors:${editBlock}`)} style={{ marginBottom: 16 }} />}
        {update.error && !fieldError && (
          <Alert type="error" showIcon title={errorText(update.error)} style={{ marginBottom: 16 }} data-testid="form-error" />
        )}
        <Form<Values> form={form} layout="vertical" onFinish={onFinish} disabled={update.isPending || Boolean(editBlock)} name="edit-user">
          <Form.Item name="role_id" label={t('columns.role')} rules={[{ required: true, message: t('validation:REQUIRED') }]} required>
            <Select
              loading={roles.isPending}
              options={roleOptions.map((role) => ({ value: role.id, label: role.name }))}
              data-testid="role-select"
            />
          </Form.Item>
          <RestrictionFields form={form} />
          <Flex justify="flex-end" gap={8}>
            <Link to={listPath}>
              <Button disabled={false}>{t('common.cancel')}</Button>
            </Link>
            <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="save-member">
              {t('edit.submit')}
            </Button>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
