import { type ExamApplicationRow, type ExamBatchResult, type ExamStage, examApplicationList, exportExamApplicationList } from '@zhaokao/contracts';
import { Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../../../components/DataTable';
import { ExportButton } from '../../../../components/ExportButton';
import { SearchFilter } from '../../../../components/ListFilters';
import { NoPlans, PlanPostFilters, usePlanPagedList } from '../../../../components/PlanSelect';
import { lazyModal } from '../../../../components/lazy-modal';
import { succeeded } from '../../../../lib/api-client';
import { planHas } from '../../../../lib/plan-choice';
import { useReviewScores } from '../../api/score-api';
import { PublishPanel } from './PublishPanel';
import { ScoreState, examinerColumns, scoreCell, seatCell } from './ScoreState';
import { STAGE_PAGES } from './stage';

const ReturnModal = lazyModal(() => import('./ReturnModal').then((m) => m.ReturnModal));
const BatchResultModal = lazyModal(() => import('../../../../components/BatchResultModal').then((m) => m.BatchResultModal));

/**
 * 笔试成绩审核 / 面试审核 (SPEC "status 2"): the entered scores awaiting review. 审核通过 locks them; 退回修改 sends
 * them back to entry with a reason. Then, per post, 发布成绩.
 */
export function ScoreReviewPage({ stage }: { stage: ExamStage }) {
  const pages = STAGE_PAGES[stage];
  const list = usePlanPagedList(examApplicationList, {
    label: `${pages.name}成绩审核列表`,
    filters: { planId: 'id', recruitmentId: 'id', keyword: 'text' },
    hasData: planHas.scoresToReview(stage),
    input: (chosen, page) => ({ ...chosen, type: stage, scoreStatus: 2 as const, ...page }),
  });
  const { filters, bind, tableProps, planId } = list;
  const review = useReviewScores();
  const [selected, setSelected] = useState<ExamApplicationRow[]>([]);
  const selectedIds = selected.map((row) => row.id);
  // 审核通过 takes the selected scores not yet confirmed; 退回修改 any of them (a confirmed score changes only after a return).
  const toConfirm = selected.filter((row) => !row.confirmed).map((row) => row.id);
  const [returning, setReturning] = useState(false);
  const [result, setResult] = useState<{ verb: string; result: ExamBatchResult }>();

  const confirmSelected = async () => {
    let answer: ExamBatchResult | undefined;
    const ok = await succeeded(review.mutateAsync({ type: stage, ids: toConfirm, action: 'confirm' }).then((r) => (answer = r)));
    if (!ok || !answer) return;
    setSelected([]);
    setResult({ verb: '审核通过', result: answer });
  };

  if (list.noPlans) return <NoPlans title={pages.reviewTitle} />;

  return (
    <Card title={pages.reviewTitle}>
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanPostFilters list={list} onPlanChange={() => setSelected([])} />
        <SearchFilter label="搜索考生" placeholder="姓名、身份证号码、手机号码或准考证号" width={300} maxLength={30} {...bind('keyword')} />
        <ExportButton
          endpoint={exportExamApplicationList}
          input={planId === undefined ? undefined : { ...filters, planId, type: stage, scoreStatus: 2 }}
          fileName={`${pages.reviewTitle}.xlsx`}
          total={list.tableProps.pagination.total}
        />
      </Space>
      <Space wrap style={{ marginBottom: 12 }}>
        <Popconfirm
          title={`确认选中的 ${toConfirm.length} 人的成绩？`}
          description="审核通过后成绩锁定，不能再修改"
          okText="审核通过"
          cancelText="取消"
          disabled={toConfirm.length === 0}
          onConfirm={confirmSelected}
        >
          <Button type="primary" disabled={toConfirm.length === 0} loading={review.isPending && !returning}>
            审核通过{toConfirm.length > 0 ? `（${toConfirm.length}）` : ''}
          </Button>
        </Popconfirm>
        <Button disabled={selected.length === 0} onClick={() => setReturning(true)}>
          退回修改{selected.length > 0 ? `（${selected.length}）` : ''}
        </Button>
        <Typography.Text type="secondary">已审核的成绩锁定，发现错误须退回修改后重新录入</Typography.Text>
      </Space>
      <DataTable<ExamApplicationRow>
        {...tableProps}
        size="middle"
        scroll={{ x: 1000 + examinerColumns(tableProps.dataSource).length * 130 }}
        rowSelection={{
          selectedRowKeys: selectedIds,
          preserveSelectedRowKeys: true,
          onChange: (_, rows) => setSelected(rows.filter(Boolean)),
          getCheckboxProps: (row) => ({ 'aria-label': `选择${row.realName}` }),
        }}
        columns={[
          { title: '姓名', dataIndex: 'realName', width: 100, fixed: 'left' },
          { title: '准考证号', dataIndex: 'ticketCode', width: 150, render: (v: string | null) => v ?? '—' },
          { title: `${pages.name}成绩`, key: 'score', width: 90, render: (_: unknown, row) => scoreCell(row) },
          ...examinerColumns(tableProps.dataSource),
          { title: '状态', key: 'state', width: 130, render: (_: unknown, row) => <ScoreState row={row} /> },
          { title: '报考岗位', dataIndex: 'jobVacancy', ellipsis: true },
          { title: '身份证号码', dataIndex: 'identityNo', width: 176 },
          { title: '考场 / 座位', key: 'seat', width: 150, render: (_: unknown, row) => seatCell(row) },
        ]}
      />
      <PublishPanel stage={stage} planId={planId} />
      {returning && (
        <ReturnModal
          stage={stage}
          ids={selectedIds}
          onClose={() => setReturning(false)}
          onDone={(answer) => {
            setReturning(false);
            setSelected([]);
            setResult({ verb: '退回', result: answer });
          }}
        />
      )}
      {result && (
        <BatchResultModal
          title={`${result.verb}结果`}
          verb={result.verb}
          done={result.result.done}
          refused={result.result.refused}
          onClose={() => setResult(undefined)}
        />
      )}
    </Card>
  );
}
