import { APPLICATION_STATUSES, type ApplicationStatus, type AuditRow, type BatchPassResult, getCompanyRecruitmentAuditList } from '@zhaokao/contracts';
import { Button, Card, Empty, Popconfirm, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { actionsColumn } from '../../../lib/columns';
import { DataTable } from '../../../components/DataTable';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { succeeded } from '../../../lib/api-client';
import { useDict, useDictLabel } from '../../../lib/dict';
import { usePlanPosts } from '../../../lib/options';
import { usePagedList } from '../../../lib/use-paged-list';
import { useBatchPass } from '../api/examine-api';
import { PlanSelect, useNewestPlan } from '../../../components/PlanSelect';
import { StatusTag } from '../../../components/StatusTag';
import { WorkflowAlert } from '../components/WorkflowAlert';
import { lazyModal } from '../../../components/lazy-modal';

const ApplicationDetailModal = lazyModal(() => import('../../../components/application-detail/ApplicationDetailModal').then((m) => m.ApplicationDetailModal));
const BatchResultModal = lazyModal(() => import('../../../components/BatchResultModal').then((m) => m.BatchResultModal));

/** 报名资格审核 (type 1): every application of a plan, filtered and paged on the server; the user's tasks pass in a batch. */
export default function QualificationsPage() {
  const { newestPlanId, noPlans } = useNewestPlan();
  const { filters, setFilters, bind, tableProps } = usePagedList(getCompanyRecruitmentAuditList, {
    label: '报名资格审核列表',
    filters: { planId: 'id', recruitmentId: 'id', status: APPLICATION_STATUSES, realName: 'text', identityNo: 'text', phone: 'text' },
    defaultPageSize: 20,
    // Without a plan in the address, the newest plan; nothing until the plans are known.
    input: (chosen, page) => {
      const planId = chosen.planId ?? newestPlanId;
      return planId === undefined ? undefined : { ...chosen, planId, type: 1, ...page };
    },
    showTotal: (n) => `共 ${n} 人`,
    showQuickJumper: true,
  });
  const planId = filters.planId ?? newestPlanId;
  const { data: posts } = usePlanPosts(planId);
  const { data: statuses } = useDict('candidate_app_status');
  const sexLabel = useDictLabel('sex');
  const batchPass = useBatchPass();
  const [selected, setSelected] = useState<number[]>([]);
  const [result, setResult] = useState<BatchPassResult>();
  const [viewing, setViewing] = useState<number>();

  const postChoices = (posts ?? []).map((p) => ({ label: p.jobVacancy, value: p.recruitmentId }));
  const statusChoices = (statuses ?? []).map((s) => ({ label: s.label, value: Number(s.value) as ApplicationStatus }));

  const passSelected = async () => {
    let answer: BatchPassResult | undefined;
    const ok = await succeeded(batchPass.mutateAsync({ ids: selected }).then((r) => (answer = r)));
    if (!ok || !answer) return;
    setSelected([]);
    setResult(answer);
  };

  if (noPlans) {
    return (
      <Card title="报名资格审核">
        <Empty description="还没有招录计划" />
      </Card>
    );
  }

  return (
    <Card title="报名资格审核">
      <WorkflowAlert planId={planId} />
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanSelect
          value={planId}
          onChange={(id) => {
            setSelected([]);
            setFilters({ planId: id, recruitmentId: undefined });
          }}
        />
        <SelectFilter label="报考岗位" placeholder="全部岗位" width={170} search {...bind('recruitmentId')} options={postChoices} />
        <SelectFilter label="报名状态" placeholder="全部状态" width={180} {...bind('status')} options={statusChoices} />
        <SearchFilter label="姓名" placeholder="姓名" width={130} maxLength={30} {...bind('realName')} />
        <SearchFilter label="身份证号码" placeholder="身份证号码" width={190} maxLength={18} {...bind('identityNo')} />
        <SearchFilter label="手机号码" placeholder="手机号码" width={150} maxLength={11} {...bind('phone')} />
      </Space>
      <Space wrap style={{ marginBottom: 12 }}>
        <Popconfirm
          title={`确定通过选中的 ${selected.length} 人？`}
          description="每人通过其当前由您审核的一项工作"
          okText="通过"
          cancelText="取消"
          disabled={selected.length === 0}
          onConfirm={passSelected}
        >
          <Button type="primary" disabled={selected.length === 0} loading={batchPass.isPending}>
            批量通过{selected.length > 0 ? `（${selected.length}）` : ''}
          </Button>
        </Popconfirm>
        <Typography.Text type="secondary">只能勾选当前轮到您审核的报名人员</Typography.Text>
      </Space>
      <DataTable<AuditRow>
        {...tableProps}
        size="middle"
        scroll={{ x: 1140 }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (row) => ({ disabled: row.myTaskId === null, 'aria-label': `选择${row.realName}` }),
        }}
        columns={[
          { title: '姓名', dataIndex: 'realName', width: 90, fixed: 'left' },
          { title: '性别', dataIndex: 'sex', width: 56, render: (v: string) => sexLabel(v) },
          { title: '身份证号码', dataIndex: 'identityNo', width: 176 },
          { title: '手机号码', dataIndex: 'phone', width: 120 },
          { title: '报考岗位', dataIndex: 'jobVacancy', ellipsis: true },
          { title: '学历', dataIndex: 'education', width: 86, render: (v: string) => v || '—' },
          { title: '状态', dataIndex: 'status', width: 170, render: (s: number) => <StatusTag status={s} /> },
          { title: '当前环节', dataIndex: 'currentWorkItem', width: 90, render: (v: string) => v || '—' },
          { title: '报名时间', dataIndex: 'createdAt', width: 140, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
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
      {viewing !== undefined && <ApplicationDetailModal applicationId={viewing} onClose={() => setViewing(undefined)} />}
      {result && <BatchResultModal title="批量通过结果" verb="通过" done={result.passed} refused={result.refused} onClose={() => setResult(undefined)} />}
    </Card>
  );
}
