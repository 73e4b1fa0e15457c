// The gate pages rendered to HTML from answers put in the query cache (no DOM here, as in apply/me/pages-render.test.tsx);
// the batch buttons and the reason rule are checked on the parts that decide them.
import Schema from '@rc-component/async-validator';
import {
  GATE_REASON_MAX, GATE_NO_WORKFLOW_NOTE, GATE_REASON_REQUIRED, GATE_STAGE_TABLE, type GateApplicationRow,
  type GateStage, type OutputOf, gateApplicationList, gateStageRow, gateSummary, gateVacancyList,
  getCompanyUserInfo, statisticsPlanOptions,
} from '@zhaokao/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryKeyOf } from '../../../lib/query';
import { candidateOf } from '../../../test/rows';
import { BatchActions } from './BatchActions';
import { GatePage } from './GatePage';
import { canDecide, canDecideTasks, reasonRules } from './gate-words';

const stageOf = (name: string) => GATE_STAGE_TABLE.find((g) => g.gate === name)!.stage;
const PUBLICITY = stageOf('publicity');
const MEDICAL = stageOf('medical');
const REQUALIFY = stageOf('requalify');

const row = (id: number, result: GateApplicationRow['result'], more: Partial<GateApplicationRow> = {}): GateApplicationRow => ({
  id,
  ...candidateOf(id),
  status: 0,
  result,
  score: '81.25',
  rank: id,
  substitute: false,
  reason: '',
  objection: '',
  decidedAt: null,
  decidedBy: null,
  steps: [],
  myTaskId: null,
  ...more,
});

type Summary = OutputOf<typeof gateSummary>;
const summaryOf = (more: Partial<Summary> = {}): Summary => ({
  chosen: true,
  waitingToEnter: 0,
  counts: { pending: 1, passed: 1, failed: 0, withdrew: 1 },
  openVacancies: 1,
  publicityEndsAt: null,
  workItems: 0,
  myActionable: 0,
  ...more,
});

function renderGate(stage: GateStage, summary: Summary, rows: GateApplicationRow[], permissions: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeyOf(statisticsPlanOptions, {}), [{ id: 1, name: '2026 年事业单位招聘', status: 'published', statuses: [], publishedStages: [] }]);
  client.setQueryData(queryKeyOf(getCompanyUserInfo, {}), { permissions });
  client.setQueryData(queryKeyOf(gateSummary, { gate: stage, planId: 1 }), summary);
  client.setQueryData(queryKeyOf(gateApplicationList, { planId: 1, gate: stage, pageNum: 1, pageSize: 20 }), { list: rows, total: rows.length });
  client.setQueryData(queryKeyOf(gateVacancyList, { gate: stage, planId: 1 }), [
    { id: 9, recruitmentId: 3, jobVacancy: '会计', leftName: '考生3', leftResult: 'withdrew', leftReason: '本人放弃', createdAt: '2026-05-01T02:00:00.000Z', filledByName: null, filledAt: null },
  ]);
  // React's separators between adjacent texts (`<!-- -->`) are not text.
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/gate?planId=1']}>{(<GatePage stage={stage} />) as ReactNode}</MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

/** The buttons of the HTML, each as its text and whether it is disabled. */
const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)].map((m) => ({
    text: m[2]!.replace(/<[^>]+>/g, '').replace(/\s+/g, ''),
    disabled: /\sdisabled=""/.test(m[1]!),
  }));

const ALL = ['plan:edit', 'review:written', 'review:audition', 'content:publish'];

