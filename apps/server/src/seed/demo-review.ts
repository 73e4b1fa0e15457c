import { OTHER_REJECTION_REASON, TASK_STATUS, type TaskStatus, identityCheckChar, rejectionRemarks } from '@zhaokao/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { staffUser, workflowItem } from '../db/tables.js';
import { DICTIONARIES } from './dicts.js';

/**
 * The demo's sign-up review (issue 8): each demo plan's two-level workflow, the tasks of every demo application
 * as the state machine would have left them, and a few planted duplicate applications for 应聘查重.
 */

export interface SignUpReviewers {
  /** 初审 and 复审: work item id and assignee. */
  first: { id: number; assigneeId: number };
  second: { id: number; assigneeId: number };
}

/**
 * 初审 by the reviewer `shenhe` where the company has one, 复审 by the company's first staff member (its
 * administrator: `admin`, or `hospital`, who then does both).
 */
export async function insertSignUpWorkflow(tx: Db, companyId: number, planId: number): Promise<SignUpReviewers> {
  const staff = await tx
    .select({ id: staffUser.id, loginAccount: staffUser.loginAccount })
    .from(staffUser)
    .where(eq(staffUser.companyId, companyId))
    .orderBy(asc(staffUser.id));
  const administrator = staff[0]!.id;
  const reviewer = staff.find((s) => s.loginAccount === 'shenhe')?.id ?? administrator;
  const [first, second] = await tx
    .insert(workflowItem)
    .values([
      { companyId, planId, stage: 1, sort: 10, workItem: '初审', kind: 'verify', assigneeId: reviewer },
      { companyId, planId, stage: 1, sort: 20, workItem: '复审', kind: 'verify', assigneeId: administrator },
    ])
    .returning({ id: workflowItem.id, assigneeId: workflowItem.assigneeId, sort: workflowItem.sort });
  const bySort = [first!, second!].sort((a, b) => a.sort - b.sort);
  return { first: bySort[0]!, second: bySort[1]! };
}

/** Rejected demo applications at an index divisible by three failed 复审 (after 初审 passed), the others 初审. */
export const rejectedInSecondReview = (index: number) => index % 3 === 0;

const REASONS = DICTIONARIES.sign_up_rejection_reason!.map(([label, value]) => ({ label, value })).filter((r) => r.value !== OTHER_REJECTION_REASON);

/** A rejection's remarks as the reject dialog writes them: one or two of the dictionary's reasons. */
export function demoRejectionRemarks(index: number): string {
  const reasons = [REASONS[index % REASONS.length]!];
  if (index % 2 === 1) reasons.push(REASONS[(index + 3) % REASONS.length]!);
  return rejectionRemarks(reasons, '');
}

/** Who made the k-th move of `steps` (an application's path, from 10 on) when it is a sign-up decision. */
export function signUpMoveBy(steps: readonly number[], k: number, reviewers: SignUpReviewers): number | undefined {
  const from = steps[k - 1];
  if (from === 10) return reviewers.first.assigneeId;
  if (from === 11) return reviewers.second.assigneeId;
  return undefined;
}

type TaskRow = {
  companyId: number;
  applicationId: number;
  workflowItemId: number;
  status: TaskStatus;
  remarks: string;
  verifierId: number | null;
  verifiedAt: Date | null;
};

/**
 * The application's two sign-up tasks, decided as its path says: the move out of 10 decided 初审, the move
 * out of 11 decided 复审; each decision at the time, by the assignee and with the remarks of the history row
 * it wrote (`stepAt(k)`, `remarksOf(k)` for the k-th step of the path).
 */
export function signUpTasks(
  application: { companyId: number; id: number },
  steps: readonly number[],
  reviewers: SignUpReviewers,
  stepAt: (k: number) => Date,
  remarksOf: (k: number) => string,
): TaskRow[] {
  const taskOf = (item: SignUpReviewers['first'], from: number): TaskRow => {
    const k = steps.indexOf(from) + 1;
    const decided = k > 0 && k < steps.length;
    const to = steps[k];
    return {
      companyId: application.companyId,
      applicationId: application.id,
      workflowItemId: item.id,
      status: !decided ? TASK_STATUS.pending : to === 12 || to === 13 ? TASK_STATUS.failed : TASK_STATUS.passed,
      remarks: decided ? remarksOf(k) : '',
      verifierId: decided ? item.assigneeId : null,
      verifiedAt: decided ? stepAt(k) : null,
    };
  };
  return [taskOf(reviewers.first, 10), taskOf(reviewers.second, 11)];
}

/** A person planted twice in a demo plan: replaces the generated applicant at `index`, keeping post and status. */
export interface PlantedApplicant {
  index: number;
  realName: string;
  female: boolean;
  birthday: string;
  /** 18 digits, or an old 15-digit number. */
  identityNo: string;
  phone: string;
}

const id18 = (area: string, birthday: string, seq: string) => {
  const first17 = `${area}${birthday.replaceAll('-', '')}${seq}`;
  return first17 + identityCheckChar(first17);
};
/** The old 15-digit form: no century, no check character. */
const id15 = (area: string, birthday: string, seq: string) => `${area}${birthday.slice(2).replaceAll('-', '')}${seq}`;

/**
 * The duplicate groups of a demo plan, one of each kind (DUPLICATE_KINDS), with compound surnames no generated
 * person has, identity numbers of an area no generated person comes from (`area`), and phones starting 166,
 * which generated phones never do — so nothing else in the demo groups with them, and the generated people
 * (distinct numbers and phones, and no two of one name and birth date) form no group of their own.
 * The indexes are early in statusFor's order, so most of them are still being reviewed.
 */
export function plantedDuplicates(
  area: string,
  otherArea: string,
  phonePrefix: string,
  names: { identity: string; phone: [string, string]; nameBirthday: string },
): PlantedApplicant[] {
  const phone = (n: number) => `${phonePrefix}${String(n).padStart(11 - phonePrefix.length, '0')}`;
  return [
    // identity: registered once with the 18-digit number and once with the old 15-digit one
    { index: 0, realName: names.identity, female: false, birthday: '1978-06-18', identityNo: id18(area, '1978-06-18', '031'), phone: phone(1) },
    { index: 1, realName: names.identity, female: false, birthday: '1978-06-18', identityNo: id15(area, '1978-06-18', '031'), phone: phone(2) },
    // phone: two names on one phone
    { index: 2, realName: names.phone[0], female: true, birthday: '1996-03-08', identityNo: id18(area, '1996-03-08', '042'), phone: phone(3) },
    { index: 40, realName: names.phone[1], female: true, birthday: '1995-11-20', identityNo: id18(area, '1995-11-20', '062'), phone: phone(3) },
    // nameBirthday: one name and birth date, two numbers
    { index: 3, realName: names.nameBirthday, female: false, birthday: '1993-09-09', identityNo: id18(area, '1993-09-09', '071'), phone: phone(4) },
    { index: 100, realName: names.nameBirthday, female: false, birthday: '1993-09-09', identityNo: id18(otherArea, '1993-09-09', '073'), phone: phone(5) },
  ];
}
