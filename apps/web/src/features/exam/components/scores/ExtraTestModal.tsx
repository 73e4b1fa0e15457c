import { type ExtraTestMember, extraTestScore } from '@zhaokao/contracts';
import { Form, InputNumber, Table, Typography } from 'antd';
import { FormModal } from '../../../../components/FormModal';
import { fieldRules } from '../../../../lib/form-rules';
import { useSaveExtraTestScores } from '../../api/score-api';

type Values = { scores: Record<string, string | number | null | undefined> };

/** The form's scores as the save takes them: one per member of the group, in the group's order. */
export const extraTestScoresOf = (members: readonly Pick<ExtraTestMember, 'applicationId'>[], values: Values) =>
  members.map((m) => ({ applicationId: m.applicationId, score: String(values.scores[String(m.applicationId)] ?? '') }));

/**
 * 录入加试成绩: the 加试 scores of the post's group tied after the whole tie-break chain across the cut-off, every member
 * at once (entered again over the old ones when the group is still tied). The 加试 orders that group only.
 */
export function ExtraTestModal({
  recruitmentId,
  places,
  members,
  onClose,
}: {
  recruitmentId: number;
  places: number;
  members: readonly ExtraTestMember[];
  onClose(): void;
}) {
  const save = useSaveExtraTestScores();
  const initial: Values = { scores: Object.fromEntries(members.map((m) => [String(m.applicationId), m.score ?? undefined])) };
  return (
    <FormModal<Values>
      name="extraTestScores"
      title="录入加试成绩"
      width={640}
      initialValues={initial}
      savedMessage="加试成绩已保存"
      onCancel={onClose}
      onSubmit={(values) => save.mutateAsync({ recruitmentId, scores: extraTestScoresOf(members, values) })}
      onSaved={onClose}
    >
      <Typography.Paragraph>
        以下 {members.length} 人综合成绩及同分排序各项均相同，末位并列跨过招录人数（{places} 人）。请录入每人的加试成绩：加试成绩只在他们之间排序，
        不改变其他考生的名次；加试成绩仍相同的，须再次加试并重新录入。
      </Typography.Paragraph>
      <Table<ExtraTestMember>
        size="small"
        rowKey="applicationId"
        pagination={false}
        dataSource={[...members]}
        columns={[
          { title: '姓名', dataIndex: 'realName', width: 100 },
          { title: '准考证号', dataIndex: 'ticketCode', width: 140, render: (v: string | null) => v ?? '—' },
          { title: '综合成绩', dataIndex: 'compositeScore', width: 90, render: (v: string | null) => v ?? '—' },
          {
            title: '加试成绩',
            key: 'score',
            render: (_: unknown, m) => (
              <Form.Item name={['scores', String(m.applicationId)]} rules={fieldRules(extraTestScore, true)} style={{ marginBottom: 0 }}>
                <InputNumber aria-label={`${m.realName}的加试成绩`} min={0} max={999.99} step={0.5} precision={2} stringMode style={{ width: 140 }} />
              </Form.Item>
            ),
          },
        ]}
      />
    </FormModal>
  );
}
