import type { BonusSettingsView } from '@zhaokao/contracts';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { lazyModal } from '../../../components/lazy-modal';
import { STACKING_OPTIONS } from './bonus-words';

const BonusSettingsModal = lazyModal(() => import('./BonusSettingsModal').then((m) => m.BonusSettingsModal));

/**
 * 加分设置 as they stand: the plan's cap, whether bonuses stack, and its categories with how many candidates hold each.
 * Plan managers change them in a dialog, whose form loads when first opened; the other reviewers read them here.
 */
export function BonusSettingsCard({ settings, canEdit }: { settings: BonusSettingsView; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const stacking = STACKING_OPTIONS.find((option) => option.value === settings.stacking)?.label;
  return (
    <Card
      type="inner"
      title="加分设置"
      style={{ marginBottom: 16 }}
      extra={canEdit && <Button onClick={() => setEditing(true)}>修改加分设置</Button>}
    >
      <Space orientation="vertical" size={8} style={{ display: 'flex' }}>
        <Typography.Text>加分上限：{settings.cap} 分（每名考生加分合计不超过此分值）</Typography.Text>
        <Typography.Text>是否累加：{stacking}</Typography.Text>
        <div>
          加分项目：
          {settings.categories.length === 0 ? (
            <Typography.Text type="secondary">尚未设置加分项目</Typography.Text>
          ) : (
            settings.categories.map((category) => (
              <Tag key={category.id}>
                {category.name} {category.points} 分 · {category.granted > 0 ? `${category.granted} 人在用` : '暂无考生'}
              </Tag>
            ))
          )}
        </div>
        {!canEdit && <Typography.Text type="secondary">加分设置由招录计划管理人员维护，您可查看。</Typography.Text>}
      </Space>
      {editing && <BonusSettingsModal settings={settings} onClose={() => setEditing(false)} />}
    </Card>
  );
}
