import {
  EXAM_STAGES, type ExamApplicationRow, type ExamStage, STAGE_STATUSES, examApplicationList,
  exportExamApplicationList, statusesFromStage,
} from '@zhaokao/contracts';
import { Card, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionLink } from '../../../../components/ActionLink';
import { DataTable } from '../../../../components/DataTable';
import { ExportButton } from '../../../../components/ExportButton';
import { SearchFilter, SelectFilter } from '../../../../components/ListFilters';
import { NoPlans, PlanPostFilters, usePlanPagedList } from '../../../../components/PlanSelect';
import { StatusTag } from '../../../../components/StatusTag';
import { lazyModal } from '../../../../components/lazy-modal';
import { actionsColumn } from '../../../../lib/columns';
import { useDictLabel } from '../../../../lib/dict';
import { planHas } from '../../../../lib/plan-choice';

const ApplicationDetailModal = lazyModal(() =>
  import('../../../../components/application-detail/ApplicationDetailModal').then((m) => m.ApplicationDetailModal),
);

/** 笔试工作 (stage 2) and 面试工作 (stage 3): every application of the plan that reached the stage, with its ticket, seat and score. */
export function ExamWorkList({ stage }: { stage: ExamStage }) {
  const title = `${EXAM_STAGES[stage]}工作`;
  const list = usePlanPagedList(examApplicationList, {
    label: `${title}列表`,
    filters: { planId: 'id', recruitmentId: 'id', status: STAGE_STATUSES[stage], keyword: 'text' },
    // the list holds the applications that reached the stage, those of later stages too
    hasData: planHas.statuses(statusesFromStage(stage)),
    input: (chosen, page) => ({ ...chosen, type: stage, ...page }),
  });
  const { filters, bind, tableProps, planId } = list;
  const statusLabel = useDictLabel('candidate_app_status');
  const sexLabel = useDictLabel('sex');
  const [viewing, setViewing] = useState<number>();

  if (list.noPlans) return <NoPlans title={title} />;

  const statusChoices = STAGE_STATUSES[stage].map((s) => ({ label: statusLabel(s), value: s }));

  return (
    <Card title={title}>
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanPostFilters list={list} />
        <SelectFilter label="报名状态" placeholder="全部状态" width={170} {...bind('status')} options={statusChoices} />
        <SearchFilter label="搜索考生" placeholder="姓名、身份证号码、手机号码或准考证号" width={300} maxLength={30} {...bind('keyword')} />
        <ExportButton
          endpoint={exportExamApplicationList}
          input={planId === undefined ? undefined : { ...filters, planId, type: stage }}
          fileName={`${title}.xlsx`}
          total={list.tableProps.pagination.total}
        />
      </Space>
      <DataTable<ExamApplicationRow>
        {...tableProps}
        size="middle"
        scroll={{ x: 1150 }}
        locale={{ emptyText: `暂无进入${EXAM_STAGES[stage]}环节的报名人员` }}
        columns={[
          { title: '姓名', dataIndex: 'realName', width: 80, fixed: 'left' },
          {
            title: '报考岗位',
            dataIndex: 'jobVacancy',
            width: 140,
            ellipsis: true,
            render: (v: string, r: ExamApplicationRow) => <Link to={`/writtenExamination/jobdetails?id=${r.recruitmentId}`}>{v}</Link>,
          },
          { title: '性别', dataIndex: 'sex', width: 50, render: (v: string) => sexLabel(v) },
          { title: '身份证号码', dataIndex: 'identityNo', width: 172 },
          { title: '手机号码', dataIndex: 'phone', width: 116 },
          { title: '状态', dataIndex: 'status', width: 140, render: (s: number) => <StatusTag status={s} /> },
          { title: '准考证号', dataIndex: 'ticketCode', width: 130, render: (v: string | null) => v ?? '—' },
          {
            title: '考场 / 座位',
            key: 'seat',
            width: 120,
            render: (_: unknown, r: ExamApplicationRow) => (r.roomName ? `${r.roomName}${r.seat === null ? '' : ` · ${r.seat} 号`}` : '—'),
          },
          {
            title: '成绩',
            key: 'score',
            width: 80,
            align: 'right',
            render: (_: unknown, r: ExamApplicationRow) =>
              r.absent ? <Tag color="red">缺考</Tag> : (r.score ?? <Typography.Text type="secondary">暂无</Typography.Text>),
          },
          { title: '排名', dataIndex: 'rank', width: 60, align: 'right', render: (v: number | null) => v ?? '—' },
          ...actionsColumn(true, {
            width: 64,
            render: (r: ExamApplicationRow) => (
              <ActionLink aria-label={`详情：${r.realName}`} onClick={() => setViewing(r.id)}>
                详情
              </ActionLink>
            ),
          }),
        ]}
      />
      {viewing !== undefined && <ApplicationDetailModal applicationId={viewing} mode={stage} onClose={() => setViewing(undefined)} />}
    </Card>
  );
}
