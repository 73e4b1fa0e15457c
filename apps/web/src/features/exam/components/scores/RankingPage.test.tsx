// The ranking pages rendered to HTML from answers put in the query cache (no DOM here, as in GatePage.test.tsx):
// 卷面成绩 / 加分 / 笔试成绩 appear when a row holds a bonus (DESIGN §5 加分), and the table still fits 1440 px.
import {
  type OutputOf, type RankingKind, type RankingRow, companyStatistics, getCompanyUserInfo, extraTestGroup,
  getGradeList, statisticsPlanOptions,
} from '@zhaokao/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryKeyOf } from '../../../../lib/query';
import { RankingPage } from './RankingPage';

// The page asks the body's width, which a server render has not.
vi.mock('../../../../lib/use-is-mobile', () => ({ useIsMobile: () => false }));

const row = (id: number, more: Partial<RankingRow> = {}): RankingRow => ({
  applicationId: id,
  realName: `考生${id}`,
  identityNo: '430102199001011234',
  ticketCode: `2026000${id}`,
  writtenScore: '80.00',
  paperScore: '80.00',
  bonus: null,
  bonusNames: '',
  interviewScore: '85.00',
  compositeScore: '82.50',
  absent: false,
  rank: id,
  passed: true,
  explanation: '',
  status: 0,
  extraTest: null,
  ...more,
});

function renderRanking(kind: RankingKind, rows: RankingRow[], extraTest?: OutputOf<typeof extraTestGroup>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeyOf(statisticsPlanOptions, {}), [{ id: 1, name: '2026 年事业单位招聘', status: 'published', statuses: [], publishedStages: [] }]);
  client.setQueryData(queryKeyOf(getCompanyUserInfo, {}), { permissions: ['review:written', 'score:entry'] });
  if (extraTest) client.setQueryData(queryKeyOf(extraTestGroup, { recruitmentId: 3 }), extraTest);
  const statistics: OutputOf<typeof companyStatistics> = {
    plan: { id: 1, name: '2026 年事业单位招聘', status: 'published', signUpStartDate: '2026-04-01', signUpEndDate: '2026-04-10' },
    posts: [{ recruitmentId: 3, jobVacancy: '会计', places: 1, total: rows.length, counts: {} }],
    total: rows.length,
    counts: {},
  };
  client.setQueryData(queryKeyOf(companyStatistics, { planId: 1 }), statistics);
  client.setQueryData(queryKeyOf(getGradeList, { kind, recruitmentId: 3, pageNum: 1, pageSize: 50 }), {
    list: rows,
    total: rows.length,
    published: true,
    rule: '按笔试成绩从高到低',
  });
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/ranking?planId=1&recruitmentId=3']}>
        <RankingPage kind={kind} />
      </MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

/** The table's column titles, in order (身份证号码 and 准考证号 show from 992 px, which a server render does not know). */
const headers = (html: string) => [...html.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim()).filter(Boolean);
/** The table's smallest width (antd writes it on the <table>). */
const tableWidth = (html: string) => Number(/<table[^>]*style="[^"]*width:\s*(\d+)px/.exec(html)?.[1]);

/** What a 1440 px window leaves the table: the sidebar (210), the page's padding (2 × 16) and the card's (2 × 24), a scroll bar. */
const ROOM_AT_1440 = 1440 - 210 - 32 - 48 - 17;

const BONUS = { writtenScore: '83.00', paperScore: '80.00', bonus: '3.00', bonusNames: '退役士兵' };

describe('the ranking columns', () => {
  it('笔试排名 without any bonus shows the 笔试成绩 alone, as before', () => {
    const html = renderRanking('written', [row(1), row(2)]);
    expect(headers(html)).toEqual(['名次', '姓名', '笔试成绩', '是否入围', '说明']);
    expect(tableWidth(html)).toBe(1000);
  });

  it('笔试排名 with a bonus shows 卷面成绩, 加分 (with its categories) and 笔试成绩, the total', () => {
    const html = renderRanking('written', [row(1, BONUS), row(2)]);
    expect(headers(html)).toEqual(['名次', '姓名', '卷面成绩', '加分', '笔试成绩', '是否入围', '说明']);
    for (const text of ['80.00', '3.00', '退役士兵', '83.00']) expect(html).toContain(text);
    expect(tableWidth(html)).toBeLessThanOrEqual(ROOM_AT_1440);
  });

  it('综合排名 with a bonus shows them before 面试成绩 and 综合成绩, and still fits 1440 px', () => {
    const without = renderRanking('complex', [row(1)]);
    expect(headers(without)).toEqual(['名次', '姓名', '笔试成绩', '面试成绩', '综合成绩', '是否拟录用', '说明']);
    const html = renderRanking('complex', [row(1, BONUS)]);
    expect(headers(html)).toEqual(['名次', '姓名', '卷面成绩', '加分', '笔试成绩', '面试成绩', '综合成绩', '是否拟录用', '说明']);
    expect(tableWidth(html)).toBeLessThanOrEqual(ROOM_AT_1440);
  });

  it('面试排名 stays as it was', () => {
    const html = renderRanking('audition', [row(1, BONUS)]);
    expect(headers(html)).toEqual(['名次', '姓名', '面试成绩', '笔试成绩', '是否拟录用', '说明']);
  });
});

describe('同分加试 on 综合排名', () => {
  it('tags the still-tied 需加试, says so above the table with 录入加试成绩, and shows a decided 加试 score', () => {
    const tied = { passed: false, extraTest: { needed: true, score: null } };
    const members = [1, 2].map((id) => ({ applicationId: id, realName: `考生${id}`, ticketCode: null, compositeScore: '82.50', score: null, needed: true }));
    const html = renderRanking('complex', [row(1, { ...tied, rank: 1 }), row(2, { ...tied, rank: 1 }), row(3)], {
      extraTestOnTie: true,
      published: false,
      places: 1,
      members,
    });
    expect(html.match(/需加试<\/span>/g)).toHaveLength(2);
    expect(html).toContain('考生1、考生2末位并列，需加试：录入加试成绩前不能发布面试成绩');
    expect(html).toContain('录入加试成绩');
    const decided = renderRanking('complex', [row(1, { extraTest: { needed: false, score: '90.50' } })]);
    expect(decided).toContain('加试 90.50');
    expect(decided).not.toContain('需加试');
  });
});
