import {
  AccountBookOutlined, BgColorsOutlined, DownOutlined, MenuFoldOutlined, MailOutlined, MenuUnfoldOutlined,
  PayCircleOutlined, PictureOutlined, QuestionCircleOutlined, ReadOutlined, SettingOutlined, UserOutlined,
} from '@ant-design/icons';
import { unreadMessageCount } from '@zhaokao/contracts';
import { Avatar, Badge, Breadcrumb, Button, Dropdown, Space } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useEndpointQuery } from '../../lib/query';
import { useSessionUser } from '../../lib/session';
import { HOME_PATH, MENU_GROUPS, routeOf } from '../routes';
import { Brand } from './Brand';
import { JobsButton } from './JobsButton';
import { useSignOut } from './use-sign-out';
import { useAllowedRoutes, useTitledRoute } from './use-visible-routes';

/** How often the navbar asks for the unread count. */
const UNREAD_REFETCH_MS = 60_000;

interface Props {
  sidebarOpen: boolean;
  /** The open sidebar shows the company's logo and name (the theme's 侧边栏 Logo), right beside the navbar's. */
  besideSidebarBrand: boolean;
  onToggleSidebar(): void;
  onOpenTheme(): void;
}

export function Navbar({ sidebarOpen, besideSidebarBrand, onToggleSidebar, onOpenTheme }: Props) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: user } = useSessionUser();
  const allowed = useAllowedRoutes();
  const titled = useTitledRoute();
  const route = titled(routeOf(pathname));
  const group = MENU_GROUPS.find((g) => g.key === route?.group);

  const settingItems = ['/setting/setLogin', '/setting/CompanyFeedback', '/setting/CompanyQrCode']
    .map((path) => routeOf(path))
    .filter((r) => r && allowed(r) === true)
    .map((r) => ({ key: r!.path, label: r!.title }));

  // SPEC §2: the 缴费管理 dropdown calls 购买功能项 单购功能项; the rest go by their page titles.
  const paymentItems = [
    '/selectResume/chooseAResumePackage',
    '/setting/selectResumeFunction',
    '/order/OrderOperateHistorylist',
    '/order/OrderPayLoglist',
    '/setting/mealBuy',
  ]
    .map((path) => routeOf(path))
    .filter((r) => r !== undefined && allowed(r) === true)
    .map((r) => ({ key: r!.path, label: r!.path === '/setting/selectResumeFunction' ? '单购功能项' : r!.title }));
  const feeOrders = routeOf('/order/OmsOrderlist');
  const showFeeOrders = feeOrders !== undefined && allowed(feeOrders) === true;
  const poster = routeOf('/poster/poster');
  const showPoster = poster !== undefined && allowed(poster) === true;
  const newsPage = routeOf('/sysManage/introduceCms');
  const showNews = newsPage !== undefined && allowed(newsPage) === true;
  // 站内信's unread count: asked again every minute, and after reading or sending (message-api invalidates it).
  // A failed ask (the session ended: its dialog has been shown) stops the polling until the count is asked for again.
  const unread =
    useEndpointQuery(unreadMessageCount, {}, { silent: true, refetchInterval: (query) => (query.state.status === 'error' ? false : UNREAD_REFETCH_MS) })
      .data?.count ?? 0;

  const signOut = useSignOut();

  return (
    <div className={besideSidebarBrand ? 'navbar navbar-beside-brand' : 'navbar'}>
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
        <Button type="text" title="帮助中心" icon={<QuestionCircleOutlined aria-hidden />} onClick={() => navigate('/help/help')}>
          <span className="navbar-label">帮助中心</span>
        </Button>
        {showNews && (
          <Button type="text" title="新闻发布" icon={<ReadOutlined aria-hidden />} onClick={() => navigate('/sysManage/introduceCms')}>
            <span className="navbar-label">新闻发布</span>
          </Button>
        )}
        {paymentItems.length > 0 && (
          <Dropdown trigger={['click']} menu={{ 'aria-label': '缴费管理菜单', items: paymentItems, onClick: ({ key }) => navigate(key) }}>
            <Button type="text" aria-label="缴费管理" title="缴费管理" icon={<AccountBookOutlined aria-hidden />}>
              <span className="navbar-label">缴费管理</span> <DownOutlined />
            </Button>
          </Dropdown>
        )}
        {showPoster && (
          <Button type="text" title="推广海报" icon={<PictureOutlined aria-hidden />} onClick={() => navigate('/poster/poster')}>
            <span className="navbar-label">推广海报</span>
          </Button>
        )}
        {showFeeOrders && (
          <Button type="text" title="考务费管理" icon={<PayCircleOutlined aria-hidden />} onClick={() => navigate('/order/OmsOrderlist')}>
            <span className="navbar-label">考务费管理</span>
          </Button>
        )}
        {settingItems.length > 0 && (
          <Dropdown trigger={['click']} menu={{ 'aria-label': '设置菜单', items: settingItems, onClick: ({ key }) => navigate(key) }}>
            <Button type="text" aria-label="设置" title="设置" icon={<SettingOutlined aria-hidden />}>
              <span className="navbar-label">设置</span> <DownOutlined />
            </Button>
          </Dropdown>
        )}
        <JobsButton />
        <Button
          type="text"
          aria-label={unread > 0 ? `站内信 ${unread} 条未读` : '站内信'}
          icon={
            <Badge count={unread} size="small" offset={[4, -2]}>
              <MailOutlined aria-hidden />
            </Badge>
          }
          onClick={() => navigate('/manage/userMessage')}
        >
          <span className="navbar-label">站内信</span>
        </Button>
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
