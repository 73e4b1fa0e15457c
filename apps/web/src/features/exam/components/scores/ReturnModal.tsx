import { type ExamBatchResult, type ExamStage, WRITTEN_STAGE, reviewScores } from '@zhaokao/contracts';
import { Form, Input, Typography } from 'antd';
import { useRef } from 'react';
import { FormModal } from '../../../../components/FormModal';
import { useReviewScores } from '../../api/score-api';

const REMARKS_MAX = 500;
/** The contracts' words for a return without a reason. */
const REASON_MISSING = reviewScores.input.safeParse({ type: WRITTEN_STAGE, ids: [1], action: 'return' }).error?.issues[0]?.message;

/** 退回修改: the selected scores go back to entry (unlocked, to be entered again), with the reason. */
export function ReturnModal({
  stage,
  ids,
  onClose,
  onDone,
}: {
  stage: ExamStage;
  ids: number[];
  onClose(): void;
  onDone(result: ExamBatchResult): void;
}) {
  const review = useReviewScores();
  const answer = useRef<ExamBatchResult>(undefined);
  return (
    <FormModal<{ remarks: string }>
      name="examScoreReturn"
      title={`退回修改（${ids.length} 人）`}
      okText="退回"
      savedMessage={null}
      onCancel={onClose}
      onSubmit={async ({ remarks }) => {
        answer.current = await review.mutateAsync({ type: stage, ids, action: 'return', remarks });
      }}
      onSaved={() => answer.current && onDone(answer.current)}
    >
      <Typography.Paragraph type="secondary">退回后这些考生的成绩清空，回到“待录入”，须重新录入并再次审核。</Typography.Paragraph>
      <Form.Item name="remarks" label="退回原因" rules={[{ required: true, whitespace: true, message: REASON_MISSING }]}>
        <Input.TextArea rows={3} maxLength={REMARKS_MAX} showCount placeholder="例如：第 3 考场成绩登记有误，请核对后重新录入" />
      </Form.Item>
    </FormModal>
  );
}
