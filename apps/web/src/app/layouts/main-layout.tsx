import '../../lib/dayjs-language.ts';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Layout, theme as antdTheme, Typography } from 'antd';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { UserSettings } from '@kelola/contracts/me';
import { ALL_ENTRIES, BusinessSelector } from '../../components/business-selector.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { SIDE_MENU_WIDTH, SideMenu, TopMenu } from '../../components/side-menu.tsx';
import { useUpdateSearchParams } from '../../components/use-list-query.ts';
import { UserMenu } from '../../components/user-menu.tsx';
import { useSignOut } from '../../features/auth/api/use-sign-out.ts';
import { useMe, useMenu, useUpdateSettings } from '../../lib/me-queries.ts';
import { isApiError } from '../../lib/api-error.ts';
import { clearSession, setStoredWorkspaceId, useAccessToken, useIdleFlag } from '../../lib/auth-session.ts';
import { errorText } from '../../lib/error-text.ts';
import { setFormatLocale } from '../../lib/format.ts';
import { changeLanguage, localeOf, toLanguage, type Language } from '../../lib/i18n.ts';
import { notifyHttpError } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { loginFailurePath, skipsLoginBootstrap } from '../../lib/redirect.ts';
import { PRIMARY_COLOR, setTheme, useTheme, type Theme } from '../../lib/ui-settings.ts';
import { deviceOf, startsCollapsed, useMenuSwipe, useViewportWidth } from '../../lib/viewport.ts';
import { BusyBanner } from './busy-banner.tsx';
import { useAppServices } from '../app-services.tsx';
import { AppQueryProvider } from '../query-provider.tsx';
import { lazyNamed } from '../../lib/lazy-named.ts';
import { MAIN_SCREENS } from '../main-screens.ts';
import { MainScreens } from '../screen-registry.ts';

// Drawn only when wanted, so their antd parts (Modal, Result) are chunks of their own, off the first load (ADR 0053).
const IdleDialog = lazyNamed(() => import('../../components/idle-dialog.tsx'), 'IdleDialog');
const LoadFailed = lazyNamed(() => import('./load-failed.tsx'), 'LoadFailed');
// The phone's menu drawer (antd's Drawer and rc-drawer): requested when the layout is drawn on a phone (ADR 0058).
const MobileDrawer = lazyNamed(() => import('./mobile-drawer.tsx'), 'MobileDrawer');

/** The main layout: top bar, side menu from the server and the screen. Open routes render without the shell when signed out. */
/** The signed-in layout; the routes drawn in it find their screens in its list (main-screens.ts, ADR 0059). */
export function MainLayout() {
  return (
    <AppQueryProvider>
      <MainScreens.Provider value={MAIN_SCREENS}>
        <MainLayoutContent />
      </MainScreens.Provider>
    </AppQueryProvider>
  );
}

