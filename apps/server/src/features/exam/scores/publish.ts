import { APPLICATION_STATUS, type ExamStage, batchSendScore } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { recruitmentInfo, recruitmentPlan } from '../../../db/tables.js';
import { conflict } from '../../../shared/errors.js';
import { defineRoute } from '../../../shared/route.js';
import { loadOwned } from '../../../shared/rows.js';
import { rowsOf } from '../../../shared/sql.js';
import { transitionMany } from '../../application/state-machine.js';
import { PLAN_MISSING, POST_MISSING, STAGE_RULES } from './common.js';
import { type RankingFigures, rankingSql } from './ranking.js';

export const ALREADY_PUBLISHED = '该岗位成绩已发布';
export const POST_CANCELLED = '该岗位已取消';

/** The figures of a post's ranking as they stand (the plan's ratio, pass line and weight; the post's places). */
export function figuresOf(stage: ExamStage, plan: typeof recruitmentPlan.$inferSelect, places: number): RankingFigures {
  return {
    places,
    ratio: plan.interviewEntryRatio,
    quota: stage === 2 ? places * plan.interviewEntryRatio : places,
    passLine: stage === 2 ? plan.writtenPassLine : null,
    weight: plan.compositeWeight,
    examMode: plan.examMode,
  };
}

/** Why the post's results of the stage cannot be published yet, naming how many are where; null when they can. */
async function publishProblem(tx: Db, companyId: number, recruitmentId: number, stage: ExamStage): Promise<string | null> {
  const rules = STAGE_RULES[stage];
  const [c] = await rowsOf<{ signUp: number; earlier: number; ticket: number; entry: number; unconfirmed: number; ready: number }>(
    tx,
    sql`select
        count(*) filter (where a.status in (${APPLICATION_STATUS.pending}, ${APPLICATION_STATUS.inReview}))::int as "signUp",
        count(*) filter (where ${stage === 3 ? sql`a.status in (20, 21, 22, 24)` : sql`false`})::int as earlier,
        count(*) filter (where a.status = ${rules.awaitingTicket})::int as ticket,
        count(*) filter (where a.status = ${rules.awaitingScore})::int as entry,
        count(*) filter (where a.status = ${rules.inReview} and s.confirmed_at is null)::int as unconfirmed,
        count(*) filter (where a.status = ${rules.inReview})::int as ready
      from candidate_application a
      left join application_stage s on s.application_id = a.id and s.stage = ${stage} and s.company_id = a.company_id
      where a.company_id = ${companyId} and a.recruitment_id = ${recruitmentId}`,
  );
  const parts: string[] = [];
  if (c!.signUp > 0) parts.push(`${c!.signUp} 人报名审核未完成`);
  if (c!.earlier > 0) parts.push(`${c!.earlier} 人笔试环节未完成`);
  if (c!.ticket > 0) parts.push(`${c!.ticket} 人未发放准考证`);
  if (c!.entry > 0) parts.push(`${c!.entry} 人未录入成绩`);
  if (c!.unconfirmed > 0) parts.push(`${c!.unconfirmed} 人成绩未审核`);
  if (parts.length > 0) return `该岗位还有 ${parts.join('，')}，不能发布成绩`;
  if (c!.ready === 0) return '该岗位没有待发布的成绩';
  return null;
}

/**
 * Publishes one post's results of a stage (DESIGN §5) in one transaction: the stage_publication row first (its
 * key makes a second publication fail), the ranking written to each application_stage, 22 → 24 / 23 (32 → 34 / 33)
 * through the state machine, and written passes on to 30 when the interview is arranged. Candidates are told by the
 * publication itself (the view candidate_notice_feed), not by a copy written per candidate.
 */
