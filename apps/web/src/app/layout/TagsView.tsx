import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
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
  return (
    <div className="tags-view">
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
        tabBarExtraContent={
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
        }
      />
    </div>
  );
}
