// The 考官库, 面试抽签 and 考官评分 pages rendered to HTML from answers put in the query cache (no DOM here, as in
// GatePage.test.tsx): who sees which buttons, the recorded seeds, names only once revealed, the tablet by number only.
import {
  type DrawCandidateRow, type DrawGroupRow, type InterviewExaminerRow, type OutputOf, getCompanyUserInfo,
  interviewDrawGroupDetail, interviewDrawGroupList, interviewExaminerList, myInterviewDrawGroup,
  myInterviewDrawGroups, statisticsPlanOptions,
} from '@zhaokao/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryKeyOf } from '../../../lib/query';
import { DrawPage } from './DrawPage';
import { ExaminerPage } from './ExaminerPage';
import { GroupDetail } from './GroupDetailModal';
import { ScoringPage } from './ScoringPage';

const group = (id: number, more: Partial<DrawGroupRow> = {}): DrawGroupRow => ({
  id,
  planId: 1,
  roomId: 7,
  roomName: `第${id}考场`,
  date: '2026-06-20',
  posts: [{ recruitmentId: 3, jobVacancy: '会计', departmentName: '财务科', candidates: 4 }],
  candidateCount: 4,
  orderSeed: 12345,
  orderDrawnAt: '2026-06-20T00:10:00.000Z',
  orderDrawnBy: '王老师',
  examinerSeed: 67890,
  examinersDrawnAt: '2026-06-20T00:20:00.000Z',
  examinersDrawnBy: '王老师',
  examiners: [
    { seat: 0, chief: true, examinerId: 1, name: '周建国', departmentName: '', workItemId: null, workItem: '', canScore: true },
    { seat: 1, chief: false, examinerId: 2, name: '陈晓梅', departmentName: '', workItemId: 11, workItem: '面试评分一', canScore: true },
    { seat: 2, chief: false, examinerId: 3, name: '刘志强', departmentName: '', workItemId: 12, workItem: '面试评分二', canScore: false },
  ],
  scoredCount: 1,
  scoringStarted: true,
  revealed: false,
  warnings: [],
  ...more,
});

const candidate = (orderNo: number, more: Partial<DrawCandidateRow> = {}): DrawCandidateRow => ({
  orderNo,
  recruitmentId: 3,
  jobVacancy: '会计',
  seatScores: [
    { seat: 1, score: '85.00' },
    { seat: 2, score: null },
  ],
  interviewScore: null,
  absent: false,
  complete: false,
  applicationId: null,
  realName: null,
  ticketCode: null,
  ...more,
});

function render(permissions: string[], node: ReactNode, path: string, fill: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeyOf(statisticsPlanOptions, {}), [{ id: 1, name: '2026 年事业单位招聘', status: 'published', statuses: [31], publishedStages: [] }]);
  client.setQueryData(queryKeyOf(getCompanyUserInfo, {}), { permissions });
  fill(client);
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

/** The buttons of the HTML, each as its text (or accessible name) and whether it is disabled. */
const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)].map((m) => ({
    text: /aria-label="([^"]*)"/.exec(m[1]!)?.[1] || m[2]!.replace(/<[^>]+>/g, '').replace(/\s+/g, ''),
    disabled: /\sdisabled=""/.test(m[1]!),
  }));
const texts = (html: string) => buttons(html).map((b) => b.text.replace(/^(\p{Script=Han}) (\p{Script=Han})$/u, '$1$2'));

const GROUPS: OutputOf<typeof interviewDrawGroupList> = {
  defaultDate: '2026-06-20',
  scoreItems: [
    { workItemId: 11, workItem: '面试评分一' },
    { workItemId: 12, workItem: '面试评分二' },
  ],
  groups: [
    group(1),
    group(2, { orderSeed: null, orderDrawnAt: null, orderDrawnBy: null, candidateCount: 0, examinerSeed: null, examiners: [], scoringStarted: false, scoredCount: 0, warnings: ['招录工作安排的面试评分项在抽取考官后有变化，请重新抽取考官'] }),
  ],
  unassignedPosts: [{ recruitmentId: 5, jobVacancy: '出纳', departmentName: '财务科', candidates: 2 }],
};

const drawPage = (permissions: string[]) =>
  render(permissions, <DrawPage />, '/auditionExamination/draw?planId=1', (c) => c.setQueryData(queryKeyOf(interviewDrawGroupList, { planId: 1 }), GROUPS));

describe('the 面试抽签 page', () => {
  it('shows the groups with their recorded seeds, examiners, progress and warnings', () => {
    const html = drawPage(['review:audition']);
    for (const text of ['第1考场', '2026-06-20', '会计（4 人）', '种子 12345', '种子 67890', '主考官：周建国', '考官 1：陈晓梅', '（代录）', '1 / 4', '第2考场 2026-06-20：招录工作安排的面试评分项在抽取考官后有变化，请重新抽取考官', '尚未分组的面试岗位 1 个', '出纳（财务科） · 2 人', '考官 1（面试评分一）']) {
      expect(html).toContain(text);
    }
  });

  it('gives managers the buttons that change groups and draws, only on groups not yet scored', () => {
    const html = drawPage(['review:audition']);
    expect(texts(html)).toEqual(expect.arrayContaining(['添加分组', '抽取考官', '打印抽签表：第1考场 2026-06-20', '打印评分表：第1考场 2026-06-20']));
    expect(html).toContain('抽取面试顺序：第2考场 2026-06-20');
    expect(html).not.toContain('抽取面试顺序：第1考场 2026-06-20');
    expect(html).toContain('已开始评分');
    // The undrawn group's sheets wait for its draws.
    expect(buttons(html).filter((b) => b.text.endsWith('第2考场 2026-06-20')).every((b) => b.disabled)).toBe(true);
  });

  it('lets score reviewers look and print the score sheet, nothing more', () => {
    const html = drawPage(['score:review']);
    expect(texts(html)).not.toContain('添加分组');
    expect(texts(html)).not.toContain('抽取考官');
    expect(html).not.toContain('抽取面试顺序');
    expect(html).not.toContain('打印抽签表');
    expect(texts(html)).toContain('打印评分表：第1考场 2026-06-20');
    expect(html).toContain('详情：第1考场 2026-06-20');
  });
});

