import { type ExamRatioRow, SIGN_UP_PASSED_STATUSES } from '@zhaokao/contracts';
import { Alert, Card, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { NoPlans, PlanSelect, usePagePlan } from '../../../components/PlanSelect';
import { lazyModal } from '../../../components/lazy-modal';
import { actionsColumn } from '../../../lib/columns';
import { planHas } from '../../../lib/plan-choice';
import { useHasPermission } from '../../../lib/session';
import { useUrlFilters } from '../../../lib/use-paged-list';
import { useExamRatioStatistics } from '../api/exam-api';
import { PostChanges } from '../components/statistics/PostChanges';

const PostAdjustModal = lazyModal(() => import('../components/statistics/PostAdjustModal').then((m) => m.PostAdjustModal));

const ratioText = (ratio: string) => (ratio === '—' ? '—' : `1 : ${ratio}`);
const changesOf = (r: ExamRatioRow) => <PostChanges changes={r.changes} />;

/** 报名通过人员统计 (finalJudgment): per post, places, sign-up passes and the 开考比例; posts below the plan's minimum flagged. */
export default function FinalJudgmentPage() {
  const { defaultPlanId, noPlans } = usePagePlan(planHas.statuses(SIGN_UP_PASSED_STATUSES));
  const { filters, setFilters } = useUrlFilters({ planId: 'id' });
  const planId = filters.planId ?? defaultPlanId;
  const { data, isFetching } = useExamRatioStatistics(planId);
  const planManager = useHasPermission(['plan:edit']);
  const [adjusting, setAdjusting] = useState<{ action: 'cancel' | 'reduce'; post: ExamRatioRow }>();

  if (noPlans) return <NoPlans title="报名通过人员统计" />;

  const rows = data?.rows ?? [];
  const canAdjust = planManager && data !== undefined && !data.ticketsIssued;
  const below = rows.filter((r) => r.belowMinimum && !r.cancelled).length;
  const active = rows.filter((r) => !r.cancelled);
  const totalRow =
    active.length > 0 ? (
      <Table.Summary.Row>
        <Table.Summary.Cell index={0} colSpan={3}>
          合计（不含已取消岗位）
        </Table.Summary.Cell>
        <Table.Summary.Cell index={3} align="right">
          {active.reduce((sum, r) => sum + r.places, 0)}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={4} align="right">
          {active.reduce((sum, r) => sum + r.passed, 0)}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={5} colSpan={canAdjust ? 4 : 3} />
      </Table.Summary.Row>
    ) : null;
  const summary = () => totalRow;

  return (
    <Card title="报名通过人员统计" extra={<PlanSelect value={planId} onChange={(id) => setFilters({ planId: id })} />}>
      {data && (
        <Alert
          type={below > 0 ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 12 }}
          title={
            <>
              计划最低开考比例 1 : {data.minExamRatio}：岗位报名通过人数须不少于 招录人数 × {data.minExamRatio}。
              {below > 0 ? ` 有 ${below} 个岗位未达开考比例。` : ' 各岗位均已达到开考比例。'}
            </>
          }
          description={
            data.ticketsIssued
              ? '本计划已发放笔试准考证，岗位不能再取消或核减招录人数。'
              : '未达开考比例的岗位，计划管理人员可以取消岗位，或核减招录人数（按核减后的人数计算开考比例）；笔试准考证发放后不能再调整。每次调整都留有记录。'
          }
        />
      )}
      <DataTable<ExamRatioRow>
        label="各岗位报名通过人数与开考比例"
        rowKey="recruitmentId"
        size="middle"
        bordered
        loading={isFetching}
        dataSource={data?.rows}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: '该计划还没有岗位' }}
        expandable={{
          rowExpandable: (r) => r.changes.length > 0,
          expandedRowRender: changesOf,
          columnWidth: 48,
        }}
        columns={[
          { title: '招录部门', dataIndex: 'departmentName', width: 140, ellipsis: true, render: (v: string) => v || '—' },
          { title: '岗位', dataIndex: 'jobVacancy', width: 180, ellipsis: true },
          { title: '招录人数', dataIndex: 'places', width: 90, align: 'right' },
          { title: '报名通过人数', dataIndex: 'passed', width: 110, align: 'right' },
          { title: '开考比例', dataIndex: 'ratio', width: 100, align: 'right', render: (v: string) => ratioText(v) },
          { title: '开考所需人数', dataIndex: 'required', width: 110, align: 'right' },
          {
            title: '状态',
            key: 'state',
            width: 170,
            render: (_: unknown, r: ExamRatioRow) => (
              <Space size={4} wrap>
                {r.cancelled ? <Tag>已取消</Tag> : r.belowMinimum ? <Tag color="red">未达开考比例</Tag> : <Tag color="green">达到开考比例</Tag>}
                {r.changes.length > 0 && <Typography.Text type="secondary">调整 {r.changes.length} 次</Typography.Text>}
              </Space>
            ),
          },
          ...actionsColumn(canAdjust, {
            width: 180,
            render: (r: ExamRatioRow) =>
              r.cancelled ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <Space size="middle">
                  <ActionLink aria-label={`取消岗位：${r.jobVacancy}`} onClick={() => setAdjusting({ action: 'cancel', post: r })}>
                    取消岗位
                  </ActionLink>
                  {r.places > 1 && (
                    <ActionLink aria-label={`核减招录人数：${r.jobVacancy}`} onClick={() => setAdjusting({ action: 'reduce', post: r })}>
                      核减招录人数
                    </ActionLink>
                  )}
                </Space>
              ),
          }),
        ]}
        summary={summary}
      />
      {adjusting && data && (
        <PostAdjustModal action={adjusting.action} post={adjusting.post} minExamRatio={data.minExamRatio} onClose={() => setAdjusting(undefined)} />
      )}
    </Card>
  );
}
