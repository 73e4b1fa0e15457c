import { Alert } from 'antd';
import { Link } from 'react-router';
import { useWorkflowCheck } from '../api/examine-api';

/** judgeWorkflow: a plan whose sign-up stage has no work items cannot be reviewed; says what to set up, and where. */
export function WorkflowAlert({ planId }: { planId: number | undefined }) {
  const { data } = useWorkflowCheck(planId);
  const signUp = data?.stages.find((s) => s.stage === 1);
  if (!signUp || signUp.valid) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={`该计划的报名资格审核还不能开始：${signUp.message || '尚未安排审核工作'}`}
      description={
        <>
          请先在 <Link to="/recruitmentPlan/workflow">招录工作安排</Link> 中为报名资格审核安排工作项与审核人员。
        </>
      }
    />
  );
}
