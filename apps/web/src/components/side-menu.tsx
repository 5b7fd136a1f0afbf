import {
  AppstoreOutlined,
  CarOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  InboxOutlined,
  PlusOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import { Button, Empty, Flex, Menu, Typography, type MenuProps } from 'antd';
// Search from its module: the `Input` barrel would bring OTP into the signed-in layout's chunk (ADR 0058).
import Search from 'antd/es/input/Search';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Channel, MenuItem } from '@kelola/contracts/me';
import { withWorkspaceQuery } from '../lib/workspace-query.ts';
import { channelEntries, menuSections, selectedKeys, type MenuEntry } from './side-menu-model.ts';

export const SIDE_MENU_WIDTH = 260;

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  'shopping-cart': <ShoppingCartOutlined />,
  inbox: <InboxOutlined />,
  car: <CarOutlined />,
  appstore: <AppstoreOutlined />,
  database: <DatabaseOutlined />,
  'file-text': <FileTextOutlined />,
  setting: <SettingOutlined />,
};

type Props = {
  menu: MenuItem[];
  channels: Channel[];
  language: 'id' | 'en';
  pathname: string;
  search: string;
  collapsed: boolean;
  /** Shown only with WRITE permission on store-list (spec part 2). */
  addStorePath: string | null;
  /** Called after a menu link is chosen (closes the mobile menu). */
  onNavigate?: () => void;
};

type Items = NonNullable<MenuProps['items']>;

function toItems(entries: MenuEntry[], search: string): Items {
  return entries.map((entry) =>
    entry.children.length > 0
      ? {
          key: entry.key,
          icon: entry.icon ? ICONS[entry.icon] : undefined,
          label: <span title={entry.fullTitle}>{entry.title}</span>,
          disabled: entry.disabled,
          children: toItems(entry.children, search),
        }
      : {
          key: entry.key,
          icon: entry.icon ? ICONS[entry.icon] : undefined,
          disabled: entry.disabled,
          label: (
            <Link to={withWorkspaceQuery(entry.url, search)} title={entry.fullTitle}>
              {entry.title}
            </Link>
          ),
        },
  );
}

/** The side menu rendered from GET /api/me/menu, followed by the channel list. */
export function SideMenu({ menu, channels, language, pathname, search, collapsed, addStorePath, onNavigate }: Props) {
  const { t } = useTranslation('shell');
  const [filter, setFilter] = useState('');
  const sections = useMemo(() => menuSections(menu, language), [menu, language]);
  const connected = useMemo(() => channelEntries(menu, channels, language), [menu, channels, language]);
  const shops = useMemo(() => channelEntries(menu, channels, language, filter), [menu, channels, language, filter]);

  const mainItems: Items = sections.flatMap((section, index) => {
    const group = {
      type: 'group' as const,
      key: `group:${section.category}`,
      label: collapsed ? null : t(`menuGroups.${section.category}`, { defaultValue: section.category }),
      children: toItems(section.entries, search),
    };
    return section.divider && index > 0 ? [{ type: 'divider' as const, key: `divider:${section.category}` }, group] : [group];
  });

  const channelItems: Items = shops.map(({ channel, links }) => ({
    key: `channel:${channel.id}`,
    icon: <ShopOutlined />,
    label: <span title={channel.title}>{channel.title}</span>,
    children: toItems(links, search),
  }));

  return (
    <nav aria-label={t('menuLabel')} data-testid="side-menu">
      <Menu
        mode="inline"
        items={mainItems}
        selectedKeys={selectedKeys(sections, pathname)}
        style={{ borderInlineEnd: 0 }}
        onClick={onNavigate}
      />
      {!collapsed && (
        <Flex vertical gap={8} style={{ padding: '12px 16px 4px' }}>
          <Flex justify="space-between" align="center">
            <Typography.Text type="secondary" strong>
              {t('channels.title')}
            </Typography.Text>
            {addStorePath && (
              <Link to={withWorkspaceQuery(addStorePath, search)} onClick={onNavigate}>
                <Button size="small" type="link" icon={<PlusOutlined />}>
                  {t('channels.add')}
                </Button>
              </Link>
            )}
          </Flex>
          {connected.length > 0 && (
            <Search
              allowClear
              size="small"
              placeholder={t('channels.search')}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          )}
        </Flex>
      )}
      {shops.length > 0 ? (
        <Menu mode="inline" items={channelItems} style={{ borderInlineEnd: 0 }} data-testid="channel-menu" onClick={onNavigate} />
      ) : (
        !collapsed && (
          <Empty
            data-testid="no-shop"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(connected.length === 0 ? 'channels.noShop' : 'channels.noMatch')}
          />
        )
      )}
    </nav>
  );
}

type TopMenuProps = Pick<Props, 'menu' | 'channels' | 'language' | 'pathname' | 'search'>;

/**
 * The same server menu as a horizontal bar for the `top` menu layout (account settings): each group is a submenu,
 * with the same filtering (no channel group, hidden channels) and title rules as the side menu; connected channels
 * follow in one more submenu. antd folds what does not fit into its "…" overflow submenu.
 */
export function TopMenu({ menu, channels, language, pathname, search }: TopMenuProps) {
  const { t } = useTranslation('shell');
  const sections = useMemo(() => menuSections(menu, language), [menu, language]);
  const shops = useMemo(() => channelEntries(menu, channels, language), [menu, channels, language]);

  const items: Items = sections.map((section) => ({
    key: `group:${section.category}`,
    label: t(`menuGroups.${section.category}`, { defaultValue: section.category }),
    children: toItems(section.entries, search),
  }));
  if (shops.length > 0) {
    items.push({
      key: 'group:channels',
      label: t('channels.title'),
      children: shops.map(({ channel, links }) => ({
        key: `channel:${channel.id}`,
        icon: <ShopOutlined />,
        label: <span title={channel.title}>{channel.title}</span>,
        children: toItems(links, search),
      })),
    });
  }

  return (
    <nav aria-label={t('menuLabel')} data-testid="top-menu" style={{ flex: 1, minWidth: 0 }}>
      <Menu
        mode="horizontal"
        items={items}
        selectedKeys={selectedKeys(sections, pathname)}
        style={{ borderBottom: 0, lineHeight: '62px', background: 'transparent' }}
      />
    </nav>
  );
}
