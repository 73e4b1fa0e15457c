import type { QueryClient } from '@tanstack/react-query';
import {
  APPLICATION_STATUS, DEFAULT_PHOTO_RULE, type CandidateSitePost, type Endpoint, FEE_STATES, type FeeSummary,
  type MyApplicationRow, RESUME_INCOMPLETE_PREFIX, type ResumeDraft, myApplication, myApplications,
  photoRuleMessage, splitUrls, toChinaDateTime,
} from '@zhaokao/contracts';
import { ME_PATH } from '../candidate-session';

/** The candidate's own pages (rendered inside MeLayout). */
export const MY_APPLICATIONS_PATH = ME_PATH;
export const MY_RESUME_PATH = `${ME_PATH}/resume`;
export const myApplicationPath = (id: number) => `${MY_APPLICATIONS_PATH}/applications/${id}`;

/** The first part of every query key `useSiteQuery` gives an endpoint: refreshing it refreshes each input's answer. */
export const queryKeyOf = (ep: Endpoint) => [`${ep.method} ${ep.path}`];

/** An application as a call answered it: its page shows it at once, and the list is read again. */
export async function showApplication(queryClient: QueryClient, row: MyApplicationRow) {
  queryClient.setQueryData([...queryKeyOf(myApplication), { id: row.id }], row);
  await queryClient.invalidateQueries({ queryKey: queryKeyOf(myApplications) });
}

/** What changes when an application changes behind the page (paid, withdrawn): its page and the list. */
export const refreshApplications = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeyOf(myApplication) }),
    queryClient.invalidateQueries({ queryKey: queryKeyOf(myApplications) }),
  ]);

/** 4301**********1234: the first and last four characters. */
export function maskIdentityNo(identityNo: string): string {
  const no = identityNo.trim();
  if (no.length <= 8) return no ? '*'.repeat(no.length) : '';
  return `${no.slice(0, 4)}${'*'.repeat(no.length - 8)}${no.slice(-4)}`;
}

/** 138****5678 */
export function maskPhone(phone: string): string {
  const p = phone.trim();
  if (p.length < 7) return p ? '*'.repeat(p.length) : '';
  return `${p.slice(0, 3)}${'*'.repeat(p.length - 7)}${p.slice(-4)}`;
}

/** What the apply page shows of the saved resume: the name, the masked numbers and the photo. */
export function resumeSummaryOf(resume: ResumeDraft) {
  const text = (key: string) => {
    const value = resume[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  return {
    realName: text('realName'),
    identityNo: maskIdentityNo(text('identityNo')),
    phone: maskPhone(text('phone')),
    photo: splitUrls(text('certificateImage'))[0] ?? '',
  };
}

/** The candidate's application in a plan (one per plan), if any. */
export const applicationInPlan = (applications: readonly MyApplicationRow[], planId: number) =>
  applications.find((application) => application.planId === planId);

const photoRefused = photoRuleMessage(DEFAULT_PHOTO_RULE);
const PHOTO_REFUSAL_PREFIX = photoRefused.slice(0, photoRefused.indexOf('：') + 1);

/** A refusal of applying that the resume can fix (a field missing, the photo not as the plan asks): the page then links to it. */
export const isResumeIncomplete = (message: string) =>
  message.startsWith(RESUME_INCOMPLETE_PREFIX) || message.startsWith(PHOTO_REFUSAL_PREFIX);

/** The posts an application may move to: the plan's others, cancelled ones left out. */
export const switchTargetsOf = (posts: readonly CandidateSitePost[], currentPostId: number) =>
  posts.filter((post) => !post.cancelled && post.id !== currentPostId);

/** The reviewer's words are shown (highlighted) for a returned or rejected application. */
export const isReturned = (status: number) =>
  status === APPLICATION_STATUS.rejectedCorrectable || status === APPLICATION_STATUS.rejected;

export const feeText = (fee: FeeSummary) => (fee.state === 'none' ? FEE_STATES.none : `${FEE_STATES[fee.state]}（${fee.amountY} 元）`);

/** A stage's score as the candidate reads it: 缺考 when absent. */
export const scoreText = (result: { score: string | null; absent: boolean }) => (result.absent ? '缺考' : (result.score ?? '—'));

/** 加分 in a written score: '卷面 80.00 分 + 加分 3.00 分（退役士兵）', '' without a bonus. */
export const bonusText = (result: { bonus?: { paperScore: string; points: string; names: string } | undefined }) =>
  result.bonus ? `卷面 ${result.bonus.paperScore} 分 + 加分 ${result.bonus.points} 分（${result.bonus.names}）` : '';

/** A time from the server: 'YYYY-MM-DD HH:mm' kept, an ISO instant written in China time. */
export function timeText(value: string | null | undefined): string {
  if (!value) return '';
  if (!value.includes('T')) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : toChinaDateTime(date);
}

/** How often the payment page asks the server whether the fee is paid. */
export const FEE_POLL_MS = 3_000;
/** Fee order statuses (DESIGN §6). */
export const FEE_ORDER_STATUS = { open: 0, paid: 1 } as const;

/**
 * How the payment page offers a fee order's `payH5QrCodeUrl`: an image as it is (a data URL), or else the text the
 * QR code carries; and a page a phone can open (a web address: the sandbox cashier, Alipay's QR page). A WeChat Pay
 * `weixin://` code opens nothing from a browser: it must be scanned.
 */
export function payTargetOf(payH5QrCodeUrl: string, origin: string): { image: string; qrText: string; link: string } {
  const value = payH5QrCodeUrl.trim();
  if (!value) return { image: '', qrText: '', link: '' };
  if (value.startsWith('data:image/')) return { image: value, qrText: '', link: '' };
  if (value.startsWith('/')) {
    const absolute = new URL(value, origin).href;
    return { image: '', qrText: absolute, link: absolute };
  }
  return { image: '', qrText: value, link: /^https?:\/\//i.test(value) ? value : '' };
}
