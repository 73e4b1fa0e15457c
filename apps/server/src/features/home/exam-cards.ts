import {
  EXAM_STAGE_TABLE, type ExamStage, HOME_EXAM_STEPS, type HomeExamCard, type HomeExamStep, type Permission,
  examStageOpenStatuses, examStageRow, workItemPermission,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Session } from '../../shared/session.js';
import { rowsOf } from '../../shared/sql.js';
import { examListTotal, ticketListTotal } from '../exam/index.js';
import { signUpClosingOf, statusIn } from '../pipeline/index.js';

/** Who has a card for a step: who may do its work on the page the card opens. */
const STEP_PERMISSION: Record<HomeExamStep, (stage: ExamStage) => Permission> = {
  unseated: (stage) => workItemPermission(stage, 'verify'),
  seated: (stage) => workItemPermission(stage, 'verify'),
  entry: () => 'score:entry',
  review: () => 'score:review',
};
const STEPS = Object.keys(HOME_EXAM_STEPS) as HomeExamStep[];

/**
 * 首页's cards of the exam stages: for each plan with applications in a stage before its results (or seated and
 * awaiting their ticket), newest plan first, each step the caller may do whose list is not empty, counted by the
 * very statements of the list the card opens, with the card link's filters.
 */
export async function examCardsOf(db: Db, session: Session): Promise<HomeExamCard[]> {
  const { companyId } = session;
  const byPlan = new Map<number, { name: string; stages: ExamStage[] }>();
  for (const row of EXAM_STAGE_TABLE) {
    const steps = STEPS.filter((step) => session.permissions.includes(STEP_PERMISSION[step](row.stage)));
    if (steps.length === 0) continue;
    const plans = await rowsOf<{ id: number; name: string }>(
      db,
      sql`select p.id, p.name from recruitment_plan p
        where p.company_id = ${companyId} and exists (
          select 1 from candidate_application a
          left join application_stage s on s.company_id = a.company_id and s.application_id = a.id and s.stage = ${row.stage}
          where a.company_id = p.company_id and a.plan_id = p.id
            and (${statusIn(examStageOpenStatuses(row), 'a')} or (s.room_id is not null and s.issued_at is null)))`,
    );
    for (const plan of plans) {
      const entry = byPlan.get(Number(plan.id)) ?? { name: plan.name, stages: [] };
      entry.stages.push(row.stage);
      byPlan.set(Number(plan.id), entry);
    }
  }
  const cards: HomeExamCard[] = [];
  for (const [planId, plan] of [...byPlan].sort(([a], [b]) => b - a)) {
    const signUpClosed = (await signUpClosingOf(db, companyId, planId)) !== null;
    for (const stage of plan.stages) {
      const scores = { companyId, staffId: session.userId, type: stage, planId, keyword: '' };
      // The entered scores not yet reviewed: on 成绩录入与审核 (still open to correction) and on 成绩审核 alike.
      const enteredUnreviewed = () => examListTotal(db, { ...scores, scoreStatus: 1, status: examStageRow(stage).statuses.inReview });
      for (const step of STEPS) {
        if (!session.permissions.includes(STEP_PERMISSION[step](stage))) continue;
        let total: number;
        let done = 0;
        if (step === 'entry') {
          total = await examListTotal(db, { ...scores, scoreStatus: 1 });
          if (total > 0) done = await enteredUnreviewed();
        } else if (step === 'review') {
          total = await examListTotal(db, { ...scores, scoreStatus: 2 });
          if (total > 0) done = total - (await enteredUnreviewed());
        } else {
          total = await ticketListTotal(db, { companyId, stage, planId, keyword: '', ...HOME_EXAM_STEPS[step] });
        }
        if (total > 0) cards.push({ stage, step, planId, planName: plan.name, signUpClosed, total, done });
      }
    }
  }
  return cards;
}
