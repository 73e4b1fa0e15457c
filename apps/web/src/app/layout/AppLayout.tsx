import { Button, Drawer, Layout, Result, Spin } from 'antd';
import Cookies from 'js-cookie';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { feedback } from '../../lib/feedback';
import { writePersisted } from '../../lib/persisted';
import { useSessionUser } from '../../lib/session';
import { useSettings } from '../../lib/settings';
import { getToken, removeToken } from '../../lib/token';
import { useIsMobile } from '../../lib/use-is-mobile';
import { SESSION_END_CODES } from '@zhaokao/contracts';
import { AntdProvider } from '../AntdProvider';
import { HOME_PATH, routeOf } from '../routes';
import { loginPathFor } from '../login-path';
import { AppFooter } from './AppFooter';
import { Navbar } from './Navbar';
import { SIDEBAR_WIDTH, Sidebar } from './Sidebar';
import { TabPages } from './TabPages';
import { TagsView } from './TagsView';
import { ThemeDrawer } from './ThemeDrawer';
import { useBrand } from './use-brand';
import { useTabs } from './use-tabs';
import { useAllowedRoutes } from './use-visible-routes';

/** SPEC §9: the sidebar's open or closed state is kept in a cookie. */
const SIDEBAR_COOKIE = 'sidebarStatus';

export default function AppLayout() {
  const location = useLocation();
  if (!getToken()) return <Navigate to={loginPathFor(location)} replace />;
  if (location.pathname === '/') return <Navigate to={HOME_PATH} replace />;
  return (
    <AntdProvider>
      <SignedInLayout />
    </AntdProvider>
  );
}

function SignedInLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSessionUser();

  useEffect(() => {
    if (!user.isError) return;
    const error = user.error;
    // Session-ending codes already opened the 确认注销 dialog.
    if (error instanceof ApiError && SESSION_END_CODES.includes(error.code)) return;
    feedback.error('Verification failed, please Login again.', 3);
    removeToken();
    navigate(loginPathFor(location), { replace: true });
  }, [user.isError, user.error, navigate, location]);

  useEffect(() => {
    if (user.data) writePersisted({ companyId: user.data.company.id });
  }, [user.data]);

  if (user.error instanceof ApiError && SESSION_END_CODES.includes(user.error.code)) {
    return (
      <Result
        status="warning"
        title="登录状态已失效"
        subTitle={user.error.message}
        extra={
          <Button
            type="primary"
            onClick={() => {
              removeToken();
              navigate(loginPathFor(location), { replace: true });
            }}
          >
            重新登录
          </Button>
        }
      />
    );
  }
  if (!user.data) return <Spin size="large" fullscreen tip="加载中" />;
  return <Shell />;
}

function Shell() {
  const location = useLocation();
  const settings = useSettings();
  const isMobile = useIsMobile();
  const allowed = useAllowedRoutes();
  const brand = useBrand();
  const [desktopOpen, setDesktopOpen] = useState(() => Cookies.get(SIDEBAR_COOKIE) !== '0');
  const [mobileOpen, setMobileOpen] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);

  const candidate = routeOf(location.pathname);
  const permitted = candidate ? allowed(candidate) : false;
  const route = permitted ? candidate : undefined;
  const { tabs, close, closeOthers, closeAll, refresh, goTo } = useTabs(route, settings.tagsView);

  useEffect(() => {
    document.title = `${route?.title ?? '首页'} - ${brand.title}`;
  }, [route, brand.title]);

  if (permitted === undefined) return <Spin size="large" fullscreen tip="加载中" />;
  if (!route) return <Navigate to="/404" replace />;

  const drawerOpen = isMobile && mobileOpen;
  const sidebarOpen = isMobile ? drawerOpen : desktopOpen;
  function toggleSidebar() {
    if (isMobile) return setMobileOpen(!drawerOpen);
    Cookies.set(SIDEBAR_COOKIE, desktopOpen ? '0' : '1');
    setDesktopOpen(!desktopOpen);
  }

  return (
    <Layout className="app-layout">
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setMobileOpen(false)}
          size={SIDEBAR_WIDTH}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          <Sidebar collapsed={false} showLogo={settings.sidebarLogo} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider width={SIDEBAR_WIDTH} collapsedWidth={64} collapsed={!desktopOpen} className="app-sider">
          <Sidebar collapsed={!desktopOpen} showLogo={settings.sidebarLogo} />
        </Layout.Sider>
      )}
      <Layout>
        <header className={settings.fixedHeader ? 'app-header app-header-fixed' : 'app-header'}>
          <Navbar sidebarOpen={sidebarOpen} onToggleSidebar={toggleSidebar} onOpenTheme={() => setThemeOpen(true)} />
          {settings.tagsView && (
            <TagsView
              tabs={tabs}
              currentPath={route.path}
              onSelect={goTo}
              onClose={close}
              onCloseOthers={closeOthers}
              onCloseAll={closeAll}
              onRefresh={refresh}
            />
          )}
        </header>
        <Layout.Content className="app-main">
          <TabPages tabs={tabs} currentPath={route.path} />
        </Layout.Content>
        <AppFooter />
      </Layout>
      <ThemeDrawer open={themeOpen} onClose={() => setThemeOpen(false)} />
    </Layout>
  );
}
