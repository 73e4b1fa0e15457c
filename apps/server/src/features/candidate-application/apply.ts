import {
  APPLICATION_STATUS, type ApplicationStatus, FEE_ORDER_TYPE, IDENTITY_NO_LOCKED_MESSAGE,
  ONE_APPLICATION_PER_PLAN, type PhotoRule, RESUME_INCOMPLETE_PREFIX, STAGE_CLOSED_MESSAGES, TALENT_MESSAGES,
  photoRuleMessage, splitUrls, derivedFromIdentityNo, talentInput,
} from '@zhaokao/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applicationResume, candidateAccount, candidateApplication, candidateFile, talent } from '../../db/tables.js';
import { refusingViolations } from '../../shared/db-errors.js';
import { badRequest, conflict } from '../../shared/errors.js';
import type { FileStorage } from '../../shared/storage.js';
import { rowsOf } from '../../shared/sql.js';
import {
  type OpenPost, type StoredResume, enterApplication, lockOpenPost, refuseBlacklisted, refuseIncomplete,
  resubmitWith, resumeOf,
} from '../application/index.js';
import { candidateFileKeyOf, jpegSize, readResume } from '../candidate-resume/index.js';
import { type PaymentChannels, closeOrder } from '../order/index.js';
import { transition } from '../pipeline/index.js';
import { ownApplication } from './own-application.js';

export const SWITCH_REFUSED = '该报名当前不能改报：报名资格审核已开始或已通过';
export const SWITCH_SAME_POST = '您已报考该岗位，请选择其他岗位';
export const RESUBMIT_REFUSED = '该报名当前不能修改后重新提交';
export const WITHDRAW_REFUSED = '只有待审核的报名可以撤回';
export const WITHDRAW_PAID = '已缴费的报名不能撤回，请联系招聘单位';
export const WITHDRAW_QR_OPEN = '请先关闭未完成的缴费订单';
export const WITHDRAW_RECORDED = '该报名已有缴费记录，不能撤回，请联系招聘单位';

/** 学历 from the lowest: a post's 学历要求 names one of these, alone or followed by 及以上. */
const EDUCATION_LADDER: Record<string, number> = { 中专: 1, 高中: 1, 大专: 2, 本科: 3, 硕士研究生: 4, 博士研究生: 5 };
const educationRank = (word: string): number | undefined => EDUCATION_LADDER[word.trim().replace(/(及以上|以上)$/, '').replace(/学历$/, '')];

/** The post's 学历要求 against the resume's 最高学历 (409); a word off the ladder on either side is not checked. */
function refuseEducation(post: { education: string }, resume: StoredResume) {
  const wanted = educationRank(post.education);
  const held = educationRank(resume.education ?? '');
  if (wanted !== undefined && held !== undefined && held < wanted) throw conflict(`学历不符合岗位要求（${post.education.trim()}）`);
}

