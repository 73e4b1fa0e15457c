import { MASKED_CONTACT } from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { maskEmail, maskIdentityNo, maskPhone } from '../../shared/masks.js';
import type { WorkEntry, resumeColumns, talent } from './tables.js';

/** The resume columns of a talent or of an application's copy. */
export type ResumeRecord = { [K in keyof ReturnType<typeof resumeColumns>]: (typeof talent.$inferSelect)[K] };

/** The latest work entry: the latest startTime, the first such in the list (as zk_talent_search_text says); -1 when none. */
export function latestWorkIndex(list: readonly WorkEntry[]): number {
  let latest = -1;
  list.forEach((entry, i) => {
    if (latest < 0 || (entry.startTime ?? '') > (list[latest]!.startTime ?? '')) latest = i;
  });
  return latest;
}

const hidden = (value: string) => (value ? MASKED_CONTACT : '');

/**
 * What a company may see of a resume (DESIGN §9): all of it once unlocked; before that, contact data masked (phone,
 * e-mail, identity number, other contacts, addresses one could be reached at) and the current job gone (the latest
 * work entry, and the current employer and post of the basic info). The birthday goes too ('' here; the resume view
 * shows the age instead): it is digits 7–14 of the identity number, which with the masked number's first 6 and last
 * 4 digits would give the whole number back.
 */
export function maskedResume<R extends ResumeRecord>(resume: R, unlocked: boolean): R {
  if (unlocked) return resume;
  const latest = latestWorkIndex(resume.workList);
  return {
    ...resume,
    phone: maskPhone(resume.phone),
    email: maskEmail(resume.email),
    identityNo: maskIdentityNo(resume.identityNo),
    birthday: '',
    otherContactInformation: hidden(resume.otherContactInformation),
    nowAddress: hidden(resume.nowAddress),
    familyAddress: hidden(resume.familyAddress),
    postalAddress: hidden(resume.postalAddress),
    registeredResidenceAddress: hidden(resume.registeredResidenceAddress),
    position: '',
    nowPosition: '',
    workList: resume.workList.filter((_, i) => i !== latest),
  };
}

/** Whether `companyId` has unlocked the talent whose id is `talentId` (a column or a value): its own applicant, or a row of talent_unlock. */
export const unlockedSql = (companyId: number, talentId: SQL | number): SQL =>
  sql`(exists (select 1 from talent_unlock u where u.company_id = ${companyId} and u.talent_id = ${talentId})
    or exists (select 1 from candidate_application a where a.company_id = ${companyId} and a.talent_id = ${talentId}))`;

/** Whether the company may see the talent at all (masked or not): its applicant, unlocked, or listed in 全部人才库. */
export const visibleSql = (companyId: number, talentId: SQL | number): SQL =>
  sql`(${unlockedSql(companyId, talentId)} or exists (select 1 from talent s where s.id = ${talentId} and s.searchable))`;

export const ownApplicantSql = (companyId: number, talentId: SQL | number): SQL =>
  sql`exists (select 1 from candidate_application a where a.company_id = ${companyId} and a.talent_id = ${talentId})`;
