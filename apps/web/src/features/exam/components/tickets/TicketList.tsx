import {
  EXAM_STAGES, type ExamBatchResult, type ExamSessionView, type ExamStage, PRINT_KINDS, STAGE_STATUSES,
  type PrintKind, TICKET_FILTERS, type TicketRow, admissionTicketPage,
} from '@zhaokao/contracts';
import { App, Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ActionLink } from '../../../../components/ActionLink';
import { DataTable } from '../../../../components/DataTable';
import { SearchFilter, SelectFilter } from '../../../../components/ListFilters';
import { lazyModal } from '../../../../components/lazy-modal';
import { succeeded } from '../../../../lib/api-client';
import { actionsColumn } from '../../../../lib/columns';
import { usePlanPosts } from '../../../../lib/options';
import { usePlanPagedList } from '../../../../components/PlanSelect';
import { planHas } from '../../../../lib/plan-choice';
import { useIssueTickets, useStartPrintJob } from '../../api/ticket-api';
import { useSelectableTableArea } from '../../../../lib/use-selectable-table-area';

const BatchResultModal = lazyModal(() => import('../../../../components/BatchResultModal').then((m) => m.BatchResultModal));
const PrintJobModal = lazyModal(() => import('./PrintJobModal').then((m) => m.PrintJobModal));

type TicketState = keyof typeof TICKET_FILTERS;
export const TICKET_LIST_FILTERS = {
  planId: 'id',
  recruitmentId: 'id',
  roomId: 'id',
  ticket: Object.keys(TICKET_FILTERS) as TicketState[],
  keyword: 'text',
} as const;

/** The list's filters and page in the address; the plan chosen there, else the latest plan with applications in the stage (or the user's last choice). */
export const useTicketList = (stage: ExamStage) =>
  usePlanPagedList(admissionTicketPage, {
    label: '准考证列表',
    filters: TICKET_LIST_FILTERS,
    hasData: planHas.statuses(STAGE_STATUSES[stage]),
    input: (chosen, page) => ({ ...chosen, type: stage, ...page }),
  });

const stateOf = (row: TicketRow): TicketState => (row.issuedAt ? 'issued' : row.roomId !== null ? 'seated' : 'unseated');
const STATE_COLOURS: Record<TicketState, string> = { unseated: 'default', seated: 'blue', issued: 'green' };

interface Props {
  planId: number;
  stage: ExamStage;
  session: ExamSessionView | undefined;
  list: ReturnType<typeof useTicketList>;
  selected: number[];
  onSelect(ids: number[]): void;
}

