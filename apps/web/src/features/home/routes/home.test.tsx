// 首页 rendered to HTML from an answer put in the query cache (no DOM here, as in GatePage.test.tsx): the gate cards'
// words and links.
import { type OutputOf, homeOverview } from '@zhaokao/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeOf } from '../../../app/routes';
import { queryKeyOf } from '../../../lib/query';
import HomePage from './home';

type Overview = OutputOf<typeof homeOverview>;

const overview = (gates: Overview['waitingForMe']['gates']): Overview => ({
  company: { id: 1, name: '示例单位', logo: '', industryName: '', address: '' } as Overview['company'],
  wallet: null,
  staffCount: 1,
  enabledStaffCount: 1,
  roleCount: 1,
  fileCount: 0,
  rights: [],
  openPlans: [],
  openPlanCount: 0,
  waitingForMe: { signup: null, exams: [], gates },
  unreadMessages: 0,
});

function renderHome(data: Overview) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeyOf(homeOverview, {}), data);
  // React's separators between adjacent texts (`<!-- -->`) are not text.
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/home']}>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

/** The named links of the HTML (the cards' numbers), each as its address and its accessible name. */
const links = (html: string) =>
  [...html.matchAll(/<a aria-label="([^"]*)" href="([^"]*)"/g)].map((m) => ({ href: m[2]!.replaceAll('&amp;', '&'), label: m[1]! }));

describe('首页’s gate cards', () => {
  it('say the gate, the plan and how many wait, and open the gate’s page on the plan and the filter they counted', () => {
    const html = renderHome(
      overview([
        { stage: 5, step: 'confirm', planId: 7, planName: '2026 年事业单位招聘', total: 2 },
        { stage: 5, step: 'pending', planId: 7, planName: '2026 年事业单位招聘', total: 3 },
        { stage: 7, step: 'pending', planId: 7, planName: '2026 年事业单位招聘', total: 1 },
        { stage: 4, step: 'pending', planId: 6, planName: '2025 年招聘', total: 4 },
      ]),
    );
    expect(links(html).filter((l) => !l.href.startsWith('/manage'))).toEqual([
      { href: '/auditionExamination/medical?planId=7', label: '体检确认名单 2 人（2026 年事业单位招聘，待进入体检 2 人，请确认名单）' },
      { href: '/auditionExamination/medical?planId=7&result=pending', label: '体检待定 3 人（2026 年事业单位招聘，待定 3 人，请确定体检结果）' },
      { href: '/auditionExamination/publicity?planId=7&result=pending', label: '公示中 1 人（2026 年事业单位招聘，公示中 1 人，公示期满后确认聘用）' },
      { href: '/writtenExamination/requalify?planId=6&result=pending', label: '资格复审待定 4 人（2025 年招聘，待定 4 人，请确定资格复审结果）' },
    ]);
    // each opens a page of the menu
    expect(links(html)).toHaveLength(5);
    for (const { href } of links(html)) expect(routeOf(href.split('?')[0]!), href).toBeDefined();
  });

  it('show none without work waiting at a gate', () => {
    const html = renderHome(overview([]));
    expect(links(html).map((l) => l.href)).toEqual(['/manage/userMessage']);
    for (const text of ['确认名单', '待定', '公示中']) expect(html).not.toContain(text);
  });
});
