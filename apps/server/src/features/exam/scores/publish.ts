import { APPLICATION_STATUS, type ExamStage, batchSendScore } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { recruitmentInfo, recruitmentPlan } from '../../../db/tables.js';
import { conflict } from '../../../shared/errors.js';
import { defineRoute } from '../../../shared/route.js';
import { loadOwned } from '../../../shared/rows.js';
import { idArray, inList, rowsOf } from '../../../shared/sql.js';
import { transitionMany, transitionPublished } from '../../application/state-machine.js';
import { PLAN_MISSING, POST_MISSING, STAGE_RULES, lockPostScores } from './common.js';
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

interface PublishCounts {
  signUp: number;
  earlier: number;
  ticket: number;
  entry: number;
  unconfirmed: number;
  ready: number;
}

/** Where a candidate stands whose written stage is not over: no ticket, no score, in review, or passed and not yet moved on. */
const WRITTEN_UNFINISHED = [STAGE_RULES[2].awaitingTicket, STAGE_RULES[2].awaitingScore, STAGE_RULES[2].inReview, STAGE_RULES[2].passed];

/** Where the post's applications are, in one pass over them (the unconfirmed scores by the stage rows). */
async function countsOf(tx: Db, companyId: number, recruitmentId: number, stage: ExamStage): Promise<PublishCounts> {
  const rules = STAGE_RULES[stage];
  const [c] = await rowsOf<PublishCounts>(
    tx,
    sql`select
        count(*) filter (where a.status in (${APPLICATION_STATUS.pending}, ${APPLICATION_STATUS.inReview}))::int as "signUp",
        count(*) filter (where ${stage === 3 ? sql`a.status in (${inList(WRITTEN_UNFINISHED)})` : sql`false`})::int as earlier,
        count(*) filter (where a.status = ${rules.awaitingTicket})::int as ticket,
        count(*) filter (where a.status = ${rules.awaitingScore})::int as entry,
        (select count(*)::int from application_stage s
          join candidate_application u on u.id = s.application_id and u.company_id = s.company_id and u.status = ${rules.inReview}
          where s.company_id = ${companyId} and s.recruitment_id = ${recruitmentId} and s.stage = ${stage} and s.confirmed_at is null) as unconfirmed,
        count(*) filter (where a.status = ${rules.inReview})::int as ready
      from candidate_application a
      where a.company_id = ${companyId} and a.recruitment_id = ${recruitmentId}`,
  );
  return c!;
}

/**
 * The written score that the quota-th best of those ready holds (null when fewer have a score): nobody below it can
 * pass. Found by keeping the best `quota` scores while reading the post, not by sorting all of them.
 */
async function writtenThresholdOf(tx: Db, companyId: number, recruitmentId: number, quota: number): Promise<string | null> {
  if (quota < 1) return null;
  const [row] = await rowsOf<{ score: string }>(
    tx,
    sql`select a.written_grade::text as score from candidate_application a
      where a.company_id = ${companyId} and a.recruitment_id = ${recruitmentId} and a.status = ${STAGE_RULES[2].inReview} and a.written_grade is not null
      order by a.written_grade desc offset ${quota - 1} limit 1`,
  );
  return row?.score ?? null;
}

/** Why the post's results of the stage cannot be published yet, naming how many are where; null when they can. */
function publishProblem(c: PublishCounts): string | null {
  const parts: string[] = [];
  if (c.signUp > 0) parts.push(`${c.signUp} 人报名审核未完成`);
  if (c.earlier > 0) parts.push(`${c.earlier} 人笔试环节未完成`);
  if (c.ticket > 0) parts.push(`${c.ticket} 人未发放准考证`);
  if (c.entry > 0) parts.push(`${c.entry} 人未录入成绩`);
  if (c.unconfirmed > 0) parts.push(`${c.unconfirmed} 人成绩未审核`);
  if (parts.length > 0) return `该岗位还有 ${parts.join('，')}，不能发布成绩`;
  if (c.ready === 0) return '该岗位没有待发布的成绩';
  return null;
}

/**
 * Publishes one post's results of a stage (DESIGN §5) in one transaction: the stage_publication row first (its
 * key makes a second publication fail), those who pass ranked and their ranking written to application_stage,
 * 22 → 24 / 23 (32 → 34 / 33) for the whole post in one write (`transitionPublished`), and written passes on to 30
 * when the interview is arranged. The failures' rank and explanation are not written: the published ranking is
 * computed from the locked scores and the publication's figures whenever it is read (`rankingRows`), which gives
 * what publishing would have written. Candidates are told by the publication itself (the view
 * candidate_notice_feed), not by a copy written per candidate.
 */
export async function publishPost(tx: Db, companyId: number, actorId: number, stage: ExamStage, recruitmentId: number) {
  const rules = STAGE_RULES[stage];
  const post = await loadOwned(tx, recruitmentInfo, recruitmentId, companyId, POST_MISSING);
  await lockPostScores(tx, post.id);
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
  const counts = await countsOf(tx, companyId, post.id, stage);
  const problem = publishProblem(counts);
  if (problem) throw conflict(problem);

  // Written: only those at or above the quota-th best score can pass, and ranked among themselves they hold the
  // ranks they hold in the whole post; so only they are ranked here.
  const threshold = stage === 2 ? await writtenThresholdOf(tx, companyId, post.id, figures.quota) : null;
  const population = threshold === null ? sql`a.status = ${rules.inReview}` : sql`a.status = ${rules.inReview} and a.written_grade >= ${threshold}::numeric`;
  const ranking = rankingSql(stage, companyId, post.id, population, figures);
  const passed = (
    await rowsOf<{ id: number }>(
      tx,
      sql`with ranking as (${ranking})
        update application_stage s set rank = ${stage === 2 ? sql`ranking.rank` : sql`ranking.interview_rank`},
          composite_rank = ${stage === 3 ? sql`ranking.rank` : sql`null`}, composite_score = ranking.composite::numeric,
          passed = true, explanation = ranking.explanation
        from ranking where ranking.passed and s.application_id = ranking.id and s.stage = ${stage} and s.company_id = ${companyId}
        returning s.application_id as id`,
    )
  ).map((r) => r.id);
  // Every score was confirmed, and none changes while the post's score locks are held.
  const moved = await transitionPublished(tx, {
    companyId,
    planId: plan.id,
    recruitmentId: post.id,
    stage,
    passedIds: passed,
    expected: counts.ready,
    actorId,
  });

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
    update stage_publication set passed = ${moved.passed}, failed = ${moved.failed},
      cutoff_score = (select min(${stage === 2 ? sql`a.written_grade` : sql`s.composite_score`}) from application_stage s
        join candidate_application a on a.id = s.application_id and a.company_id = s.company_id
        where s.company_id = ${companyId} and s.stage = ${stage} and s.application_id = any(${idArray(passed)}))
    where company_id = ${companyId} and recruitment_id = ${post.id} and stage = ${stage}`);
  return { passed: moved.passed, failed: moved.failed, movedToInterview };
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
