import { PLAN_STATUSES, PLAN_STATUS_LABELS, type PlanRow, type PlanStatus, formatYuan } from '@zhaokao/contracts';
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Permission } from '../../../components/Permission';
import { showSuccess } from '../../../lib/api-client';
import { useHasPermission } from '../../../lib/session';
import { useDeletePlan } from '../api/delete-plan';
import { usePlanList } from '../api/get-plan-list';
import { useSetPlanStatus } from '../api/set-plan-status';
import { PlanFormModal } from '../components/PlanFormModal';
import { DeleteLink } from '../../../components/DeleteLink';

const STATUS_COLORS: Record<PlanStatus, string | undefined> = { draft: undefined, published: 'green', closed: 'default' };

interface Filters {
  keyword: string;
  status?: PlanStatus;
}

export default function PlanListPage() {
  const [filters, setFilters] = useState<Filters>({ keyword: '' });
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = usePlanList({ ...filters, ...page });
  const canEdit = useHasPermission(['plan:edit']);
  const setStatus = useSetPlanStatus();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<PlanRow | null | undefined>(undefined);

  const filter = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    setPage({ ...page, pageNum: 1 });
  };
  const changeStatus = async (row: PlanRow, status: PlanStatus) => {
    const ok = await setStatus.mutateAsync({ id: row.id, status }).then(
      () => true,
      () => false,
    );
    if (ok) showSuccess();
  };

  return (
    <Card title="添加招录计划">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="计划名称"
          aria-label="搜索招录计划"
          maxLength={50}
          style={{ width: 220 }}
          onSearch={(keyword) => filter({ keyword: keyword.trim() })}
        />
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="按状态筛选"
          style={{ width: 140 }}
          options={PLAN_STATUSES.map((s) => ({ label: PLAN_STATUS_LABELS[s], value: s }))}
          onChange={(status?: PlanStatus) => filter({ status })}
        />
        <Permission anyOf={['plan:edit']}>
          <Button type="primary" onClick={() => setEditing(null)}>
            添加招录计划
          </Button>
        </Permission>
      </Space>
      <Table<PlanRow>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.list}
        scroll={{ x: 1280 }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 个计划`,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          { title: '计划名称', dataIndex: 'name', width: 200, fixed: 'left', ellipsis: true },
          {
            title: '报名时间',
            key: 'signUp',
            width: 170,
            render: (_: unknown, r: PlanRow) => (
              <>
                <div>{r.signUpStartDate}</div>
                <div>至 {r.signUpEndDate}</div>
              </>
            ),
          },
          {
            title: '笔试',
            key: 'written',
            width: 190,
            render: (_: unknown, r: PlanRow) => (
              <>
                <div>{r.writtenStartDate}</div>
                <Typography.Text type="secondary">{r.writtenExamAddress || '地点待定'}</Typography.Text>
              </>
            ),
          },
          {
            title: '面试',
            key: 'audition',
            width: 190,
            render: (_: unknown, r: PlanRow) => (
              <>
                <div>{r.auditionStartDate}</div>
                <Typography.Text type="secondary">{r.auditionExamAddress || '地点待定'}</Typography.Text>
              </>
            ),
          },
          {
            title: '满分（笔试/面试）',
            key: 'marks',
            width: 140,
            render: (_: unknown, r: PlanRow) => `${r.writtenFullMarks} / ${r.auditionFullMarks}`,
          },
          { title: '笔试权重', dataIndex: 'compositeWeight', width: 90 },
          { title: '面试比例', dataIndex: 'interviewEntryRatio', width: 90, render: (v: number) => `1 : ${v}` },
          { title: '报名费', dataIndex: 'registrationFee', width: 100, render: (v: number) => formatYuan(v) },
          { title: '岗位数', dataIndex: 'postCount', width: 80 },
          { title: '报名数', dataIndex: 'applicationCount', width: 80 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: PlanStatus) => <Tag color={STATUS_COLORS[s]}>{PLAN_STATUS_LABELS[s]}</Tag>,
          },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 180,
                  fixed: 'right' as const,
                  render: (_: unknown, row: PlanRow) => (
                    <Space>
                      <Typography.Link onClick={() => setEditing(row)}>编辑</Typography.Link>
                      {row.status === 'draft' && (
                        <Popconfirm title={`发布“${row.name}”？`} okText="发布" onConfirm={() => changeStatus(row, 'published')}>
                          <Typography.Link>发布</Typography.Link>
                        </Popconfirm>
                      )}
                      {row.status === 'published' && (
                        <Popconfirm title={`结束“${row.name}”？结束后不能再添加岗位。`} okText="结束" onConfirm={() => changeStatus(row, 'closed')}>
                          <Typography.Link>结束</Typography.Link>
                        </Popconfirm>
                      )}
                      {row.status === 'closed' && (
                        <Popconfirm title={`重新发布“${row.name}”？`} okText="重新发布" onConfirm={() => changeStatus(row, 'published')}>
                          <Typography.Link>重新发布</Typography.Link>
                        </Popconfirm>
                      )}
                      <DeleteLink title={`删除“${row.name}”？`} onDelete={() => remove.mutateAsync(row.id)} />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing !== undefined && (
        <PlanFormModal
          plan={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            showSuccess('保存成功');
          }}
        />
      )}
    </Card>
  );
}
