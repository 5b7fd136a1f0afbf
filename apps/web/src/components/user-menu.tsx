import { BgColorsOutlined, GlobalOutlined, LogoutOutlined, SettingOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkspaceMembership } from '@kelola/contracts/me';
import type { Language } from '../lib/i18n.ts';
import { PRIMARY_COLOR, type Theme } from '../lib/ui-settings.ts';

type Props = {
  name: string;
  contact: string | null;
  roleName: string | null;
  workspaces: WorkspaceMembership[];
  activeWorkspaceId: string | null;
  language: Language;
  theme: Theme;
  /** Only the avatar is shown (phones). */
  compact?: boolean;
  onSwitchWorkspace: (workspaceId: string) => void;
  onChangeLanguage: (language: Language) => void;
  onChangeTheme: (theme: Theme) => void;
  onAccountSettings: () => void;
  onLogout: () => void;
};

const THEMES: Theme[] = ['default', 'dark'];

/** The user menu of the top bar: profile, account settings, workspace switch, language, theme and sign out. */
export function UserMenu(props: Props) {
  const { t } = useTranslation('shell');
  const activeWorkspace = props.workspaces.find((workspace) => workspace.workspace_id === props.activeWorkspaceId);
  const items: MenuProps['items'] = [
    {
      key: 'profile',
      disabled: true,
      style: { cursor: 'default' },
      label: (
        <Flex vertical data-testid="user-profile" style={{ padding: '4px 0', maxWidth: 260 }}>
          <Typography.Text strong ellipsis>
            {props.name}
          </Typography.Text>
          {props.contact && (
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
              {props.contact}
            </Typography.Text>
          )}
          {(props.roleName || activeWorkspace) && (
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
              {[props.roleName, activeWorkspace?.workspace_name].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
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
    {
      key: 'theme',
      icon: <BgColorsOutlined />,
      label: t('userMenu.theme'),
      children: THEMES.map((theme) => ({
        key: `theme:${theme}`,
        label: t(`userMenu.themes.${theme}`),
        disabled: theme === props.theme,
        onClick: () => props.onChangeTheme(theme),
      })),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, danger: true, label: t('userMenu.logout'), onClick: props.onLogout },
  );
  return (
    // Submenus open on click, as the menu itself does: a touch screen has no hover, and a pointer on its way to a
    // submenu item does not close it by crossing another item.
    <Dropdown menu={{ items, triggerSubMenuAction: 'click' }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        data-testid="user-menu"
        aria-label={t('userMenu.label')}
        style={{ height: 48, paddingInline: props.compact ? 4 : undefined }}
      >
        <Flex align="center" gap={8}>
          <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: PRIMARY_COLOR }} />
          {!props.compact && (
            <Typography.Text strong ellipsis style={{ maxWidth: 160 }}>
              {props.name}
            </Typography.Text>
          )}
        </Flex>
      </Button>
    </Dropdown>
  );
}
