import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  EXAMINER_NAME_MAX, EXAMINER_UNIT_MAX, GATE_NO_WORKFLOW_NOTE, INTERVIEW_STAGE, PERMISSIONS,
  WORKFLOW_ITEM_NAME_MAX, WORKFLOW_ITEMS_MAX, WORKFLOW_KINDS, WORKFLOW_STAGES, type WorkflowItemRow,
  type WorkflowKind, type WorkflowStage, SIGN_UP_STAGE, SUCCESS_MESSAGES, isGateWorkflowStage,
  stageEmptyMessage, workItemPermission, workflowItemsProblem,
} from '@zhaokao/contracts';
import { App, Button, Flex, Input, Radio, Select, Space, Tooltip } from 'antd';
import { DataTable } from '../../../components/DataTable';
import { DraftSaveBar } from '../../../components/DraftSaveBar';
import { useState } from 'react';
import { announce } from '../../../lib/api-client';
import { useSaveWorkflow } from '../api/workflow-api';

interface Draft {
  key: string;
  id?: number;
  workItem: string;
  kind: WorkflowKind;
  assigneeId?: number;
  examinerName: string;
  examinerUnit: string;
}

export interface StaffOption {
  id: number;
  name: string;
  departmentName: string;
  permissions: string[];
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

/** Why the list cannot be saved, in the words the server would use, or null. */
function problemOf(stage: WorkflowStage, drafts: Draft[], staff: StaffOption[]): string | null {
  for (const [i, d] of drafts.entries()) {
    if (!d.workItem.trim()) return `第 ${i + 1} 项：请输入工作事项名称`;
    if (d.assigneeId === undefined) return `第 ${i + 1} 项：请选择工作人员`;
  }
  return workflowItemsProblem(
    stage,
    drafts.map((d) => ({ ...d, workItem: d.workItem.trim(), examinerName: d.examinerName.trim(), examinerUnit: d.examinerUnit.trim() })),
    (id) => staff.find((s) => s.id === id)?.name ?? '',
  );
}

/** One stage's ordered work items: add, remove, move, assign and choose the kind, then save the whole list. */
export function StageEditor({
  planId,
  stage,
  items,
  staff,
  editable,
}: {
  planId: number;
  stage: WorkflowStage;
  items: WorkflowItemRow[];
  staff: StaffOption[];
  editable: boolean;
}) {
  const { message } = App.useApp();
  const save = useSaveWorkflow();
  // The sign-up review and the gates (资格复审, 体检, 考察, 公示) take checks (√/x) only.
  const verifyOnly = stage === SIGN_UP_STAGE.stage || isGateWorkflowStage(stage);
  const initial = (): Draft[] =>
    items.map((i) => ({
      key: `item-${i.id}`,
      id: i.id,
      workItem: i.workItem,
      kind: i.kind,
      assigneeId: i.assigneeId,
      examinerName: i.examinerName,
      examinerUnit: i.examinerUnit,
    }));
  const [drafts, setDrafts] = useState<Draft[]>(initial);
  const [dirty, setDirty] = useState(false);

  const update = (next: Draft[]) => {
    setDrafts(next);
    setDirty(true);
  };
  const patch = (key: string, change: Partial<Draft>) => update(drafts.map((d) => (d.key === key ? { ...d, ...change } : d)));
  const examinerInput = (d: Draft, name: 'examinerName' | 'examinerUnit', label: string, placeholder: string, maxLength: number) => (
    <Input aria-label={label} placeholder={placeholder} maxLength={maxLength} value={d[name]} onChange={(e) => patch(d.key, { [name]: e.target.value })} />
  );
  const move = (index: number, by: -1 | 1) => {
    const next = [...drafts];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    update(next);
  };
  const add = () =>
    update([
      ...drafts,
      {
        key: newKey(),
        workItem: '',
        kind: !verifyOnly && !drafts.some((d) => d.kind === 'score') ? 'score' : 'verify',
        examinerName: '',
        examinerUnit: '',
      },
    ]);

  // Only staff holding the item's permission are offered; a disabled assignee, or one who lost the permission,
  // still shows by name, so that the user sees whom to replace.
  const optionsFor = (kind: WorkflowKind) => {
    const needed = workItemPermission(stage, kind);
    return [
      ...staff
        .filter((s) => s.permissions.includes(needed))
        .map((s) => ({ value: s.id, label: s.departmentName ? `${s.name}（${s.departmentName}）` : s.name })),
      ...staff
        .filter((s) => !s.permissions.includes(needed))
        .map((s) => ({ value: s.id, label: `${s.name}（无“${PERMISSIONS[needed]}”权限）`, disabled: true })),
      ...items
        .filter((i) => !staff.some((s) => s.id === i.assigneeId))
        .map((i) => ({ value: i.assigneeId, label: `${i.assigneeName}（已停用）`, disabled: true })),
    ].filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i);
  };

