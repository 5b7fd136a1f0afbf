import { DeleteOutlined, MailOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Result, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Invitation } from '@kelola/contracts/workspaces';
import { PermissionGate } from '../../../components/permission-gate.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { useCan } from '../../../components/use-can.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { useInvitations, useResendInvitation, useRestrictionNames, useRevokeInvitation } from '../api/users-api.ts';
import { RestrictionText } from './restriction-text.tsx';

/** Room for "Kirim ulang" and "Batalkan" (small buttons with icons) side by side, plus the cell padding. */
const ACTIONS_WIDTH = 240;

const addressOf = (invitation: Invitation) => (invitation.invited_via === 'email' ? invitation.email : invitation.phone_number) ?? '';

/** Invitations not yet accepted: pending or expired, each can be sent again (a fresh 7 days) or cancelled. */
export function InvitationsPanel() {
  const { t } = useTranslation('users');
  const { modal, message } = App.useApp();
  const location = useLocation();
  const canWrite = useCan('user-management', 'WRITE');
  const invitations = useInvitations();
  const names = useRestrictionNames(invitations.data ?? []);
  const resend = useResendInvitation({
    onSuccess: (_, invitation) => void message.success(t('invitations.resent', { address: addressOf(invitation) })),
  });
  const revoke = useRevokeInvitation({
    onSuccess: (_, invitation) => void message.success(t('invitations.revoked', { address: addressOf(invitation) })),
  });

  const confirm = (invitation: Invitation, action: 'resend' | 'revoke') => {
    modal.confirm({
      title: t(`invitations.${action}Title`),
      content: t(`invitations.${action}Body`, { address: addressOf(invitation) }),
      okText: t(`invitations.${action}`),
      okButtonProps: action === 'revoke' ? { danger: true } : undefined,
      cancelText: t('common.cancel'),
      onOk: () =>
        (action === 'resend' ? resend : revoke).mutateAsync(invitation).then(
          () => undefined,
          (error: unknown) => {
            void message.error(errorText(error));
          },
        ),
    });
  };

  if (invitations.isError) {
    return (
      <Result
        status="warning"
        title={t('invitations.loadFailed')}
        subTitle={errorText(invitations.error)}
        extra={<Button onClick={() => void invitations.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  return (
    <Card styles={{ body: { padding: 16 } }}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('invitations.hint')}</Typography.Text>
        <Table<Invitation>
          rowKey="id"
          loading={invitations.isPending}
          dataSource={invitations.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invitations.empty')}>
                <PermissionGate menuKey="user-management">
                  <Link to={withWorkspaceQuery('/user-management/invite-user', location.search)}>
                    <Button icon={<PlusOutlined />}>{t('actions.inviteUser')}</Button>
                  </Link>
                </PermissionGate>
              </Empty>
            ),
          }}
          columns={[
            {
              key: 'address',
              title: t('invitations.address'),
              render: (_, invitation) => (
                <Space>
                  <Typography.Text>{addressOf(invitation)}</Typography.Text>
                  {invitation.kind === 'owner' && <Tag color="gold">{t('invitations.kinds.owner')}</Tag>}
                </Space>
              ),
            },
            { key: 'role', title: t('columns.role'), dataIndex: 'role_name' },
            {
              key: 'restriction',
              title: t('columns.restriction'),
              render: (_, invitation) => (
                <RestrictionText base={invitation.restriction_base} list={invitation.restriction_list} names={names} />
              ),
            },
            {
              key: 'status',
              title: t('columns.status'),
              render: (_, invitation) => <StatusTag status={invitation.status} label={t(`invitations.statuses.${invitation.status}`)} />,
            },
            { key: 'expires', title: t('invitations.expiresAt'), render: (_, invitation) => formatDateTime(invitation.expired_at) },
            ...(canWrite
              ? [
                  {
                    key: 'actions',
                    title: t('common.actions'),
                    // Pinned to the right with room for both buttons, so "Batalkan" is never cut off on a laptop screen.
                    fixed: 'right' as const,
                    width: ACTIONS_WIDTH,
                    onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                    render: (_: unknown, invitation: Invitation) => (
                      <Space size={8} wrap={false}>
                        <Button
                          size="small"
                          icon={<MailOutlined />}
                          onClick={() => confirm(invitation, 'resend')}
                          data-testid={`resend-${invitation.id}`}
                        >
                          {t('invitations.resend')}
                        </Button>
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          onClick={() => confirm(invitation, 'revoke')}
                          data-testid={`revoke-${invitation.id}`}
                        >
                          {t('invitations.revoke')}
                        </Button>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Flex>
    </Card>
  );
}
