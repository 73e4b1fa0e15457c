import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useEffect, useRef } from 'react';
import type { VisitedTab } from './use-tabs';

interface Props {
  tabs: VisitedTab[];
  currentPath: string | undefined;
  onSelect(tab: VisitedTab): void;
  onClose(path: string): void;
  onCloseOthers(): void;
  onCloseAll(): void;
  onRefresh(): void;
}

export function TagsView({ tabs, currentPath, onSelect, onClose, onCloseOthers, onCloseAll, onRefresh }: Props) {
  const current = tabs.find((t) => t.path === currentPath);
  const bar = useRef<HTMLDivElement>(null);
  // A tab list may hold only tabs (WAI-ARIA), but antd puts each tab's × button, and the ⋯ button for tabs that do
  // not fit, in it. Both stay for the mouse; the keyboard reaches every tab with the arrow keys and closes the
  // focused one with Delete or Backspace (antd's own keys), so the buttons leave the accessibility tree and the
  // tab order.
  useEffect(() => {
    for (const button of bar.current?.querySelectorAll('.ant-tabs-tab-remove, .ant-tabs-nav-more') ?? []) {
      button.setAttribute('aria-hidden', 'true');
      button.setAttribute('tabindex', '-1');
    }
  });
  return (
    <div className="tags-view" ref={bar}>
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        locale={{ removeAriaLabel: '关闭标签' }}
        activeKey={currentPath}
        onChange={(key) => {
          const tab = tabs.find((t) => t.path === key);
          if (tab) onSelect(tab);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') onClose(key);
        }}
        items={tabs.map((t) => ({ key: t.path, label: t.title, closable: !t.affix }))}
      />
      {/* Beside the tabs, not in antd's tabBarExtraContent: a tab list may hold only tabs (WAI-ARIA). */}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'refresh', label: '刷新', onClick: onRefresh },
            { key: 'close', label: '关闭', disabled: !current || current.affix, onClick: () => current && onClose(current.path) },
            { key: 'others', label: '关闭其他', onClick: onCloseOthers },
            { key: 'all', label: '关闭所有', onClick: onCloseAll },
          ],
        }}
      >
        <Button size="small" type="text" aria-label="标签操作">
          标签操作 <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