export async function publishPost(tx: Db, companyId: number, actorId: number, stage: ExamStage, recruitmentId: number) {
  const rules = STAGE_RULES[stage];
  const post = await loadOwned(tx, recruitmentInfo, recruitmentId, companyId, POST_MISSING);
  // Key-shared: the plan's ratio, pass line and weight read here stay as they are until the publication is made.
  const plan = await loadOwned(tx, recruitmentPlan, post.planId, companyId, PLAN_MISSING, 'key share');
  if (post.cancelledAt) throw conflict(POST_CANCELLED);
  const figures = figuresOf(stage, plan, post.places);
  const inserted = await rowsOf<{ stage: number }>(
    tx,
    sql`insert into stage_publication (company_id, recruitment_id, stage, places, quota, pass_line, composite_weight, passed, failed, published_by)
      values (${companyId}, ${post.id}, ${stage}, ${figures.places}, ${figures.quota}, ${figures.passLine}, ${stage === 3 ? figures.weight : null}, 0, 0, ${actorId})
      on conflict do nothing returning stage`,
  );
  if (inserted.length === 0) throw conflict(ALREADY_PUBLISHED);
  // The post's applications still in the stage, locked in ascending id as entry and review lock them: a score
  // entered, confirmed or sent back while this runs waits, and then finds the results published.
  await tx.execute(sql`
    select count(*) from (select 1 from candidate_application
      where company_id = ${companyId} and recruitment_id = ${post.id}
        and status in (${rules.awaitingTicket}, ${rules.awaitingScore}, ${rules.inReview})
      order by id for update) locked`);
  const problem = await publishProblem(tx, companyId, post.id, stage);
  if (problem) throw conflict(problem);

  const ranking = rankingSql(stage, companyId, post.id, sql`a.status = ${rules.inReview}`, figures);
  const results = await rowsOf<{ id: number; passed: boolean }>(
    tx,
    sql`with ranking as (${ranking})
      update application_stage s set rank = ${stage === 2 ? sql`ranking.rank` : sql`ranking.interview_rank`},
        composite_rank = ${stage === 3 ? sql`ranking.rank` : sql`null`}, composite_score = ranking.composite::numeric,
        passed = ranking.passed, explanation = ranking.explanation
      from ranking where s.application_id = ranking.id and s.stage = ${stage} and s.company_id = ${companyId}
      returning s.application_id as id, s.passed`,
  );
  const passed = results.filter((r) => r.passed).map((r) => r.id);
  const failed = results.filter((r) => !r.passed).map((r) => r.id);
  const move = { companyId, planId: plan.id, from: rules.inReview, actorId };
  await transitionMany(tx, { ...move, applicationIds: passed, to: rules.passed, remarks: `${rules.name}成绩发布：${stage === 2 ? '进入面试' : '拟录用'}` });
  await transitionMany(tx, { ...move, applicationIds: failed, to: rules.failed, remarks: `${rules.name}成绩发布：${stage === 2 ? '未进入面试' : '未被拟录用'}` });

  let movedToInterview = 0;
  if (stage === 2 && passed.length > 0) {
    const [interview] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from workflow_item where company_id = ${companyId} and plan_id = ${plan.id} and stage = 3`,
    );
    if (Number(interview!.n) > 0) {
      await transitionMany(tx, {
        companyId,
        planId: plan.id,
        applicationIds: passed,
        from: APPLICATION_STATUS.writtenPassed,
        to: APPLICATION_STATUS.awaitingInterview,
        actorId,
        remarks: '笔试成绩发布，进入面试',
      });
      movedToInterview = passed.length;
    }
  }

  await tx.execute(sql`
    update stage_publication set passed = ${passed.length}, failed = ${failed.length},
      cutoff_score = (select min(${stage === 2 ? sql`a.written_grade` : sql`s.composite_score`}) from application_stage s
        join candidate_application a on a.id = s.application_id and a.company_id = s.company_id
        where s.company_id = ${companyId} and s.stage = ${stage} and s.recruitment_id = ${post.id} and s.passed)
    where company_id = ${companyId} and recruitment_id = ${post.id} and stage = ${stage}`);
  return { passed: passed.length, failed: failed.length, movedToInterview };
}

export function publishRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  defineRoute(
    app,
    batchSendScore,
    async ({ input, session }) => db.transaction((tx) => publishPost(tx, session.companyId, session.userId, input.type, input.recruitmentId)),
    { successMsg: '成绩已发布' },
  );
}
