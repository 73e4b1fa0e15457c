import {
  type ExamStage, RECHECK_ANSWERED, RECHECK_ERROR_KINDS, RECHECK_MISSING, RECHECK_SAME_SCORE,
  RECHECK_SCORE_CHANGED, type RecheckErrorKind, type RankingKind, type RecheckRankChange, INTERVIEW_STAGE,
  RECHECK_WRITTEN_AFTER_INTERVIEW, WRITTEN_STAGE, examStageRow, scoreOverFullMarksMessage,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors.js';
import type { Session } from '../../shared/session.js';
import { rowsOf } from '../../shared/sql.js';
import { holdPostScores } from '../exam/index.js';
import { STAGE_RULES, rankingOf, rankingRows, rankingSql } from '../pipeline/index.js';
import { publishedStatusSql } from './requests.js';

/** Each stage's re-checks are its own staff's: the endpoints list both permissions. */
const STAGE_PERMISSION = { 2: 'review:written', 3: 'review:audition' } as const;

export function requireStagePermission(session: Session, stage: number) {
  if (!session.permissions.includes(STAGE_PERMISSION[stage as ExamStage])) throw forbidden();
}

/** The first key of the advisory lock that serialises the corrections of one post (the second is the post's id). */
const POST_RECHECK_LOCK = 9251;

/** The ranking that decides the stage's outcome: 笔试 by the written score (入围), 面试 by the composite (拟录用). */
const kindOf = (stage: ExamStage): RankingKind => (stage === WRITTEN_STAGE ? 'written' : 'complex');

interface Place {
  realName: string;
  rank: number | null;
  passed: boolean;
}

/** A post's published ranking of the stage as the scores now give it, with the publication's figures. */
async function placesOf(tx: Db, companyId: number, recruitmentId: number, stage: ExamStage): Promise<Map<number, Place>> {
  const { figures } = await rankingOf(tx, companyId, recruitmentId, kindOf(stage));
  const { list } = await rankingRows(tx, { companyId, recruitmentId, kind: kindOf(stage), published: true, figures });
  return new Map(list.map((r) => [r.applicationId, { realName: r.realName, rank: r.rank, passed: r.passed }]));
}

/** Whose place (or outcome by the published figures) differs between two rankings of one post. */
function changesOf(before: Map<number, Place>, after: Map<number, Place>): RecheckRankChange[] {
  const changes: RecheckRankChange[] = [];
  for (const [applicationId, now] of after) {
    const was = before.get(applicationId);
    if (was && was.rank === now.rank && was.passed === now.passed) continue;
    changes.push({
      applicationId,
      realName: now.realName,
      oldRank: was?.rank ?? null,
      newRank: now.rank,
      oldPassed: was?.passed ?? false,
      newPassed: now.passed,
    });
  }
  return changes.sort((x, y) => (x.newRank ?? Infinity) - (y.newRank ?? Infinity) || x.applicationId - y.applicationId);
}

interface LockedRecheck {
  id: number;
  applicationId: number;
  stage: ExamStage;
  state: string;
  recruitmentId: number;
  planId: number;
  jobVacancy: string;
}

/**
 * The company's request `id` (404), its stage's permission required (403), then, in this order, the post's scores held
 * (a publication or score entry of the post under way is waited for), the post's corrections serialised and the request
 * locked: so that of two answers at once one wins and the other finds it answered (409).
 */
async function lockRecheck(tx: Db, session: Session, id: number): Promise<LockedRecheck> {
  const [seen] = await rowsOf<{ stage: number; recruitmentId: number }>(
    tx,
    sql`select r.stage, a.recruitment_id as "recruitmentId" from score_recheck r
      join candidate_application a on a.id = r.application_id and a.company_id = r.company_id
      where r.company_id = ${session.companyId} and r.id = ${id}`,
  );
  if (!seen) throw notFound(RECHECK_MISSING);
  requireStagePermission(session, Number(seen.stage));
  await holdPostScores(tx, sql`select ${seen.recruitmentId}::int`);
  await tx.execute(sql`select pg_advisory_xact_lock(${POST_RECHECK_LOCK}, ${seen.recruitmentId}::int)`);
  const [row] = await rowsOf<LockedRecheck>(
    tx,
    sql`select r.id, r.application_id as "applicationId", r.stage, r.state, a.recruitment_id as "recruitmentId", a.plan_id as "planId",
        i.job_vacancy as "jobVacancy"
      from score_recheck r
      join candidate_application a on a.id = r.application_id and a.company_id = r.company_id
      join recruitment_info i on i.id = a.recruitment_id and i.company_id = a.company_id
      where r.company_id = ${session.companyId} and r.id = ${id}
      for update of r`,
  );
  if (row!.state !== 'pending') throw conflict(RECHECK_ANSWERED);
  return { ...row!, stage: Number(row!.stage) as ExamStage };
}

/** Tells the candidate the answer (the candidate site's 消息). */
async function tellCandidate(tx: Db, companyId: number, r: LockedRecheck, content: string) {
  await tx.execute(sql`insert into candidate_notice (company_id, application_id, title, content)
    values (${companyId}, ${r.applicationId}, ${`${r.jobVacancy}${examStageRow(r.stage).name}成绩复查结果`}, ${content})`);
}

export type RecheckAnswer =
  | { id: number; decision: 'refuse'; answer: string }
  | { id: number; decision: 'correct'; correctedScore: string; errorKind: RecheckErrorKind; answer: string };

/**
 * Answers a re-check request once (DESIGN §5 成绩复查). A refusal records its reason. A correction: the application
 * must still stand where the publication put it (or after), the score at most the plan's full marks (400) and not
 * the same (400), and a 笔试 score not once the post's interview is published (409); the stage score is changed, recorded in the application's history (its status stays: the stage is
 * published, so no 22 → 21 → 22), the post's ranking compared before and after with the publication's figures (whose
 * place changed, and whose outcome the published figures would now give otherwise: the outcomes themselves stay, for
 * staff to act on), the stored places of those who passed and still would brought up to date, and the candidate told.
 */
export async function answerRecheck(tx: Db, session: Session, input: RecheckAnswer): Promise<ExamStage> {
  const r = await lockRecheck(tx, session, input.id);
  const stageName = examStageRow(r.stage).name;
  const answered = sql`answer = ${input.answer}, answered_by = ${session.userId}, answered_at = now()`;
  if (input.decision === 'refuse') {
    await tx.execute(sql`update score_recheck set state = 'refused', ${answered} where id = ${r.id} and state = 'pending'`);
    await tellCandidate(tx, session.companyId, r, `您申请的${stageName}成绩复查已答复：经核查，成绩无误，不予更正。理由：${input.answer}`);
    return r.stage;
  }

  const rules = STAGE_RULES[r.stage];
  const [a] = await rowsOf<{ status: number; score: string | null; fullMarks: string; absent: boolean }>(
    tx,
    sql`select a.status, a.${rules.score}::text as score, p.${rules.fullMarks}::text as "fullMarks", coalesce(s.absent, false) as absent
      from candidate_application a
      join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
      left join application_stage s on s.application_id = a.id and s.company_id = a.company_id and s.stage = ${r.stage}
      where a.company_id = ${session.companyId} and a.id = ${r.applicationId} and a.status in ${publishedStatusSql(r.stage)}
      for update of a`,
  );
  if (!a || a.score === null || a.absent) throw conflict(RECHECK_SCORE_CHANGED);
  const corrected = Number(input.correctedScore).toFixed(2);
  if (Number(corrected) > Number(a.fullMarks)) throw badRequest(scoreOverFullMarksMessage(a.fullMarks));
  if (corrected === Number(a.score).toFixed(2)) throw badRequest(RECHECK_SAME_SCORE);
  // The published composite ranking (拟录用) rests on the written score: it stands once the interview is published
  // (a publication of the post under way was waited for: lockRecheck holds the post's scores).
  if (r.stage === WRITTEN_STAGE) {
    const [interviewPublished] = await rowsOf(
      tx,
      sql`select 1 from stage_publication where company_id = ${session.companyId} and recruitment_id = ${r.recruitmentId} and stage = ${INTERVIEW_STAGE}`,
    );
    if (interviewPublished) throw conflict(RECHECK_WRITTEN_AFTER_INTERVIEW);
  }

  const before = await placesOf(tx, session.companyId, r.recruitmentId, r.stage);
  await tx.execute(sql`update candidate_application set ${rules.score} = ${corrected}::numeric, updated_at = now()
    where company_id = ${session.companyId} and id = ${r.applicationId}`);
  const after = await placesOf(tx, session.companyId, r.recruitmentId, r.stage);
  const changes = changesOf(before, after);
  await refreshStoredPlaces(tx, session.companyId, r.recruitmentId, r.stage);

  const kind = RECHECK_ERROR_KINDS[input.errorKind];
  const remarks = `成绩复查：原成绩 ${a.score} 分，更正为 ${corrected} 分（${kind}）`;
  await tx.execute(sql`insert into application_history (company_id, application_id, from_status, to_status, actor_id, remarks)
    values (${session.companyId}, ${r.applicationId}, ${a.status}, ${a.status}, ${session.userId}, ${remarks})`);
  await tx.execute(sql`update score_recheck set state = 'corrected', error_kind = ${input.errorKind}, original_score = ${a.score}::numeric,
      corrected_score = ${corrected}::numeric, changes = ${JSON.stringify(changes)}::jsonb, ${answered}
    where id = ${r.id} and state = 'pending'`);
  const mine = changes.find((c) => c.applicationId === r.applicationId);
  const place = mine && mine.oldRank !== mine.newRank ? `，岗位名次由第 ${mine.oldRank ?? '—'} 名变为第 ${mine.newRank ?? '—'} 名` : '';
  await tellCandidate(
    tx,
    session.companyId,
    r,
    `您申请的${stageName}成绩复查已答复：经核查存在${kind}，${stageName}成绩由 ${a.score} 分更正为 ${corrected} 分${place}。${input.answer}`.trim(),
  );
  return r.stage;
}

/**
 * The places stored at publication (application_stage: rank, composite and the candidate's explanation, kept for those
 * who passed) brought up to the corrected scores, for those who passed and still pass by the published figures. Those
 * whose outcome would change keep theirs until staff act (the answer lists them).
 */
async function refreshStoredPlaces(tx: Db, companyId: number, recruitmentId: number, stage: ExamStage) {
  const { figures } = await rankingOf(tx, companyId, recruitmentId, kindOf(stage));
  const ranking = rankingSql(stage, companyId, recruitmentId, sql`a.status in ${publishedStatusSql(stage)}`, figures);
  const written = stage === WRITTEN_STAGE;
  await tx.execute(sql`with ranking as (${ranking})
    update application_stage s set rank = ${written ? sql`ranking.rank` : sql`ranking.interview_rank`},
      composite_rank = ${written ? sql`null` : sql`ranking.rank`}, composite_score = ranking.composite::numeric, explanation = ranking.notice
    from ranking
    where s.application_id = ranking.id and s.company_id = ${companyId} and s.stage = ${stage} and s.passed and ranking.passed`);
}
