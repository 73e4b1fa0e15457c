import { AccountBookOutlined, FileDoneOutlined, FileSearchOutlined, LogoutOutlined, MessageOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Result, Spin, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { OperatorSignedOut, forgetPlatformData, signOut, useOperator, whenSignedOut } from '../api/platform-api';
import { PLATFORM_HOME, PLATFORM_LOGIN, PLATFORM_PAGES, PLATFORM_TITLE } from '../components/platform-paths';

const PAGE_ICONS: Record<(typeof PLATFORM_PAGES)[number]['path'], ReactNode> = {
  '/platform/invoices': <FileDoneOutlined />,
  '/platform/feedback': <MessageOutlined />,
  '/platform/catalogue': <AccountBookOutlined />,
  '/platform/auditLog': <FileSearchOutlined />,
};

/** The operator's area: its own header and menu, outside the company staff layout. */
export default function PlatformLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const operator = useOperator();
  const { token } = theme.useToken();

  // A call refused for want of an operator session leads to the sign-in page, then back here.
  useEffect(
    () =>
      whenSignedOut(() => {
        forgetPlatformData();
        navigate(`${PLATFORM_LOGIN}?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
      }),
    [navigate, location.pathname, location.search],
  );

  const current = PLATFORM_PAGES.find((p) => location.pathname.startsWith(p.path));
  useEffect(() => {
    document.title = current ? `${current.title} - ${PLATFORM_TITLE}` : PLATFORM_TITLE;
  }, [current]);

  if (location.pathname === '/platform' || location.pathname === '/platform/') return <Navigate to={PLATFORM_HOME} replace />;
  if (operator.error && !(operator.error instanceof OperatorSignedOut)) {
    return <Result status="error" title="无法连接平台服务" extra={<Button onClick={() => void operator.refetch()}>重试</Button>} />;
  }
  if (!operator.data) return <Spin size="large" fullscreen tip="加载中" />;

  const leave = async () => {
    await signOut();
    forgetPlatformData();
    navigate(PLATFORM_LOGIN, { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        role="banner"
        style={{ display: 'flex', alignItems: 'center', gap: 16, paddingInline: 20, background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        <img src="/logo.svg" alt="" width={28} height={28} />
        <span style={{ fontSize: 18, fontWeight: 600, whiteSpace: 'nowrap' }}>{PLATFORM_TITLE}</span>
        <span style={{ flex: 1 }} />
        <span style={{ whiteSpace: 'nowrap' }} aria-label="当前运营人员">
          <UserOutlined /> {operator.data.name}
        </span>
        <Button icon={<LogoutOutlined />} onClick={() => void leave()}>
          退出登录
        </Button>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={180} breakpoint="md" collapsedWidth={56}>
          <nav>
            <Menu
              aria-label="平台菜单"
              theme="dark"
              mode="inline"
              selectedKeys={current ? [current.path] : []}
              items={PLATFORM_PAGES.map((p) => ({
                key: p.path,
                icon: PAGE_ICONS[p.path],
                label: p.title,
              }))}
              onClick={({ key }) => navigate(key)}
            />
          </nav>
        </Layout.Sider>
        <Layout.Content style={{ padding: 16, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
