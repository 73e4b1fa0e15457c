import { CheckCircleFilled } from '@ant-design/icons';
import { ABSENT_WORD, EXAM_STAGES, type ExamApplicationRow, type ExamStage, SCORE_FORMAT_MESSAGE, compareScores, scoreText } from '@zhaokao/contracts';
import { Checkbox, Input, Typography, theme } from 'antd';
import { type ComponentProps, type KeyboardEvent, useRef, useState } from 'react';
import { DataTable } from '../../../../components/DataTable';
import { ApiError } from '../../../../lib/api-client';
import { saveScoreQuietly } from '../../api/score-api';
import { ScoreState, scoreCell } from './ScoreState';

/** A cell's save: under way, done, or refused with the reason. */
interface CellState {
  saving?: boolean;
  saved?: boolean;
  error?: string;
}

type Row = ExamApplicationRow;
type Item = Row['itemScores'][number];

const cellKey = (applicationId: number, workItemId: number) => `${applicationId}:${workItemId}`;

/** Sets the same value for several cells of a map state. */
const setCells = <T,>(set: (update: (old: Record<string, T>) => Record<string, T>) => void, keys: string[], value: T) =>
  set((old) => ({ ...old, ...Object.fromEntries(keys.map((key) => [key, value])) }));

/** What the list says a cell holds now: 缺考, the examiner's score, or nothing. */
const storedValue = (row: Row, item: Item) => (row.absent ? ABSENT_WORD : (item.score ?? ''));

/** Whether typed text is what the cell already holds ('86.5' is '86.50'). */
function sameValue(typed: string, stored: string) {
  if (typed === stored) return true;
  if (stored === '' || stored === ABSENT_WORD) return false;
  const parsed = scoreText.safeParse(typed);
  return parsed.success && compareScores(parsed.data, stored) === 0;
}

/**
 * 表格录入: the page's candidates with one score cell per score item (a panel: one column per examiner).
 * Type a score (or 缺考) and press Enter: the cell is saved through batchSetGrade and the cursor moves down to the
 * next candidate; leaving a changed cell saves it too. A score the contracts refuse is shown in the cell, unsaved.
 */
