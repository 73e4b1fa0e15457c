import {
  RECHECK_STATES, RECHECK_STATE_KEYS, RECHECK_ERROR_KINDS, type RecheckState, type ScoreRecheckRow,
  WRITTEN_STAGE, examStageRow, exportScoreRecheckList,
} from '@zhaokao/contracts';
import { Card, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { ExportButton } from '../../../components/ExportButton';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { NoPlans, PlanPostFilters } from '../../../components/PlanSelect';
import { lazyModal } from '../../../components/lazy-modal';
import { actionsColumn, widthOf } from '../../../lib/columns';
import { formatTime } from '../../../lib/time';
import { useScoreRecheckList } from '../api/score-recheck-api';
import { RankChanges } from './RankChanges';
import { STATE_COLOURS, changeText } from './recheck-words';

const AnswerModal = lazyModal(() => import('./AnswerModal').then((m) => m.AnswerModal));

/**
 * 成绩复查 of one stage (笔试管理 / 面试管理; DESIGN §5 "Fair-exam rules beyond SPEC"): the candidates' requests of the plan,
 * filtered by post, state and keyword in the address, unanswered first; each answered once (更正 or 不予更正). After a
 * correction the page shows whose place in the post's ranking changed and whose outcome the published figures would change.
 */
export function ScoreRecheckPage({ stage }: { stage: number }) {
  const list = useScoreRecheckList(stage);
  const { filters, bind, tableProps, planId, noPlans } = list;
  const { name: stageName } = examStageRow(stage as typeof WRITTEN_STAGE);
  const passWord = stage === WRITTEN_STAGE ? '入围面试' : '拟录用';
  const [answering, setAnswering] = useState<ScoreRecheckRow>();
  const [result, setResult] = useState<ScoreRecheckRow>();
  const title = `${stageName}成绩复查`;

  if (noPlans) return <NoPlans title={title} />;

  const columns = [
    { title: '岗位', dataIndex: 'jobVacancy', width: 130, ellipsis: true },
    { title: '姓名', dataIndex: 'realName', width: 84 },
    { title: '身份证号码', dataIndex: 'identityNo', width: 176 },
    { title: '复查理由', dataIndex: 'reason', width: 200, ellipsis: { showTitle: true } },
    { title: '申请时间', key: 'requestedAt', width: 140, render: (_: unknown, r: ScoreRecheckRow) => formatTime(r.requestedAt) },
    {
      title: `${stageName}成绩`,
      key: 'score',
      width: 120,
      render: (_: unknown, r: ScoreRecheckRow) => (r.state === 'corrected' ? `${r.originalScore} → ${r.correctedScore}` : (r.score ?? '—')),
    },
    {
      title: '状态',
      key: 'state',
      width: 220,
      render: (_: unknown, r: ScoreRecheckRow) => (
        <>
          <Tag color={STATE_COLOURS[r.state]}>{RECHECK_STATES[r.state]}</Tag>
          {r.errorKind && <Tag>{RECHECK_ERROR_KINDS[r.errorKind]}</Tag>}
          {r.state !== 'pending' && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: `${r.answeredBy ?? ''} ${r.answeredAt ? formatTime(r.answeredAt) : ''}` }} style={{ display: 'block', maxWidth: 200 }}>
              {r.answer || '—'}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: '名次变化',
      key: 'changes',
      width: 200,
      render: (_: unknown, r: ScoreRecheckRow) =>
        r.state !== 'corrected' ? (
          '—'
        ) : r.changes.length === 0 ? (
          '无变化'
        ) : (
          <ActionLink aria-label={`查看名次变化：${r.realName}`} onClick={() => setResult(r)}>
            {r.changes.slice(0, 2).map(changeText).join('；')}
            {r.changes.length > 2 ? ` 等 ${r.changes.length} 人` : ''}
          </ActionLink>
        ),
    },
    ...actionsColumn(true, {
      width: 72,
      render: (r: ScoreRecheckRow) =>
        r.state === 'pending' ? (
          <ActionLink aria-label={`答复：${r.realName}`} onClick={() => setAnswering(r)}>
            答复
          </ActionLink>
        ) : (
          <Typography.Text type="secondary">已答复</Typography.Text>
        ),
    }),
  ];

  return (
    <Card title={title}>
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanPostFilters list={list} onPlanChange={() => list.setFilters({ state: undefined, keyword: undefined })} />
        <SelectFilter<RecheckState>
          label="状态"
          placeholder="全部状态"
          width={120}
          {...bind('state')}
          options={RECHECK_STATE_KEYS.map((s) => ({ label: RECHECK_STATES[s], value: s }))}
        />
        <SearchFilter label="搜索考生" placeholder="姓名或身份证号码" width={220} maxLength={30} {...bind('keyword')} />
        <ExportButton
          endpoint={exportScoreRecheckList}
          input={planId === undefined ? undefined : { stage, planId, recruitmentId: filters.recruitmentId, state: filters.state, keyword: filters.keyword }}
          fileName={`${title}.xlsx`}
          label="导出 Excel"
          total={tableProps.pagination.total}
        />
      </Space>
      <DataTable<ScoreRecheckRow> {...tableProps} size="middle" scroll={{ x: widthOf(columns) }} locale={{ emptyText: '暂无成绩复查申请' }} columns={columns} />
      {answering && (
        <AnswerModal
          row={answering}
          stageName={stageName}
          onClose={() => setAnswering(undefined)}
          onAnswered={(row) => {
            setAnswering(undefined);
            if (row.state === 'corrected') setResult(row);
          }}
        />
      )}
      {result && (
        <Modal open title={`成绩已更正：${result.realName}（${result.originalScore} → ${result.correctedScore}）`} footer={null} onCancel={() => setResult(undefined)}>
          <Typography.Paragraph>本岗位{stageName}排名（按发布时的规则重新计算）中名次变化的考生：</Typography.Paragraph>
          <RankChanges changes={result.changes} passWord={passWord} />
        </Modal>
      )}
    </Card>
  );
}
