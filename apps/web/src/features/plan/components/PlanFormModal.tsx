import {
  DEFAULT_PHOTO_RULE, DEFAULT_PUBLICITY_DAYS, DEFAULT_RECHECK_DAYS, FEE_TIMING_OPTIONS, GATE_STAGE_TABLE,
  INTERVIEW_PASS_LINE_ABOVE_FULL_MARKS, PASS_LINE_ABOVE_FULL_MARKS, PHOTO_MIN_NOT_BELOW_MAX, PLAN_DATE_ORDER,
  type PlanRow, chinaDateTimeToDate, passLineFits, planDatesInOrder, planFields, savePlan,
} from '@zhaokao/contracts';
import { Checkbox, DatePicker, Divider, Form, InputNumber, Radio, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { FieldCol } from '../../../components/FieldCol';
import { FormModal } from '../../../components/FormModal';
import { NumberField } from '../../../components/NumberField';
import { TextField } from '../../../components/TextField';
import { fieldRules, requiredRule } from '../../../lib/form-rules';
import { useSavePlan } from '../api/plan-api';
import { TieBreakFields, type TieBreakFormValues, tieBreakFormOf, tieBreakInputOf } from './TieBreakFields';

const FORMAT = 'YYYY-MM-DD HH:mm';

interface PlanForm extends TieBreakFormValues {
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
  minExamRatio: string;
  writtenPassLine: string | null;
  interviewPassLine: string | null;
  registrationFeeY: string;
  feeAfterReview: boolean;
  feePayDays?: number;
  photoWidth: number;
  photoHeight: number;
  photoMinKb: number;
  photoMaxKb: number;
  gates: number[];
  publicityDays?: number;
  recheckDays: number;
  remark: string;
}

/** 录用环节: the gate stages a plan may run, in their fixed order (DESIGN §5 "After the interview"). */
const GATE_OPTIONS = GATE_STAGE_TABLE.map((g) => ({ label: g.name, value: g.stage }));
/** 公示: its period (公示天数) is asked only when the plan runs it. */
const PUBLICITY_STAGE = GATE_STAGE_TABLE.find((g) => g.gate === 'publicity')!.stage;
const GATES_HELP = '面试后按 体检 → 考察 → 公示 的顺序进行；资格复审在笔试之后、面试之前';

interface Props {
  /** Null to add a new plan. */
  plan: PlanRow | null;
  /** Called on cancel, and after a save. */
  onClose(): void;
}

/** The picker works in the browser's zone; the value travels as China wall time (UTC+8). */
const toText = (d?: Dayjs) => (d ? d.format(FORMAT) : '');
/** dayjs reads "YYYY-MM-DD HH:mm" natively, as wall time. */
const fromText = (s: string) => dayjs(s);
const instant = (d?: Dayjs) => (d ? chinaDateTimeToDate(d.format(FORMAT))?.getTime() : undefined);

type PlanDateField = (typeof PLAN_DATE_ORDER)[number]['later'];

/** The contracts' order of the plan's dates, checked on the later date's field. */
const dateOrderRules = (later: PlanDateField): Rule[] =>
  PLAN_DATE_ORDER.filter((rule) => rule.later === later).map((rule) => ({ getFieldValue }) => ({
    validator: (_: unknown, value?: Dayjs) => {
      const earlier = instant(getFieldValue(rule.earlier) as Dayjs | undefined);
      const date = instant(value);
      if (earlier === undefined || date === undefined || planDatesInOrder(rule, new Date(earlier), new Date(date))) return Promise.resolve();
      return Promise.reject(new Error(rule.message));
    },
  }));

/** A date and time of the plan, required, and after the dates that come before it. */
function DateTimeField({ name, label }: { name: PlanDateField | 'signUpStartDate'; label: string }) {
  const earlier = PLAN_DATE_ORDER.filter((rule) => rule.later === name).map((rule) => rule.earlier);
  const order = name === 'signUpStartDate' ? [] : dateOrderRules(name);
  return (
    <FieldCol span="half">
      <Form.Item label={label} name={name} dependencies={earlier} rules={[requiredRule(planFields[name]), ...order]}>
        <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} style={{ width: '100%' }} />
      </Form.Item>
    </FieldCol>
  );
}