async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const stream = await storage.read(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const photoRuleOfPost = (post: OpenPost): PhotoRule => ({ width: post.photoWidth, height: post.photoHeight, minKb: post.photoMinKb, maxKb: post.photoMaxKb });

/** The resume's photo, when it has one, against the plan's rule: the candidate's own upload, a JPEG of exactly the pixels, within the sizes (400). */
async function refuseBadPhoto(tx: Db, storage: FileStorage, candidateId: number, post: OpenPost, resume: StoredResume) {
  const url = splitUrls(resume.certificateImage ?? '')[0];
  if (!url) return;
  const rule = photoRuleOfPost(post);
  const refused = badRequest(photoRuleMessage(rule));
  const key = candidateFileKeyOf(url);
  if (key === null) throw refused;
  const [file] = await tx
    .select({ key: candidateFile.key, size: candidateFile.size })
    .from(candidateFile)
    .where(and(eq(candidateFile.candidateId, candidateId), eq(candidateFile.key, key)));
  if (!file || file.size < rule.minKb * 1024 || file.size > rule.maxKb * 1024) throw refused;
  const bytes = await readAll(storage, file.key);
  const size = bytes && jpegSize(bytes);
  if (!size || size.width !== rule.width || size.height !== rule.height) throw refused;
}

/** The saved resume, checked whole (400 naming the first problem), for applying and resubmitting. */
async function completeResume(db: Db, candidateId: number): Promise<StoredResume> {
  const { resume } = await readResume(db, candidateId);
  // The sex and the birthday a valid identity number states, where the sections saved none.
  const derived = derivedFromIdentityNo(String(resume.identityNo ?? ''));
  const parsed = talentInput.safeParse(derived ? { ...resume, sex: resume.sex || derived.sex, birthday: resume.birthday || derived.birthday } : resume);
  if (!parsed.success) throw badRequest(`${RESUME_INCOMPLETE_PREFIX}${parsed.error.issues[0]!.message}`);
  return resumeOf(parsed.data);
}

/** The resume meets what `post` asks: its template's required fields, the plan's photo rule, the post's 学历要求. */
async function refuseUnfit(tx: Db, storage: FileStorage, candidateId: number, post: OpenPost, resume: StoredResume) {
  await refuseIncomplete(tx, post.companyId, post.id, resume);
  await refuseBadPhoto(tx, storage, candidateId, post, resume);
  refuseEducation(post, resume);
}

/**
 * The person the account applies as, by the resume's identity number: the account's own (whose number cannot change),
 * else a new talent, else an existing one with the account's phone that no other account holds (the neutral refusal
 * otherwise: who holds a number is nobody else's business). The talent's record takes the resume; the account is linked.
 */
async function personOf(tx: Db, account: { id: number; phone: string; talentId: number | null }, resume: StoredResume): Promise<number> {
  if (account.talentId !== null) {
    const [person] = await tx.select({ identityNo: talent.identityNo }).from(talent).where(eq(talent.id, account.talentId)).for('update');
    if (person!.identityNo !== resume.identityNo) throw conflict(IDENTITY_NO_LOCKED_MESSAGE);
    await tx.update(talent).set(resume).where(eq(talent.id, account.talentId));
    return account.talentId;
  }
  const [added] = await tx.insert(talent).values(resume).onConflictDoNothing({ target: talent.identityNo }).returning({ id: talent.id });
  let talentId = added?.id;
  if (talentId === undefined) {
    // Locked, so that another account linking the same person waits and then sees the link.
    const [existing] = await tx.select({ id: talent.id, phone: talent.phone }).from(talent).where(eq(talent.identityNo, resume.identityNo)).for('update');
    const [holder] = existing ? await tx.select({ id: candidateAccount.id }).from(candidateAccount).where(eq(candidateAccount.talentId, existing.id)) : [];
    if (!existing || existing.phone !== account.phone || holder) throw conflict(TALENT_MESSAGES.applyRefused);
    await tx.update(talent).set(resume).where(eq(talent.id, existing.id));
    talentId = existing.id;
  }
  await tx.update(candidateAccount).set({ talentId, updatedAt: new Date() }).where(eq(candidateAccount.id, account.id));
  return talentId;
}

/**
 * The signed-in candidate applies to a post with the resume as saved (DESIGN §11), in one transaction with the
 * account locked (one candidate's applications queue): the post open, the resume fit for it, the person found or
 * made, one application per person and plan. Answers the application's id.
 */
export async function candidateApplyTo(db: Db, storage: FileStorage, candidateId: number, recruitmentId: number): Promise<number> {
  const resume = await completeResume(db, candidateId);
  return refusingViolations(
    () =>
      db.transaction(async (tx) => {
        const [account] = await tx
          .select({ id: candidateAccount.id, phone: candidateAccount.phone, talentId: candidateAccount.talentId })
          .from(candidateAccount)
          .where(eq(candidateAccount.id, candidateId))
          .for('update');
        const post = await lockOpenPost(tx, recruitmentId);
        await refuseUnfit(tx, storage, candidateId, post, resume);
        const talentId = await personOf(tx, account!, resume);
        await refuseBlacklisted(tx, post.companyId, talentId);
        const [existing] = await tx
          .select({ id: candidateApplication.id })
          .from(candidateApplication)
          .where(and(eq(candidateApplication.companyId, post.companyId), eq(candidateApplication.planId, post.planId), eq(candidateApplication.talentId, talentId)));
        if (existing) throw conflict(ONE_APPLICATION_PER_PLAN);
        return (await enterApplication(tx, post, talentId, resume)).applicationId;
      }),
    { unique: conflict(ONE_APPLICATION_PER_PLAN) },
  );
}

/** The saved resume for an application: complete, and with the identity number it was made with. */
async function resumeFor(db: Db, candidateId: number, application: { identityNo: string }) {
  const resume = await completeResume(db, candidateId);
  if (resume.identityNo !== application.identityNo) throw conflict(IDENTITY_NO_LOCKED_MESSAGE);
  return resume;
}

const SWITCHABLE: readonly ApplicationStatus[] = [APPLICATION_STATUS.pending, APPLICATION_STATUS.rejectedCorrectable, APPLICATION_STATUS.rejected];

/**
 * 改报: the application moved to another post of its plan with the resume as now saved, while unreviewed (10) or
 * after a rejection (12, 13, which go back to review: their sign-up tasks start over). The sign-up tasks belong to
 * the plan, not the post, so an unreviewed application keeps its pending tasks. A fee order stays with it.
 */
export async function switchPost(db: Db, storage: FileStorage, candidateId: number, id: number, recruitmentId: number) {
  await db.transaction(async (tx) => {
    const application = await ownApplication(tx, candidateId, id, { lock: true });
    const resume = await resumeFor(tx, candidateId, application);
    const post = await lockOpenPost(tx, recruitmentId, { companyId: application.companyId, planId: application.planId });
    if (post.id === application.recruitmentId) throw conflict(SWITCH_SAME_POST);
    if (!SWITCHABLE.includes(application.status)) throw conflict(SWITCH_REFUSED);
    const [closed] = await rowsOf(
      tx,
      sql`select 1 from plan_stage_close where company_id = ${post.companyId} and plan_id = ${post.planId} and stage = 1 for key share`,
    );
    if (closed) throw conflict(STAGE_CLOSED_MESSAGES.apply);
    await refuseBlacklisted(tx, application.companyId, application.talentId);
    await refuseUnfit(tx, storage, candidateId, post, resume);
    await tx
      .update(candidateApplication)
      .set({ recruitmentId: post.id, realName: resume.realName, updatedAt: new Date() })
      .where(and(eq(candidateApplication.id, application.id), eq(candidateApplication.companyId, application.companyId)));
    await tx
      .update(applicationResume)
      .set({ ...resume, createdAt: new Date() })
      .where(and(eq(applicationResume.applicationId, application.id), eq(applicationResume.companyId, application.companyId)));
    if (application.status !== APPLICATION_STATUS.pending) {
      await transition(tx, { application, to: APPLICATION_STATUS.pending, actorId: null, remarks: '考生改报岗位' });
    }
  });
}

/** A returned application (12) resubmitted with the resume as now saved, checked whole and by its post. */
export async function resubmitMine(db: Db, storage: FileStorage, candidateId: number, id: number) {
  await db.transaction(async (tx) => {
    const application = await ownApplication(tx, candidateId, id, { lock: true });
    if (application.status !== APPLICATION_STATUS.rejectedCorrectable) throw conflict(RESUBMIT_REFUSED);
    const resume = await resumeFor(tx, candidateId, application);
    const post = await lockOpenPost(tx, application.recruitmentId, { companyId: application.companyId, planId: application.planId, anyTime: true });
    await refuseBadPhoto(tx, storage, candidateId, post, resume);
    refuseEducation(post, resume);
    await resubmitWith(tx, application, resume);
  });
}

interface FeeOrderRow {
  id: number;
  orderNo: string;
  status: number;
  provider: string | null;
  qr: string | null;
}

const feeOrdersSql = (applicationId: number, companyId: number) =>
  sql`select id, order_no as "orderNo", status, provider, qr_code_url as qr from company_order
    where application_id = ${applicationId} and company_id = ${companyId} and type = ${FEE_ORDER_TYPE} order by id for update`;

/**
 * Withdraws an unreviewed (10), unpaid application: it is gone, with everything it owns (tasks, history, resume as
 * submitted, its unpaid fee orders), as if never made. Its open QR orders are closed first, each at its provider
 * (`closeOrder`: a payment made meanwhile is settled, and the withdrawal then refused as paid).
 */
export async function withdrawMine(db: Db, channels: PaymentChannels, candidateId: number, id: number) {
  const withdraw = (closeFirst: boolean) =>
    db.transaction(async (tx) => {
      const application = await ownApplication(tx, candidateId, id, { lock: true });
      if (application.status !== APPLICATION_STATUS.pending) throw conflict(WITHDRAW_REFUSED);
      const orders = await rowsOf<FeeOrderRow>(tx, feeOrdersSql(application.id, application.companyId));
      if (orders.some((o) => o.status !== 0 && o.status !== 2)) throw conflict(WITHDRAW_PAID);
      const open = orders.filter((o) => o.status === 0 && o.qr);
      if (open.length > 0) {
        if (closeFirst) return open;
        throw conflict(WITHDRAW_QR_OPEN);
      }
      const owned = sql`company_id = ${application.companyId} and application_id = ${application.id}`;
      await tx.execute(sql`delete from company_order where ${owned} and type = ${FEE_ORDER_TYPE} and status in (0, 2)`);
      await tx.execute(sql`delete from application_task where ${owned}`);
      await tx.execute(sql`delete from application_history where ${owned}`);
      await tx.execute(sql`delete from application_stage where ${owned}`);
      await tx.execute(sql`delete from candidate_notice where ${owned}`);
      await tx.execute(sql`delete from application_resume where ${owned}`);
      await tx.execute(sql`delete from candidate_application where company_id = ${application.companyId} and id = ${application.id}`);
      return [];
    });
  // A fee order that reached a provider keeps its payment events: the record stays, and so does the application.
  const refusals = { foreignKey: conflict(WITHDRAW_RECORDED) };
  const open = await refusingViolations(() => withdraw(true), refusals);
  if (open.length === 0) return;
  for (const order of open) await closeOrder(db, channels, order.id, '考生撤回报名');
  await refusingViolations(() => withdraw(false), refusals);
}