export function ScoreGrid({ stage, tableProps }: { stage: ExamStage; tableProps: ComponentProps<typeof DataTable<Row>> }) {
  const rows = (tableProps.dataSource ?? []) as readonly Row[];
  const items = rows.find((row) => row.itemScores.length > 0)?.itemScores ?? [];
  const panel = items.length > 1;
  const stageName = EXAM_STAGES[stage];
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [states, setStates] = useState<Record<string, CellState>>({});
  const [absentDrafts, setAbsentDrafts] = useState<Record<number, boolean>>({});
  /** The value each cell last sent (or is sending): leaving the cell right after Enter does not send it twice. */
  const sent = useRef(new Map<string, string>());
  const area = useRef<HTMLDivElement>(null);

  const columnTitle = (item: Item) => (panel ? `考官 ${item.examinerName}` : `${stageName}成绩`);
  const rowKeys = (row: Row) => row.itemScores.map((item) => cellKey(row.id, item.workItemId));

  const save = async (row: Row, item: Item, typed: string) => {
    const key = cellKey(row.id, item.workItemId);
    const value = typed.trim();
    if (value === '' || sent.current.get(key) === value) return;
    if (!sent.current.has(key) && sameValue(value, storedValue(row, item))) return;
    const absent = value === ABSENT_WORD;
    const parsed = scoreText.safeParse(value);
    if (!absent && !parsed.success) {
      setCells(setStates, [key], { error: SCORE_FORMAT_MESSAGE });
      return;
    }
    // 缺考 is the whole row's; a score typed into a row marked 缺考 reopens its other cells.
    const wasAbsent = absentDrafts[row.id] ?? row.absent;
    const keys = absent ? rowKeys(row) : [key];
    if (absent) setCells(setDrafts, keys, ABSENT_WORD);
    else if (wasAbsent) {
      const others = rowKeys(row).filter((other) => other !== key);
      for (const other of others) sent.current.delete(other);
      setCells(setDrafts, others, '');
      setCells(setStates, others, {});
    }
    setAbsentDrafts((old) => ({ ...old, [row.id]: absent }));
    for (const k of keys) sent.current.set(k, value);
    setCells(setStates, keys, { saving: true });
    try {
      await saveScoreQuietly({
        type: stage,
        entries: [
          absent
            ? { applicationId: row.id, absent: true, scores: [] }
            : { applicationId: row.id, absent: false, scores: [{ workItemId: item.workItemId, score: parsed.data! }] },
        ],
      });
      setCells(setStates, keys, { saved: true });
    } catch (error) {
      if (!(error instanceof ApiError)) for (const k of keys) sent.current.delete(k);
      setCells(setStates, keys, { error: error instanceof ApiError ? error.message : '保存失败，请检查网络后重试' });
    }
  };

  /** The next candidate's cell of the column (rows whose score is locked have none). */
  const focusBelow = (rowIndex: number, column: number) => {
    for (let i = rowIndex + 1; i < rows.length; i++) {
      const input = area.current?.querySelector<HTMLInputElement>(`input[data-cell="${i}-${column}"]`);
      if (input) {
        input.focus();
        input.select();
        return;
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: Row, item: Item, rowIndex: number, column: number) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void save(row, item, event.currentTarget.value);
    focusBelow(rowIndex, column);
  };

  const toggleAbsent = (row: Row, checked: boolean) => {
    const first = row.itemScores[0];
    if (!first) return;
    if (checked) {
      void save(row, first, ABSENT_WORD);
      return;
    }
    // Unticked: the cells are open for scores, saved as they are typed.
    const keys = rowKeys(row);
    for (const key of keys) sent.current.delete(key);
    setAbsentDrafts((old) => ({ ...old, [row.id]: false }));
    setCells(setDrafts, keys, '');
    setCells(setStates, keys, {});
  };

  const cell = (row: Row, rowIndex: number, column: number) => {
    const item = row.itemScores.find((candidate) => candidate.workItemId === items[column]!.workItemId);
    if (!item) return '—';
    if (row.confirmed) return storedValue(row, item) || '—';
    const key = cellKey(row.id, item.workItemId);
    const state = states[key] ?? {};
    return (
      <div>
        <Input
          size="small"
          value={drafts[key] ?? storedValue(row, item)}
          data-cell={`${rowIndex}-${column}`}
          aria-label={`${row.realName} ${columnTitle(items[column]!)}`}
          aria-invalid={state.error ? true : undefined}
          status={state.error ? 'error' : undefined}
          inputMode="decimal"
          autoComplete="off"
          placeholder={`分数或${ABSENT_WORD}`}
          style={{ width: 110 }}
          onChange={(event) => {
            const value = event.target.value;
            sent.current.delete(key);
            setCells(setDrafts, [key], value);
            setCells(setStates, [key], {});
          }}
          onKeyDown={(event) => onKeyDown(event, row, item, rowIndex, column)}
          onBlur={(event) => void save(row, item, event.currentTarget.value)}
        />
        <CellNote state={state} />
      </div>
    );
  };

  return (
    <div ref={area}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        输入分数后按 Enter 保存并移到下一位考生，离开单元格时也会保存；缺考可输入“{ABSENT_WORD}”或勾选“{ABSENT_WORD}”。已审核的成绩锁定，不能在此修改。
      </Typography.Paragraph>
      <DataTable<Row>
        {...tableProps}
        // Refetched after each saved cell: no spinner over the cells being typed in.
        loading={rows.length === 0 && tableProps.loading}
        size="small"
        scroll={{ x: 560 + items.length * 140 }}
        columns={[
          { title: '姓名', dataIndex: 'realName', width: 100, fixed: 'left' },
          { title: '准考证号', dataIndex: 'ticketCode', width: 150, render: (v: string | null) => v ?? '—' },
          ...items.map((item, column) => ({
            title: columnTitle(item),
            key: `item-${item.workItemId}`,
            width: 140,
            render: (_: unknown, row: Row, rowIndex: number) => cell(row, rowIndex, column),
          })),
          ...(panel ? [{ title: `${stageName}成绩`, key: 'score', width: 90, render: (_: unknown, row: Row) => scoreCell(row) }] : []),
          {
            title: ABSENT_WORD,
            key: 'absent',
            width: 70,
            render: (_: unknown, row: Row) => (
              <Checkbox
                checked={absentDrafts[row.id] ?? row.absent}
                disabled={row.confirmed || row.itemScores.length === 0}
                aria-label={`${row.realName}${ABSENT_WORD}`}
                onChange={(event) => toggleAbsent(row, event.target.checked)}
              />
            ),
          },
          { title: '状态', key: 'state', width: 200, render: (_: unknown, row: Row) => <ScoreState row={row} /> },
          { title: '报考岗位', dataIndex: 'jobVacancy', ellipsis: true },
        ]}
      />
    </div>
  );
}

/** Under a cell: 保存中, 已保存 (text in the body colour: readable on a hovered row too), or why the score was not saved. */
function CellNote({ state }: { state: CellState }) {
  const { token } = theme.useToken();
  const style = { display: 'block', fontSize: 12 };
  if (state.error) {
    return (
      <Typography.Text type="danger" role="alert" style={style}>
        {state.error}
      </Typography.Text>
    );
  }
  if (state.saving) {
    return (
      <Typography.Text style={style}>
        保存中…
      </Typography.Text>
    );
  }
  if (state.saved) {
    return (
      <Typography.Text style={style}>
        <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess }} /> 已保存
      </Typography.Text>
    );
  }
  return null;
}
