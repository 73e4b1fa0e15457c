import { APPLICATION_STATUS as S, type ReviewerRow, SIGN_UP_REJECTED_STATUSES, STAGE_STATUSES, type StatisticsPostRow } from '@zhaokao/contracts';
import { Card, Col, Empty, Row, Statistic, Table } from 'antd';
import { useMemo } from 'react';
import { DataTable } from '../../../components/DataTable';
import { useDict } from '../../../lib/dict';
import { usePlanStatistics } from '../../../lib/options';
import { planHas } from '../../../lib/plan-choice';
import { useUrlFilters } from '../../../lib/use-paged-list';
import { useReviewerStatistics } from '../api/examine-api';
import { PlanSelect, usePagePlan } from '../../../components/PlanSelect';
import { type ChartSeries, StackedBarChart } from '../../../components/StackedBarChart';

const SIGN_UP_STATUSES = STAGE_STATUSES[1];
const STATUS_COLOURS: Record<number, string> = {
  [S.pending]: '#faad14',
  [S.inReview]: '#409eff',
  [S.rejectedCorrectable]: '#ff7a45',
  [S.rejected]: '#cf1322',
};
const PASSED_COLOUR = '#52c41a';

const countOf = (counts: Record<string, number>, status: number) => counts[String(status)] ?? 0;
/** Applications that have left the sign-up review forward: every status after it. */
const passedOf = (total: number, counts: Record<string, number>) =>
  total - SIGN_UP_STATUSES.reduce((sum, s) => sum + countOf(counts, s), 0);

