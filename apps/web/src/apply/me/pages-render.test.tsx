// The candidate's pages rendered to HTML from answers put in the query cache: each shows what its answer holds (no DOM here).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MyApplicationRow } from '@zhaokao/contracts';
import { ApplicationPage } from './ApplicationPage';
import { FeePayment } from './FeePayment';
import { MyApplicationsPage } from './MyApplicationsPage';
import { MessagesPage } from './MessagesPage';
import { ApplyPage } from '../ApplyPage';

const row: MyApplicationRow = {
  id: 5, companyId: 1, companyName: '某单位', planId: 2, planName: '2026 年招聘', recruitmentId: 3, jobVacancy: '会计',
  status: 12, statusText: '审核未通过，可修改后重新提交', reason: '照片不清晰', fee: { state: 'unpaid', amountY: '50.00', deadline: '2026-04-01 12:00' },
  canResubmit: true, canSwitch: true, canWithdraw: true,
  tickets: [{ stage: 2, name: '笔试', ticketCode: 'A001', available: true, note: '' }, { stage: 3, name: '面试', ticketCode: '', available: false, note: '尚未发放' }],
  results: [{ stage: 2, name: '笔试', score: null, absent: true, compositeScore: null, rank: null, explanation: '缺考', outcome: '未通过' }],
  createdAt: '2026-03-01 09:30',
};
const post = { id: 3, jobVacancy: '会计', departmentName: '财务部', places: 1, education: '本科', workExperience: '', salary: '', fixedAddress: '', jobDescription: '', skillsRequired: '会计学', candidateRemark: '', applicationPlace: '', cancelled: false, applicationCount: 1, passedCount: 0 };
const other = { ...post, id: 4, jobVacancy: '出纳' };

function render(path: string, route: string, element: React.ReactNode, seed: (c: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  seed(client);
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes><Route path={route} element={element} /></Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const postsKey = ['GET /candidate/site/companies/:companyId/plans/:planId/posts', { companyId: 1, planId: 2, pageSize: 200, pageNum: 1, education: '', major: '', keyword: '' }];

describe('the candidate pages render their answers', () => {
  it('application page', () => {
    const html = render('/apply/me/applications/5', '/apply/me/applications/:id', <ApplicationPage />, (c) => {
      c.setQueryData(['GET /candidate/applications/:id', { id: 5 }], row);
      c.setQueryData(postsKey, { list: [post, other], total: 2 });
    });
    for (const text of ['照片不清晰', '下载报名登记表', '/api/candidate/applications/5/form', '/api/candidate/applications/5/ticket/2', '缺考', '撤回报名', '出纳']) expect(html).toContain(text);
    // The payment part loads apart (lazily) while an application waits for its fee.
    expect(html).toContain('正在加载<!-- -->缴费');
    const payment = render('/apply/me/applications/5', '/apply/me/applications/:id', <FeePayment applicationId={5} fee={row.fee} onPaid={() => {}} />, () => {});
    for (const text of ['缴纳报名费', '50.00', '2026-04-01 12:00', '微信支付', '支付宝']) expect(payment).toContain(text);
  });
  it('application page: a gate’s result shows its outcome and no score; a written score its bonus', () => {
    const gated: MyApplicationRow = {
      ...row,
      status: 30,
      statusText: '资格审核已通过，待发放面试准考证',
      results: [
        { stage: 2, name: '笔试', score: '88.00', bonus: { paperScore: '85.00', points: '3.00', names: '退役士兵' }, absent: false, compositeScore: null, rank: 1, explanation: '', outcome: '笔试通过（入围面试）' },
        { stage: 4, name: '资格复审', score: null, absent: false, compositeScore: null, rank: null, explanation: '', outcome: '资格复审合格' },
      ],
    };
    const html = render('/apply/me/applications/5', '/apply/me/applications/:id', <ApplicationPage />, (c) => {
      c.setQueryData(['GET /candidate/applications/:id', { id: 5 }], gated);
      c.setQueryData(postsKey, { list: [post, other], total: 2 });
    });
    expect(html).toMatch(/资格复审<\/h3>[\s\S]*资格复审合格/);
    expect(html.match(/<dt>成绩<\/dt>/g)).toHaveLength(1);
    expect(html).toMatch(/<dt>成绩<\/dt><dd>88\.00<\/dd><dt>成绩构成<\/dt><dd>卷面 85\.00 分 \+ 加分 3\.00 分（退役士兵）<\/dd>/);
  });
  it('list, empty list, messages', () => {
    expect(render('/apply/me', '/apply/me', <MyApplicationsPage />, (c) => c.setQueryData(['GET /candidate/applications', {}], [row]))).toContain('待缴费（50.00 元）');
    expect(render('/apply/me', '/apply/me', <MyApplicationsPage />, (c) => c.setQueryData(['GET /candidate/applications', {}], []))).toContain('您还没有报名');
    expect(render('/apply/me/messages', '/apply/me/messages', <MessagesPage />, (c) => c.setQueryData(['GET /candidate/messages', 'pages'], { pages: [{ list: [{ applicationId: 5, companyName: 'X', jobVacancy: '会计', title: '审核通过', content: 'hi', createdAt: '2026-03-01T01:30:00Z', unread: true }], total: 30 }], pageParams: [1] }))).toMatch(/未读[\s\S]*2026-03-01 09:30[\s\S]*加载更多/);
  });
  it('apply page', () => {
    const detail = { company: { id: 1, name: '某单位', custom: false, logo: '' }, plan: { id: 2, name: '2026 年招聘', phase: 'open', signUpStartDate: '2026-03-01 00:00', signUpEndDate: '2026-03-10 00:00', writtenStartDate: '', auditionStartDate: '', examMode: 'full', registrationFeeY: '50.00', postCount: 2, places: 2, writtenExamAddress: '', auditionExamAddress: '', remark: '', feeAfterReview: true, feePayDays: 3, photoRule: { width: 295, height: 413, minKb: 10, maxKb: 200 } }, notices: { list: [], total: 0 }, educations: [] };
    const seed = (apps: MyApplicationRow[]) => (c: QueryClient) => {
      c.setQueryData(['GET /candidate/site/companies/:companyId/plans/:planId', { companyId: 1, planId: 2 }], detail);
      c.setQueryData(postsKey, { list: [post, other], total: 2 });
      c.setQueryData(['GET /candidate/applications', {}], apps);
      c.setQueryData(['GET /candidate/resume', {}], { resume: { realName: '张三', identityNo: '430102199001011234', phone: '13812345678', certificateImage: '/api/files/a.jpg' }, identityNoLocked: false, updatedAt: null });
    };
    const route = '/apply/companies/:companyId/plans/:planId/posts/:postId/apply';
    const fresh = render('/apply/companies/1/plans/2/posts/4/apply', route, <ApplyPage />, seed([]));
    for (const text of ['出纳', '审核通过后 3 天内缴费', '295×413', '4301**********1234', '138****5678', '诚信承诺', '提交报名', '修改简历']) expect(fresh).toContain(text);
    const applied = render('/apply/companies/1/plans/2/posts/4/apply', route, <ApplyPage />, seed([row]));
    expect(applied).toContain('改报到此岗位');
  });
});
