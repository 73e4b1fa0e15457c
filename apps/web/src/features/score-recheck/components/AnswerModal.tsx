import {
  RECHECK_ANSWER_MAX, RECHECK_ERROR_KINDS, RECHECK_ERROR_KIND_KEYS, RECHECK_KIND_REQUIRED,
  type RecheckErrorKind, type ScoreRecheckRow,
} from '@zhaokao/contracts';
import { Descriptions, Form, Input, Radio } from 'antd';
import { useRef } from 'react';
import { FormModal } from '../../../components/FormModal';
import { useAnswerScoreRecheck } from '../api/score-recheck-api';
import { correctedScoreRules, noteRules, refusalRules } from './recheck-words';

interface Values {
  decision: 'correct' | 'refuse';
  correctedScore?: string;
  errorKind?: RecheckErrorKind;
  answer?: string;
}

/**
 * 答复 a request once: 更正成绩 (the corrected score and the kind of error; the ranking is recomputed and its changes
 * shown after) or 不予更正 (with the reason). `onAnswered` gets the request as the server now has it.
 */
export function AnswerModal({ row, stageName, onClose, onAnswered }: { row: ScoreRecheckRow; stageName: string; onClose(): void; onAnswered(row: ScoreRecheckRow): void }) {
  const answer = useAnswerScoreRecheck();
  const [form] = Form.useForm<Values>();
  const decision = Form.useWatch('decision', form) ?? 'correct';
  const answered = useRef<ScoreRecheckRow>(undefined);
  return (
    <FormModal<Values>
      name="scoreRecheckAnswer"
      form={form}
      title={`答复成绩复查：${row.realName}`}
      okText="提交答复"
      savedMessage="已答复"
      initialValues={{ decision: 'correct' }}
      onCancel={onClose}
      onSubmit={async (v) => {
        answered.current = await answer.mutateAsync({
          id: row.id,
          decision: v.decision,
          ...(v.decision === 'correct' ? { correctedScore: v.correctedScore, errorKind: v.errorKind } : {}),
          answer: (v.answer ?? '').trim(),
        });
      }}
      onSaved={() => answered.current && onAnswered(answered.current)}
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="岗位">{row.jobVacancy}</Descriptions.Item>
        <Descriptions.Item label={`${stageName}成绩`}>{row.score ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="复查理由">{row.reason}</Descriptions.Item>
      </Descriptions>
      <Form.Item name="decision" label="答复结果">
        <Radio.Group
          options={[
            { value: 'correct', label: '更正成绩' },
            { value: 'refuse', label: '不予更正' },
          ]}
        />
      </Form.Item>
      {decision === 'correct' ? (
        <>
          <Form.Item name="errorKind" label="差错类型" rules={[{ required: true, message: RECHECK_KIND_REQUIRED }]}>
            <Radio.Group options={RECHECK_ERROR_KIND_KEYS.map((k) => ({ value: k, label: RECHECK_ERROR_KINDS[k] }))} />
          </Form.Item>
          <Form.Item name="correctedScore" label="更正后的成绩" rules={correctedScoreRules} extra="保存后重新计算本岗位排名，并通知考生">
            <Input inputMode="decimal" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="answer" label="说明（选填）" rules={noteRules}>
            <Input.TextArea rows={2} maxLength={RECHECK_ANSWER_MAX} showCount />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="answer" label="不予更正的理由" rules={refusalRules}>
          <Input.TextArea rows={3} maxLength={RECHECK_ANSWER_MAX} showCount placeholder="例如：经核对答题卡与登分表，成绩无误" />
        </Form.Item>
      )}
    </FormModal>
  );
}
