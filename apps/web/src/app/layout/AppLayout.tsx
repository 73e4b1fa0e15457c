import { Layout, Spin } from 'antd';
import Cookies from 'js-cookie';
import { Suspense, lazy, useEffect, useState } from 'react';
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
import { Navbar } from './Navbar';
import { SIDEBAR_WIDTH, Sidebar } from './Sidebar';
import { TabPages } from './TabPages';
import { TagsView } from './TagsView';
import { useBrand } from './use-brand';
import { useSignOut } from './use-sign-out';
import { useTabs } from './use-tabs';
import { useAllowedRoutes, useTitledRoute } from './use-visible-routes';

/** SPEC §9: the sidebar's open or closed state is kept in a cookie. */
const SIDEBAR_COOKIE = 'sidebarStatus';

// Loaded when first needed: the theme drawer's colour picker and the session-ended page are large and rarely opened.
const ThemeDrawer = lazy(() => import('./ThemeDrawer').then((m) => ({ default: m.ThemeDrawer })));
const SessionEndedFrame = lazy(() => import('./SessionEndedFrame'));
const PasswordMustChange = lazy(() => import('../../features/auth/components/PasswordMustChange'));
/** The sidebar sits in a drawer on phones only. */
const Drawer = lazy(() => import('antd/es/drawer'));

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
  const signOut = useSignOut();

  useEffect(() => {
    if (!user.isError) return;
    const error = user.error;
    // Session-ending codes already opened the 确认注销 dialog.
    if (error instanceof ApiError && SESSION_END_CODES.includes(error.code)) return;
    // SPEC §2: the token is reset and the message goes along to the login page, where it stays readable.
    void endSessionQuietly();
    markSignedOut();
    navigate(loginPathFor(location), { replace: true, state: loginNotice('Verification failed, please Login again.') });
  }, [user.isError, user.error, navigate, location]);

  useEffect(() => {
    if (user.data) writePersisted({ companyId: user.data.company.id });
  }, [user.data]);

  if (!user.data && user.error instanceof ApiError && SESSION_END_CODES.includes(user.error.code)) {
    return (
      <Suspense fallback={<Spin size="large" fullscreen tip="加载中" />}>
        <SessionEndedFrame message={user.error.message} />
      </Suspense>
    );
  }
  if (!user.data) return <Spin size="large" fullscreen tip="加载中" />;
  if (user.data.passwordMustChange) {
    return (
      <Suspense fallback={<Spin size="large" fullscreen tip="加载中" />}>
        <PasswordMustChange name={user.data.name} onSignOut={signOut} />
      </Suspense>
    );
  }
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
  /** Undefined until the drawer is first opened: its code is loaded then. */
  const [themeOpen, setThemeOpen] = useState<boolean>();

  const candidate = routeOf(location.pathname);
  const permitted = candidate ? allowed(candidate) : false;
  const titled = useTitledRoute();
  const route = permitted ? titled(candidate) : undefined;
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
        <Suspense fallback={null}>
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
        </Suspense>
      ) : (
        <Layout.Sider width={SIDEBAR_WIDTH} collapsedWidth={64} collapsed={!desktopOpen} className="app-sider">
          <Sidebar collapsed={!desktopOpen} showLogo={settings.sidebarLogo} />
        </Layout.Sider>
      )}
      <Layout>
        <header className={settings.fixedHeader ? 'app-header app-header-fixed' : 'app-header'}>
          <Navbar
            sidebarOpen={sidebarOpen}
            besideSidebarBrand={!isMobile && desktopOpen && settings.sidebarLogo}
            onToggleSidebar={toggleSidebar}
            onOpenTheme={() => setThemeOpen(true)}
          />
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
      {themeOpen !== undefined && (
        <Suspense fallback={null}>
          <ThemeDrawer open={themeOpen} onClose={() => setThemeOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );
}
