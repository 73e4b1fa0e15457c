import { type BonusGrantRow, type BonusSettingsView, exportBonusGrantList } from '@zhaokao/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { ExportButton } from '../../../components/ExportButton';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { PostFilter } from '../../../components/PlanFilters';
import { lazyModal } from '../../../components/lazy-modal';
import { actionsColumn, widthOf } from '../../../lib/columns';
import { formatTime } from '../../../lib/time';
import { BONUS_STATES, type BonusState, useBonusGrantList } from '../api/get-bonus-grants';
import { STATE_WORDS } from './bonus-words';

const GrantModal = lazyModal(() => import('./GrantModal').then((m) => m.GrantModal));
const RevokeModal = lazyModal(() => import('./RevokeModal').then((m) => m.RevokeModal));

/**
 * 加分名单: the plan's grants (in force first), filtered by post, state and keyword in the address, server-paged;
 * 登记加分, 撤销 per grant in force, 导出 Excel.
 */
export function BonusGrantList({ planId, settings }: { planId: number; settings: BonusSettingsView }) {
  const { filters, bind, tableProps } = useBonusGrantList();
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<BonusGrantRow>();
  const noCategories = settings.categories.length === 0;

  const columns = [
    { title: '岗位', dataIndex: 'jobVacancy', width: 130, ellipsis: true },
    { title: '姓名', dataIndex: 'realName', width: 84 },
    { title: '身份证号码', dataIndex: 'identityNo', width: 176 },
    { title: '加分项目', dataIndex: 'categoryName', width: 120, ellipsis: true },
    { title: '分值', dataIndex: 'points', width: 64, align: 'right' as const },
    { title: '核验情况', dataIndex: 'proofNote', width: 180, ellipsis: { showTitle: true } },
    {
      title: '登记人 / 时间',
      key: 'granted',
      width: 150,
      render: (_: unknown, r: BonusGrantRow) => (
        <>
          {r.grantedBy}
          <br />
          <Typography.Text type="secondary">{formatTime(r.grantedAt)}</Typography.Text>
        </>
      ),
    },
    {
      title: '状态',
      key: 'state',
      width: 160,
      render: (_: unknown, r: BonusGrantRow) =>
        r.revokedAt === null ? (
          <Tag color="success">{STATE_WORDS.active}</Tag>
        ) : (
          <>
            <Tag>{STATE_WORDS.revoked}</Tag>
            <Tooltip title={`${r.revokedBy ?? ''} ${formatTime(r.revokedAt)}`}>
              <Typography.Text type="secondary" ellipsis style={{ display: 'block', maxWidth: 140 }}>
                原因：{r.revokeReason || '—'}
              </Typography.Text>
            </Tooltip>
          </>
        ),
    },
    ...actionsColumn(true, {
      width: 72,
      render: (r: BonusGrantRow) =>
        r.revokedAt === null ? (
          <ActionLink type="danger" aria-label={`撤销加分：${r.realName} ${r.categoryName}`} onClick={() => setRevoking(r)}>
            撤销
          </ActionLink>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    }),
  ];

  return (
    <Card type="inner" title="加分名单">
      <Space wrap style={{ marginBottom: 12 }}>
        <PostFilter label="岗位" planId={planId} {...bind('recruitmentId')} />
        <SelectFilter<BonusState>
          label="状态"
          placeholder="全部状态"
          width={120}
          {...bind('state')}
          options={BONUS_STATES.map((s) => ({ label: STATE_WORDS[s], value: s }))}
        />
        <SearchFilter label="搜索考生" placeholder="姓名或身份证号码" width={220} maxLength={30} {...bind('keyword')} />
        <Tooltip title={noCategories ? '请先在加分设置中添加加分项目' : undefined}>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} disabled={noCategories} onClick={() => setGranting(true)}>
            登记加分
          </Button>
        </Tooltip>
        <ExportButton
          endpoint={exportBonusGrantList}
          input={{ planId, recruitmentId: filters.recruitmentId, state: filters.state, keyword: filters.keyword }}
          fileName="加分人员名单.xlsx"
          total={tableProps.pagination.total}
          label="导出 Excel"
        />
      </Space>
      <DataTable<BonusGrantRow> {...tableProps} size="middle" scroll={{ x: widthOf(columns) }} locale={{ emptyText: '暂无加分记录' }} columns={columns} />
      {granting && <GrantModal planId={planId} settings={settings} onClose={() => setGranting(false)} />}
      {revoking && <RevokeModal row={revoking} onClose={() => setRevoking(undefined)} />}
    </Card>
  );
}
