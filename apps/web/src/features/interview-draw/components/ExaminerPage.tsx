import { INTERVIEW_DRAW_PERMISSIONS, type InterviewExaminerRow } from '@zhaokao/contracts';
import { Card, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { AddButton } from '../../../components/AddButton';
import { DataTable } from '../../../components/DataTable';
import { DeleteLink } from '../../../components/DeleteLink';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { lazyModal } from '../../../components/lazy-modal';
import { announce } from '../../../lib/api-client';
import { widthOf } from '../../../lib/columns';
import { useUrlFilters } from '../../../lib/use-paged-list';
import { useDeleteInterviewExaminer } from '../api/delete-examiner';
import { EXAMINER_FILTERS, useInterviewExaminers } from '../api/get-examiners';
import { useSaveInterviewExaminer } from '../api/save-examiner';

const ExaminerFormModal = lazyModal(() => import('./ExaminerFormModal').then((m) => m.ExaminerFormModal));
const ConflictModal = lazyModal(() => import('./ConflictModal').then((m) => m.ConflictModal));

const ENABLED_OPTIONS = [
  { label: '启用', value: true },
  { label: '停用', value: false },
];

/**
 * 考官库 (DESIGN §5 "Fair-exam rules beyond SPEC"): the company's interview examiners, with their 招录部门 and the staff
 * account they score on the tablet with; 添加 / 编辑, 停用 / 启用, 删除 (one never drawn), and per examiner their
 * 回避 in a plan.
 */
export function ExaminerPage() {
  const { filters, bind } = useUrlFilters(EXAMINER_FILTERS);
  const examiners = useInterviewExaminers(filters);
  const save = useSaveInterviewExaminer();
  const remove = useDeleteInterviewExaminer();
  const [editing, setEditing] = useState<InterviewExaminerRow | null>();
  const [conflictsOf, setConflictsOf] = useState<InterviewExaminerRow>();

  const setEnabled = (r: InterviewExaminerRow, enabled: boolean) =>
    announce(
      save.mutateAsync({ id: r.id, name: r.name, departmentId: r.departmentId, staffUserId: r.staffUserId, remarks: r.remarks, enabled }),
      enabled ? '已启用' : '已停用',
    );

  const columns = [
    { title: '考官姓名', dataIndex: 'name', width: 110, fixed: 'left' as const },
    { title: '招录部门', dataIndex: 'departmentName', width: 140, render: (v: string) => v || '—' },
    {
      title: '平板登录账号',
      key: 'staff',
      width: 190,
      render: (_: unknown, r: InterviewExaminerRow) =>
        r.staffUserId === null ? (
          <Typography.Text type="secondary">未关联（由工作人员代录）</Typography.Text>
        ) : (
          <Space size={4} wrap>
            {r.staffUserName}
            {r.canScore ? (
              <Tag color="green">可平板评分</Tag>
            ) : (
              <Tooltip title="该账号已停用或没有成绩录入权限，其分数须由工作人员代录">
                <Tag color="orange">不能评分</Tag>
              </Tooltip>
            )}
          </Space>
        ),
    },
    { title: '备注', dataIndex: 'remarks', width: 180, ellipsis: { showTitle: true }, render: (v: string) => v || '—' },
    { title: '回避', dataIndex: 'conflictCount', width: 70, align: 'right' as const },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean) => (enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right' as const,
      render: (_: unknown, r: InterviewExaminerRow) => (
        <Space>
          <ActionLink aria-label={`编辑考官：${r.name}`} onClick={() => setEditing(r)}>
            编辑
          </ActionLink>
          <ActionLink aria-label={`回避：${r.name}`} onClick={() => setConflictsOf(r)}>
            回避
          </ActionLink>
          <Popconfirm
            title={r.enabled ? `停用考官“${r.name}”？停用后不参加以后的抽签。` : `启用考官“${r.name}”？`}
            okText={r.enabled ? '停用' : '启用'}
            okButtonProps={{ danger: r.enabled }}
            onConfirm={() => setEnabled(r, !r.enabled)}
          >
            <ActionLink type={r.enabled ? 'danger' : undefined}>{r.enabled ? '停用' : '启用'}</ActionLink>
          </Popconfirm>
          <DeleteLink title={`删除考官“${r.name}”？`} onDelete={() => remove.mutateAsync({ id: r.id })} />
        </Space>
      ),
    },
  ];

  return (
    <Card title="考官库">
      <Space wrap style={{ marginBottom: 12 }}>
        <SearchFilter label="搜索考官" placeholder="考官姓名" width={200} maxLength={30} {...bind('keyword')} />
        <SelectFilter label="按状态筛选" placeholder="全部状态" width={120} {...bind('enabled')} options={ENABLED_OPTIONS} />
        <AddButton anyOf={INTERVIEW_DRAW_PERMISSIONS} onClick={() => setEditing(null)}>
          添加考官
        </AddButton>
      </Space>
      <DataTable<InterviewExaminerRow>
        label="考官列表"
        rowKey="id"
        loading={examiners.isFetching}
        dataSource={examiners.data}
        pagination={false}
        scroll={{ x: widthOf(columns) }}
        locale={{ emptyText: '考官库中还没有考官' }}
        columns={columns}
      />
      {editing !== undefined && <ExaminerFormModal examiner={editing} onClose={() => setEditing(undefined)} />}
      {conflictsOf && <ConflictModal examiner={conflictsOf} onClose={() => setConflictsOf(undefined)} />}
    </Card>
  );
}
