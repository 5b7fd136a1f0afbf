import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Result, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@kelola/contracts/workspaces';
import { PermissionGate } from '../../../components/permission-gate.tsx';
import { useCan } from '../../../components/use-can.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useDeleteRole, useRoles } from '../api/users-api.ts';
import { RoleEditorModal } from './role-editor-modal.tsx';

/** The workspace's roles with member counts; custom roles are created, edited and deleted here. */
export function RolesPanel() {
  const { t } = useTranslation('users');
  const { modal, message } = App.useApp();
  const canWrite = useCan('user-management', 'WRITE');
  const roles = useRoles();
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);
  const remove = useDeleteRole({ onSuccess: (_, role) => void message.success(t('roles.deleted', { name: role.name })) });

  const confirmDelete = (role: Role) => {
    modal.confirm({
      title: t('roles.deleteTitle', { name: role.name }),
      content: t('roles.deleteBody'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(role).catch((error: unknown) => {
          void message.error(errorText(error));
        }),
    });
  };

  if (roles.isError) {
    return (
      <Result
        status="warning"
        title={t('roles.loadFailed')}
        subTitle={errorText(roles.error)}
        extra={<Button onClick={() => void roles.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  return (
    <Card styles={{ body: { padding: 16 } }}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Typography.Text type="secondary">{t('roles.hint')}</Typography.Text>
          <PermissionGate menuKey="user-management">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ role: null })} data-testid="create-role">
              {t('roles.create')}
            </Button>
          </PermissionGate>
        </Flex>
        <Table<Role>
          rowKey="id"
          loading={roles.isPending}
          dataSource={roles.data ?? []}
          pagination={false}
          columns={[
            {
              key: 'name',
              title: t('roles.name'),
              render: (_, role) => (
                <Space>
                  <Typography.Text strong>{role.name}</Typography.Text>
                  {role.is_system && <Tag>{t('roles.builtIn')}</Tag>}
                </Space>
              ),
            },
            { key: 'members', title: t('roles.memberCount'), dataIndex: 'member_count', align: 'right', width: 140 },
            {
              key: 'access',
              title: t('roles.accessCount'),
              align: 'right',
              width: 160,
              render: (_, role) => t('roles.accessSummary', { count: Object.keys(role.permissions).length }),
            },
            {
              key: 'actions',
              title: t('common.actions'),
              width: 200,
              render: (_, role) => {
                const editable = canWrite && !role.is_system;
                return (
                  <Space>
                    <Button size="small" icon={editable ? <EditOutlined /> : <EyeOutlined />} onClick={() => setEditing({ role })}>
                      {t(editable ? 'common.edit' : 'common.view')}
                    </Button>
                    {editable && (
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => confirmDelete(role)}
                        aria-label={t('roles.deleteTitle', { name: role.name })}
                      >
                        {t('common.delete')}
                      </Button>
                    )}
                  </Space>
                );
              },
            },
          ]}
        />
      </Flex>
      <RoleEditorModal open={editing !== null} role={editing?.role ?? null} canWrite={canWrite} onClose={() => setEditing(null)} />
    </Card>
  );
}