describe('a gate page', () => {
  it('says where to set the gate up when the plan does not run it, and shows no list', () => {
    const html = renderGate(MEDICAL, summaryOf({ chosen: false }), [row(1, 'pending')], ALL);
    expect(html).toContain('该计划未设置体检环节，可在编辑招录计划的“录用环节”中设置');
    for (const text of ['确认名单', '不合格', '递补', '生成公告', '考生1']) expect(html).not.toContain(text);
  });

  it('公示: its words, period, objection column, 确认名单 while candidates wait, batch buttons off without a selection', () => {
    const rows = [row(1, 'pending'), row(2, 'passed', { substitute: true, decidedAt: '2026-05-02T02:00:00.000Z', decidedBy: '王老师' })];
    const html = renderGate(PUBLICITY, summaryOf({ waitingToEnter: 2, publicityEndsAt: '2026-05-08T10:00:00.000Z' }), rows, ALL);
    for (const text of ['公示中', '聘用', '异议成立', '公示期至 2026-05-08', '异议情况', '编辑异议', '综合成绩', '待进入公示', '本人放弃', '待递补', '2026-05-02 10:00', '王老师']) {
      expect(html).toContain(text);
    }
    const shown = buttons(html);
    expect(shown.find((b) => b.text === '确认名单')?.disabled).toBe(false);
    expect(shown.find((b) => b.text === '生成公告')).toBeDefined();
    for (const text of ['确认聘用', '不合格', '放弃']) expect(shown.find((b) => b.text === text)?.disabled).toBe(true);
  });

  it('a gate without work items says it is decided directly, and shows no step list', () => {
    const html = renderGate(MEDICAL, summaryOf(), [row(1, 'pending')], ALL);
    expect(html).toContain(GATE_NO_WORKFLOW_NOTE);
    expect(html).not.toContain('工作进度');
  });

  it('a gate with work items shows each candidate’s steps (who, when, 暂无 while pending) and how many are the user’s', () => {
    const steps = [
      { workItem: '体检核验', verifierName: '李医生', state: 'passed' as const, verifiedAt: '2026-05-03T02:00:00.000Z', remarks: '' },
      { workItem: '体检结论', verifierName: '王老师', state: 'pending' as const, verifiedAt: null, remarks: '' },
    ];
    const failed = [
      { workItem: '体检核验', verifierName: '李医生', state: 'failed' as const, verifiedAt: '2026-05-03T03:00:00.000Z', remarks: '血压偏高' },
      { workItem: '体检结论', verifierName: '王老师', state: 'closed' as const, verifiedAt: null, remarks: '' },
    ];
    const rows = [row(1, 'pending', { steps, myTaskId: 11 }), row(2, 'failed', { steps: failed })];
    const html = renderGate(MEDICAL, summaryOf({ workItems: 2, myActionable: 1 }), rows, ALL);
    expect(html).not.toContain(GATE_NO_WORKFLOW_NOTE);
    const text = html.replace(/<[^>]+>/g, '');
    for (const shown of [
      '已设置 2 项工作，由分配的工作人员按顺序逐项判定；轮到您处理的 1 人',
      '体检核验：李医生，2026-05-03 10:00，通过',
      '体检结论：王老师，暂无，待处理',
      '体检核验：李医生，2026-05-03 11:00，不通过（血压偏高）',
      '体检结论：王老师，暂无，已关闭',
    ]) {
      expect(text).toContain(shown);
    }
    expect(buttons(html).map((b) => b.text)).toEqual(expect.arrayContaining(['通过', '不通过', '放弃']));
  });

  it('资格复审 follows the written score; staff without the gate permission see neither batch buttons nor 确认名单', () => {
    const html = renderGate(REQUALIFY, summaryOf({ waitingToEnter: 3 }), [row(1, 'pending')], ['review:audition']);
    expect(html).toContain('笔试成绩');
    expect(html).toContain('待定');
    const texts = buttons(html).map((b) => b.text);
    for (const text of ['合格', '不合格', '放弃', '确认名单', '生成公告']) expect(texts).not.toContain(text);
  });
});

/** The batch buttons over a selection. */
const render = (selected: GateApplicationRow[], stage: GateStage = MEDICAL) =>
  buttons(renderToString(<BatchActions gate={gateStageRow(stage)} selected={selected} passing={false} onPass={() => {}} onFail={() => {}} onWithdraw={() => {}} />));

/** The batch buttons over a selection, at a gate with work items. */
const tasked = (selected: GateApplicationRow[]) =>
  buttons(renderToString(<BatchActions gate={gateStageRow(MEDICAL)} tasked selected={selected} passing={false} onPass={() => {}} onFail={() => {}} onWithdraw={() => {}} />));

/** The first message antd's validation (the engine its Form runs) gives for a reason, undefined when it takes it. */
const checkReason = (reason: string) =>
  new Schema({ reason: reasonRules as never }).validate({ reason }).then(
    () => undefined,
    (failure: { errors: { message: string }[] }) => failure.errors[0]?.message,
  );

describe('batch decisions', () => {

  it('are enabled only when every selected candidate is 待定', () => {
    expect(canDecide([])).toBe(false);
    expect(canDecide([row(1, 'pending'), row(2, 'pending')])).toBe(true);
    expect(canDecide([row(1, 'pending'), row(2, 'failed')])).toBe(false);
    expect(render([]).every((b) => b.disabled)).toBe(true);
    expect(render([row(1, 'pending'), row(2, 'pending')]).map((b) => [b.text, b.disabled])).toEqual([
      ['合格', false],
      ['不合格', false],
      ['放弃', false],
    ]);
    for (const result of ['passed', 'failed', 'withdrew'] as const) {
      expect(render([row(1, 'pending'), row(2, result)]).every((b) => b.disabled)).toBe(true);
    }
  });

  it('with work items, 通过 / 不通过 only when every selected candidate’s current item is the user’s; 放弃 as before', () => {
    const mine = row(1, 'pending', { myTaskId: 11 });
    const theirs = row(2, 'pending');
    expect(canDecideTasks([mine])).toBe(true);
    expect(canDecideTasks([mine, theirs])).toBe(false);
    expect(tasked([mine]).map((b) => [b.text, b.disabled])).toEqual([
      ['通过', false],
      ['不通过', false],
      ['放弃', false],
    ]);
    expect(tasked([mine, theirs]).map((b) => [b.text, b.disabled])).toEqual([
      ['通过', true],
      ['不通过', true],
      ['放弃', false],
    ]);
    expect(tasked([]).every((b) => b.disabled)).toBe(true);
  });

  it('公示 passes with 确认聘用', () => {
    expect(render([row(1, 'pending')], PUBLICITY).map((b) => b.text)).toEqual(['确认聘用', '不合格', '放弃']);
  });

  it('不合格 and 放弃 require a reason of at most GATE_REASON_MAX characters', async () => {
    expect(await checkReason('')).toBe(GATE_REASON_REQUIRED);
    expect(await checkReason('   ')).toBe(GATE_REASON_REQUIRED);
    expect(await checkReason('x'.repeat(GATE_REASON_MAX + 1))).toBe(`原因最长 ${GATE_REASON_MAX} 个字`);
    expect(await checkReason('体检结论不合格')).toBeUndefined();
  });
});