/** 人数统计 (/examine): a plan's applications per post by sign-up status, and the sign-up tasks per reviewer. */
export default function NumberOfStatisticsPage() {
  const { defaultPlanId, noPlans } = usePagePlan(planHas.applications);
  const { filters, setFilters } = useUrlFilters({ planId: 'id' });
  const planId = filters.planId ?? defaultPlanId;
  const { data, isFetching } = usePlanStatistics(planId);
  const { data: reviewers, isFetching: reviewersFetching } = useReviewerStatistics(planId);
  const { data: statuses } = useDict('candidate_app_status');
  const statusLabel = useMemo(
    () => (status: number) => statuses?.find((e) => e.value === String(status))?.label ?? String(status),
    [statuses],
  );
  const posts = data?.posts;

  const postChart = useMemo(() => {
    if (!posts) return { categories: [], series: [] };
    const series: ChartSeries[] = [
      ...SIGN_UP_STATUSES.map((s) => ({ name: statusLabel(s), colour: STATUS_COLOURS[s]!, data: posts.map((p) => countOf(p.counts, s)) })),
      { name: '已通过', colour: PASSED_COLOUR, data: posts.map((p) => passedOf(p.total, p.counts)) },
    ];
    return { categories: posts.map((p) => p.jobVacancy), series };
  }, [posts, statusLabel]);

  const reviewerChart = useMemo(() => {
    const rows = reviewers ?? [];
    return {
      categories: rows.map((r) => `${r.workItem} · ${r.staffName}`),
      series: [
        { name: '待审核', colour: STATUS_COLOURS[S.pending]!, data: rows.map((r) => r.pending) },
        { name: '已通过', colour: PASSED_COLOUR, data: rows.map((r) => r.passed) },
        { name: '未通过', colour: STATUS_COLOURS[S.rejected]!, data: rows.map((r) => r.failed) },
      ],
    };
  }, [reviewers]);

  if (noPlans) {
    return (
      <Card title="人数统计">
        <Empty description="还没有招录计划" />
      </Card>
    );
  }

  const counts = data?.counts ?? {};
  const figures = [
    { title: '报名人数', value: data?.total ?? 0 },
    { title: statusLabel(S.pending), value: countOf(counts, S.pending) },
    { title: statusLabel(S.inReview), value: countOf(counts, S.inReview) },
    { title: '审核不通过', value: SIGN_UP_REJECTED_STATUSES.reduce((sum, s) => sum + countOf(counts, s), 0) },
    { title: '已通过', value: data ? passedOf(data.total, counts) : 0 },
  ];

  const summaryRow =
    data && data.posts.length > 0 ? (
      <Table.Summary.Row>
        <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
        <Table.Summary.Cell index={1} align="right">
          {data.posts.reduce((sum, p) => sum + p.places, 0)}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={2} align="right">
          {data.total}
        </Table.Summary.Cell>
        {SIGN_UP_STATUSES.map((s, i) => (
          <Table.Summary.Cell key={s} index={3 + i} align="right">
            {countOf(counts, s)}
          </Table.Summary.Cell>
        ))}
        <Table.Summary.Cell index={3 + SIGN_UP_STATUSES.length} align="right">
          {passedOf(data.total, counts)}
        </Table.Summary.Cell>
      </Table.Summary.Row>
    ) : null;
  const summary = () => summaryRow;

  return (
    <>
      <Card title="人数统计" className="page-card" extra={<PlanSelect value={planId} onChange={(id) => setFilters({ planId: id })} />}>
        <Row gutter={[16, 16]}>
          {figures.map((s) => (
            <Col key={s.title} xs={12} sm={8} lg={{ flex: '20%' }}>
              <Card size="small">
                <Statistic title={s.title} value={s.value} suffix="人" />
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
      <Card title="各岗位报名资格审核情况" className="page-card">
        {posts && posts.length > 0 && <StackedBarChart label="各岗位报名资格审核人数分布图" {...postChart} />}
        <DataTable<StatisticsPostRow>
          label="各岗位报名资格审核人数"
          rowKey="recruitmentId"
          size="small"
          bordered
          style={{ marginTop: 16 }}
          loading={isFetching}
          dataSource={posts}
          pagination={false}
          scroll={{ x: 1000 }}
          columns={[
            { title: '岗位', dataIndex: 'jobVacancy', fixed: 'left', width: 180, ellipsis: true },
            { title: '招录人数', dataIndex: 'places', width: 90, align: 'right' },
            { title: '报名人数', dataIndex: 'total', width: 90, align: 'right' },
            ...SIGN_UP_STATUSES.map((s) => ({
              title: statusLabel(s),
              key: String(s),
              width: 160,
              align: 'right' as const,
              render: (_: unknown, row: StatisticsPostRow) => countOf(row.counts, s),
            })),
            {
              title: '已通过',
              key: 'passed',
              width: 90,
              align: 'right',
              render: (_: unknown, row: StatisticsPostRow) => passedOf(row.total, row.counts),
            },
          ]}
          summary={summary}
        />
      </Card>
      <Card title="各审核环节与审核人员" className="page-card">
        {reviewers && reviewers.length > 0 && <StackedBarChart label="各审核人员审核人数分布图" {...reviewerChart} />}
        <DataTable<ReviewerRow>
          label="各审核人员审核人数"
          rowKey={(r) => `${r.workItemId}-${r.staffName}`}
          size="small"
          bordered
          style={{ marginTop: 16 }}
          loading={reviewersFetching}
          dataSource={reviewers}
          pagination={false}
          locale={{ emptyText: '该计划还没有安排报名资格审核工作' }}
          columns={[
            { title: '审核环节', dataIndex: 'workItem', width: 140 },
            { title: '审核人员', dataIndex: 'staffName', width: 120 },
            { title: '待审核', dataIndex: 'pending', width: 90, align: 'right' },
            { title: '已通过', dataIndex: 'passed', width: 90, align: 'right' },
            { title: '未通过', dataIndex: 'failed', width: 90, align: 'right' },
            { title: '合计', key: 'total', width: 90, align: 'right', render: (_: unknown, r: ReviewerRow) => r.pending + r.passed + r.failed },
          ]}
        />
      </Card>
    </>
  );
}
