// The 成绩复查 page rendered to HTML from answers put in the query cache (no DOM, as in BonusPage.test.tsx); the answer
// dialog's rules are checked on the rules themselves, with the engine antd's Form runs.
import Schema from '@rc-component/async-validator';
import {
  RECHECK_REFUSAL_REQUIRED, RECHECK_SCORE_FORMAT, RECHECK_SCORE_REQUIRED, type ScoreRecheckRow, WRITTEN_STAGE,
  getCompanyUserInfo, scoreRecheckList, statisticsPlanOptions,
} from '@zhaokao/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryKeyOf } from '../../../lib/query';
import { ScoreRecheckPage } from './ScoreRecheckPage';
import { changeText, correctedScoreRules, outcomeText, refusalRules } from './recheck-words';

const row = (id: number, more: Partial<ScoreRecheckRow> = {}): ScoreRecheckRow => ({
  id,
  applicationId: 10 + id,
  planId: 1,
  planName: '2026 年事业单位招聘',
  recruitmentId: 3,
  jobVacancy: '会计',
  realName: `考生${id}`,
  identityNo: '430102199001011234',
  phone: '13812345678',
  stage: WRITTEN_STAGE,
  reason: '估分与成绩相差较大',
  state: 'pending',
  requestedAt: '2026-05-01T02:00:00.000Z',
  score: '84.00',
  originalScore: null,
  correctedScore: null,
  errorKind: null,
  answer: '',
  answeredBy: null,
  answeredAt: null,
  changes: [],
  ...more,
});

const CHANGES = [
  { applicationId: 12, realName: '考生2', oldRank: 3, newRank: 2, oldPassed: false, newPassed: true },
  { applicationId: 13, realName: '考生3', oldRank: 2, newRank: 3, oldPassed: true, newPassed: false },
];

function renderPage(rows: ScoreRecheckRow[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeyOf(statisticsPlanOptions, {}), [{ id: 1, name: '2026 年事业单位招聘', status: 'published', statuses: [24], publishedStages: [2] }]);
  client.setQueryData(queryKeyOf(getCompanyUserInfo, {}), { permissions: ['review:written'] });
  client.setQueryData(queryKeyOf(scoreRecheckList, { planId: 1, pageNum: 1, pageSize: 20, stage: WRITTEN_STAGE }), { list: rows, total: rows.length });
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/writtenExamination/scoreRecheck?planId=1']}>
        <ScoreRecheckPage stage={WRITTEN_STAGE} />
      </MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

describe('the 成绩复查 page', () => {
  it('lists the requests: 答复 for those waiting, the answer and the changed places for those answered', () => {
    const html = renderPage([
      row(1),
      row(2, { state: 'corrected', originalScore: '84.00', correctedScore: '88.00', score: '88.00', errorKind: 'sum', answer: '合分有误', answeredBy: '王老师', answeredAt: '2026-05-02T02:00:00.000Z', changes: CHANGES }),
      row(3, { state: 'refused', answer: '成绩无误', answeredBy: '王老师', answeredAt: '2026-05-02T02:00:00.000Z' }),
    ]);
    for (const text of ['笔试成绩复查', '估分与成绩相差较大', '2026-05-01 10:00', '待答复', '已更正', '合分错误', '84.00 → 88.00', '不予更正', '成绩无误', '导出 Excel']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('aria-label="答复：考生1"');
    expect(html).not.toContain('aria-label="答复：考生2"');
    expect(html).toContain('考生2：第 3 名 → 第 2 名；考生3：第 2 名 → 第 3 名');
  });

  it('words the changes and the outcomes the published figures would give', () => {
    expect(changeText(CHANGES[0]!)).toBe('考生2：第 3 名 → 第 2 名');
    expect(changeText({ ...CHANGES[0]!, newRank: null })).toBe('考生2：第 3 名 → 未排名');
    expect(outcomeText(CHANGES[0]!, '入围面试')).toBe('按发布的规则将入围面试');
    expect(outcomeText(CHANGES[1]!, '入围面试')).toBe('按发布的规则将不再入围面试');
    expect(outcomeText({ ...CHANGES[0]!, oldPassed: true }, '入围面试')).toBe('');
  });
});

/** The first message antd's validation gives for a value under these rules, undefined when it takes it. */
const check = (rules: unknown, value: string) =>
  new Schema({ value: rules as never }).validate({ value }).then(
    () => undefined,
    (failure: { errors: { message: string }[] }) => failure.errors[0]?.message,
  );

describe('the answer dialog', () => {
  it('requires a corrected score of two decimals at most, and a refusal’s reason', async () => {
    expect(await check(correctedScoreRules, '')).toBe(RECHECK_SCORE_REQUIRED);
    expect(await check(correctedScoreRules, '88.555')).toBe(RECHECK_SCORE_FORMAT);
    expect(await check(correctedScoreRules, '88.5')).toBeUndefined();
    expect(await check(refusalRules, ' ')).toBe(RECHECK_REFUSAL_REQUIRED);
    expect(await check(refusalRules, '成绩无误')).toBeUndefined();
  });
});