/** 准考证: the stage's applications with seat and ticket; issue tickets (selected or all), print tickets, door labels and sign-in sheets. */
export function TicketList({ planId, stage, session, list, selected, onSelect }: Props) {
  const { filters, bind, tableProps } = list;
  const { modal } = App.useApp();
  const { data: posts } = usePlanPosts(planId);
  const issue = useIssueTickets();
  const startPrint = useStartPrintJob();
  const [result, setResult] = useState<ExamBatchResult>();
  const [job, setJob] = useState<{ jobId: string; title: string }>();
  const stageName = EXAM_STAGES[stage];
  const tableArea = useSelectableTableArea();

  const postChoices = (posts ?? []).map((p) => ({ label: p.jobVacancy, value: p.recruitmentId }));
  const roomChoices = (session?.rooms ?? []).map((r) => ({ label: r.name, value: r.id }));
  const stateChoices = (Object.keys(TICKET_FILTERS) as TicketState[]).map((k) => ({ label: TICKET_FILTERS[k], value: k }));
  const postName = postChoices.find((p) => p.value === filters.recruitmentId)?.label;
  const roomName = roomChoices.find((r) => r.value === filters.roomId)?.label;

  const issueTickets = async (ids?: number[]) => {
    let answer: ExamBatchResult | undefined;
    const ok = await succeeded(
      issue.mutateAsync({ planId, type: stage, recruitmentId: ids ? undefined : filters.recruitmentId, ids }).then((r) => (answer = r)),
    );
    if (!ok || !answer) return;
    onSelect([]);
    setResult(answer);
  };

  const issueAll = () =>
    modal.confirm({
      title: postName ? `发放岗位「${postName}」全部已排座考生的${stageName}准考证？` : `发放本计划全部已排座考生的${stageName}准考证？`,
      content: postName
        ? '该岗位已排座、尚未发放的考生都将收到准考证，发放后不能撤回。'
        : `已排座、尚未发放的 ${session?.seatedNotIssued ?? 0} 人都将收到准考证，发放后不能撤回。`,
      okText: '全部发放',
      cancelText: '取消',
      onOk: () => issueTickets(),
    });

  const print = async (kind: PrintKind, scope: { ids?: number[]; roomId?: number }, title: string) => {
    let jobId: string | undefined;
    const ok = await succeeded(startPrint.mutateAsync({ planId, type: stage, kind, ...scope }).then((r) => (jobId = r.jobId)));
    if (ok && jobId) setJob({ jobId, title });
  };

  // Tickets: the selected applications, else the room filtered on, else the whole stage; labels and sheets go by room.
  const ticketScope = selected.length > 0 ? { ids: selected } : { roomId: filters.roomId };
  const ticketScopeName = selected.length > 0 ? `选中的 ${selected.length} 人` : roomName ? `考场「${roomName}」` : '全部考场';
  const roomScopeName = roomName ? `考场「${roomName}」` : '全部考场';
  const noRooms = (session?.rooms.length ?? 0) === 0;

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <SelectFilter label="报考岗位" placeholder="全部岗位" width={170} search {...bind('recruitmentId')} options={postChoices} />
        <SelectFilter label="考场" placeholder="全部考场" width={150} search {...bind('roomId')} options={roomChoices} />
        <SelectFilter label="准考证状态" placeholder="全部状态" width={150} {...bind('ticket')} options={stateChoices} />
        <SearchFilter label="关键词" placeholder="姓名、身份证号码、准考证号" width={270} maxLength={30} {...bind('keyword')} />
      </Space>
      <Space wrap size={8} style={{ display: 'flex', marginBottom: 12 }}>
        <Popconfirm
          title={`发放选中的 ${selected.length} 人的准考证？`}
          description="发放后不能撤回"
          okText="发放"
          cancelText="取消"
          disabled={selected.length === 0}
          onConfirm={() => issueTickets(selected)}
        >
          <Button type="primary" disabled={selected.length === 0} loading={issue.isPending && selected.length > 0}>
            发放准考证{selected.length > 0 ? `（${selected.length}）` : ''}
          </Button>
        </Popconfirm>
        <Tooltip title={session?.seatedNotIssued === 0 ? '没有已排座、待发放的考生' : undefined}>
          <Button disabled={session?.seatedNotIssued === 0} loading={issue.isPending && selected.length === 0} onClick={issueAll}>
            {postName ? '本岗位全部发放' : '全部发放'}
          </Button>
        </Tooltip>
        <Button
          disabled={noRooms}
          loading={startPrint.isPending && startPrint.variables?.kind === 'tickets'}
          onClick={() => print('tickets', ticketScope, `打印准考证：${ticketScopeName}`)}
        >
          打印准考证
        </Button>
        <Button
          disabled={noRooms}
          loading={startPrint.isPending && startPrint.variables?.kind === 'doorLabels'}
          onClick={() => print('doorLabels', { roomId: filters.roomId }, `打印${PRINT_KINDS.doorLabels}：${roomScopeName}`)}
        >
          打印考场门贴
        </Button>
        <Button
          disabled={noRooms}
          loading={startPrint.isPending && startPrint.variables?.kind === 'signInSheets'}
          onClick={() => print('signInSheets', { roomId: filters.roomId }, `打印${PRINT_KINDS.signInSheets}：${roomScopeName}`)}
        >
          打印签到表
        </Button>
        <Typography.Text type="secondary">
          准考证打印范围：{ticketScopeName}；门贴与签到表：{roomScopeName}
        </Typography.Text>
      </Space>
      <div ref={tableArea}>
        <DataTable<TicketRow>
          {...tableProps}
          rowKey="applicationId"
          size="middle"
          scroll={{ x: 1100 }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => onSelect(keys as number[]),
            getCheckboxProps: (row) => ({ 'aria-label': `选择${row.realName}` }),
          }}
          columns={[
            { title: '姓名', dataIndex: 'realName', width: 110, fixed: 'left' },
            { title: '报考岗位', dataIndex: 'jobVacancy', ellipsis: true },
            { title: '身份证号码', dataIndex: 'identityNo', width: 176 },
            { title: '考场', dataIndex: 'roomName', width: 110, render: (v: string | null) => v ?? '—' },
            { title: '座位号', dataIndex: 'seat', width: 70, render: (v: number | null) => v ?? '—' },
            { title: '准考证号', dataIndex: 'ticketCode', width: 160, render: (v: string | null) => v ?? '—' },
            {
              title: '准考证状态',
              key: 'state',
              width: 120,
              render: (_, row) => <Tag color={STATE_COLOURS[stateOf(row)]}>{TICKET_FILTERS[stateOf(row)]}</Tag>,
            },
            ...actionsColumn(true, {
              width: 64,
              render: (row: TicketRow) =>
                row.issuedAt ? (
                  <ActionLink
                    aria-label={`打印准考证：${row.realName}`}
                    onClick={() => print('tickets', { ids: [row.applicationId] }, `打印准考证：${row.realName}`)}
                  >
                    打印
                  </ActionLink>
                ) : (
                  <Typography.Text type="secondary">—</Typography.Text>
                ),
            }),
          ]}
        />
      </div>
      {result && <BatchResultModal title="发放结果" verb="发放" done={result.done} refused={result.refused} onClose={() => setResult(undefined)} />}
      {job && <PrintJobModal jobId={job.jobId} title={job.title} onClose={() => setJob(undefined)} />}
    </>
  );
}