/** The schema's check of a pass line, and that it is not above the full marks typed beside it. */
const passLineRules = (field: 'writtenPassLine' | 'interviewPassLine', fullMarksField: 'writtenFullMarks' | 'auditionFullMarks', message: string): Rule[] => [
  ...fieldRules(planFields[field]),
  ({ getFieldValue }) => ({
    validator: (_: unknown, value?: string | null) => {
      const fullMarks = getFieldValue(fullMarksField) as string | null | undefined;
      const checkable = value !== null && value !== undefined && value !== '' && planFields[fullMarksField].safeParse(fullMarks).success;
      if (!checkable || passLineFits(String(value), String(fullMarks))) return Promise.resolve();
      return Promise.reject(new Error(message));
    },
  }),
];

/** A pass line as the form holds it (a number or text while typed, null when empty) for the contract. */
const lineOf = (v: string | null | undefined) => (v === null || v === undefined ? null : String(v));

/** Each exam's full marks, and its optional pass line checked against them (empty means none). */
const EXAM_MARKS = [
  {
    exam: '笔试',
    fullMarks: 'writtenFullMarks',
    passLine: 'writtenPassLine',
    passLineLabel: '合格分数线',
    tooltip: '笔试成绩低于此分数的考生不进入面试；不填则不设分数线',
    rules: passLineRules('writtenPassLine', 'writtenFullMarks', PASS_LINE_ABOVE_FULL_MARKS),
  },
  {
    exam: '面试',
    fullMarks: 'auditionFullMarks',
    passLine: 'interviewPassLine',
    passLineLabel: '面试合格线',
    tooltip: '面试成绩低于此分数的考生不予拟录用，名额按综合成绩依次递补；不填则不设',
    rules: passLineRules('interviewPassLine', 'auditionFullMarks', INTERVIEW_PASS_LINE_ABOVE_FULL_MARKS),
  },
] as const;

function ExamMarksFields(props: (typeof EXAM_MARKS)[number]) {
  return (
    <>
      <NumberField span="quarter" label={`${props.exam}满分`} name={props.fullMarks} schema={planFields[props.fullMarks]} stringMode min="0" max="9999.99" />
      <FieldCol span="quarter">
        <Form.Item label={props.passLineLabel} name={props.passLine} tooltip={props.tooltip} dependencies={[props.fullMarks]} rules={props.rules}>
          <InputNumber stringMode min="0" max="9999.99" precision={2} placeholder="不设" style={{ width: '100%' }} />
        </Form.Item>
      </FieldCol>
    </>
  );
}

/** The schema's check of the largest photo size, and that it is above the smallest typed beside it. */
const photoMaxKbRules: Rule[] = [
  ...fieldRules(planFields.photoMaxKb, true),
  ({ getFieldValue }) => ({
    validator: (_: unknown, value?: number | null) => {
      const min = planFields.photoMinKb.safeParse(getFieldValue('photoMinKb'));
      const max = planFields.photoMaxKb.safeParse(value);
      if (!min.success || !max.success || min.data < max.data) return Promise.resolve();
      return Promise.reject(new Error(PHOTO_MIN_NOT_BELOW_MAX));
    },
  }),
];

type FieldValueOf = (name: keyof PlanForm) => unknown;

/** 缴费期限 matters only when the fee, if any, is paid after the sign-up review. */
const paysAfterReview = (getFieldValue: FieldValueOf) =>
  getFieldValue('feeAfterReview') === true && Number(getFieldValue('registrationFeeY') ?? 0) > 0;

