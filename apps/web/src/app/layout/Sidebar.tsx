import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MENU_GROUPS, routeOf } from '../routes';
import { Brand } from './Brand';
import { CurrentUnit } from './CurrentUnit';
import { useMenuRoutes } from './use-visible-routes';

export const SIDEBAR_WIDTH = 210;

export function Sidebar({ collapsed, showLogo, onNavigate }: { collapsed: boolean; showLogo: boolean; onNavigate?(): void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routes = useMenuRoutes();
  const currentGroup = routeOf(pathname)?.group;
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);
  const [shownGroup, setShownGroup] = useState(currentGroup);
  // Opening a page of another group opens that group (and, one at a time, closes the rest).
  if (currentGroup !== shownGroup) {
    setShownGroup(currentGroup);
    if (currentGroup) setOpenKeys([currentGroup]);
  }

  const items: MenuProps['items'] = [
    ...routes.filter((r) => !r.group).map((r) => ({ key: r.path, icon: r.icon, label: r.title })),
    ...MENU_GROUPS.map((g) => ({
      key: g.key,
      icon: g.icon,
      label: g.title,
      children: routes.filter((r) => r.group === g.key).map((r) => ({ key: r.path, label: r.title })),
    })).filter((g) => g.children.length > 0),
  ];

  return (
    <>
      {showLogo && <Brand collapsed={collapsed} light />}
      {!collapsed && <CurrentUnit />}
      <Menu
        aria-label="侧边菜单"
        theme="dark"
        mode="inline"
        inlineCollapsed={collapsed}
        selectedKeys={[pathname]}
        openKeys={collapsed ? undefined : openKeys}
        // SPEC §2: one group open at a time.
        onOpenChange={(keys) => setOpenKeys(keys.slice(-1))}
        items={items}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
      />
    </>
  );
}
