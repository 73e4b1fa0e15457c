import type { InterviewConflictRow, InterviewExaminerRow } from '@zhaokao/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../../components/DataTable';
import { DeleteLink } from '../../../components/DeleteLink';
import { PlanSelect, usePagePlan } from '../../../components/PlanSelect';
import { lazyModal } from '../../../components/lazy-modal';
import { formatTime } from '../../../lib/time';
import { useDeleteInterviewConflict } from '../api/delete-conflict';
import { useInterviewConflicts } from '../api/get-conflicts';
import { drawHasData } from '../api/get-draw-groups';

const ConflictFormModal = lazyModal(() => import('./ConflictFormModal').then((m) => m.ConflictFormModal));

/** 回避: an examiner's declared conflicts in a plan (chosen here, the latest plan at the interview first): list, 登记, 删除. */
export function ConflictModal({ examiner, onClose }: { examiner: InterviewExaminerRow; onClose(): void }) {
  const { defaultPlanId } = usePagePlan(drawHasData);
  const [chosen, setChosen] = useState<number>();
  const planId = chosen ?? defaultPlanId;
  const conflicts = useInterviewConflicts(planId, examiner.id);
  const remove = useDeleteInterviewConflict();
  const [adding, setAdding] = useState(false);

  const columns = [
    {
      title: '回避对象',
      key: 'target',
      width: 220,
      render: (_: unknown, r: InterviewConflictRow) =>
        r.kind === 'application' ? (
          <>
            <Tag>考生</Tag>
            {r.realName}
            <Typography.Text type="secondary">（{r.jobVacancy}）</Typography.Text>
          </>
        ) : (
          <>
            <Tag color="blue">岗位</Tag>
            {r.jobVacancy}
          </>
        ),
    },
    { title: '回避原因', dataIndex: 'reason', width: 200, ellipsis: { showTitle: true } },
    {
      title: '登记人 / 时间',
      key: 'created',
      width: 150,
      render: (_: unknown, r: InterviewConflictRow) => (
        <>
          {r.createdBy}
          <br />
          <Typography.Text type="secondary">{formatTime(r.createdAt)}</Typography.Text>
        </>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 70,
      render: (_: unknown, r: InterviewConflictRow) => (
        <DeleteLink title={`删除对“${r.kind === 'application' ? r.realName : r.jobVacancy}”的回避？`} onDelete={() => remove.mutateAsync({ id: r.id })} />
      ),
    },
  ];

  return (
    <Modal open title={`回避：${examiner.name}`} width={760} footer={null} onCancel={onClose} destroyOnHidden>
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanSelect value={planId} onChange={setChosen} />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} disabled={planId === undefined} onClick={() => setAdding(true)}>
          登记回避
        </Button>
      </Space>
      <DataTable<InterviewConflictRow>
        label="回避列表"
        rowKey="id"
        size="middle"
        loading={conflicts.isFetching}
        dataSource={conflicts.data}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: '该计划中没有登记回避' }}
        columns={columns}
      />
      {adding && planId !== undefined && <ConflictFormModal planId={planId} examiner={examiner} onClose={() => setAdding(false)} />}
    </Modal>
  );
}