/** 公示天数 matters only when the plan runs 公示. */
const runsPublicity = (getFieldValue: FieldValueOf) => ((getFieldValue('gates') as number[] | undefined) ?? []).includes(PUBLICITY_STAGE);

/** Fields asked only while `shown` holds for the values they depend on. */
function ShownWhen({ dependencies, shown, children }: { dependencies: (keyof PlanForm)[]; shown(getFieldValue: FieldValueOf): boolean; children: ReactNode }) {
  return (
    <Form.Item noStyle dependencies={dependencies}>
      {({ getFieldValue }) => (shown(getFieldValue) ? children : null)}
    </Form.Item>
  );
}

/** A number of days the plan allows for a step, up to 30. */
function DaysField({ name, label, tooltip, min }: { name: 'feePayDays' | 'publicityDays' | 'recheckDays'; label: string; tooltip: string; min: 0 | 1 }) {
  return <NumberField span="quarter" label={label} name={name} tooltip={tooltip} schema={planFields[name]} required min={min} max={30} precision={0} />;
}

export function PlanFormModal({ plan, onClose }: Props) {
  const save = useSavePlan();
  const initial: Partial<PlanForm> = plan
    ? {
        ...plan,
        ...tieBreakFormOf(plan),
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
        minExamRatio: '3',
        writtenPassLine: null,
        interviewPassLine: null,
        registrationFeeY: '0',
        feeAfterReview: false,
        feePayDays: 3,
        photoWidth: DEFAULT_PHOTO_RULE.width,
        photoHeight: DEFAULT_PHOTO_RULE.height,
        photoMinKb: DEFAULT_PHOTO_RULE.minKb,
        photoMaxKb: DEFAULT_PHOTO_RULE.maxKb,
        gates: [],
        publicityDays: DEFAULT_PUBLICITY_DAYS,
        recheckDays: DEFAULT_RECHECK_DAYS,
        writtenExamAddress: '',
        auditionExamAddress: '',
        remark: '',
        ...tieBreakFormOf(null),
      };

  return (
    <FormModal<PlanForm>
      name="plan"
      title={plan ? `编辑招录计划：${plan.name}` : '添加招录计划'}
      width={720}
      initialValues={initial}
      onSubmit={(values) =>
        // On a server error the modal stays open with everything typed.
        save.mutateAsync({
          ...values,
          id: plan?.id,
          signUpStartDate: toText(values.signUpStartDate),
          signUpEndDate: toText(values.signUpEndDate),
          writtenStartDate: toText(values.writtenStartDate),
          auditionStartDate: toText(values.auditionStartDate),
          writtenFullMarks: String(values.writtenFullMarks),
          auditionFullMarks: String(values.auditionFullMarks),
          compositeWeight: String(values.compositeWeight),
          minExamRatio: String(values.minExamRatio),
          writtenPassLine: lineOf(values.writtenPassLine),
          interviewPassLine: lineOf(values.interviewPassLine),
          registrationFeeY: String(values.registrationFeeY ?? '0'),
          // Hidden while the fee is paid before the review: the plan keeps the days it had.
          feePayDays: values.feePayDays ?? plan?.feePayDays,
          gates: values.gates ?? [],
          // Hidden without 公示: the plan keeps the days it had.
          publicityDays: values.publicityDays ?? plan?.publicityDays ?? DEFAULT_PUBLICITY_DAYS,
          ...tieBreakInputOf(values),
        })
      }
      onCancel={onClose}
      onSaved={onClose}
    >
      <TextField ep={savePlan} name="name" label="计划名称" required />
      <Row gutter={16}>
        <DateTimeField name="signUpStartDate" label="报名开始时间" />
        <DateTimeField name="signUpEndDate" label="报名结束时间" />
        <DateTimeField name="writtenStartDate" label="笔试时间" />
        <TextField ep={savePlan} name="writtenExamAddress" label="笔试地点" span="half" />
        <DateTimeField name="auditionStartDate" label="面试时间" />
        <TextField ep={savePlan} name="auditionExamAddress" label="面试地点" span="half" />
        {EXAM_MARKS.map((marks) => (
          <ExamMarksFields key={marks.exam} {...marks} />
        ))}
        <NumberField
          span="quarter"
          label="笔试成绩权重"
          name="compositeWeight"
          tooltip="综合成绩 = 笔试 × 权重 + 面试 × (1 − 权重)"
          schema={planFields.compositeWeight}
          stringMode
          min="0"
          max="1"
          step="0.1"
        />
        <NumberField
          span="quarter"
          label="进入面试比例"
          name="interviewEntryRatio"
          tooltip="进入面试人数 = 招录人数 × 比例"
          schema={planFields.interviewEntryRatio}
          required
          min={1}
          max={100}
          precision={0}
        />
        <NumberField
          span="quarter"
          label="开考比例"
          name="minExamRatio"
          tooltip="报名通过人数低于 招录人数 × 开考比例 的岗位会被标出，可取消岗位或减少招录人数"
          schema={planFields.minExamRatio}
          required
          stringMode
          min="0"
          max="100"
          step="0.5"
          precision={1}
        />
        <NumberField span="quarter" label="报名费（元）" name="registrationFeeY" schema={planFields.registrationFeeY} stringMode min="0" max="10000" precision={2} />
        <FieldCol span="half">
          <Form.Item
            label="缴费方式"
            name="feeAfterReview"
            tooltip="审核通过后缴费：考生报名时不缴费，资格审核通过后在缴费期限内缴费"
            rules={fieldRules(planFields.feeAfterReview, true)}
          >
            <Radio.Group options={[...FEE_TIMING_OPTIONS]} />
          </Form.Item>
        </FieldCol>
        <ShownWhen dependencies={['feeAfterReview', 'registrationFeeY']} shown={paysAfterReview}>
          <DaysField name="feePayDays" label="缴费期限（天）" tooltip="资格审核通过后多少天内须缴费" min={1} />
        </ShownWhen>
      </Row>
      <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
        证件照要求
      </Divider>
      <Row gutter={16}>
        <NumberField span="quarter" label="照片宽度（像素）" name="photoWidth" schema={planFields.photoWidth} required min={100} max={2000} precision={0} />
        <NumberField span="quarter" label="照片高度（像素）" name="photoHeight" schema={planFields.photoHeight} required min={100} max={2000} precision={0} />
        <NumberField span="quarter" label="最小体积（KB）" name="photoMinKb" schema={planFields.photoMinKb} required min={1} max={2048} precision={0} />
        <FieldCol span="quarter">
          <Form.Item label="最大体积（KB）" name="photoMaxKb" dependencies={['photoMinKb']} rules={photoMaxKbRules}>
            <InputNumber min={1} max={2048} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </FieldCol>
      </Row>
      <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
        录用环节
      </Divider>
      <Row gutter={16}>
        <FieldCol span="half">
          <Form.Item label="录用环节" name="gates" extra={GATES_HELP}>
            <Checkbox.Group options={GATE_OPTIONS} />
          </Form.Item>
        </FieldCol>
        <ShownWhen dependencies={['gates']} shown={runsPublicity}>
          <DaysField name="publicityDays" label="公示天数" tooltip="拟聘用人员公示的天数，期满无异议即聘用" min={1} />
        </ShownWhen>
      </Row>
      <Row gutter={16}>
        <DaysField name="recheckDays" label="成绩复查期限（天）" tooltip="各岗位笔试、面试成绩发布后多少天内考生可申请成绩复查；0 为不受理" min={0} />
      </Row>
      <TieBreakFields planId={plan?.id} chosen={initial.tieBreakChain ?? []} />
      <TextField ep={savePlan} name="remark" label="备注" autoSize={{ minRows: 2, maxRows: 5 }} />
    </FormModal>
  );
}
