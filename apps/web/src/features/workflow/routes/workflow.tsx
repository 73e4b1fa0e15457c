import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import {
  GATE_NO_WORKFLOW_NOTE, PLAN_STATUS_LABELS, WORKFLOW_STAGES, WORKFLOW_STAGE_LIST, type WorkflowItemRow,
  type WorkflowStage, isGateWorkflowStage,
} from '@zhaokao/contracts';
import { Alert, Card, Empty, Flex, Select, Skeleton, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { usePlanOptions } from '../../../lib/options';
import { useHasPermission } from '../../../lib/session';
import { useJudgeWorkflow, useStaffOptions, useWorkflow } from '../api/workflow-api';
import { StageEditor } from '../components/StageEditor';

/** Remounts a stage's editor only when that stage's saved list changes. */
const signature = (items: WorkflowItemRow[]) =>
  items.map((i) => `${i.id}:${i.sort}:${i.workItem}:${i.kind}:${i.assigneeId}`).join('|');

export default function WorkflowPage() {
  const { data: plans, isLoading: plansLoading } = usePlanOptions();
  const { data: staff } = useStaffOptions();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const planId = chosen ?? plans?.[0]?.id;
  const { data: items, isLoading } = useWorkflow(planId);
  const { data: judged } = useJudgeWorkflow(planId);
  const editable = useHasPermission(['plan:edit']);
  // The stages every plan runs, then the gates (录用环节) the plan chose, as judgeWorkflow lists them.
  const stages: readonly WorkflowStage[] = judged && judged.planId === planId ? judged.stages.map((s) => s.stage as WorkflowStage) : WORKFLOW_STAGE_LIST;

  return (
    <Card title="招录工作安排">
      <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
        <Typography.Text>招录计划</Typography.Text>
        <Select
          aria-label="招录计划"
          style={{ width: 320, maxWidth: '100%' }}
          placeholder="选择招录计划"
          loading={plansLoading}
          showSearch={{ optionFilterProp: 'label' }}
          value={planId}
          onChange={(id: number) => setChosen(id)}
          options={(plans ?? []).map((p) => ({ value: p.id, label: `${p.name}（${PLAN_STATUS_LABELS[p.status]}）` }))}
          notFoundContent="还没有招录计划"
        />
        {judged && (
          <Typography.Text type={judged.valid ? 'success' : 'warning'}>
            {judged.valid ? '各阶段都已安排妥当' : '有阶段尚未安排妥当，该阶段开始前请先完成安排'}
          </Typography.Text>
        )}
      </Flex>
      <Typography.Paragraph type="secondary">
        每个阶段按顺序办理下列工作：审核类由工作人员给出 √ 或 x，成绩录入类由工作人员填写成绩。报名资格审核只做审核；笔试和面试各需一项成绩录入。
        计划选择的录用环节（资格复审、体检、考察、公示）也在这里安排，只做审核：考生进入该环节后逐项判定，最后一项通过即为合格，任一项不通过即为不合格；
        未安排工作的环节由有权限的人员直接判定。
      </Typography.Paragraph>
      {plansLoading ? (
        <Skeleton active />
      ) : planId === undefined ? (
        <Empty description="还没有招录计划，请先在“添加招录计划”中新增计划" />
      ) : isLoading || !items ? (
        <Skeleton active />
      ) : (
        <Tabs
          items={stages.map((stage) => {
            const own = items.filter((i) => i.stage === stage);
            const check = judged?.stages.find((s) => s.stage === stage);
            return {
              key: String(stage),
              label: (
                <Space size={6}>
                  {check &&
                    (check.valid ? (
                      <CheckCircleFilled style={{ color: '#52c41a' }} aria-label="已安排" />
                    ) : (
                      <ExclamationCircleFilled style={{ color: '#faad14' }} aria-label="未安排妥当" />
                    ))}
                  {WORKFLOW_STAGES[stage]}
                  <Typography.Text type="secondary">({own.length})</Typography.Text>
                </Space>
              ),
              children: (
                <>
                  {check && !check.valid && <Alert type="warning" showIcon title={check.message} style={{ marginBottom: 12 }} />}
                  {isGateWorkflowStage(stage) && own.length === 0 && (
                    <Alert type="info" showIcon title={GATE_NO_WORKFLOW_NOTE} style={{ marginBottom: 12 }} />
                  )}
                  <StageEditor
                    key={`${planId}-${stage}-${signature(own)}`}
                    planId={planId}
                    stage={stage}
                    items={own}
                    staff={staff ?? []}
                    editable={editable}
                  />
                </>
              ),
            };
          })}
        />
      )}
    </Card>
  );
}
