import {
  APPLICATION_STATUSES, type ApplicationStatus, type AuditRow, REVIEW_EXPORT_SHEET_CHOICES, exportAuditList,
  getCompanyRecruitmentAuditList,
} from '@zhaokao/contracts';
import { Card, Space } from 'antd';
import { formatTime } from '../../../lib/time';
import { planHas } from '../../../lib/plan-choice';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { actionsColumn } from '../../../lib/columns';
import { DataTable } from '../../../components/DataTable';
import { ExportButton } from '../../../components/ExportButton';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { useDict, useDictLabel } from '../../../lib/dict';
import { useSelectableTableArea } from '../../../lib/use-selectable-table-area';
import { listSequence } from '../../../components/application-detail/detail-api';
import { NoPlans, PlanPostFilters, usePlanPagedList } from '../../../components/PlanSelect';
import { StatusTag } from '../../../components/StatusTag';
import { BatchPassBar, batchRowSelection, useBatchSelection } from '../components/BatchPassBar';
import { WorkflowAlert } from '../components/WorkflowAlert';
import { lazyModal } from '../../../components/lazy-modal';

const ApplicationDetailModal = lazyModal(() => import('../../../components/application-detail/ApplicationDetailModal').then((m) => m.ApplicationDetailModal));

/** 报名资格审核 (type 1): every application of a plan, filtered and paged on the server; the user's tasks pass in a batch. */
export default function QualificationsPage() {
  const list = usePlanPagedList(getCompanyRecruitmentAuditList, {
    label: '报名资格审核列表',
    filters: { planId: 'id', recruitmentId: 'id', status: APPLICATION_STATUSES, realName: 'text', identityNo: 'text', phone: 'text' },
    hasData: planHas.applications,
    input: (chosen, page) => ({ ...chosen, type: 1, ...page }),
  });
  const { filters, bind, tableProps, planId } = list;
  const { data: statuses } = useDict('candidate_app_status');
  const sexLabel = useDictLabel('sex');
  const [viewing, setViewing] = useState<number>();
  const tableArea = useSelectableTableArea();
  // The list's filters as they are now: "all pages" of the batch pass, and 下一位 in the detail dialog.
  const listFilter = planId === undefined ? undefined : { ...filters, planId };
  const selection = useBatchSelection(listFilter);
  const sequence =
    listFilter &&
    listSequence(
      getCompanyRecruitmentAuditList,
      (afterId) => ({ ...listFilter, type: 1, afterId, pageNum: 1, pageSize: 1 }),
      (page) => page.list[0]?.id,
    );

  const statusChoices = (statuses ?? []).map((s) => ({ label: s.label, value: Number(s.value) as ApplicationStatus }));

  if (list.noPlans) return <NoPlans title="报名资格审核" />;

  return (
    <Card title="报名资格审核">
      <WorkflowAlert planId={planId} />
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanPostFilters list={list} onPlanChange={() => selection.setSelected([])} />
        <SelectFilter label="报名状态" placeholder="全部状态" width={180} {...bind('status')} options={statusChoices} />
        <SearchFilter label="姓名" placeholder="姓名" width={130} maxLength={30} {...bind('realName')} />
        <SearchFilter label="身份证号码" placeholder="身份证号码" width={190} maxLength={18} {...bind('identityNo')} />
        <SearchFilter label="手机号码" placeholder="手机号码" width={150} maxLength={11} {...bind('phone')} />
        <ExportButton
          endpoint={exportAuditList}
          input={planId === undefined ? undefined : { ...filters, planId, type: 1 }}
          fileName="报名资格审核.xlsx"
          total={tableProps.pagination.total}
          sheets={REVIEW_EXPORT_SHEET_CHOICES}
        />
      </Space>
      <BatchPassBar selection={selection} />
      <div ref={tableArea}>
        <DataTable<AuditRow>
          {...tableProps}
          size="middle"
          scroll={{ x: 1140 }}
          rowSelection={batchRowSelection(selection, tableProps.dataSource, {
            key: (row) => row.id,
            canPass: (row) => row.myTaskId !== null,
            name: (row) => row.realName,
          })}
          columns={[
            { title: '姓名', dataIndex: 'realName', width: 90, fixed: 'left' },
            { title: '性别', dataIndex: 'sex', width: 56, render: (v: string) => sexLabel(v) },
            { title: '身份证号码', dataIndex: 'identityNo', width: 176 },
            { title: '手机号码', dataIndex: 'phone', width: 120 },
            { title: '报考岗位', dataIndex: 'jobVacancy', ellipsis: true },
            { title: '学历', dataIndex: 'education', width: 86, render: (v: string) => v || '—' },
            { title: '状态', dataIndex: 'status', width: 170, render: (s: number) => <StatusTag status={s} /> },
            { title: '当前环节', dataIndex: 'currentWorkItem', width: 90, render: (v: string) => v || '—' },
            { title: '报名时间', dataIndex: 'createdAt', width: 140, render: (v: string) => formatTime(v) },
            ...actionsColumn(true, {
              width: 64,
              render: (row: AuditRow) => (
                <ActionLink aria-label={`${row.myTaskId === null ? '详情' : '审核'}：${row.realName}`} onClick={() => setViewing(row.id)}>
                  {row.myTaskId === null ? '详情' : '审核'}
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
