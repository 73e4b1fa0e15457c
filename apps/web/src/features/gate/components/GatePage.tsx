import { type GateStage, gatePermissionOf, gateStageRow } from '@zhaokao/contracts';
import { FileTextOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Spin } from 'antd';
import { Link, useNavigate } from 'react-router';
import { NoPlans, PlanSelect, usePagePlan } from '../../../components/PlanSelect';
import { succeeded } from '../../../lib/api-client';
import { NOTICE_LIST_PATH, noticeDraftState } from '../../../lib/notice-draft';
import { useHasPermission } from '../../../lib/session';
import { useUrlFilters } from '../../../lib/use-paged-list';
import { GATE_LIST_FILTERS, gateHasData } from '../api/get-gate-applications';
import { useGateNoticeDraft } from '../api/get-gate-notice-draft';
import { useGateSummary } from '../api/get-gate-summary';
import { GateList } from './GateList';
import { VacancyPanel } from './VacancyPanel';
import { notChosenText } from './gate-words';

/** Where plans are edited (their 录用环节 among the rest). */
const PLAN_LIST_PATH = '/recruitmentPlan/recruitmentPlanExpandlist';

/**
 * A gate's page (资格复审, 体检, 考察, 公示; DESIGN §5 "After the interview"): the plan chosen in the address, else the
 * latest plan with candidates at the gate; for a plan that runs the gate, its summary, list, decisions, 递补 and the
 * notice of its list; for one that does not, where to set it up.
 */
export function GatePage({ stage }: { stage: GateStage }) {
  const gate = gateStageRow(stage);
  const { defaultPlanId, noPlans } = usePagePlan(gateHasData(gate));
  const { filters, setFilters } = useUrlFilters(GATE_LIST_FILTERS);
  const planId = filters.planId ?? defaultPlanId;
  const summary = useGateSummary(gate, planId);
  const canDecideHere = useHasPermission([gatePermissionOf(stage), 'plan:edit']);
  const canManage = useHasPermission(['plan:edit']);
  const canWriteNotice = useHasPermission(['content:publish']);
  const noticeDraft = useGateNoticeDraft();
  const navigate = useNavigate();

  if (noPlans) return <NoPlans title={gate.name} />;
  const chosen = summary.data?.chosen === true;

  const writeNotice = async () => {
    if (planId === undefined) return;
    let draft: { title: string; content: string } | undefined;
    const ok = await succeeded(noticeDraft.mutateAsync({ gate: stage, planId }).then((d) => (draft = d)));
    if (ok && draft) void navigate(NOTICE_LIST_PATH, { state: noticeDraftState({ title: draft.title, content: draft.content, recruitmentId: planId }) });
  };

  return (
    <Card
      title={gate.name}
      extra={
        chosen &&
        canWriteNotice && (
          <Button icon={<FileTextOutlined aria-hidden />} loading={noticeDraft.isPending} onClick={writeNotice}>
            生成公告
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanSelect value={planId} onChange={(id) => setFilters({ planId: id, recruitmentId: undefined, result: undefined, keyword: undefined })} />
      </Space>
      {planId === undefined || summary.isLoading ? (
        <Spin style={{ display: 'block', padding: 40 }} />
      ) : summary.data === undefined ? (
        <Empty description="未能读取该环节的情况，请刷新后重试" />
      ) : !chosen ? (
        <Empty description={notChosenText(gate)}>
          {canManage && <Link to={PLAN_LIST_PATH}>前往招录计划</Link>}
        </Empty>
      ) : (
        <div key={planId}>
          <GateList gate={gate} planId={planId} summary={summary.data} canDecideHere={canDecideHere} canConfirm={canManage} />
          <VacancyPanel gate={gate} planId={planId} canSubstitute={canManage} />
        </div>
      )}
    </Card>
  );
}
