import { APPLICATION_STATUS, INTERVIEW_STAGE, SIGN_UP_STAGE, WRITTEN_STAGE, type WorkflowKind } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { applicationResume, recruitmentInfo, workflowItem } from '../db/tables.js';
import { identityNo, insertApplication, insertPlan } from './recruitment.js';
import { closeSignUp, recordApplied, transition } from '../features/pipeline/index.js';

export interface ExamPlanOptions {
  name?: string;
  /** Posts with their places and how many candidates reach the written stage (status 20). */
  posts: { jobVacancy: string; places: number; candidates: number }[];
  /** Staff of the written stage's work items, in order (default: one score item). */
  written: { workItem: string; kind: WorkflowKind; assigneeId: number }[];
  /** Staff of the interview's work items, in order (a panel: several score items). */
  interview: { workItem: string; kind: WorkflowKind; assigneeId: number }[];
  /** The sign-up reviewer (one verify item), who also closes the sign-up. */
  reviewerId: number;
  /** Leave the plan's sign-up open (by default it is closed once everybody passed, as the exams need). */
  signUpOpen?: boolean;
}

/**
 * A plan whose candidates have passed sign-up review (status 20, their written tasks created), moved there
 * by the state machine, and whose sign-up is then closed (关闭报名) unless `signUpOpen`. Names are 考生 + post index + number; identity numbers are valid and distinct.
 */
export async function insertExamPlan(db: Db, companyId: number, options: ExamPlanOptions) {
  const { plan, posts } = await insertPlan(db, companyId, { name: options.name, posts: options.posts.map((p) => p.jobVacancy) });
  for (const [i, p] of options.posts.entries()) {
    await db.update(recruitmentInfo).set({ places: p.places }).where(eq(recruitmentInfo.id, posts[i]!.id));
  }
  const items = [
    { stage: SIGN_UP_STAGE.stage, workItem: '资格审核', kind: 'verify' as const, assigneeId: options.reviewerId },
    ...options.written.map((w) => ({ stage: WRITTEN_STAGE, ...w })),
    ...options.interview.map((w) => ({ stage: INTERVIEW_STAGE, ...w })),
  ];
  await db.insert(workflowItem).values(items.map((it, sort) => ({ companyId, planId: plan.id, sort, ...it })));
  const applications: { id: number; recruitmentId: number; realName: string; identityNo: string }[] = [];
  let seq = 0;
  for (const [postIndex, p] of options.posts.entries()) {
    for (let n = 1; n <= p.candidates; n++) {
      seq++;
      const realName = `考生${postIndex + 1}-${n}`;
      const idNo = identityNo('1998-05-20', seq % 1000, String(110000 + ((plan.id * 7 + Math.floor(seq / 1000)) % 90000)));
      const a = await insertApplication(
        db,
        { companyId, planId: plan.id, recruitmentId: posts[postIndex]!.id, realName },
        { identityNo: idNo, phone: `139${String(plan.id % 1000).padStart(3, '0')}${String(seq).padStart(5, '0')}` },
      );
      await db.transaction(async (tx) => {
        await recordApplied(tx, { id: a.id, companyId, planId: plan.id, status: null });
        await transition(tx, {
          application: { id: a.id, companyId, planId: plan.id, status: APPLICATION_STATUS.pending },
          to: APPLICATION_STATUS.awaitingWritten,
          actorId: options.reviewerId,
          remarks: '资格审核通过',
        });
      });
      applications.push({ id: a.id, recruitmentId: a.recruitmentId, realName, identityNo: idNo });
    }
  }
  if (!options.signUpOpen) await db.transaction((tx) => closeSignUp(tx, companyId, plan.id, options.reviewerId));
  return { plan, posts, applications };
}

/** The other company's exam plan (江城市第一人民医院: one post, 护士), whose candidates a company must not reach. */
export const insertTheirExamPlan = (t: { db: Db; company2: number; hospitalId: number }, candidates = 1) =>
  insertExamPlan(t.db, t.company2, {
    name: '医院计划',
    posts: [{ jobVacancy: '护士', places: 1, candidates }],
    written: [{ workItem: '笔试成绩', kind: 'score', assigneeId: t.hospitalId }],
    interview: [],
    reviewerId: t.hospitalId,
  });

type ResumeDetails = Omit<typeof applicationResume.$inferInsert, 'applicationId' | 'companyId' | 'realName' | 'identityNo'>;

/** Stores the resume of one of an exam plan's applications: its name and identity number, and the details given. */
export const insertResume = (db: Db, companyId: number, application: { id: number; realName: string; identityNo: string }, details: ResumeDetails) =>
  db.insert(applicationResume).values({ applicationId: application.id, companyId, realName: application.realName, identityNo: application.identityNo, ...details });

/** An exam plan of company 1 whose sign-up shenhe reviewed and whose written scores admin enters (one score item); no interview unless given. */
export const insertScoredExamPlan = (
  t: { db: Db; company1: number; adminId: number; shenheId: number },
  options: Pick<ExamPlanOptions, 'name' | 'posts'> & Partial<Pick<ExamPlanOptions, 'interview'>>,
) =>
  insertExamPlan(t.db, t.company1, {
    written: [{ workItem: '笔试成绩录入', kind: 'score', assigneeId: t.adminId }],
    interview: [],
    reviewerId: t.shenheId,
    ...options,
  });

/** An interview-only plan of company 1 (no written stage) whose sign-up shenhe reviewed and whose interview admin scores (one score item). */
export const insertInterviewOnlyPlan = (t: { db: Db; company1: number; adminId: number; shenheId: number }, options: Pick<ExamPlanOptions, 'name' | 'posts'>) =>
  insertExamPlan(t.db, t.company1, {
    written: [],
    interview: [{ workItem: '面试评分', kind: 'score', assigneeId: t.adminId }],
    reviewerId: t.shenheId,
    ...options,
  });
