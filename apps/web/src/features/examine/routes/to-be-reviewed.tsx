import { type WaitAuditRow, recruitmentWaitAuditList } from '@zhaokao/contracts';
import { Card, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { actionsColumn } from '../../../lib/columns';
import { DataTable } from '../../../components/DataTable';
import { SearchFilter } from '../../../components/ListFilters';
import { usePagedList } from '../../../lib/use-paged-list';
import { PlanSelect } from '../../../components/PlanSelect';
import { StatusTag } from '../../../components/StatusTag';
import { lazyModal } from '../../../components/lazy-modal';

const ApplicationDetailModal = lazyModal(() => import('../../../components/application-detail/ApplicationDetailModal').then((m) => m.ApplicationDetailModal));

/** 待审核: the sign-up tasks assigned to the user that can be decided now, oldest application first. */
export default function ToBeReviewedPage() {
  const { bind, tableProps } = usePagedList(recruitmentWaitAuditList, {
    label: '待审核列表',
    filters: { planId: 'id', keyword: 'text' },
    defaultPageSize: 20,
    input: (chosen, page) => ({ ...chosen, type: 1, ...page }),
    showTotal: (n) => `共 ${n} 项待审核`,
    // Tasks become actionable when a colleague decides the item before them.
    refetchOnMount: 'always',
  });
  const [viewing, setViewing] = useState<number>();
  const plan = bind('planId');

  return (
    <Card title="待审核">
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanSelect allowEmpty value={plan.value} onChange={plan.onChange} />
        <SearchFilter label="搜索报名人员" placeholder="姓名、身份证号或手机号" width={260} maxLength={30} {...bind('keyword')} />
      </Space>
      <Typography.Paragraph type="secondary">这里列出轮到您审核的报名人员：前面的审核环节都已通过，由您办理当前环节。</Typography.Paragraph>
      <DataTable<WaitAuditRow>
        {...tableProps}
        rowKey="taskId"
        size="middle"
        scroll={{ x: 1140 }}
        locale={{ emptyText: '暂无待审核的报名人员' }}
        columns={[
          { title: '姓名', dataIndex: 'realName', width: 90, fixed: 'left' },
          { title: '审核环节', dataIndex: 'workItem', width: 90, render: (v: string) => <Tag color="processing">{v}</Tag> },
          { title: '身份证号码', dataIndex: 'identityNo', width: 176 },
          { title: '手机号码', dataIndex: 'phone', width: 120 },
          { title: '招录计划', dataIndex: 'planName', ellipsis: true },
          { title: '报考岗位', dataIndex: 'jobVacancy', width: 140, ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 110, render: (s: number) => <StatusTag status={s} /> },
          { title: '报名时间', dataIndex: 'createdAt', width: 140, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          ...actionsColumn(true, {
            width: 64,
            render: (row: WaitAuditRow) => (
              <ActionLink aria-label={`审核：${row.realName}`} onClick={() => setViewing(row.applicationId)}>
                审核
              </ActionLink>
            ),
          }),
        ]}
      />
      {viewing !== undefined && <ApplicationDetailModal applicationId={viewing} onClose={() => setViewing(undefined)} />}
    </Card>
  );
}