const detail = (revealed: boolean, candidates: DrawCandidateRow[]) =>
  render(['review:audition'], <GroupDetail groupId={1} scoreItems={GROUPS.scoreItems} />, '/auditionExamination/draw', (c) =>
    c.setQueryData(queryKeyOf(interviewDrawGroupDetail, { id: 1 }), { group: group(1, { revealed }), fullMarks: '100.00', candidates }),
  );

const examiner = (id: number, more: Partial<InterviewExaminerRow> = {}): InterviewExaminerRow => ({
  id,
  name: `考官${id}`,
  departmentId: null,
  departmentName: '',
  staffUserId: null,
  staffUserName: '',
  canScore: false,
  remarks: '',
  enabled: true,
  conflictCount: 0,
  ...more,
});

const mine = (chief: boolean) => ({
  groupId: 1,
  planId: 1,
  planName: '2026 年事业单位招聘',
  roomName: '第1考场',
  date: '2026-06-20',
  seat: chief ? 0 : 1,
  chief,
  workItem: chief ? '' : '面试评分一',
  candidateCount: 3,
  scoredByMe: 1,
});

const tablet = (chief: boolean, path: string) =>
  render(['score:entry'], <ScoringPage />, path, (c) => {
    c.setQueryData(queryKeyOf(myInterviewDrawGroups, {}), [mine(chief)]);
    c.setQueryData(queryKeyOf(myInterviewDrawGroup, { groupId: 1 }), {
      group: mine(chief),
      fullMarks: '100.00',
      candidates: [
        { orderNo: 1, jobVacancy: '会计', myScore: chief ? null : '85.00', absent: false, locked: false },
        { orderNo: 2, jobVacancy: '会计', myScore: null, absent: false, locked: false },
        { orderNo: 3, jobVacancy: '出纳', myScore: null, absent: true, locked: false },
      ],
    });
  });

describe('a group’s detail', () => {
  it('shows numbers and seat scores, and no names until every score is in', () => {
    const html = detail(false, [candidate(1), candidate(2, { absent: true, seatScores: [] })]);
    expect(html).toContain('评分完成后显示姓名');
    expect(html).toContain('85.00');
    expect(html).toContain('缺考');
    expect(html).not.toContain('scope="col">准考证号');
    expect(html).not.toContain('scope="col">姓名');
  });

  it('shows names and ticket codes once revealed', () => {
    const html = detail(true, [
      candidate(1, { complete: true, interviewScore: '86.00', seatScores: [{ seat: 1, score: '85.00' }, { seat: 2, score: '87.00' }], applicationId: 9, realName: '张三', ticketCode: '202600130101' }),
    ]);
    expect(html).not.toContain('评分完成后显示姓名');
    for (const text of ['张三', '202600130101', '86.00', 'scope="col">准考证号', 'scope="col">姓名']) expect(html).toContain(text);
  });
});

describe('the 考官库 page', () => {
  it('lists the examiners with their login and conflicts, and the actions on each', () => {
    const html = render(['review:audition'], <ExaminerPage />, '/auditionExamination/examiners', (c) =>
      c.setQueryData(queryKeyOf(interviewExaminerList, { keyword: '', enabled: undefined }), [
        examiner(1, { staffUserId: 5, staffUserName: '王老师', canScore: true, conflictCount: 2, departmentName: '财务科' }),
        examiner(2, { enabled: false, remarks: '外聘，高级经济师' }),
      ]),
    );
    for (const text of ['考官1', '王老师', '可平板评分', '财务科', '未关联（由工作人员代录）', '外聘，高级经济师', '停用', '启用']) expect(html).toContain(text);
    expect(texts(html)).toContain('添加考官');
    expect(html).toContain('回避：考官1');
  });
});

describe('the 考官评分 tablet page', () => {
  it('lists my groups as cards', () => {
    const html = tablet(false, '/auditionExamination/scoring');
    for (const text of ['2026-06-20 · 第1考场', '考官 1（面试评分一）', '1 / 3']) expect(html).toContain(text);
    expect(texts(html)).toContain('进入评分：2026-06-20 第1考场');
  });

  it('opens a group on the first number I have not scored, by number only', () => {
    const html = tablet(false, '/auditionExamination/scoring?groupId=1');
    expect(html.replace(/<[^>]+>/g, '')).toContain('序号 2 / 3');
    expect(html).toContain('岗位：会计');
    expect(html).toContain('我的评分（满分 100.00）');
    expect(texts(html)).toEqual(expect.arrayContaining(['提交', '上一位', '下一位', '序号 1，已评分 85.00', '序号 2，未评分', '序号 3，缺考', '返回我的分组']));
    expect(html).toContain('已评 1 人，缺考 1 人，共 3 人');
    expect(html).not.toContain('张三');
  });

  it('shows the chief the numbers, read-only', () => {
    const html = tablet(true, '/auditionExamination/scoring?groupId=1');
    expect(html).toContain('主考官不评分');
    expect(html).toContain('序号 3 · 出纳');
    expect(texts(html)).not.toContain('提交');
  });
});
