import {
  PLAN_STATUSES, PLAN_STATUS_LABELS, PLAN_STATUS_NEXT, type PlanRow, type PlanStatus, closeSignUpQuestion,
  formatYuan, planList,
} from '@zhaokao/contracts';
import { Card, Popconfirm, Space, Tag, Typography } from 'antd';
import { DataTable } from '../../../components/DataTable';
import { useState } from 'react';
import { DeleteLink } from '../../../components/DeleteLink';
import { AddButton } from '../../../components/AddButton';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { announce } from '../../../lib/api-client';
import { useHasPermission } from '../../../lib/session';
import { actionsColumn } from '../../../lib/columns';
import { usePagedList } from '../../../lib/use-paged-list';
import { useClosePlanSignUp, useDeletePlan, useSetPlanStatus } from '../api/plan-api';
import { lazyModal } from '../../../components/lazy-modal';
import { ActionLink } from '../../../components/ActionLink';

const PlanFormModal = lazyModal(() => import('../components/PlanFormModal').then((m) => m.PlanFormModal));

const STATUS_OPTIONS = PLAN_STATUSES.map((s) => ({ label: PLAN_STATUS_LABELS[s], value: s }));
const STATUS_COLORS: Record<PlanStatus, string | undefined> = { draft: undefined, published: 'green', closed: 'default' };

/** An exam's cell: its time, and beneath it its place. */
const examCell = (time: string, place: string) => (
  <>
    <div>{time}</div>
    <Typography.Text type="secondary">{place || '地点待定'}</Typography.Text>
  </>
);

/** The list offers the moves of the contracts' table, except back to draft (left to the API, while nobody has applied). */
function moveText(row: PlanRow, to: PlanStatus) {
  if (to === 'closed') return { action: '结束', question: `结束“${row.name}”？结束后不能再添加岗位。` };
  const action = row.status === 'draft' ? '发布' : '重新发布';
  return { action, question: `${action}“${row.name}”？` };
}

export default function PlanListPage() {
  const { bind, tableProps } = usePagedList(planList, {
    label: '招录计划列表',
    filters: { keyword: 'text', status: PLAN_STATUSES },
    showTotal: (total) => `共 ${total} 个计划`,
    // Post and application counts change on other pages.
    refetchOnMount: 'always',
  });
  const canEdit = useHasPermission(['plan:edit']);
  const setStatus = useSetPlanStatus();
  const remove = useDeletePlan();
  const closeSignUp = useClosePlanSignUp();
  const [editing, setEditing] = useState<PlanRow | null | undefined>(undefined);

  const changeStatus = (row: PlanRow, status: PlanStatus) => announce(setStatus.mutateAsync({ id: row.id, status }));

  return (
    <Card title={canEdit ? '添加招录计划' : '招录计划'}>
      <Space wrap style={{ marginBottom: 12 }}>
        <SearchFilter label="搜索招录计划" placeholder="计划名称" width={220} {...bind('keyword')} />
        <SelectFilter label="按状态筛选" placeholder="全部状态" width={140} {...bind('status')} options={STATUS_OPTIONS} />
        <AddButton anyOf={['plan:edit']} onClick={() => setEditing(null)}>添加招录计划</AddButton>
      </Space>
      {/* Fits 1440 px beside the sidebar (the name wraps, never cut); narrower windows scroll sideways. */}
      <DataTable<PlanRow> {...tableProps} size="middle" scroll={{ x: 1108 }} columns={[
          {
            title: '计划名称',
            dataIndex: 'name',
            width: 190,
            fixed: 'left',
            render: (name: string, r: PlanRow) => (
              <>
                <div>{name}</div>
                <Tag color={STATUS_COLORS[r.status]}>{PLAN_STATUS_LABELS[r.status]}</Tag>
              </>
            ),
          },
          {
            title: '报名时间',
            key: 'signUp',
            width: 150,
            render: (_: unknown, r: PlanRow) => (
              <>
                <div>{r.signUpStartDate}</div>
                <div>至 {r.signUpEndDate}</div>
                {r.signUpClosed && (
                  <Typography.Text type="secondary">
                    已关闭报名（{r.signUpClosed.closedBy}，{r.signUpClosed.closedAt}）
                  </Typography.Text>
                )}
              </>
            ),
          },
          { title: '笔试', key: 'written', width: 140, render: (_: unknown, r: PlanRow) => examCell(r.writtenStartDate, r.writtenExamAddress) },
          { title: '面试', key: 'interview', width: 140, render: (_: unknown, r: PlanRow) => examCell(r.auditionStartDate, r.auditionExamAddress) },
          {
            title: '成绩规则',
            key: 'marks',
            width: 150,
            render: (_: unknown, r: PlanRow) => (
              <>
                <div>满分 {r.writtenFullMarks} / {r.auditionFullMarks}</div>
                <div>笔试权重 {r.compositeWeight}</div>
                <div>面试比例 1 : {r.interviewEntryRatio}</div>
              </>
            ),
          },
          { title: '报名费', dataIndex: 'registrationFee', width: 80, render: (v: number) => formatYuan(v) },
          { title: '岗位数', dataIndex: 'postCount', width: 64 },
          { title: '报名数', dataIndex: 'applicationCount', width: 64 },
          ...actionsColumn(canEdit, {
            width: 130,
            render: (row: PlanRow) => (
              <Space wrap size={[8, 0]}>
                <ActionLink onClick={() => setEditing(row)}>编辑</ActionLink>
                {PLAN_STATUS_NEXT[row.status]
                  .filter((to) => to !== 'draft')
                  .map((to) => {
                    const { action, question } = moveText(row, to);
                    return (
                      <Popconfirm key={to} title={question} okText={action} onConfirm={() => changeStatus(row, to)}>
                        <ActionLink>{action}</ActionLink>
                      </Popconfirm>
                    );
                  })}
                {row.status !== 'draft' && !row.signUpClosed && (
                  <Popconfirm
                    title={closeSignUpQuestion(row.name)}
                    okText="关闭报名"
                    onConfirm={() => announce(closeSignUp.mutateAsync({ id: row.id }))}
                  >
                    <ActionLink>关闭报名</ActionLink>
                  </Popconfirm>
                )}
                <DeleteLink title={`删除“${row.name}”？`} onDelete={() => remove.mutateAsync({ id: row.id })} />
              </Space>
            ),
          }),
        ]}
      />
      {editing !== undefined && (
        <PlanFormModal
          plan={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
}
