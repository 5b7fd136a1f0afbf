import { CrownOutlined, UserAddOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useMe } from '../../../../lib/me-queries.ts';
import { useInvitations } from '../../api/users-api.ts';
import { InvitationsPanel } from '../../components/invitations-panel.tsx';
import { MembersPanel } from '../../components/members-panel.tsx';
import { RolesPanel } from '../../components/roles-panel.tsx';

const TABS = ['members', 'invitations', 'roles'] as const;
type Tab = (typeof TABS)[number];

/** /user-management: members, open invitations and roles of the workspace, one tab each (the tab is in the URL). */
export function UserManagementScreen() {
  const { t } = useTranslation('users');
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const me = useMe(params.get('workspace_id'));
  const invitations = useInvitations();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'members';
  const isOwner = me.data?.role_name === 'Owner';

  const selectTab = (next: string) => {
    setParams((current) => {
      // Page and filters belong to the members list; another tab starts clean.
      const kept = new URLSearchParams();
      for (const key of ['workspace_id', 'business_id', 'warehouse_id']) {
        const value = current.get(key);
        if (value) kept.set(key, value);
      }
      if (next !== 'members') kept.set('tab', next);
      return kept;
    });
  };

  const invitePath = (kind: 'user' | 'owner') =>
    withWorkspaceQuery(`/user-management/invite-user${kind === 'owner' ? '?kind=owner' : ''}`, location.search);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex vertical gap={4}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle', { workspace: me.data?.workspace_id_active_name ?? '' })}</Typography.Text>
        </Flex>
        <PermissionGate menuKey="user-management">
          <Space wrap>
            {isOwner && (
              <Link to={invitePath('owner')}>
                <Button icon={<CrownOutlined />} data-testid="invite-owner">
                  {t('actions.inviteOwner')}
                </Button>
              </Link>
            )}
            <Link to={invitePath('user')}>
              <Button type="primary" icon={<UserAddOutlined />} data-testid="invite-user">
                {t('actions.inviteUser')}
              </Button>
            </Link>
          </Space>
        </PermissionGate>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={selectTab}
        destroyOnHidden
        items={[
          { key: 'members', label: t('tabs.members'), children: <MembersPanel me={me.data} /> },
          {
            key: 'invitations',
            label: (
              <Space size={6}>
                {t('tabs.invitations')}
                <Badge count={invitations.data?.length ?? 0} color="#4b7cf3" showZero={false} />
              </Space>
            ),
            children: <InvitationsPanel />,
          },
          { key: 'roles', label: t('tabs.roles'), children: <RolesPanel /> },
        ]}
      />
    </Flex>
  );
}
