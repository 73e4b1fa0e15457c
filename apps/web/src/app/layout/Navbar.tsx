import {
  BgColorsOutlined,
  DownOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { logout } from '@zhaokao/contracts';
import { Avatar, Breadcrumb, Button, Dropdown, Space } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { call } from '../../lib/api-client';
import { clearSessionState, readPersisted } from '../../lib/persisted';
import { queryClient } from '../../lib/query-client';
import { useSessionUser } from '../../lib/session';
import { HOME_PATH, MENU_GROUPS, routeOf } from '../routes';
import { Brand } from './Brand';
import { useAllowedRoutes } from './use-visible-routes';

interface Props {
  sidebarOpen: boolean;
  onToggleSidebar(): void;
  onOpenTheme(): void;
}

export function Navbar({ sidebarOpen, onToggleSidebar, onOpenTheme }: Props) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: user } = useSessionUser();
  const allowed = useAllowedRoutes();
  const route = routeOf(pathname);
  const group = MENU_GROUPS.find((g) => g.key === route?.group);

  const settingItems = ['/setting/setLogin', '/setting/CompanyQrCode']
    .map((path) => routeOf(path))
    .filter((r) => r && allowed(r) === true)
    .map((r) => ({ key: r!.path, label: r!.title }));

  async function signOut() {
    const companyId = user?.company.id ?? readPersisted().companyId;
    try {
      await call(logout, {}, { silent: true });
    } catch {
      // The session may already be gone; signing out here goes on regardless.
    }
    clearSessionState();
    queryClient.clear();
    navigate(companyId ? `/login?id=${companyId}` : '/login', { replace: true });
  }

  return (
    <div className="navbar">
      <Button
        type="text"
        aria-label={sidebarOpen ? '收起侧边栏' : '展开侧边栏'}
        icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleSidebar}
      />
      <Brand />
      <Breadcrumb
        className="navbar-breadcrumb"
        items={[
          { title: <Link to={HOME_PATH}>首页</Link> },
          ...(group ? [{ title: group.title }] : []),
          ...(route && route.path !== HOME_PATH ? [{ title: route.title }] : []),
        ]}
      />
      <Space className="navbar-right" size={4}>
        <Button type="text" icon={<QuestionCircleOutlined />} onClick={() => navigate('/help/help')}>
          帮助中心
        </Button>
        {settingItems.length > 0 && (
          <Dropdown trigger={['click']} menu={{ 'aria-label': '设置菜单', items: settingItems, onClick: ({ key }) => navigate(key) }}>
            <Button type="text" aria-label="设置">
              设置 <DownOutlined />
            </Button>
          </Dropdown>
        )}
        <Button type="text" aria-label="主题设置" icon={<BgColorsOutlined />} onClick={onOpenTheme} />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'me', label: '个人中心', onClick: () => navigate('/company/myInfo') },
              { type: 'divider' },
              { key: 'logout', label: '退出登录', onClick: signOut },
            ],
          }}
        >
          {/* The name comes first: the accessible name holds the visible text (WCAG 2.5.3). */}
          <Button type="text" aria-label={`${user?.name ?? ''} 用户菜单`}>
            <Avatar size={24} src={user?.userHead || undefined} icon={<UserOutlined />} />
            <span className="navbar-user">{user?.name}</span>
            <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
    </div>
  );
}
