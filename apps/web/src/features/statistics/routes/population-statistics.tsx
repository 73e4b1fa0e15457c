import { DownloadOutlined } from '@ant-design/icons';
import {
  APPLICATION_STATUS, GATE_STAGE_TABLE, HIRED_STATUS, INTERVIEW_STAGE, PROPOSED_FOR_HIRING_STATUS,
  WRITTEN_STAGE, gateStatuses, SIGN_UP_OPEN_STATUSES, type StatisticsPostRow, statusesFromStage,
} from '@zhaokao/contracts';
import { Button, Card, Col, Empty, Row, Select, Space, Statistic, Table, Typography } from 'antd';
import { DataTable } from '../../../components/DataTable';
import { formatTime, inCompanyZone } from '../../../lib/time';
import { useState } from 'react';
import { Link } from 'react-router';
import { feedback } from '../../../lib/feedback';
import { useDict } from '../../../lib/dict';
import { useApplicationPlanOptions, usePlanStatistics } from '../../../lib/options';
import { StatusChart } from '../components/StatusChart';
import { exportStatistics } from '../components/export-statistics';

const listLink = (planId: number, recruitmentId?: number, status?: string) => {
  const q = new URLSearchParams({ planId: String(planId) });
  if (recruitmentId !== undefined) q.set('recruitmentId', String(recruitmentId));
  if (status !== undefined) q.set('status', status);
  return `/recruitmentPlan/AllCandidatelist?${q}`;
};

/** The gates after a stage (资格复审 after the written stage; 体检, 考察, 公示 after the interview). */
const gatesAfter = (stage: number) => GATE_STAGE_TABLE.filter((g) => g.after === stage);

/** Passed the written exam: 笔试通过, those at 资格复审 (whatever its result), and every status of the stages after it. */
const WRITTEN_PASSED = [APPLICATION_STATUS.writtenPassed, ...gatesAfter(WRITTEN_STAGE).flatMap(gateStatuses), ...statusesFromStage(INTERVIEW_STAGE)];

/** 拟录用: passed the interview, and those who went on to the gates after it (as the 拟录用 list counts them). */
const PROPOSED = [PROPOSED_FOR_HIRING_STATUS, ...gatesAfter(INTERVIEW_STAGE).flatMap(gateStatuses)];

/** Each gate's card: those at the gate now, whatever its result (the per-status table below tells them apart). */
const GATE_CARDS = GATE_STAGE_TABLE.map((g) => ({ title: g.name, codes: gateStatuses(g), status: String(g.statuses.pending) }));

/** 人数统计: applications of a plan by post and status, as a chart and the table behind it. */
export default function PopulationStatisticsPage() {
  const { data: plans, isLoading: plansLoading } = useApplicationPlanOptions();
  const [chosen, setChosen] = useState<number>();
  const planId = chosen ?? plans?.[0]?.id;
  const { data, isFetching } = usePlanStatistics(planId);
  const { data: statuses = [] } = useDict('candidate_app_status');
  const [exporting, setExporting] = useState(false);
  const places = data?.posts.reduce((s, p) => s + p.places, 0) ?? 0;
  const countOf = (codes: readonly number[]) => codes.reduce((n, s) => n + (data?.counts[String(s)] ?? 0), 0);

  const summaryRow =
            data && data.posts.length > 0 ? (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Link to={listLink(planId!)}>合计</Link>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">{places}</Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">{data.total}</Table.Summary.Cell>
                  {statuses.map((s, i) => (
                    <Table.Summary.Cell key={s.value} index={3 + i} align="right">
                      {data.counts[s.value] ?? 0}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null;
  const summary = () => summaryRow;

  const onExport = async () => {
    if (!data) return;
    setExporting(true);
    try {
      await exportStatistics(`人数统计-${data.plan.name}-${inCompanyZone().format('YYYYMMDD')}.xlsx`, data.posts, { total: data.total, counts: data.counts, places }, statuses);
    } catch (error) {
      feedback.error(`导出失败：${(error as Error).message}`, 3);
    } finally {
      setExporting(false);
    }
  };

  if (!plansLoading && plans?.length === 0) {
    return (
      <Card title="人数统计" className="page-card">
        <Empty description="还没有招录计划" />
      </Card>
    );
  }

  return (
    <>
      <Card
        title="人数统计"
        className="page-card"
        extra={
          <Space wrap>
            <Select
              aria-label="招录计划"
              style={{ width: 320, maxWidth: '60vw' }}
              loading={plansLoading}
              value={planId}
              options={(plans ?? []).map((p) => ({ label: p.name, value: p.id }))}
              onChange={(v: number) => setChosen(v)}
            />
          </Space>
        }
      >
        {data && (
          <Typography.Paragraph type="secondary">
            报名时间：{formatTime(data.plan.signUpStartDate)} 至 {formatTime(data.plan.signUpEndDate)}
          </Typography.Paragraph>
        )}
        <Row gutter={[16, 16]}>
          {[
            { title: '报名人数', value: data?.total ?? 0, status: undefined },
            { title: '待审核', value: countOf(SIGN_UP_OPEN_STATUSES), status: String(SIGN_UP_OPEN_STATUSES[0]) },
            { title: '笔试通过', value: countOf(WRITTEN_PASSED), status: String(APPLICATION_STATUS.writtenPassed) },
            { title: '拟录用', value: countOf(PROPOSED), status: String(PROPOSED_FOR_HIRING_STATUS) },
            // The gates show once someone of the plan has reached them (a plan runs those it chose).
            ...GATE_CARDS.filter((g) => countOf(g.codes) > 0).map((g) => ({ title: g.title, value: countOf(g.codes), status: g.status })),
            ...(countOf([HIRED_STATUS]) > 0 ? [{ title: '聘用', value: countOf([HIRED_STATUS]), status: String(HIRED_STATUS) }] : []),
          ].map((s) => (
            <Col key={s.title} xs={12} md={6}>
              <Card size="small">
                <Statistic title={s.title} value={s.value} suffix="人" />
              </Card>
            </Col>
          ))}
        </Row>
        {data && data.posts.length > 0 && (
          <div style={{ marginTop: 16 }}>
            <StatusChart posts={data.posts} statuses={statuses} />
          </div>
        )}
      </Card>
      <Card
        title="各岗位报名情况"
        className="page-card"
        extra={
          <Button icon={<DownloadOutlined />} disabled={!data} loading={exporting} onClick={onExport}>
            导出 Excel
          </Button>
        }
      >
        <DataTable<StatisticsPostRow>
          label="各岗位报名人数"
          rowKey="recruitmentId"
          size="small"
          bordered
          loading={isFetching}
          dataSource={data?.posts}
          pagination={false}
          scroll={{ x: 300 + statuses.length * 96 }}
          columns={[
            {
              title: '岗位',
              dataIndex: 'jobVacancy',
              fixed: 'left',
              width: 160,
              render: (v: string, row) => <Link to={listLink(planId!, row.recruitmentId)}>{v}</Link>,
            },
            { title: '招录人数', dataIndex: 'places', width: 80, align: 'right' },
            { title: '报名人数', dataIndex: 'total', width: 80, align: 'right' },
            ...statuses.map((s) => ({
              title: s.label,
              key: s.value,
              width: 96,
              align: 'right' as const,
              render: (_: unknown, row: StatisticsPostRow) => {
                const n = row.counts[s.value] ?? 0;
                return n > 0 ? <Link to={listLink(planId!, row.recruitmentId, s.value)}>{n}</Link> : <Typography.Text type="secondary">0</Typography.Text>;
              },
            })),
          ]}
          summary={summary}
        />
      </Card>
    </>
  );
}
