import {
  DEFAULT_TIE_BREAK_CHAIN, INTERVIEW_STAGE, type PlanRow, type TieBreakLink, tieBreakKey, tieBreakLabel,
  tieBreakLinkOf, workflowList,
} from '@zhaokao/contracts';
import { Divider, Form, Row, Select, Switch } from 'antd';
import { FieldCol } from '../../../components/FieldCol';
import { useEndpointQuery } from '../../../lib/query';

/** 同分排序 and 同分加试 as the plan form holds them: the chain as its links' keys (tieBreakKey), in order. */
export interface TieBreakFormValues {
  tieBreakChain: string[];
  extraTestOnTie: boolean;
}

/** The plan's (or a new plan's default) 同分排序 and 同分加试 as the form holds them. */
export const tieBreakFormOf = (plan: Pick<PlanRow, 'tieBreakChain' | 'extraTestOnTie'> | null): TieBreakFormValues => ({
  tieBreakChain: (plan?.tieBreakChain ?? DEFAULT_TIE_BREAK_CHAIN).map(tieBreakKey),
  extraTestOnTie: plan?.extraTestOnTie ?? false,
});

/** The form's values as the save takes them (keys that are not links are left out: the form offers none). */
export const tieBreakInputOf = (values: Partial<TieBreakFormValues>) => ({
  tieBreakChain: (values.tieBreakChain ?? []).flatMap((key): TieBreakLink[] => {
    const link = tieBreakLinkOf(key);
    return link ? [link] : [];
  }),
  extraTestOnTie: values.extraTestOnTie ?? false,
});

/** The links the form offers: 笔试成绩, 面试成绩, 学历 and each interview score item of the plan's 招录工作安排 (and those the chain names). */
export function tieBreakOptions(scoreItems: readonly string[], chosen: readonly string[]) {
  const fixed: TieBreakLink[] = [{ link: 'written' }, { link: 'interview' }, { link: 'education' }];
  const items = [...new Set([...scoreItems, ...chosen.flatMap((k) => (k.startsWith('scoreItem:') ? [k.slice('scoreItem:'.length)] : []))])];
  return [...fixed, ...items.map((item): TieBreakLink => ({ link: 'scoreItem', item }))].map((l) => ({
    value: tieBreakKey(l),
    label: l.link === 'education' ? '学历（高者在前）' : tieBreakLabel(l),
  }));
}

/**
 * The plan form's 同分排序 (the links after the composite score, in the order chosen) and 同分加试. Score items come from
 * the plan's interview 招录工作安排, so a new plan offers none until it is set up.
 */
export function TieBreakFields({ planId, chosen }: { planId: number | undefined; chosen: readonly string[] }) {
  const { data: items } = useEndpointQuery(workflowList, planId === undefined ? undefined : { planId, stage: INTERVIEW_STAGE });
  const scoreItems = (items ?? []).filter((i) => i.kind === 'score').map((i) => i.workItem);
  return (
    <>
      <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
        综合成绩同分
      </Divider>
      <Row gutter={16}>
        <FieldCol span="half">
          <Form.Item
            label="同分排序"
            name="tieBreakChain"
            tooltip="综合成绩相同时依次比较的项目，按选择的先后顺序；都相同则同名次"
            extra={planId === undefined ? '面试评分项在设置招录工作安排后可选' : undefined}
          >
            <Select mode="multiple" placeholder="不比较（同名次）" options={tieBreakOptions(scoreItems, chosen)} />
          </Form.Item>
        </FieldCol>
        <FieldCol span="half">
          <Form.Item
            label="末位同分加试"
            name="extraTestOnTie"
            valuePropName="checked"
            tooltip="开启后，比较完上述各项仍并列且跨过招录人数的考生需加试，录入加试成绩前不能发布面试成绩；关闭时末位同名次者均拟录用"
          >
            <Switch checkedChildren="加试" unCheckedChildren="均录用" />
          </Form.Item>
        </FieldCol>
      </Row>
    </>
  );
}
