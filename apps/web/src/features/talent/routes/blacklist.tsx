import { type BlacklistRow, blacklistList } from '@zhaokao/contracts';
import { Card, Popconfirm, Space, Typography } from 'antd';
import { formatTime } from '../../../lib/time';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { SearchFilter } from '../../../components/ListFilters';
import { lazyModal } from '../../../components/lazy-modal';
import { announce } from '../../../lib/api-client';
import { actionsColumn } from '../../../lib/columns';
import { useDictLabel } from '../../../lib/dict';
import { useHasPermission } from '../../../lib/session';
import { usePagedList } from '../../../lib/use-paged-list';
import { useRemoveBlacklist } from '../api/talent-api';

const TalentResumeModal = lazyModal(() => import('../components/TalentResumeModal').then((m) => m.TalentResumeModal));

/** 黑名单: the talents who may not apply to the company's posts, with why and by whom. */
export default function BlacklistPage() {
  const { bind, tableProps } = usePagedList(blacklistList, {
    label: '黑名单列表',
    filters: { keyword: 'text' },
    input: (f, page) => ({ keyword: f.keyword ?? '', ...page }),
    showTotal: (n) => `共 ${n} 人`,
  });
  const sexLabel = useDictLabel('sex');
  const remove = useRemoveBlacklist();
  const canManage = useHasPermission(['talent:manage']);
  const [viewing, setViewing] = useState<number>();

  return (
    <Card title="黑名单" className="page-card">
      <Typography.Paragraph type="secondary">
        黑名单中的人才不能报名本单位的岗位。可在“应聘人才库”中把人才加入黑名单。
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <SearchFilter label="搜索黑名单" placeholder="姓名" width={220} maxLength={30} {...bind('keyword')} />
      </Space>
      <DataTable<BlacklistRow>
        {...tableProps}
        rowKey="talentId"
        scroll={{ x: 960 }}
        locale={{ emptyText: '黑名单中还没有人' }}
        columns={[
          {
            title: '姓名',
            dataIndex: 'realName',
            width: 110,
            fixed: 'left',
            render: (name: string, row) => <ActionLink onClick={() => setViewing(row.talentId)}>{name}</ActionLink>,
          },
          { title: '性别', dataIndex: 'sex', width: 70, render: (v: string) => sexLabel(v) || '—' },
          { title: '手机号', dataIndex: 'phone', width: 130, render: (v: string) => v || '—' },
          { title: '拉黑原因', dataIndex: 'reason', ellipsis: true },
          { title: '操作人', dataIndex: 'createdByName', width: 100, render: (v: string) => v || '—' },
          { title: '拉黑时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
          ...actionsColumn<BlacklistRow>(canManage, {
            width: 110,
            render: (row) => (
              <Popconfirm
                title={`把“${row.realName}”移出黑名单？`}
                description="移出后该人才可以再报名本单位的岗位。"
                okText="移出"
                onConfirm={() => announce(remove.mutateAsync({ id: row.talentId }), '已移出黑名单')}
              >
                <ActionLink aria-label={`移出黑名单：${row.realName}`}>移出黑名单</ActionLink>
              </Popconfirm>
            ),
          }),
        ]}
      />
      {viewing !== undefined && <TalentResumeModal talentId={viewing} onClose={() => setViewing(undefined)} />}
    </Card>
  );
}
