import { Button, Drawer, Layout, Result, Spin } from 'antd';
import Cookies from 'js-cookie';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, endSessionQuietly } from '../../lib/api-client';
import { writePersisted } from '../../lib/persisted';
import { useSessionUser } from '../../lib/session';
import { useSettings } from '../../lib/settings';
import { isSignedIn, markSignedOut } from '../../lib/signed-in';
import { useIsMobile } from '../../lib/use-is-mobile';
import { SESSION_END_CODES } from '@zhaokao/contracts';
import { AntdProvider } from '../AntdProvider';
import { HOME_PATH, routeOf } from '../routes';
import { loginNotice, loginPathFor } from '../login-path';
import { AppFooter } from './AppFooter';
import { BrandView } from './Brand';
import { Navbar } from './Navbar';
import { SIDEBAR_WIDTH, Sidebar } from './Sidebar';
import { TabPages } from './TabPages';
import { TagsView } from './TagsView';
import { ThemeDrawer } from './ThemeDrawer';
import { PRODUCT_BRAND, useBrand } from './use-brand';
import { useTabs } from './use-tabs';
import { useAllowedRoutes } from './use-visible-routes';

/** SPEC §9: the sidebar's open or closed state is kept in a cookie. */
const SIDEBAR_COOKIE = 'sidebarStatus';

export default function AppLayout() {
  const location = useLocation();
  if (!isSignedIn()) return <Navigate to={loginPathFor(location)} replace />;
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
    // SPEC §2: the token is reset and the message goes along to the login page, where it stays readable.
    endSessionQuietly();
    markSignedOut();
    navigate(loginPathFor(location), { replace: true, state: loginNotice('Verification failed, please Login again.') });
  }, [user.isError, user.error, navigate, location]);

  useEffect(() => {
    if (user.data) writePersisted({ companyId: user.data.company.id });
  }, [user.data]);

  if (!user.data && user.error instanceof ApiError && SESSION_END_CODES.includes(user.error.code)) {
    return <SessionEndedFrame message={user.error.message} />;
  }
  if (!user.data) return <Spin size="large" fullscreen tip="加载中" />;
  return <Shell />;
}

/**
 * The session was already over as the page loaded: SPEC §8's 确认注销 dialog opens over the layout's frame, and
 * after 关闭 the frame stays with a way to sign in again. Without a user there are no menus to show. Nothing in it
 * may ask for the session user: each new observer of the failed query would fetch it again.
 */
function SessionEndedFrame({ message }: { message: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Layout className="app-layout">
      <Layout>
        <header className="app-header">
          <div className="navbar">
            <BrandView brand={PRODUCT_BRAND} />
          </div>
        </header>
        <Layout.Content className="app-main">
          <Result
            status="warning"
            title="登录状态已失效"
            subTitle={message}
            extra={
              <Button
                type="primary"
                onClick={() => {
                  markSignedOut();
                  navigate(loginPathFor(location), { replace: true });
                }}
              >
                重新登录
              </Button>
            }
          />
        </Layout.Content>
        <AppFooter />
      </Layout>
    </Layout>
  );
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
