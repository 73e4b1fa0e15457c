import { EXTRA_TEST_PERMISSIONS, type RankingKind, type RankingRow, exportRankingList, exportPlanRankingList } from '@zhaokao/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../../../components/DataTable';
import { ExportButton } from '../../../../components/ExportButton';
import { NoPlans, PlanSelect, usePagePlan } from '../../../../components/PlanSelect';
import { widthOf } from '../../../../lib/columns';
import { usePlanPosts } from '../../../../lib/options';
import { planHas } from '../../../../lib/plan-choice';
import { useIsMobile } from '../../../../lib/use-is-mobile';
import { paginationOf, useUrlFilters } from '../../../../lib/use-paged-list';
import { useExtraTestGroup, useRankingList } from '../../api/score-api';
import { Permission } from '../../../../components/Permission';
import { lazyModal } from '../../../../components/lazy-modal';
import { downloadFile, exportUrl } from '../../../../lib/download';
import { RANKING_PAGES } from './ranking-pages';
import { EXPLANATION_MIN, extraTestWord, orDash, scoreColumnsOf } from './ranking-columns';

const ExtraTestModal = lazyModal(() => import('./ExtraTestModal').then((m) => m.ExtraTestModal));

/**
 * 笔试排名 / 面试排名 / 综合排名: one post's ranking (shared ranks on ties), who enters or is to be hired, and why —
 * published, or a preview before publication. Exported to Excel.
 */
