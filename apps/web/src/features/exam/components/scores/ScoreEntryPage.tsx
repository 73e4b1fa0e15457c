import { ABSENT_WORD, type ExamApplicationRow, type ExamStage, examApplicationList, exportExamApplicationList } from '@zhaokao/contracts';
import { Button, Card, Popconfirm, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionLink } from '../../../../components/ActionLink';
import { DataTable } from '../../../../components/DataTable';
import { ExportButton } from '../../../../components/ExportButton';
import { SearchFilter } from '../../../../components/ListFilters';
import { NoPlans, PlanPostFilters, usePlanPagedList } from '../../../../components/PlanSelect';
import { lazyModal } from '../../../../components/lazy-modal';
import { announce } from '../../../../lib/api-client';
import { planHas } from '../../../../lib/plan-choice';
import { actionsColumn } from '../../../../lib/columns';
import { useHasPermission } from '../../../../lib/session';
import { useScoreItemCount, useSetScores } from '../../api/score-api';
import { ScoreGrid } from './ScoreGrid';
import { ScoreState, scoreCell, seatCell } from './ScoreState';
import { STAGE_PAGES } from './stage';

const ScoreDialog = lazyModal(() => import('./ScoreDialog').then((m) => m.ScoreDialog));
const ScoreImportModal = lazyModal(() => import('./ScoreImportModal').then((m) => m.ScoreImportModal));

/**
 * 笔试 / 面试成绩录入与审核 (SPEC "status 1"): the stage's applications whose score is awaited or not yet reviewed;
 * a score by the overlay (SPEC dialog 2) or typed into the grid (表格录入), 缺考 in a batch, or a whole sheet imported
 * from Excel.
 */
export function ScoreEntryPage({ stage }: { stage: ExamStage }) {
  const pages = STAGE_PAGES[stage];
  const navigate = useNavigate();
  const list = usePlanPagedList(examApplicationList, {
    label: `${pages.name}成绩录入列表`,
    filters: { planId: 'id', recruitmentId: 'id', keyword: 'text' },
    hasData: planHas.scoresToEnter(stage),
    input: (chosen, page) => ({ ...chosen, type: stage, scoreStatus: 1 as const, ...page }),
  });
  const { filters, bind, tableProps, planId } = list;
  const mayEnter = useHasPermission(['score:entry']);
  const mayReview = useHasPermission(['score:review']);
  const saveScores = useSetScores();
  const { data: scoreItems } = useScoreItemCount(planId, stage);
  const panel = (scoreItems ?? 0) > 1;
  const [selected, setSelected] = useState<number[]>([]);
  const [entering, setEntering] = useState<number>();
  const [importing, setImporting] = useState(false);
  const [mode, setMode] = useState<'dialog' | 'grid'>('dialog');
  const grid = mayEnter && mode === 'grid';

  const openReview = () => navigate(`${pages.reviewPath}${planId === undefined ? '' : `?planId=${planId}`}`);

  const markAbsent = async () => {
    const ok = await announce(
      saveScores.mutateAsync({ type: stage, entries: selected.map((applicationId) => ({ applicationId, absent: true, scores: [] })) }),
      `已将 ${selected.length} 人标记为缺考`,
    );
    if (ok) setSelected([]);
  };

  if (list.noPlans) return <NoPlans title={pages.entryTitle} />;

  return (
    <Card
      title={pages.entryTitle}
      extra={
        mayReview && (
          <Button type="link" onClick={openReview}>
            去审核
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanPostFilters list={list} onPlanChange={() => setSelected([])} />
        <SearchFilter label="搜索考生" placeholder="姓名、身份证号码、手机号码或准考证号" width={300} maxLength={30} {...bind('keyword')} />
        <ExportButton
          endpoint={exportExamApplicationList}
          input={planId === undefined ? undefined : { ...filters, planId, type: stage, scoreStatus: 1 }}
          fileName={`${pages.entryTitle}.xlsx`}
          total={list.tableProps.pagination.total}
        />
      </Space>
      {mayEnter && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Segmented
            aria-label="录入方式"
            value={mode}
            onChange={setMode}
            options={[
              { label: '逐人录入', value: 'dialog' },
              { label: '表格录入', value: 'grid' },
            ]}
          />
          <Button type="primary" disabled={planId === undefined} onClick={() => setImporting(true)}>
            导入成绩
          </Button>
          {/* The grid marks 缺考 row by row; the batch takes the rows ticked in 逐人录入. */}
          {!grid && (
            <Popconfirm
              title={`将选中的 ${selected.length} 人标记为缺考？`}
              description="缺考考生没有成绩，不参加排名，也不能入围"
              okText="标记缺考"
              cancelText="取消"
              disabled={selected.length === 0}
              onConfirm={markAbsent}
            >
              <Button danger disabled={selected.length === 0} loading={saveScores.isPending}>
                批量标记{ABSENT_WORD}
                {selected.length > 0 ? `（${selected.length}）` : ''}
              </Button>
            </Popconfirm>
          )}
          <Typography.Text type="secondary">
            {panel ? `本计划${pages.name}由 ${scoreItems} 位考官评分，录入和导入时分别填写各考官的评分；` : ''}成绩录入后须经审核，审核确认后成绩锁定
          </Typography.Text>
        </Space>
      )}
      {grid ? (
        <ScoreGrid stage={stage} tableProps={tableProps} />
      ) : (
        <DataTable<ExamApplicationRow>
          {...tableProps}
          size="middle"
          scroll={{ x: 1080 }}
          rowSelection={
            mayEnter
              ? {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => setSelected(keys as number[]),
                  getCheckboxProps: (row) => ({ disabled: row.confirmed, 'aria-label': `选择${row.realName}` }),
                }
              : undefined
          }
          columns={[
            { title: '姓名', dataIndex: 'realName', width: 100, fixed: 'left' },
            { title: '准考证号', dataIndex: 'ticketCode', width: 150, render: (v: string | null) => v ?? '—' },
            { title: `${pages.name}成绩`, key: 'score', width: 90, render: (_: unknown, row) => scoreCell(row) },
            { title: '状态', key: 'state', width: 170, render: (_: unknown, row) => <ScoreState row={row} /> },
            { title: '报考岗位', dataIndex: 'jobVacancy', ellipsis: true },
            { title: '身份证号码', dataIndex: 'identityNo', width: 176 },
            { title: '考场 / 座位', key: 'seat', width: 150, render: (_: unknown, row) => seatCell(row) },
            ...actionsColumn(mayEnter, {
              width: 90,
              render: (row: ExamApplicationRow) => {
                if (row.confirmed) return <Typography.Text type="secondary">已锁定</Typography.Text>;
                const action = row.score !== null || row.absent ? '修改成绩' : '录入成绩';
                return (
                  <ActionLink aria-label={`${action}：${row.realName}`} onClick={() => setEntering(row.id)}>
                    {action}
                  </ActionLink>
                );
              },
            }),
          ]}
        />
      )}
      {entering !== undefined && <ScoreDialog stage={stage} applicationId={entering} onClose={() => setEntering(undefined)} />}
      {importing && planId !== undefined && (
        <ScoreImportModal
          stage={stage}
          planId={planId}
          examiners={scoreItems ?? 1}
          onClose={() => setImporting(false)}
          onReview={
            mayReview
              ? () => {
                  setImporting(false);
                  openReview();
                }
              : undefined
          }
        />
      )}
    </Card>
  );
}
