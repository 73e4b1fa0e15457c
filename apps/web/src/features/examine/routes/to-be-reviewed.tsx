import { REVIEW_EXPORT_SHEET_CHOICES, type WaitAuditRow, exportWaitAuditList, recruitmentWaitAuditList } from '@zhaokao/contracts';
import { Card, Space, Tag, Typography } from 'antd';
import { formatTime } from '../../../lib/time';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { actionsColumn } from '../../../lib/columns';
import { DataTable } from '../../../components/DataTable';
import { ExportButton } from '../../../components/ExportButton';
import { SearchFilter } from '../../../components/ListFilters';
import { usePagedList } from '../../../lib/use-paged-list';
import { useSelectableTableArea } from '../../../lib/use-selectable-table-area';
import { listSequence } from '../../../components/application-detail/detail-api';
import { BatchPassBar, batchRowSelection, useBatchSelection } from '../components/BatchPassBar';
import { PlanSelect } from '../../../components/PlanSelect';
import { StatusTag } from '../../../components/StatusTag';
import { lazyModal } from '../../../components/lazy-modal';

const ApplicationDetailModal = lazyModal(() => import('../../../components/application-detail/ApplicationDetailModal').then((m) => m.ApplicationDetailModal));

/** 待审核: the sign-up tasks assigned to the user that can be decided now, oldest application first. */
export default function ToBeReviewedPage() {
  const { filters, bind, tableProps } = usePagedList(recruitmentWaitAuditList, {
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
  const tableArea = useSelectableTableArea();
  // Every row is the user's to decide: "all pages" is the list itself, and 下一位 goes down it.
  const selection = useBatchSelection(filters);
  const sequence = listSequence(
    recruitmentWaitAuditList,
    (afterId) => ({ ...filters, type: 1, afterId, pageNum: 1, pageSize: 1 }),
    (page) => page.list[0]?.applicationId,
  );

  return (
    <Card title="待审核">
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanSelect allowEmpty value={plan.value} onChange={plan.onChange} />
        <SearchFilter label="搜索报名人员" placeholder="姓名、身份证号或手机号" width={260} maxLength={30} {...bind('keyword')} />
        <ExportButton endpoint={exportWaitAuditList} input={{ ...filters, type: 1 }} fileName="待审核.xlsx" sheets={REVIEW_EXPORT_SHEET_CHOICES} total={tableProps.pagination.total} />
      </Space>
      <Typography.Paragraph type="secondary">这里列出轮到您审核的报名人员：前面的审核环节都已通过，由您办理当前环节。</Typography.Paragraph>
      <BatchPassBar selection={selection} />
      <div ref={tableArea}>
        <DataTable<WaitAuditRow>
          {...tableProps}
          rowKey="applicationId"
          size="middle"
          scroll={{ x: 1140 }}
          locale={{ emptyText: '暂无待审核的报名人员' }}
          rowSelection={batchRowSelection(selection, tableProps.dataSource, {
            key: (row) => row.applicationId,
            canPass: () => true,
            name: (row) => row.realName,
          })}
          columns={[
            { title: '姓名', dataIndex: 'realName', width: 90, fixed: 'left' },
            { title: '审核环节', dataIndex: 'workItem', width: 90, render: (v: string) => <Tag color="processing">{v}</Tag> },
            { title: '身份证号码', dataIndex: 'identityNo', width: 176 },
            { title: '手机号码', dataIndex: 'phone', width: 120 },
            { title: '招录计划', dataIndex: 'planName', ellipsis: true },
            { title: '报考岗位', dataIndex: 'jobVacancy', width: 140, ellipsis: true },
            { title: '状态', dataIndex: 'status', width: 110, render: (s: number) => <StatusTag status={s} /> },
            { title: '报名时间', dataIndex: 'createdAt', width: 140, render: (v: string) => formatTime(v) },
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
      </div>
      {viewing !== undefined && <ApplicationDetailModal applicationId={viewing} sequence={sequence} onClose={() => setViewing(undefined)} />}
    </Card>
  );
}
