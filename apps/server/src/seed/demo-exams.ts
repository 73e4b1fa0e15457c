import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { company, staffUser, workflowItem } from '../db/tables.js';
import { seedDemoPlan } from './demo-recruitment.js';
import { createStageTasks } from '../features/pipeline/index.js';

/** A demo plan whose exams are run on first start: all the way, or half-way through the written exam. */
export interface DemoExamRun {
  planId: number;
  /** The staff member who runs them (the company's administrator). */
  loginAccount: string;
  through: 'all' | 'writtenHalfWay';
}

/**
 * The demo's exams (issue 9): every demo plan gets its written and interview work items; the written stage's
 * tasks of those who passed sign-up review are created as the state machine would have. Answers the exams to
 * run once the server is up (demo-exams-run.ts: through the API, as staff would): the HR company's plan of the
 * first half of the year all the way (tickets, scores entered and reviewed, results published, composite
 * ranking), the hospital's plan half-way through its written exam.
 */
/** The HR company's plan whose exams are over. */
export const FINISHED_DEMO_PLAN = '2026年上半年湘江人力资源服务集团公开招聘计划';

export async function seedDemoRecruitment(db: Db, companyId: number, loginAccount: string): Promise<DemoExamRun[]> {
  const [comp] = await db.select({ industry: company.industry }).from(company).where(eq(company.id, companyId));
  const healthcare = comp?.industry === 'healthcare';
  // The finished plan first: the plan in sign-up review is the company's newest, which pages show first.
  const finished = healthcare
    ? undefined
    : await seedDemoPlan(db, companyId, {
        name: FINISHED_DEMO_PLAN,
        days: { signUpStart: -110, signUpEnd: -95, written: -80, interview: -60 },
        candidates: 72,
        allPassed: true,
        seed: 20260315,
      });
  // The hospital's plan is half-way through its written exam: its sign-up ended, every application reviewed (its
  // sign-up is closed through the API before the tickets, as exams need); the HR company's is still in sign-up review.
  const current = await seedDemoPlan(db, companyId, {
    days: healthcare ? { signUpStart: -40, signUpEnd: -20, written: -5, interview: 15 } : { signUpStart: -12, signUpEnd: 8, written: 21, interview: 35 },
    reviewDone: healthcare,
    seed: healthcare ? 20261122 : 20261121,
  });
  await insertExamWorkflow(db, companyId, current);
  if (finished === undefined) return [{ planId: current, loginAccount, through: 'writtenHalfWay' }];
  await insertExamWorkflow(db, companyId, finished);
  return [{ planId: finished, loginAccount, through: 'all' }];
}

/** The interview panel: three examiners from outside the unit, with no accounts, whose scores the administrator enters. */
const DEMO_EXAMINERS = [
  { name: '周建国', unit: '湘江大学' },
  { name: '陈晓梅', unit: '市人力资源和社会保障局' },
  { name: '刘志强', unit: '湖南师范大学' },
];

/** 笔试阅卷 by the administrator; the interview scored by a panel of three outside examiners (DEMO_EXAMINERS). */
async function insertExamWorkflow(db: Db, companyId: number, planId: number) {
  const [administrator] = await db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.companyId, companyId)).orderBy(asc(staffUser.id)).limit(1);
  await db.insert(workflowItem).values([
    { companyId, planId, stage: 2, sort: 10, workItem: '笔试阅卷', kind: 'score', assigneeId: administrator!.id },
    ...DEMO_EXAMINERS.map((examiner, i) => ({
      companyId,
      planId,
      stage: 3 as const,
      sort: 10 * (i + 1),
      workItem: `面试评分（考官${'一二三'[i]}）`,
      kind: 'score' as const,
      assigneeId: administrator!.id,
      examinerName: examiner.name,
      examinerUnit: examiner.unit,
    })),
  ]);
  await createStageTasks(db, companyId, 'open', planId, 2);
}
