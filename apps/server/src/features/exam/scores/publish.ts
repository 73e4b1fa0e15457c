import {
  APPLICATION_STATUS, type ExamStage, GATE_STAGE_TABLE, INTERVIEW_STAGE, PUBLISH_PREVIEW_MAX,
  type PublishPreviewRow, STAGE_CLOSED_MESSAGES, WRITTEN_STAGE, batchSendScore, previewSendScore,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { recruitmentInfo, recruitmentPlan } from '../../../db/tables.js';
import { conflict } from '../../../shared/errors.js';
import { defineRoute } from '../../../shared/route.js';
import { loadOwned } from '../../../shared/rows.js';
import { idArray, inList, rowsOf } from '../../../shared/sql.js';
import { lockPostScores } from './common.js';
import { writtenGatesOf } from '../interview-entry.js';
import { figuresOf, postBonusSql, writtenTotalSql, PLAN_MISSING, POST_MISSING, type RankingFigures, rankingSql, refuseUntestedTies, requireSignUpClosed, ruleText, STAGE_RULES, transitionMany, transitionPublished } from '../../pipeline/index.js';


export const ALREADY_PUBLISHED = '该岗位成绩已发布';
export const POST_CANCELLED = '该岗位已取消';

interface PublishCounts {
  signUp: number;
  earlier: number;
  ticket: number;
  entry: number;
  unconfirmed: number;
  ready: number;
}

/**
 * Where a candidate stands whose written stage is not over: no ticket, no score, in review, or passed and not yet
 * moved on — waiting for a gate after the written stage (资格复审), at it, or past it and not yet in the interview.
 */
const WRITTEN = STAGE_RULES[WRITTEN_STAGE];
const WRITTEN_UNFINISHED = [
  WRITTEN.awaitingTicket,
  WRITTEN.awaitingScore,
  WRITTEN.inReview,
  WRITTEN.passed,
  ...GATE_STAGE_TABLE.filter((g) => g.after === WRITTEN_STAGE).flatMap((g) => [g.statuses.pending, g.statuses.passed]),
];

/** Where the post's applications are, in one pass over them (the unconfirmed scores by the stage rows). */
async function countsOf(tx: Db, companyId: number, recruitmentId: number, stage: ExamStage): Promise<PublishCounts> {
  const rules = STAGE_RULES[stage];
  const [c] = await rowsOf<PublishCounts>(
    tx,
    sql`select
        count(*) filter (where a.status in (${APPLICATION_STATUS.pending}, ${APPLICATION_STATUS.inReview}))::int as "signUp",
        count(*) filter (where ${stage === INTERVIEW_STAGE ? sql`a.status in (${inList(WRITTEN_UNFINISHED)})` : sql`false`})::int as earlier,
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
 * The paper score below which nobody of those ready can pass (null when fewer than `quota` have a score): the
 * quota-th best paper score less the largest bonus in force in the post (加分). The quota-th best written score
 * (paper + bonus) is at least the quota-th best paper score, so whoever's paper score plus the largest bonus stays
 * below that cannot pass. Found by keeping the best `quota` scores while reading the post, not by sorting all of them.
 */
async function writtenThresholdOf(tx: Db, companyId: number, recruitmentId: number, quota: number): Promise<string | null> {
  if (quota < 1) return null;
  const [row] = await rowsOf<{ score: string }>(
    tx,
    sql`select (t.score - coalesce((select max(ab.bonus) from (${postBonusSql(companyId, recruitmentId)}) ab), 0))::text as score
      from (select a.written_grade as score from candidate_application a
        where a.company_id = ${companyId} and a.recruitment_id = ${recruitmentId} and a.status = ${WRITTEN.inReview} and a.written_grade is not null
        order by a.written_grade desc offset ${quota - 1} limit 1) t`,
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
 * The ranking publishing runs over the post's applications ready to publish (22 / 32): written, only those at or
 * above the quota-th best score can pass, and ranked among themselves they hold the ranks they hold in the whole
 * post; so only they are ranked. The preview (`previewPost`) runs the same statement.
 */
async function publicationRankingOf(tx: Db, companyId: number, recruitmentId: number, stage: ExamStage, figures: RankingFigures) {
  const rules = STAGE_RULES[stage];
  const threshold = stage === WRITTEN_STAGE ? await writtenThresholdOf(tx, companyId, recruitmentId, figures.quota) : null;
  const population = threshold === null ? sql`a.status = ${rules.inReview}` : sql`a.status = ${rules.inReview} and a.written_grade >= ${threshold}::numeric`;
  return rankingSql(stage, companyId, recruitmentId, population, figures);
}

/** What a publication of the post needs: it is not cancelled, the plan's sign-up is closed, all its scores are ready. */
async function refuseUnpublishable(tx: Db, companyId: number, planId: number, post: typeof recruitmentInfo.$inferSelect, stage: ExamStage) {
  if (post.cancelledAt) throw conflict(POST_CANCELLED);
  await requireSignUpClosed(tx, companyId, planId, STAGE_CLOSED_MESSAGES.publish);
  const counts = await countsOf(tx, companyId, post.id, stage);
  const problem = publishProblem(counts);
  if (problem) throw conflict(problem);
  return counts;
}

/**
 * Publishes one post's results of a stage (DESIGN §5) in one transaction: the stage_publication row first (its
 * key makes a second publication fail), those who pass ranked and their ranking written to application_stage,
 * 22 → 24 / 23 (32 → 34 / 33) for the whole post in one write (`transitionPublished`), and written passes on to 30
 * when the interview is arranged and the plan runs no 资格复审 (whose list takes them instead). The failures' rank and explanation are not written: the published ranking is
 * computed from the locked scores and the publication's figures whenever it is read (`rankingRows`), which gives
 * what publishing would have written. Candidates are told by the publication itself (the view
 * candidate_notice_feed), not by a copy written per candidate.
 */
export async function publishPost(tx: Db, companyId: number, actorId: number, stage: ExamStage, recruitmentId: number) {
  const post = await loadOwned(tx, recruitmentInfo, recruitmentId, companyId, POST_MISSING);
  await lockPostScores(tx, post.id);
  // Shared: a plan save (FOR NO KEY UPDATE) waits for the publication, and the publication for a save under way, so
  // the tie-break read here is the plan's until the publication is made, and a save after it sees it (refuseTieBreakChange).
  const plan = await loadOwned(tx, recruitmentPlan, post.planId, companyId, PLAN_MISSING, 'share');
  if (post.cancelledAt) throw conflict(POST_CANCELLED);
  const figures = await figuresOf(tx, stage, plan, post.places);
  const inserted = await rowsOf<{ stage: number }>(
    tx,
    sql`insert into stage_publication (company_id, recruitment_id, stage, places, quota, pass_line, composite_weight, tie_break, passed, failed, published_by)
      values (${companyId}, ${post.id}, ${stage}, ${figures.places}, ${figures.quota}, ${figures.passLine}, ${stage === INTERVIEW_STAGE ? figures.weight : null},
        ${stage === INTERVIEW_STAGE ? JSON.stringify(figures.tieBreak) : null}::jsonb, 0, 0, ${actorId})
      on conflict do nothing returning stage`,
  );
  if (inserted.length === 0) throw conflict(ALREADY_PUBLISHED);
  const counts = await refuseUnpublishable(tx, companyId, plan.id, post, stage);
  const ranking = await publicationRankingOf(tx, companyId, post.id, stage, figures);
  // 同分加试: nobody is 拟录用 while a group tied across the cut-off waits for its 加试 scores.
  if (stage === INTERVIEW_STAGE) await refuseUntestedTies(tx, ranking);
  const passed = (
    await rowsOf<{ id: number }>(
      tx,
      sql`with ranking as (${ranking})
        update application_stage s set rank = ${stage === WRITTEN_STAGE ? sql`ranking.rank` : sql`ranking.interview_rank`},
          composite_rank = ${stage === INTERVIEW_STAGE ? sql`ranking.rank` : sql`null`}, composite_score = ranking.composite::numeric,
          passed = true, explanation = ranking.notice
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
  // With 资格复审 the passes wait at 24 for its list (确认名单), and reach the interview from its passes.
  if (stage === WRITTEN_STAGE && passed.length > 0 && writtenGatesOf(plan.gates).length === 0) {
    const [interview] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from workflow_item where company_id = ${companyId} and plan_id = ${plan.id} and stage = ${INTERVIEW_STAGE}`,
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
      cutoff_score = (select min(${stage === WRITTEN_STAGE ? writtenTotalSql('a') : sql`s.composite_score`}) from application_stage s
        join candidate_application a on a.id = s.application_id and a.company_id = s.company_id
        where s.company_id = ${companyId} and s.stage = ${stage} and s.application_id = any(${idArray(passed)}))
    where company_id = ${companyId} and recruitment_id = ${post.id} and stage = ${stage}`);
  return { passed: moved.passed, failed: moved.failed, movedToInterview };
}

/**
 * What publishing the post would do now, read-only: refused as publishing would be; who passes, by the
 * statement publishing runs (those sharing the last passing rank marked), who is absent, how many fail.
 */
export async function previewPost(db: Db, companyId: number, stage: ExamStage, recruitmentId: number) {
  const rules = STAGE_RULES[stage];
  const post = await loadOwned(db, recruitmentInfo, recruitmentId, companyId, POST_MISSING);
  const plan = await loadOwned(db, recruitmentPlan, post.planId, companyId, PLAN_MISSING);
  const [published] = await rowsOf(db, sql`select 1 from stage_publication where company_id = ${companyId} and recruitment_id = ${post.id} and stage = ${stage}`);
  if (published) throw conflict(ALREADY_PUBLISHED);
  const counts = await refuseUnpublishable(db, companyId, plan.id, post, stage);
  const figures = await figuresOf(db, stage, plan, post.places);
  const ranking = await publicationRankingOf(db, companyId, post.id, stage, figures);
  if (stage === INTERVIEW_STAGE) await refuseUntestedTies(db, ranking);
  type Row = PublishPreviewRow & { total: number };
  const columns = sql`a.id as "applicationId", a.real_name as "realName", s.ticket_code as "ticketCode"`;
  const passed = await rowsOf<Row>(
    db,
    sql`select ${columns}, ${stage === WRITTEN_STAGE ? sql`r.written` : sql`r.composite`} as score, r.rank,
        r.rank = max(r.rank) over () and count(*) over (partition by r.rank) > 1 as "tiedAtCutoff", r.explanation, count(*) over ()::int as total
      from (${ranking}) r
      join candidate_application a on a.id = r.id and a.company_id = ${companyId}
      left join application_stage s on s.application_id = a.id and s.stage = ${stage} and s.company_id = a.company_id
      where r.passed
      order by r.rank, a.id limit ${PUBLISH_PREVIEW_MAX}`,
  );
  const absent = await rowsOf<Row>(
    db,
    sql`select ${columns}, null as score, null as rank, false as "tiedAtCutoff", '' as explanation, count(*) over ()::int as total
      from candidate_application a
      join application_stage s on s.application_id = a.id and s.stage = ${stage} and s.company_id = a.company_id and s.absent
      where a.company_id = ${companyId} and a.recruitment_id = ${post.id} and a.status = ${rules.inReview}
      order by a.id limit ${PUBLISH_PREVIEW_MAX}`,
  );
  const rowOf = (row: Row): PublishPreviewRow => ({
    applicationId: row.applicationId,
    realName: row.realName,
    ticketCode: row.ticketCode,
    score: row.score,
    rank: row.rank === null ? null : Number(row.rank),
    tiedAtCutoff: row.tiedAtCutoff,
    explanation: row.explanation,
  });
  const passedCount = Number(passed[0]?.total ?? 0);
  return {
    rule: ruleText(stage === WRITTEN_STAGE ? 'written' : 'complex', figures),
    quota: figures.quota,
    passedCount,
    failedCount: counts.ready - passedCount,
    absentCount: Number(absent[0]?.total ?? 0),
    passed: passed.map(rowOf),
    absent: absent.map(rowOf),
  };
}

export function publishRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  defineRoute(app, previewSendScore, ({ input, session }) => previewPost(db, session.companyId, input.type, input.recruitmentId));
  defineRoute(
    app,
    batchSendScore,
    async ({ input, session }) => db.transaction((tx) => publishPost(tx, session.companyId, session.userId, input.type, input.recruitmentId)),
    { successMsg: '成绩已发布' },
  );
}
