import { type ExamRatioRow, POST_ADJUST_REMARKS_MAX, compareScores } from '@zhaokao/contracts';
import { Alert, Form, Input, InputNumber, Typography } from 'antd';
import { FormModal } from '../../../../components/FormModal';
import { useAdjustPost } from '../../api/exam-api';

interface AdjustValues {
  places?: number;
  remarks?: string;
}

const ratioOf = (passed: number, places: number) => (places > 0 ? (passed / places).toFixed(2) : '—');

/**
 * 取消岗位 (`cancel`) or 核减招录人数 (`reduce`) for a post below the plan's minimum 开考比例, with the reason,
 * before the written tickets are issued. The change is kept in the post's history.
 */
export function PostAdjustModal({
  action,
  post,
  minExamRatio,
  onClose,
}: {
  action: 'cancel' | 'reduce';
  post: ExamRatioRow;
  minExamRatio: string;
  onClose(): void;
}) {
  const [form] = Form.useForm<AdjustValues>();
  const adjust = useAdjustPost();
  const places = Form.useWatch('places', form);
  const cancelling = action === 'cancel';
  const newRatio = places && places >= 1 && places < post.places ? ratioOf(post.passed, places) : null;

  return (
    <FormModal<AdjustValues>
      name="examAdjustPost"
      title={`${cancelling ? '取消岗位' : '核减招录人数'} - ${post.jobVacancy}`}
      okText={cancelling ? '确定取消岗位' : '确定核减'}
      okButtonProps={{ danger: cancelling }}
      savedMessage={cancelling ? '岗位已取消' : '招录人数已核减'}
      form={form}
      onCancel={onClose}
      onSaved={onClose}
      onSubmit={(v) =>
        adjust.mutateAsync(
          cancelling
            ? { action: 'cancel', recruitmentId: post.recruitmentId, remarks: v.remarks ?? '' }
            : { action: 'reduce', recruitmentId: post.recruitmentId, places: v.places ?? 0, remarks: v.remarks ?? '' },
        )
      }
    >
      <Typography.Paragraph>
        招录 {post.places} 人，报名通过 {post.passed} 人，开考比例 1 : {post.ratio}（计划最低 1 : {minExamRatio}，需 {post.required} 人）。
      </Typography.Paragraph>
      {cancelling ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="取消后该岗位不再安排考试，报名通过的人员不会排座、发放准考证。此操作不能撤销。"
        />
      ) : (
        <Form.Item
          name="places"
          label="核减后的招录人数"
          extra={
            newRatio &&
            `核减后开考比例 1 : ${newRatio}${compareScores(newRatio, minExamRatio) >= 0 ? '，达到' : '，仍未达到'}计划最低开考比例`
          }
          rules={[
            { required: true, message: '请输入核减后的招录人数' },
            {
              validator: (_, value?: number) =>
                value === undefined || value === null || (Number.isInteger(value) && value >= 1 && value < post.places)
                  ? Promise.resolve()
                  : Promise.reject(new Error(`核减后的招录人数须为 1 至 ${post.places - 1} 的整数`)),
            },
          ]}
        >
          <InputNumber min={1} max={Math.max(1, post.places - 1)} precision={0} style={{ width: 200 }} suffix="人" />
        </Form.Item>
      )}
      <Form.Item
        name="remarks"
        label={cancelling ? '取消原因' : '核减原因'}
        rules={[{ required: true, whitespace: true, message: cancelling ? '请填写取消原因' : '请填写核减原因' }]}
      >
        <Input.TextArea rows={3} maxLength={POST_ADJUST_REMARKS_MAX} showCount placeholder="例如：报名通过人数未达到开考比例" />
      </Form.Item>
    </FormModal>
  );
}