  const onSave = async () => {
    const problem = problemOf(stage, drafts, staff);
    if (problem) {
      void message.error(problem, 3);
      return;
    }
    const input = {
      planId,
      stage,
      items: drafts.map((d) => ({
        id: d.id,
        workItem: d.workItem.trim(),
        kind: d.kind,
        assigneeId: d.assigneeId!,
        examinerName: stage === INTERVIEW_STAGE && d.kind === 'score' ? d.examinerName.trim() : '',
        examinerUnit: stage === INTERVIEW_STAGE && d.kind === 'score' ? d.examinerUnit.trim() : '',
      })),
    };
    if (await announce(save.mutateAsync(input), SUCCESS_MESSAGES.saved)) setDirty(false);
  };

  return (
    <>
      <DataTable<Draft>
        label="工作事项列表"
        rowKey="key"
        dataSource={drafts}
        pagination={false}
        scroll={{ x: stage === INTERVIEW_STAGE ? 1060 : 760 }}
        locale={{ emptyText: isGateWorkflowStage(stage) ? GATE_NO_WORKFLOW_NOTE : stageEmptyMessage(stage) }}
        columns={[
          { title: '顺序', key: 'order', width: 72, render: (_, __, i) => i + 1 },
          {
            title: '工作事项',
            dataIndex: 'workItem',
            width: 220,
            render: (_, d) =>
              editable ? (
                <Input
                  aria-label="工作事项名称"
                  value={d.workItem}
                  maxLength={WORKFLOW_ITEM_NAME_MAX}
                  placeholder="例如：初审"
                  status={d.workItem.trim() ? undefined : 'error'}
                  onChange={(e) => patch(d.key, { workItem: e.target.value })}
                />
              ) : (
                d.workItem
              ),
          },
          {
            title: '类型',
            dataIndex: 'kind',
            width: 230,
            render: (_, d) => (
              <Radio.Group
                aria-label="工作类型"
                value={d.kind}
                disabled={!editable}
                onChange={(e) => patch(d.key, { kind: e.target.value as WorkflowKind })}
                options={(Object.keys(WORKFLOW_KINDS) as WorkflowKind[]).map((k) => ({
                  value: k,
                  label: WORKFLOW_KINDS[k],
                  disabled: k === 'score' && verifyOnly,
                }))}
              />
            ),
          },
          {
            title: '工作人员',
            dataIndex: 'assigneeId',
            width: 200,
            render: (_, d) => (
              <Select
                aria-label="工作人员"
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="选择工作人员"
                value={d.assigneeId}
                disabled={!editable}
                status={d.assigneeId === undefined ? 'error' : undefined}
                options={optionsFor(d.kind)}
                onChange={(assigneeId: number) => patch(d.key, { assigneeId })}
              />
            ),
          },
          ...(stage === INTERVIEW_STAGE
            ? [
                {
                  title: '外聘考官（不需账号，由工作人员代录评分）',
                  key: 'examiner',
                  width: 300,
                  render: (_: unknown, d: Draft) =>
                    d.kind !== 'score' ? (
                      '—'
                    ) : editable ? (
                      <Space.Compact style={{ width: '100%' }}>
                        {examinerInput(d, 'examinerName', '考官姓名', '考官姓名（可不填）', EXAMINER_NAME_MAX)}
                        {examinerInput(d, 'examinerUnit', '考官单位', '所在单位', EXAMINER_UNIT_MAX)}
                      </Space.Compact>
                    ) : d.examinerName ? (
                      `${d.examinerName}${d.examinerUnit ? `（${d.examinerUnit}）` : ''}`
                    ) : (
                      '由工作人员本人评分'
                    ),
                },
              ]
            : []),
          ...(editable
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 120,
                  render: (_: unknown, d: Draft, i: number) => (
                    <Space size={0}>
                      <Tooltip title="上移">
                        <Button type="text" size="small" aria-label="上移" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} />
                      </Tooltip>
                      <Tooltip title="下移">
                        <Button
                          type="text"
                          size="small"
                          aria-label="下移"
                          icon={<ArrowDownOutlined />}
                          disabled={i === drafts.length - 1}
                          onClick={() => move(i, 1)}
                        />
                      </Tooltip>
                      <Tooltip title="删除">
                        <Button
                          type="text"
                          size="small"
                          danger
                          aria-label="删除"
                          icon={<DeleteOutlined />}
                          onClick={() => update(drafts.filter((x) => x.key !== d.key))}
                        />
                      </Tooltip>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editable && (
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 12 }}>
          <Button icon={<PlusOutlined />} onClick={add} disabled={drafts.length >= WORKFLOW_ITEMS_MAX}>
            添加工作
          </Button>
          <DraftSaveBar
            dirty={dirty}
            saving={save.isPending}
            onRevert={() => {
              setDrafts(initial());
              setDirty(false);
            }}
            onSave={onSave}
          >
            保存{WORKFLOW_STAGES[stage]}安排
          </DraftSaveBar>
        </Flex>
      )}
    </>
  );
}
