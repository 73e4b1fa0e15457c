import { type PlanRow, chinaDateTimeToDate, yuanToCents } from '@zhaokao/contracts';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSavePlan } from '../api/save-plan';

const FORMAT = 'YYYY-MM-DD HH:mm';

interface PlanForm {
  name: string;
  signUpStartDate?: Dayjs;
  signUpEndDate?: Dayjs;
  writtenStartDate?: Dayjs;
  writtenExamAddress: string;
  auditionStartDate?: Dayjs;
  auditionExamAddress: string;
  writtenFullMarks: string;
  auditionFullMarks: string;
  compositeWeight: string;
  interviewEntryRatio: number;
  registrationFeeY: string;
  remark: string;
}

interface Props {
  /** Null to add a new plan. */
  plan: PlanRow | null;
  onClose(): void;
  onSaved(): void;
}

/** The picker works in the browser's zone; the value travels as China wall time (UTC+8). */
const toText = (d?: Dayjs) => (d ? d.format(FORMAT) : '');
/** dayjs reads "YYYY-MM-DD HH:mm" natively, as wall time. */
const fromText = (s: string) => dayjs(s);
const instant = (d?: Dayjs) => (d ? chinaDateTimeToDate(d.format(FORMAT))?.getTime() : undefined);

const decimalRule = (what: string, places: number, allowZero = false) => ({
  validator: (_: unknown, value?: string | number | null) => {
    const text = value === undefined || value === null ? '' : String(value);
    const ok = new RegExp(`^\\d+(\\.\\d{1,${places}})?$`).test(text) && (allowZero || Number(text) > 0);
    return ok ? Promise.resolve() : Promise.reject(new Error(`${what}须为${allowZero ? '不小于' : '大于'} 0 的数字，最多 ${places} 位小数`));
  },
});

export function PlanFormModal({ plan, onClose, onSaved }: Props) {
  const [form] = Form.useForm<PlanForm>();
  const save = useSavePlan();
  const initial: Partial<PlanForm> = plan
    ? {
        ...plan,
        signUpStartDate: fromText(plan.signUpStartDate),
        signUpEndDate: fromText(plan.signUpEndDate),
        writtenStartDate: fromText(plan.writtenStartDate),
        auditionStartDate: fromText(plan.auditionStartDate),
      }
    : {
        writtenFullMarks: '100',
        auditionFullMarks: '100',
        compositeWeight: '0.5',
        interviewEntryRatio: 3,
        registrationFeeY: '0',
        writtenExamAddress: '',
        auditionExamAddress: '',
        remark: '',
      };

  /** A later date must be after (or, with `orEqual`, not before) an earlier field's. */
  const after = (earlier: keyof PlanForm, message: string, orEqual = false) => ({
    validator: (_: unknown, value?: Dayjs) => {
      const a = instant(form.getFieldValue(earlier) as Dayjs | undefined);
      const b = instant(value);
      if (a === undefined || b === undefined) return Promise.resolve();
      return (orEqual ? a <= b : a < b) ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });

  return (
    <Modal
      title={plan ? `编辑招录计划：${plan.name}` : '添加招录计划'}
      open
      width={720}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<PlanForm>
        name="plan"
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={async (values) => {
          const input = {
            ...values,
            id: plan?.id,
            signUpStartDate: toText(values.signUpStartDate),
            signUpEndDate: toText(values.signUpEndDate),
            writtenStartDate: toText(values.writtenStartDate),
            auditionStartDate: toText(values.auditionStartDate),
            writtenFullMarks: String(values.writtenFullMarks),
            auditionFullMarks: String(values.auditionFullMarks),
            compositeWeight: String(values.compositeWeight),
            registrationFeeY: String(values.registrationFeeY ?? '0'),
          };
          // On a server error the modal stays open with everything typed.
          const ok = await save.mutateAsync(input).then(
            () => true,
            () => false,
          );
          if (ok) onSaved();
        }}
      >
        <Form.Item label="计划名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入计划名称' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="报名开始时间" name="signUpStartDate" rules={[{ required: true, message: '请选择报名开始时间' }]}>
              <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="报名结束时间"
              name="signUpEndDate"
              dependencies={['signUpStartDate']}
              rules={[{ required: true, message: '请选择报名结束时间' }, after('signUpStartDate', '报名开始时间必须早于报名结束时间')]}
            >
              <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="笔试时间"
              name="writtenStartDate"
              dependencies={['signUpEndDate']}
              rules={[{ required: true, message: '请选择笔试时间' }, after('signUpEndDate', '笔试时间不能早于报名结束时间', true)]}
            >
              <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="笔试地点" name="writtenExamAddress">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="面试时间"
              name="auditionStartDate"
              dependencies={['writtenStartDate']}
              rules={[{ required: true, message: '请选择面试时间' }, after('writtenStartDate', '面试时间必须晚于笔试时间')]}
            >
              <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="面试地点" name="auditionExamAddress">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item label="笔试满分" name="writtenFullMarks" rules={[decimalRule('笔试满分', 2)]}>
              <InputNumber<string> stringMode min="0" max="9999.99" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item label="面试满分" name="auditionFullMarks" rules={[decimalRule('面试满分', 2)]}>
              <InputNumber<string> stringMode min="0" max="9999.99" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item
              label="笔试成绩权重"
              name="compositeWeight"
              tooltip="综合成绩 = 笔试 × 权重 + 面试 × (1 − 权重)"
              rules={[decimalRule('笔试成绩权重', 3, true)]}
            >
              <InputNumber<string> stringMode min="0" max="1" step="0.1" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item
              label="进入面试比例"
              name="interviewEntryRatio"
              tooltip="进入面试人数 = 招录人数 × 比例"
              rules={[{ required: true, message: '进入面试比例必须是数字' }]}
            >
              <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item
              label="报名费（元）"
              name="registrationFeeY"
              rules={[
                {
                  validator: (_: unknown, value?: string | number | null) =>
                    (yuanToCents(String(value ?? '')) ?? -1) >= 0
                      ? Promise.resolve()
                      : Promise.reject(new Error('报名费须为不小于 0 的金额，最多两位小数')),
                },
              ]}
            >
              <InputNumber<string> stringMode min="0" max="10000" precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="备注" name="remark">
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
