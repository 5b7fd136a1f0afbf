import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Layout, Result, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ALL_ENTRIES, BusinessSelector } from '../../components/business-selector.tsx';
import { IdleDialog } from '../../components/idle-dialog.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { SIDE_MENU_WIDTH, SideMenu } from '../../components/side-menu.tsx';
import { UserMenu } from '../../components/user-menu.tsx';
import { useSignOut } from '../../features/auth/api/use-sign-out.ts';
import { useMe, useMenu } from '../../features/me/api/me-queries.ts';
import { isApiError } from '../../lib/api-error.ts';
import { clearSession, setStoredWorkspaceId, useAccessToken, useIdleFlag } from '../../lib/auth-session.ts';
import { errorText } from '../../lib/error-text.ts';
import { changeLanguage, toLanguage } from '../../lib/i18n.ts';
import { queryKeys } from '../../lib/query-client.ts';

/** Spec part 4: the menu starts collapsed under 800 px. */
const COLLAPSE_BELOW = 800;

/** The main layout: top bar, side menu from the server and the screen. Open routes render without the shell when signed out. */
export function MainLayout() {
  const token = useAccessToken();
  if (!token) {
    return (
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    );
  }
  return <Shell />;
}

function Shell() {
  const { t, i18n } = useTranslation('shell');
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const idle = useIdleFlag();
  const [params, setParams] = useSearchParams();
  const [collapsed, setCollapsed] = useState(() => typeof window !== 'undefined' && window.innerWidth < COLLAPSE_BELOW);

  const workspaceQuery = params.get('workspace_id');
  const me = useMe(workspaceQuery);
  const activeWorkspaceId = me.data?.workspace_id_active ?? null;
  const restriction = me.data?.restriction_base ?? null;
  const selectorParam = restriction === 'WAREHOUSE' ? 'warehouse_id' : 'business_id';
  const selected = params.get(selectorParam);
  const menu = useMenu(activeWorkspaceId, params.get('business_id'), Boolean(activeWorkspaceId));

  // Keep the active workspace in the page query (carried across navigation) and as the stored default.
  useEffect(() => {
    if (!me.data || !activeWorkspaceId) return;
    setStoredWorkspaceId(activeWorkspaceId);
    if (workspaceQuery !== activeWorkspaceId) {
      queryClient.setQueryData(queryKeys.me.detail(activeWorkspaceId), me.data);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('workspace_id', activeWorkspaceId);
          return next;
        },
        { replace: true },
      );
    }
  }, [me.data, activeWorkspaceId, workspaceQuery, queryClient, setParams]);

  // Spec part 8: a 404 while loading the user signs out to /auth/user-not-found; a dead session signs out.
  useEffect(() => {
    if (!isApiError(me.error)) return;
    if (me.error.status === 404) {
      clearSession();
      void navigate('/auth/user-not-found', { replace: true });
    } else if (me.error.status === 401) {
      clearSession();
    }
  }, [me.error, navigate]);

  if (me.isPending) return <PageLoader fullPage />;
  if (me.isError || !me.data) {
    return (
      <Result
        status="error"
        title={t('loadFailed')}
        subTitle={errorText(me.error)}
        extra={[
          <Button key="retry" type="primary" onClick={() => void me.refetch()}>
            {t('retry')}
          </Button>,
          <Button key="logout" onClick={() => void signOut()}>
            {t('userMenu.logout')}
          </Button>,
        ]}
      />
    );
  }

  const user = me.data;
  const canAddStore = user.permissions['store-list'] === 'WRITE';
  const addStorePath = canAddStore ? (restriction === 'WAREHOUSE' ? '/warehouse/add-warehouse' : '/add-store') : null;

  const selectEntry = (value: string) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === ALL_ENTRIES) next.delete(selectorParam);
      else next.set(selectorParam, value);
      return next;
    });
  };

  const switchWorkspace = (workspaceId: string) => {
    void navigate(`/dashboard?workspace_id=${encodeURIComponent(workspaceId)}`);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={SIDE_MENU_WIDTH}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        trigger={null}
        theme="light"
        style={{ borderInlineEnd: '1px solid #f0f0f0', overflow: 'auto', height: '100vh', position: 'sticky', top: 0 }}
      >
        <Flex align="center" justify={collapsed ? 'center' : 'flex-start'} style={{ height: 64, padding: collapsed ? 0 : '0 24px' }}>
          <Typography.Title level={4} style={{ margin: 0, color: '#4b7cf3' }}>
            {collapsed ? t('brandShort') : t('brand')}
          </Typography.Title>
        </Flex>
        {menu.isPending ? (
          <PageLoader />
        ) : menu.isError ? (
          <Typography.Paragraph type="danger" style={{ padding: 16 }}>
            {errorText(menu.error)}
          </Typography.Paragraph>
        ) : (
          <SideMenu
            menu={menu.data.menu}
            channels={menu.data.channels}
            language={language}
            pathname={location.pathname}
            search={location.search}
            collapsed={collapsed}
            addStorePath={addStorePath}
          />
        )}
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: '#fff', padding: '0 16px', borderBottom: '1px solid #f0f0f0', position: 'sticky', top: 0, zIndex: 10, height: 64 }}
        >
          <Flex align="center" justify="space-between" style={{ height: '100%' }} gap={16}>
            <Flex align="center" gap={12}>
              <Button
                type="text"
                aria-label={t(collapsed ? 'expandMenu' : 'collapseMenu')}
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={() => setCollapsed(!collapsed)}
              />
              <BusinessSelector entries={user.businessList} restriction={restriction} value={selected} onChange={selectEntry} />
            </Flex>
            <UserMenu
              name={user.full_name}
              contact={user.email ?? user.phone}
              workspaces={user.user_workspaces}
              activeWorkspaceId={activeWorkspaceId}
              language={language}
              onSwitchWorkspace={switchWorkspace}
              onChangeLanguage={(value) => void changeLanguage(value)}
              onAccountSettings={() => void navigate(`/account-setting${location.search}`)}
              onLogout={() => void signOut()}
            />
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
      <IdleDialog open={idle} onLogout={() => void signOut()} />
    </Layout>
  );
}
