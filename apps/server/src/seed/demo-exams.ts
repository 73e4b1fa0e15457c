import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { company, staffUser, workflowItem } from '../db/tables.js';
import { createStageTasks } from '../features/application/state-machine.js';
import type { DemoExamRun } from './demo-exams-run.js';
import { seedDemoPlan } from './demo-recruitment.js';

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
        days: { signUpStart: -110, signUpEnd: -95, written: -80, audition: -60 },
        candidates: 72,
        allPassed: true,
        seed: 20260315,
      });
  const current = await seedDemoPlan(db, companyId, {
    days: { signUpStart: -12, signUpEnd: 8, written: 21, audition: 35 },
    seed: healthcare ? 20261122 : 20261121,
  });
  await insertExamWorkflow(db, companyId, current);
  if (finished === undefined) return [{ planId: current, loginAccount, through: 'writtenHalfWay' }];
  await insertExamWorkflow(db, companyId, finished);
  return [{ planId: finished, loginAccount, through: 'all' }];
}

/**
 * 笔试阅卷 by the administrator; the interview scored by a panel: every staff member of the company up to three
 * (王敏 and 李娜 at the HR company; the hospital's one administrator alone).
 */
async function insertExamWorkflow(db: Db, companyId: number, planId: number) {
  const staff = await db.select({ id: staffUser.id, name: staffUser.name }).from(staffUser).where(eq(staffUser.companyId, companyId)).orderBy(asc(staffUser.id));
  const panel = staff.slice(0, 3);
  await db.insert(workflowItem).values([
    { companyId, planId, stage: 2, sort: 10, workItem: '笔试阅卷', kind: 'score', assigneeId: staff[0]!.id },
    ...panel.map((examiner, i) => ({
      companyId,
      planId,
      stage: 3 as const,
      sort: 10 * (i + 1),
      workItem: panel.length === 1 ? '面试评分' : `面试评分（考官${'一二三'[i]}）`,
      kind: 'score' as const,
      assigneeId: examiner.id,
    })),
  ]);
  await createStageTasks(db, companyId, 'open', planId, 2);
}