export function RankingPage({ kind }: { kind: RankingKind }) {
  const page = RANKING_PAGES[kind];
  const { defaultPlanId, noPlans } = usePagePlan(planHas.ranking(kind));
  const { filters, setFilters, page: pager, setPage } = useUrlFilters({ planId: 'id', recruitmentId: 'id' }, 50);
  const planId = filters.planId ?? defaultPlanId;
  const { data: posts, isLoading: postsLoading } = usePlanPosts(planId);
  // A post is required: the one in the address when it is the plan's, else the plan's first.
  const post = posts?.find((p) => p.recruitmentId === filters.recruitmentId) ?? posts?.[0];
  const { data, isFetching } = useRankingList(kind, post?.recruitmentId, pager.pageNum, pager.pageSize);
  const [exporting, setExporting] = useState(false);
  // 综合排名: the group tied after the whole tie-break chain across the cut-off (同分加试), and its 录入加试成绩 dialog.
  const { data: extraTest } = useExtraTestGroup(kind === 'complex' ? post?.recruitmentId : undefined);
  const [enteringExtraTest, setEnteringExtraTest] = useState(false);
  const extraTestNeeded = extraTest?.members.filter((m) => m.needed) ?? [];
  // Under 992 px the identity number and ticket columns are left out (their 310 px with them).
  const isMobile = useIsMobile();

  const exportExcel = async () => {
    if (!post) return;
    setExporting(true);
    await downloadFile(exportUrl(exportRankingList, { kind, recruitmentId: post.recruitmentId }, data?.total), `${post.jobVacancy}${page.title}.xlsx`);
    setExporting(false);
  };

  if (noPlans) return <NoPlans title={page.title} />;

  const scoreColumns = scoreColumnsOf(kind, data?.list ?? []);
  const columns = [
    { title: '名次', dataIndex: 'rank', width: 64, fixed: 'left' as const, render: (v: number | null) => v ?? '—' },
    { title: '姓名', dataIndex: 'realName', width: 100, fixed: 'left' as const },
    { title: '身份证号码', dataIndex: 'identityNo', width: 170, responsive: ['lg' as const] },
    { title: '准考证号', dataIndex: 'ticketCode', width: 140, responsive: ['lg' as const], render: orDash },
    ...scoreColumns,
    {
      title: page.passedTitle,
      dataIndex: 'passed',
      width: 100,
      render: (passed: boolean, row: RankingRow) => {
        const extra = extraTestWord(row);
        if (row.extraTest?.needed) return <Tag color="orange">需加试</Tag>;
        return (
          <>
            {passed ? <Tag color="green">{page.passedWord}</Tag> : <Tag>{page.failedWord}</Tag>}
            {extra && <div style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' }}>{extra}</div>}
          </>
        );
      },
    },
    { title: '说明', dataIndex: 'explanation', render: (v: string) => v || '—' },
  ];
  // The explanation takes what is left, at least EXPLANATION_MIN; the widths as they were without bonuses.
  const tableWidth = Math.max(widthOf(columns) + EXPLANATION_MIN, kind === 'written' ? 1000 : 1100);

  return (
    <Card
      title={page.title}
      extra={
        <Space wrap>
          <Button icon={<DownloadOutlined aria-hidden />} disabled={!post} loading={exporting} onClick={exportExcel}>
            导出 Excel
          </Button>
          <ExportButton
            endpoint={exportPlanRankingList}
            input={planId === undefined || !posts?.length ? undefined : { kind, planId }}
            fileName={`${page.title}.xlsx`}
            label="导出全部岗位"
          />
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanSelect value={planId} onChange={(id) => setFilters({ planId: id, recruitmentId: undefined })} />
        <Select<number>
          aria-label="报考岗位"
          placeholder="选择岗位"
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220, maxWidth: '100%' }}
          loading={postsLoading}
          value={post?.recruitmentId}
          options={(posts ?? []).map((p) => ({ label: p.jobVacancy, value: p.recruitmentId }))}
          notFoundContent="该计划还没有岗位"
          onChange={(id) => setFilters({ recruitmentId: id })}
        />
      </Space>
      {posts && posts.length === 0 ? (
        <Empty description="该计划还没有岗位" />
      ) : (
        <>
          {data && (
            <Alert
              type={data.published ? 'success' : 'warning'}
              showIcon
              style={{ marginBottom: 12 }}
              title={
                <Space wrap>
                  {data.published ? <Tag color="green">已发布</Tag> : <Tag color="orange">未发布（预览）</Tag>}
                  <span>{data.published ? '以下为已发布的结果' : '成绩尚未发布，以下排名按当前成绩预览，发布后才生效'}</span>
                </Space>
              }
              description={`规则：${data.rule}`}
            />
          )}
          {extraTest && extraTest.members.length > 0 && !extraTest.published && (
            <Alert
              type={extraTestNeeded.length > 0 ? 'error' : 'info'}
              showIcon
              style={{ marginBottom: 12 }}
              title={
                extraTestNeeded.length > 0
                  ? `${extraTestNeeded.map((m) => m.realName).join('、')}末位并列，需加试：录入加试成绩前不能发布面试成绩`
                  : `末位并列的 ${extraTest.members.length} 人已按加试成绩排序`
              }
              description="加试成绩只在末位并列的考生之间排序，不改变其他考生的名次。"
              action={
                <Permission anyOf={EXTRA_TEST_PERMISSIONS}>
                  <Button size="small" type={extraTestNeeded.length > 0 ? 'primary' : 'default'} onClick={() => setEnteringExtraTest(true)}>
                    录入加试成绩
                  </Button>
                </Permission>
              }
            />
          )}
          {enteringExtraTest && post && extraTest && (
            <ExtraTestModal
              recruitmentId={post.recruitmentId}
              places={extraTest.places}
              members={extraTest.members}
              onClose={() => setEnteringExtraTest(false)}
            />
          )}
          <DataTable<RankingRow>
            label={`${page.title}列表`}
            rowKey="applicationId"
            size="middle"
            loading={isFetching}
            scroll={{ x: tableWidth - (isMobile ? 310 : 0) }}
            dataSource={data?.list}
            pagination={paginationOf(pager, data?.total, setPage, { pageSizeOptions: [20, 50, 100, 200], showTotal: (n) => `共 ${n} 人` })}
            columns={columns}
          />
        </>
      )}
    </Card>
  );
}
