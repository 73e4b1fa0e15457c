import { BATCH_PASS_MAX, type BatchPassResult, type CandidatePassFilter } from '@zhaokao/contracts';
import { App, Button, Popconfirm, Space, Typography } from 'antd';
import { type Key, useState } from 'react';
import { lazyModal } from '../../../components/lazy-modal';
import { showSuccess, succeeded } from '../../../lib/api-client';
import { useBatchPass, useCandidatePassCount } from '../api/examine-api';

const BatchResultModal = lazyModal(() => import('../../../components/BatchResultModal').then((m) => m.BatchResultModal));

/**
 * What a batch pass takes: the rows ticked (on any page), or "all pages": every application the list's current
 * filter finds whose task the user can decide now. Changing the filter ends "all pages".
 */
export function useBatchSelection(filter: CandidatePassFilter | undefined) {
  const [selected, setSelected] = useState<number[]>([]);
  const [allOf, setAllOf] = useState<string>();
  const key = JSON.stringify(filter ?? null);
  const all = filter !== undefined && allOf === key;
  const { data: count } = useCandidatePassCount(all ? filter : undefined);
  return {
    filter,
    selected,
    setSelected,
    /** Every page is chosen (by the current filter). */
    all,
    /** How many "all pages" takes, once counted. */
    allCount: all ? count?.total : undefined,
    selectAll: (on: boolean) => {
      setAllOf(on ? key : undefined);
      setSelected([]);
    },
  };
}

export type BatchSelection = ReturnType<typeof useBatchSelection>;

/** The list's row selection: while every page is chosen, the page's rows show as chosen and cannot be unticked one by one. */
export function batchRowSelection<Row>(selection: BatchSelection, rows: readonly Row[] | undefined, props: { key(row: Row): number; canPass(row: Row): boolean; name(row: Row): string }) {
  return {
    selectedRowKeys: selection.all ? (rows ?? []).filter(props.canPass).map(props.key) : selection.selected,
    preserveSelectedRowKeys: true,
    onChange: (keys: Key[]) => selection.setSelected(keys as number[]),
    getCheckboxProps: (row: Row) => ({ disabled: selection.all || !props.canPass(row), 'aria-label': `选择${props.name(row)}` }),
  };
}

/**
 * 批量通过 of the ticked rows or of all pages, and "全选所有页" with the count it takes. When every application
 * passed, a short message says so; the result dialog lists those that did not.
 */
export function BatchPassBar({ selection }: { selection: BatchSelection }) {
  const { message } = App.useApp();
  const batchPass = useBatchPass();
  const [result, setResult] = useState<BatchPassResult>();
  const { all, allCount, selected, filter } = selection;
  const count = all ? (allCount ?? 0) : selected.length;
  const tooMany = count > BATCH_PASS_MAX;

  const pass = async () => {
    let answer: BatchPassResult | undefined;
    const input = all ? { filter } : { ids: selected };
    const ok = await succeeded(batchPass.mutateAsync(input).then((r) => (answer = r)));
    if (!ok || !answer) return;
    selection.selectAll(false);
    if (answer.refused.length > 0) setResult(answer);
    else if (answer.passed > 0) showSuccess(`已通过 ${answer.passed} 人`);
    else void message.info('没有可通过的报名人员');
  };

  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Popconfirm
        title={all ? `确定通过按当前筛选条件找到的全部 ${count} 人？` : `确定通过选中的 ${count} 人？`}
        description="每人通过其当前由您审核的一项工作"
        okText="通过"
        cancelText="取消"
        disabled={count === 0 || tooMany}
        onConfirm={pass}
      >
        <Button type="primary" disabled={count === 0 || tooMany} loading={batchPass.isPending}>
          批量通过{count > 0 ? `（${count}）` : ''}
        </Button>
      </Popconfirm>
      {all ? (
        <>
          <Typography.Text strong role="status">
            {allCount === undefined ? '正在统计…' : `已选择全部 ${allCount} 份（按当前筛选条件）`}
          </Typography.Text>
          {tooMany && <Typography.Text type="danger">每次最多批量通过 {BATCH_PASS_MAX} 份，请缩小筛选范围</Typography.Text>}
          <Button type="link" onClick={() => selection.selectAll(false)}>
            取消全选
          </Button>
        </>
      ) : (
        <>
          <Button disabled={filter === undefined} onClick={() => selection.selectAll(true)}>
            全选所有页
          </Button>
          <Typography.Text type="secondary">只能选择当前轮到您审核的报名人员</Typography.Text>
        </>
      )}
      {result && <BatchResultModal title="批量通过结果" verb="通过" done={result.passed} refused={result.refused} onClose={() => setResult(undefined)} />}
    </Space>
  );
}
