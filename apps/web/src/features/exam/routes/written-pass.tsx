import { WRITTEN_STAGE, type WrittenPassRow } from '@zhaokao/contracts';
import { Button, Card, Popconfirm, Tag, Typography } from 'antd';
import { DataTable } from '../../../components/DataTable';
import { NoPlans, PlanSelect, usePagePlan } from '../../../components/PlanSelect';
import { announce } from '../../../lib/api-client';
import { actionsColumn } from '../../../lib/columns';
import { planHas } from '../../../lib/plan-choice';
import { useHasPermission } from '../../../lib/session';
import { useUrlFilters } from '../../../lib/use-paged-list';
import { useConfirmInterviewList, useWrittenPassStatistics } from '../api/exam-api';

const orDash = (v: string | null) => v ?? '—';

/** 笔试通过人员统计 (writtenPass): per post, who passed the written exam and on what figures; 确认面试名单 moves them on. */
export default function WrittenPassPage() {
  const { defaultPlanId, noPlans } = usePagePlan(planHas.published(WRITTEN_STAGE));
  const { filters, setFilters } = useUrlFilters({ planId: 'id' });
  const planId = filters.planId ?? defaultPlanId;
  const { data: rows, isFetching } = useWrittenPassStatistics(planId);
  const planManager = useHasPermission(['plan:edit']);
  const confirm = useConfirmInterviewList();
  const awaiting = (rows ?? []).filter((r) => r.awaitingConfirmation > 0);

  if (noPlans) return <NoPlans title="笔试通过人员统计" />;

  return (
    <Card title="笔试通过人员统计" extra={<PlanSelect value={planId} onChange={(id) => setFilters({ planId: id })} />}>
      <Typography.Paragraph type="secondary">
        笔试成绩按岗位发布：岗位内按笔试成绩排名，入围名额 = 招录人数 × 入围比例，名次在名额以内（并达到合格分数线）的进入面试，同分同名次一并入围；缺考不排名、不入围。
        {planManager && awaiting.length > 0 && ` 有 ${awaiting.length} 个岗位的面试名单待确认。`}
      </Typography.Paragraph>
      <DataTable<WrittenPassRow>
        label="各岗位笔试通过人数"
        rowKey="recruitmentId"
        size="middle"
        bordered
        loading={isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1070 }}
        locale={{ emptyText: '该计划还没有岗位' }}
        columns={[
          { title: '岗位', dataIndex: 'jobVacancy', width: 160, fixed: 'left', ellipsis: true },
          { title: '招录人数', dataIndex: 'places', width: 80, align: 'right' },
          { title: '参考人数', dataIndex: 'candidates', width: 80, align: 'right' },
          { title: '缺考人数', dataIndex: 'absent', width: 80, align: 'right' },
          { title: '笔试通过人数', dataIndex: 'passed', width: 100, align: 'right' },
          { title: '入围名额', dataIndex: 'quota', width: 80, align: 'right' },
          { title: '合格分数线', dataIndex: 'passLine', width: 90, align: 'right', render: (v: string | null) => v ?? '不设' },
          { title: '最低入围分数', dataIndex: 'cutoffScore', width: 100, align: 'right', render: orDash },
          {
            title: '成绩发布',
            key: 'published',
            width: 170,
            render: (_: unknown, r: WrittenPassRow) => (
              <>
                {r.published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>}
                {r.awaitingConfirmation > 0 && <Tag color="orange">待确认 {r.awaitingConfirmation} 人</Tag>}
              </>
            ),
          },
          ...actionsColumn(planManager, {
            width: 130,
            render: (r: WrittenPassRow) =>
              r.awaitingConfirmation > 0 ? (
                <Popconfirm
                  title={`确认「${r.jobVacancy}」的面试名单？`}
                  description={`笔试通过的 ${r.awaitingConfirmation} 人将进入面试环节（待面试）`}
                  okText="确认"
                  cancelText="取消"
                  onConfirm={() => announce(confirm.mutateAsync({ recruitmentId: r.recruitmentId }), '面试名单已确认')}
                >
                  <Button size="small" type="primary" aria-label={`确认面试名单：${r.jobVacancy}`} loading={confirm.isPending && confirm.variables?.recruitmentId === r.recruitmentId}>
                    确认面试名单
                  </Button>
                </Popconfirm>
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              ),
          }),
        ]}
      />
    </Card>
  );
}
