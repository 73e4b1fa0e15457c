import { APPLICATION_STATUS, type WorkflowKind } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { recruitmentInfo, workflowItem } from '../db/tables.js';
import { recordApplied, transition } from '../features/application/state-machine.js';
import { identityNo, insertApplication, insertPlan } from './recruitment.js';

export interface ExamPlanOptions {
  name?: string;
  /** Posts with their places and how many candidates reach the written stage (status 20). */
  posts: { jobVacancy: string; places: number; candidates: number }[];
  /** Staff of the written stage's work items, in order (default: one score item). */
  written: { workItem: string; kind: WorkflowKind; assigneeId: number }[];
  /** Staff of the interview's work items, in order (a panel: several score items). */
  audition: { workItem: string; kind: WorkflowKind; assigneeId: number }[];
  /** The sign-up reviewer (one verify item). */
  reviewerId: number;
}

/**
 * A plan whose candidates have passed sign-up review (status 20, their written tasks created), moved there
 * by the state machine. Names are 考生 + post index + number; identity numbers are valid and distinct.
 */
export async function insertExamPlan(db: Db, companyId: number, options: ExamPlanOptions) {
  const { plan, posts } = await insertPlan(db, companyId, { name: options.name, posts: options.posts.map((p) => p.jobVacancy) });
  for (const [i, p] of options.posts.entries()) {
    await db.update(recruitmentInfo).set({ places: p.places }).where(eq(recruitmentInfo.id, posts[i]!.id));
  }
  const items = [
    { stage: 1 as const, workItem: '资格审核', kind: 'verify' as const, assigneeId: options.reviewerId },
    ...options.written.map((w) => ({ stage: 2 as const, ...w })),
    ...options.audition.map((w) => ({ stage: 3 as const, ...w })),
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
  return { plan, posts, applications };
}
