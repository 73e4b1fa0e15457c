import {
  ABSENT_WORD, EXAM_STAGES, type ExamStage, SCORE_FORMAT_MESSAGE, compareScores, scoreEntry,
  scoreOverFullMarksMessage, scoreText,
} from '@zhaokao/contracts';
import { Alert, Checkbox, Descriptions, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { FormModal } from '../../../../components/FormModal';
import { useScoreEntryDetail, useSetScores } from '../../api/score-api';

interface ScoreValues {
  absent: boolean;
  /** By work item id. */
  scores: Record<string, string | undefined>;
}

const orNone = (text: string | null | undefined) => text || '暂无';
/** The contracts' words for a score left empty. */
const SCORE_MISSING = scoreEntry.safeParse({ applicationId: 1, absent: false, scores: [] }).error?.issues[0]?.message;

/** A score as the server reads it: a number with at most two decimals, not above full marks (SPEC §5's message). */
const scoreRules = (fullMarks: string): Rule[] => [
  { required: true, whitespace: true, message: SCORE_MISSING },
  {
    validator: async (_, value: string | undefined) => {
      if (!value?.trim()) return;
      const parsed = scoreText.safeParse(value);
      if (!parsed.success) throw new Error(SCORE_FORMAT_MESSAGE);
      if (compareScores(parsed.data, fullMarks) > 0) throw new Error(scoreOverFullMarksMessage(fullMarks));
    },
  },
];

type ScoreItem = { workItemId: number; workItem: string; examinerName: string };

/** A panel's field is named by its examiner; by the work item too when one examiner has several. */
function examinerLabel(item: ScoreItem, items: readonly ScoreItem[]) {
  const shared = items.filter((other) => other.examinerName === item.examinerName).length > 1;
  return shared ? `考官 ${item.examinerName}（${item.workItem}）` : `考官 ${item.examinerName}`;
}

/**
 * SPEC dialog 2, 成绩录入: the job, the candidate, the ticket, the exam's time and place, and a score field per score
 * item of the stage (one for the written exam; one per examiner of an interview panel), or 缺考. 返回 and 提交.
 */
export function ScoreDialog({ stage, applicationId, onClose }: { stage: ExamStage; applicationId: number; onClose(): void }) {
  const [form] = Form.useForm<ScoreValues>();
  const { data: detail, isLoading } = useScoreEntryDetail(applicationId, stage);
  const saveScores = useSetScores();
  const absent = Form.useWatch('absent', form) ?? false;
  const stageName = EXAM_STAGES[stage];
  const panel = (detail?.items.length ?? 0) > 1;
  const locked = detail?.confirmed ?? false;

  const submit = (values: ScoreValues) =>
    saveScores.mutateAsync({
      type: stage,
      entries: [
        {
          applicationId,
          absent: values.absent,
          scores: values.absent ? [] : (detail?.items ?? []).map((item) => ({ workItemId: item.workItemId, score: values.scores[item.workItemId] ?? '' })),
        },
      ],
    });

  return (
    <FormModal<ScoreValues>
      name="examScoreEntry"
      title="成绩录入"
      width={640}
      okText="提交"
      cancelText="返回"
      savedMessage="成绩已提交"
      loading={isLoading || !detail}
      form={form}
      okButtonProps={{ disabled: locked }}
      formProps={{ disabled: locked }}
      initialValues={
        detail
          ? { absent: detail.absent, scores: Object.fromEntries(detail.items.map((item) => [item.workItemId, item.score ?? undefined])) }
          : undefined
      }
      onCancel={onClose}
      onSaved={onClose}
      onSubmit={submit}
    >
      {detail && (
        <>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'job', label: '报考岗位', children: detail.job.jobVacancy, span: { xs: 1, sm: 2 } },
              { key: 'name', label: '姓名', children: detail.realName },
              { key: 'identity', label: '身份证号码', children: detail.identityNo },
              { key: 'ticket', label: '准考证号', children: orNone(detail.ticketCode) },
              { key: 'fullMarks', label: '满分', children: detail.fullMarks },
              { key: 'time', label: `${stageName}时间`, children: orNone(detail.examTime) },
              { key: 'address', label: `${stageName}地点`, children: orNone(detail.examAddress) },
            ]}
          />
          {locked && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="成绩已审核，不能修改；如需更正，请在审核页退回修改" />}
          {detail.returnedReason && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`成绩已退回修改：${detail.returnedReason}`} />}
          <Form.Item name="absent" valuePropName="checked" style={{ marginBottom: 12 }}>
            <Checkbox onChange={() => form.validateFields().catch(() => undefined)}>{ABSENT_WORD}（缺考考生没有成绩，不参加排名）</Checkbox>
          </Form.Item>
          {!absent &&
            detail.items.map((item) => (
              <Form.Item
                key={item.workItemId}
                name={['scores', String(item.workItemId)]}
                label={panel ? examinerLabel(item, detail.items) : `${stageName}成绩`}
                extra={panel ? item.workItem : `满分 ${detail.fullMarks}`}
                rules={scoreRules(detail.fullMarks)}
              >
                <Input inputMode="decimal" autoComplete="off" placeholder={`0 ~ ${detail.fullMarks}`} style={{ maxWidth: 200 }} />
              </Form.Item>
            ))}
          {panel && !absent && (
            <Alert
              type="info"
              showIcon
              title={
                detail.items.length >= 5
                  ? `共 ${detail.items.length} 位考官：去掉一个最高分和一个最低分后取平均分，保留两位小数`
                  : `共 ${detail.items.length} 位考官：取平均分，保留两位小数`
              }
            />
          )}
        </>
      )}
    </FormModal>
  );
}