function MainLayoutContent() {
  // Its screens use App.useApp(): message, notification and modal load with the layout (app-services.tsx).
  useAppServices();
  const token = useAccessToken();
  const location = useLocation();
  if (!token || skipsLoginBootstrap(location.pathname)) {
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
  const { token: colors } = antdTheme.useToken();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const theme = useTheme();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const idle = useIdleFlag();
  const [idleSeen, setIdleSeen] = useState(idle);
  if (idle && !idleSeen) setIdleSeen(true);
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const width = useViewportWidth();
  const device = deviceOf(width);
  const mobile = device === 'mobile';
  const [collapsed, setCollapsed] = useState(() => startsCollapsed(width));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useMenuSwipe(openDrawer, mobile);

  const workspaceQuery = params.get('workspace_id');
  const me = useMe(workspaceQuery);
  const activeWorkspaceId = me.data?.workspace_id_active ?? null;
  const restriction = me.data?.restriction_base ?? null;
  const selectorParam = restriction === 'WAREHOUSE' ? 'warehouse_id' : 'business_id';
  const selected = params.get(selectorParam);
  const menu = useMenu(activeWorkspaceId, params.get('business_id'), Boolean(activeWorkspaceId));
  const updateSettings = useUpdateSettings();

  // The menu starts collapsed under 800 px, and follows the window across that width.
  const narrow = startsCollapsed(width);
  useEffect(() => setCollapsed(narrow), [narrow]);
  useEffect(() => {
    if (!mobile) setDrawerOpen(false);
  }, [mobile]);

  // Settings are kept per user: apply them once per signed-in user.
  const appliedFor = useRef<string | null>(null);
  useEffect(() => {
    const user = me.data;
    if (!user || appliedFor.current === user.uuid) return;
    appliedFor.current = user.uuid;
    setTheme(user.settings.theme);
    setFormatLocale(user.settings.locale);
    const wanted = toLanguage(user.settings.locale);
    if (wanted !== toLanguage(i18n.resolvedLanguage ?? i18n.language)) void changeLanguage(wanted);
  }, [me.data, i18n]);

  // Keep the active workspace in the page query (carried across navigation) and as the stored default.
  useEffect(() => {
    if (!me.data || !activeWorkspaceId) return;
    setStoredWorkspaceId(activeWorkspaceId);
    if (workspaceQuery !== activeWorkspaceId) {
      queryClient.setQueryData(queryKeys.me.detail(activeWorkspaceId), me.data);
      // Built on the newest location: a list's search made meanwhile must not be overwritten by this replace.
      updateParams((next) => next.set('workspace_id', activeWorkspaceId), { replace: true });
    }
  }, [me.data, activeWorkspaceId, workspaceQuery, queryClient, updateParams]);

  // Spec part 8: a 404 while loading the user signs out to /auth/user-not-found; a dead session signs out.
  useEffect(() => {
    if (!isApiError(me.error)) return;
    if (me.error.status === 404) {
      clearSession();
      void navigate(loginFailurePath(404), { replace: true });
    } else if (me.error.status === 401) {
      clearSession();
    }
  }, [me.error, navigate]);

  if (me.isPending) return <PageLoader fullPage />;
  if (me.isError || !me.data) {
    return (
      <Suspense fallback={null}>
        <LoadFailed error={me.error} onRetry={() => void me.refetch()} onLogout={() => void signOut()} />
      </Suspense>
    );
  }

  const user = me.data;
  const canAddStore = user.permissions['store-list'] === 'WRITE';
  const addStorePath = canAddStore ? (restriction === 'WAREHOUSE' ? '/warehouse/add-warehouse' : '/add-store') : null;

  const saveSettings = (change: Partial<UserSettings>) => {
    updateSettings.mutate({ ...user.settings, ...change }, { onError: notifyHttpError });
  };
  const chooseLanguage = (value: Language) => {
    void changeLanguage(value);
    setFormatLocale(localeOf(value));
    saveSettings({ locale: localeOf(value) });
  };
  const chooseTheme = (value: Theme) => {
    setTheme(value);
    saveSettings({ theme: value });
  };

  const selectEntry = (value: string) => {
    updateParams((next) => {
      if (value === ALL_ENTRIES) next.delete(selectorParam);
      else next.set(selectorParam, value);
    });
  };

  const switchWorkspace = (workspaceId: string) => {
    void navigate(`/dashboard?workspace_id=${encodeURIComponent(workspaceId)}`);
  };

  const brand = (short: boolean) => (
    <Flex align="center" justify={short ? 'center' : 'flex-start'} style={{ height: 64, padding: short ? 0 : '0 24px' }}>
      <Typography.Title level={4} style={{ margin: 0, color: PRIMARY_COLOR }}>
        {short ? t('brandShort') : t('brand')}
      </Typography.Title>
    </Flex>
  );

  const menuContent = (inDrawer: boolean) =>
    menu.isPending ? (
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
        collapsed={inDrawer ? false : collapsed}
        addStorePath={addStorePath}
        onNavigate={inDrawer ? closeDrawer : undefined}
      />
    );

  const border = `1px solid ${colors.colorBorderSecondary}`;
  // Account settings: `top` shows the menu in the header instead of the side; phones always use the drawer.
  const topLayout = user.settings.menu_layout === 'top' && !mobile;
  const topMenu = menu.isPending ? null : menu.isError ? (
    <Typography.Text type="danger">{errorText(menu.error)}</Typography.Text>
  ) : (
    <TopMenu
      menu={menu.data.menu}
      channels={menu.data.channels}
      language={language}
      pathname={location.pathname}
      search={location.search}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }} data-device={device}>
      {mobile ? (
        <Suspense fallback={null}>
          <MobileDrawer open={drawerOpen} onClose={closeDrawer} title={t('brand')}>
            {menuContent(true)}
          </MobileDrawer>
        </Suspense>
      ) : topLayout ? null : (
        <Layout.Sider
          width={SIDE_MENU_WIDTH}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          trigger={null}
          theme="light"
          data-testid="side-menu-sider"
          style={{ borderInlineEnd: border, overflow: 'auto', height: '100vh', position: 'sticky', top: 0 }}
        >
          {brand(collapsed)}
          {menuContent(false)}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: colors.colorBgContainer,
            padding: mobile ? '0 8px' : '0 16px',
            borderBottom: border,
            position: 'sticky',
            top: 0,
            zIndex: 10,
            height: 64,
          }}
        >
          <Flex align="center" justify="space-between" style={{ height: '100%' }} gap={mobile ? 8 : 16}>
            <Flex align="center" gap={mobile ? 4 : 12} style={{ minWidth: 0, flex: 1 }}>
              {topLayout ? (
                brand(false)
              ) : mobile ? (
                <Button
                  type="text"
                  aria-label={t('openMenu')}
                  icon={<MenuOutlined />}
                  onClick={openDrawer}
                  data-testid="open-mobile-menu"
                />
              ) : (
                <Button
                  type="text"
                  aria-label={t(collapsed ? 'expandMenu' : 'collapseMenu')}
                  icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                  onClick={() => setCollapsed(!collapsed)}
                />
              )}
              {topLayout && topMenu}
              <BusinessSelector
                entries={user.businessList}
                restriction={restriction}
                value={selected}
                onChange={selectEntry}
                width={mobile ? '100%' : undefined}
              />
            </Flex>
            <UserMenu
              name={user.full_name}
              contact={user.email ?? user.phone}
              roleName={user.role_name}
              workspaces={user.user_workspaces}
              activeWorkspaceId={activeWorkspaceId}
              language={language}
              theme={theme}
              compact={mobile}
              onSwitchWorkspace={switchWorkspace}
              onChangeLanguage={chooseLanguage}
              onChangeTheme={chooseTheme}
              onAccountSettings={() => void navigate(`/account-setting${location.search}`)}
              onLogout={() => void signOut()}
            />
          </Flex>
        </Layout.Header>
        <BusyBanner />
        <Layout.Content style={{ padding: mobile ? 12 : 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
      {/* Kept once shown, so it closes as a modal does. */}
      {idleSeen && (
        <Suspense fallback={null}>
          <IdleDialog open={idle} onLogout={() => void signOut()} />
        </Suspense>
      )}
    </Layout>
  );
}
