import {
  type GateApplicationRow, type GateResult, type GateStageRow, type OutputOf, SUCCESS_MESSAGES,
  exportGateApplicationList, type gateSummary,
} from '@zhaokao/contracts';
import { App, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { ExportButton } from '../../../components/ExportButton';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { PostFilter } from '../../../components/PlanFilters';
import { lazyModal } from '../../../components/lazy-modal';
import { showSuccess, succeeded } from '../../../lib/api-client';
import { actionsColumn, widthOf } from '../../../lib/columns';
import { useDictLabel } from '../../../lib/dict';
import { formatTime } from '../../../lib/time';
import { useSelectableTableArea } from '../../../lib/use-selectable-table-area';
import { useDecideGate } from '../api/decide-gate';
import { useDecideGateTasks } from '../api/decide-gate-tasks';
import { GATE_RESULT_LIST, useGateApplicationList } from '../api/get-gate-applications';
import { BatchActions } from './BatchActions';
import { GateSteps } from './GateSteps';
import { GateSummaryBar } from './GateSummaryBar';
import { RESULT_COLOURS, passLabelOf, resultWordsOf, scoreTitleOf } from './gate-words';

const DecisionModal = lazyModal(() => import('./DecisionModal').then((m) => m.DecisionModal));
const ObjectionModal = lazyModal(() => import('./ObjectionModal').then((m) => m.ObjectionModal));

/** The width antd gives the selection column. */
const SELECTION_WIDTH = 32;
const orDash = (v: string | number | null) => (v === null || v === '' ? '—' : v);

interface Props {
  gate: GateStageRow;
  planId: number;
  summary: OutputOf<typeof gateSummary>;
  /** May decide at this gate (the gate's review permission or plan:edit). */
  canDecideHere: boolean;
  /** May confirm the list (plan:edit). */
  canConfirm: boolean;
}

/**
 * A plan's candidates at a gate that the plan runs: the summary, the filters, the batch decisions and the list,
 * server-paged. Rendered per plan (keyed by it), so that choosing another plan clears the selection.
 */
export function GateList({ gate, planId, summary, canDecideHere, canConfirm }: Props) {
  const list = useGateApplicationList(gate);
  const { filters, bind, tableProps } = list;
  const { modal } = App.useApp();
  const sexLabel = useDictLabel('sex');
  const decide = useDecideGate();
  const decideTasks = useDecideGateTasks();
  /** The plan set work items for the gate: 合格 / 不合格 go through their tasks, item by item. */
  const tasked = summary.workItems > 0;
  const tableArea = useSelectableTableArea();
  const [selected, setSelected] = useState<GateApplicationRow[]>([]);
  const [deciding, setDeciding] = useState<'failed' | 'withdrew'>();
  const [editingObjection, setEditingObjection] = useState<GateApplicationRow>();
  const words = resultWordsOf(gate);
  const publicity = gate.gate === 'publicity';
  const ids = selected.map((r) => r.id);
  const taskIds = selected.flatMap((r) => (r.myTaskId === null ? [] : [r.myTaskId]));

  const passTasks = () =>
    modal.confirm({
      title: `通过选中的 ${selected.length} 人的当前工作？`,
      content: `各考生当前的工作事项记为“通过”；最后一项通过的考生，${gate.name}结果记为“${words.passed}”。`,
      okText: '通过',
      cancelText: '取消',
      onOk: async () => {
        if (await succeeded(decideTasks.mutateAsync({ gate: gate.stage, taskIds, result: 'passed' }))) {
          showSuccess(SUCCESS_MESSAGES.done);
          setSelected([]);
        }
      },
    });

  const pass = () =>
    modal.confirm({
      title: `${passLabelOf(gate)}：选中的 ${selected.length} 人？`,
      content: publicity
        ? '确认后这些考生的结果为“聘用”，不能撤回；公示期未满的考生不能确认聘用。'
        : `这些考生的${gate.name}结果将记为“${words.passed}”。`,
      okText: passLabelOf(gate),
      cancelText: '取消',
      onOk: async () => {
        if (await succeeded(decide.mutateAsync({ gate: gate.stage, applicationIds: ids, result: 'passed' }))) {
          showSuccess(SUCCESS_MESSAGES.done);
          setSelected([]);
        }
      },
    });

  const columns = [
    { title: '岗位', dataIndex: 'jobVacancy', width: 140, ellipsis: true },
    { title: '姓名', dataIndex: 'realName', width: 90 },
    { title: '性别', dataIndex: 'sex', width: 56, render: (v: string) => sexLabel(v) },
    { title: '身份证号码', dataIndex: 'identityNo', width: 176 },
    { title: '手机号码', dataIndex: 'phone', width: 120 },
    { title: scoreTitleOf(gate), dataIndex: 'score', width: 90, align: 'right' as const, render: orDash },
    { title: '名次', dataIndex: 'rank', width: 64, align: 'right' as const, render: orDash },
    {
      title: '结果',
      key: 'result',
      width: 140,
      render: (_: unknown, r: GateApplicationRow) => (
        <>
          <Tag color={RESULT_COLOURS[r.result]}>{words[r.result]}</Tag>
          {r.substitute && <Tag color="purple">递补</Tag>}
        </>
      ),
    },
    ...(tasked
      ? [
          {
            title: '工作进度',
            key: 'steps',
            width: 300,
            render: (_: unknown, r: GateApplicationRow) => <GateSteps steps={r.steps} name={r.realName} />,
          },
        ]
      : []),
    { title: '原因', dataIndex: 'reason', width: 180, ellipsis: true, render: orDash },
    {
      title: '处理时间 / 处理人',
      key: 'decided',
      width: 150,
      render: (_: unknown, r: GateApplicationRow) =>
        r.decidedAt === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <>
            {formatTime(r.decidedAt)}
            <br />
            <Typography.Text type="secondary">{r.decidedBy ?? ''}</Typography.Text>
          </>
        ),
    },
    ...(publicity
      ? [{ title: '异议情况', dataIndex: 'objection', width: 180, ellipsis: true, render: (v: string) => v || '无' }]
      : []),
    // The objection is noted by who may decide at 公示, while the candidate is still in it.
    ...actionsColumn(publicity && canDecideHere, {
      width: 90,
      render: (r: GateApplicationRow) =>
        r.result === 'pending' ? (
          <ActionLink aria-label={`编辑异议：${r.realName}`} onClick={() => setEditingObjection(r)}>
            编辑异议
          </ActionLink>
        ) : null,
    }),
  ];

  return (
    <>
      <GateSummaryBar gate={gate} planId={planId} summary={summary} canConfirm={canConfirm} />
      <Space wrap style={{ marginBottom: 12 }}>
        <PostFilter planId={planId} {...bind('recruitmentId')} />
        <SelectFilter<GateResult>
          label="结果"
          placeholder="全部结果"
          width={130}
          {...bind('result')}
          options={GATE_RESULT_LIST.map((r) => ({ label: words[r], value: r }))}
        />
        <SearchFilter label="搜索考生" placeholder="姓名、身份证号码或手机号码" width={260} maxLength={30} {...bind('keyword')} />
        <ExportButton
          endpoint={exportGateApplicationList}
          input={{ gate: gate.stage, planId, recruitmentId: filters.recruitmentId, result: filters.result, keyword: filters.keyword }}
          fileName={`${gate.noticeTitle}.xlsx`}
          label="导出 Excel"
          total={tableProps.pagination.total}
        />
      </Space>
      {canDecideHere && (
        <BatchActions
          gate={gate}
          selected={selected}
          tasked={tasked}
          passing={(decide.isPending || decideTasks.isPending) && deciding === undefined}
          onPass={tasked ? passTasks : pass}
          onFail={() => setDeciding('failed')}
          onWithdraw={() => setDeciding('withdrew')}
        />
      )}
      <div ref={tableArea}>
        <DataTable<GateApplicationRow>
          {...tableProps}
          size="middle"
          scroll={{ x: widthOf(columns) + (canDecideHere ? SELECTION_WIDTH : 0) }}
          locale={{ emptyText: `暂无进入${gate.name}的考生` }}
          rowSelection={
            canDecideHere
              ? {
                  selectedRowKeys: ids,
                  preserveSelectedRowKeys: true,
                  onChange: (_, rows) => setSelected(rows.filter((r): r is GateApplicationRow => r !== undefined)),
                  getCheckboxProps: (r) => ({ 'aria-label': `选择${r.realName}` }),
                }
              : undefined
          }
          columns={columns}
        />
      </div>
      {deciding && (
        <DecisionModal
          gate={gate}
          result={deciding}
          names={selected.map((r) => r.realName)}
          applicationIds={ids}
          taskIds={tasked ? taskIds : undefined}
          onClose={() => setDeciding(undefined)}
          onDone={() => {
            setDeciding(undefined);
            setSelected([]);
          }}
        />
      )}
      {editingObjection && <ObjectionModal row={editingObjection} onClose={() => setEditingObjection(undefined)} />}
    </>
  );
}
