import { type DrawGroupRow, drawSeed } from '@zhaokao/contracts';
import { Alert, Form, Select, Typography } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { NumberField } from '../../../components/NumberField';
import { feedback } from '../../../lib/feedback';
import { useDrawInterviewExaminers } from '../api/draw-examiners';
import { DATE_MISSING, examinersDrawn, groupDays } from './draw-words';

interface Values {
  date: string;
  seed?: number | null;
}

/**
 * 抽取考官 for one day: every group of the plan on that day gets a 主考官 and one examiner per score item, drawn at
 * once respecting 回避, from a seed typed here or a new one (recorded).
 */
export function DrawExaminersModal({
  planId,
  groups,
  seats,
  initialDate,
  onClose,
}: {
  planId: number;
  groups: DrawGroupRow[];
  /** The plan's interview score items: the scoring seats of each group. */
  seats: number;
  initialDate?: string;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const days = groupDays(groups);
  const date = Form.useWatch('date', form);
  const ofDay = groups.filter((g) => g.date === date);
  const draw = useDrawInterviewExaminers();

  return (
    <FormModal<Values>
      name="interviewDrawExaminers"
      form={form}
      title="抽取考官"
      okText="抽取"
      savedMessage={null}
      initialValues={{ date: initialDate ?? days[0]?.date }}
      onCancel={onClose}
      onSaved={onClose}
      onSubmit={async (v) => {
        const result = await draw.mutateAsync({ planId, date: v.date, seed: v.seed ?? undefined });
        feedback.success(`已为 ${result.groups} 个分组抽取考官，随机种子 ${result.seed}`, 3);
      }}
    >
      <Typography.Paragraph type="secondary">
        当天的全部分组一起抽取：每组 1 位主考官和 {seats} 位评分考官，从启用的考官中抽取，同一考官一天只进一个组；声明回避的考官不进入相关分组，
        招录部门的考官不担任本部门岗位所在分组的主考官。种子会被记录，填写同一种子、考官与回避不变时，抽签结果相同。
      </Typography.Paragraph>
      <Form.Item label="面试日期" name="date" rules={[{ required: true, message: DATE_MISSING }]}>
        <Select<string>
          aria-label="面试日期"
          placeholder="选择面试日期"
          notFoundContent="还没有面试分组"
          options={days.map((d) => ({ value: d.date, label: `${d.date}（${d.groups} 个分组）` }))}
        />
      </Form.Item>
      {ofDay.length > 0 && (
        <Typography.Paragraph>
          当天分组：{ofDay.map((g) => g.roomName).join('、')}
        </Typography.Paragraph>
      )}
      {ofDay.some(examinersDrawn) && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="当天已有分组抽取过考官，重新抽取将替换当天全部分组的考官。" />}
      <NumberField name="seed" label="随机种子（可不填）" schema={drawSeed} precision={0} placeholder="不填则随机生成" />
    </FormModal>
  );
}
