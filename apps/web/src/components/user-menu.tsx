import { GlobalOutlined, LogoutOutlined, SettingOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkspaceMembership } from '@kelola/contracts/me';
import type { Language } from '../lib/i18n.ts';

type Props = {
  name: string;
  contact: string | null;
  workspaces: WorkspaceMembership[];
  activeWorkspaceId: string | null;
  language: Language;
  onSwitchWorkspace: (workspaceId: string) => void;
  onChangeLanguage: (language: Language) => void;
  onAccountSettings: () => void;
  onLogout: () => void;
};

/** The user menu of the top bar: account, workspace switch, language and sign out. */
export function UserMenu(props: Props) {
  const { t } = useTranslation('shell');
  const items: MenuProps['items'] = [
    { key: 'who', label: <Typography.Text type="secondary">{props.contact}</Typography.Text>, disabled: true },
    { type: 'divider' },
    { key: 'account', icon: <SettingOutlined />, label: t('userMenu.accountSettings'), onClick: props.onAccountSettings },
  ];
  if (props.workspaces.length > 1) {
    items.push({
      key: 'workspaces',
      icon: <SwapOutlined />,
      label: t('userMenu.switchWorkspace'),
      children: props.workspaces.map((workspace) => ({
        key: `workspace:${workspace.workspace_id}`,
        label: workspace.workspace_name,
        disabled: workspace.workspace_id === props.activeWorkspaceId,
        onClick: () => props.onSwitchWorkspace(workspace.workspace_id),
      })),
    });
  }
  items.push(
    {
      key: 'language',
      icon: <GlobalOutlined />,
      label: t('userMenu.language'),
      children: (['id', 'en'] as const).map((language) => ({
        key: `language:${language}`,
        label: t(`userMenu.languages.${language}`),
        disabled: language === props.language,
        onClick: () => props.onChangeLanguage(language),
      })),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, danger: true, label: t('userMenu.logout'), onClick: props.onLogout },
  );
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" data-testid="user-menu" style={{ height: 48 }}>
        <Flex align="center" gap={8}>
          <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: '#4b7cf3' }} />
          <Typography.Text strong ellipsis style={{ maxWidth: 160 }}>
            {props.name}
          </Typography.Text>
        </Flex>
      </Button>
    </Dropdown>
  );
}
