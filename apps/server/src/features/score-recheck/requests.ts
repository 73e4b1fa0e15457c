import {
  EXAM_STAGE_TABLE, type ExamStage, type ExamStageStatus, type MyRecheckRow, RECHECK_NOT_OFFERED,
  RECHECK_NOT_PUBLISHED, RECHECK_NO_SCORE, RECHECK_TWICE, RECHECK_WINDOW_OVER, examStageRow, myRecheckRow,
  statusesAfter, toChinaDateTime,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../shared/errors.js';
import { parsedRows, timestampText } from '../../shared/rows.js';
import { inList, rowsOf } from '../../shared/sql.js';
import { APPLICATION_MISSING, STAGE_RULES } from '../pipeline/index.js';

/**
 * The statuses of an application that a publication of `stage` moved (its failure, its pass) and every status after
 * the pass: an application there sat the stage and its score is the published one.
 */
export const publishedStatuses = (stage: ExamStage): number[] => {
  const { statuses } = examStageRow(stage);
  return [statuses.failed, statuses.passed, ...statusesAfter(statuses.passed as ExamStageStatus)];
};

/** An application as the re-check rules read it: its status, scores, 缺考 and the plan's window, each stage's publication. */
interface RecheckApplication {
  id: number;
  companyId: number;
  recruitmentId: number;
  jobVacancy: string;
  status: number;
  recheckDays: number;
  stages: { stage: number; score: string | null; absent: boolean; publishedAt: string | null; deadline: string | null; asked: boolean }[];
}

/**
 * The application `applicationId` of the candidate's person (404 otherwise, the same for a missing one and another's),
 * with what the rules need per exam stage. `lock`: the application locked for update (requests of one application queue).
 */
export async function candidateApplicationOf(db: Db, candidateId: number, applicationId: number, { lock = false } = {}): Promise<RecheckApplication> {
  const [row] = await rowsOf<Omit<RecheckApplication, 'stages'>>(
    db,
    sql`select a.id, a.company_id as "companyId", a.recruitment_id as "recruitmentId", i.job_vacancy as "jobVacancy", a.status,
        p.recheck_days as "recheckDays"
      from candidate_application a
      join candidate_account ca on ca.talent_id = a.talent_id
      join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
      join recruitment_info i on i.id = a.recruitment_id and i.company_id = a.company_id
      where a.id = ${applicationId} and ca.id = ${candidateId}
      ${lock ? sql`for update of a` : sql``}`,
  );
  if (!row) throw notFound(APPLICATION_MISSING);
  const stages = await rowsOf<RecheckApplication['stages'][number]>(
    db,
    sql`select st.stage, (case st.stage ${sql.join(
      EXAM_STAGE_TABLE.map((s) => sql`when ${sql.raw(String(s.stage))} then a.${STAGE_RULES[s.stage].score}`),
      sql` `,
    )} end)::text as score,
        coalesce(s.absent, false) as absent, sp.published_at as "publishedAt",
        sp.published_at + make_interval(days => ${Number(row.recheckDays)}::int) as deadline,
        exists (select 1 from score_recheck r where r.application_id = a.id and r.stage = st.stage) as asked
      from candidate_application a
      cross join (values ${sql.join(
        EXAM_STAGE_TABLE.map((s) => sql`(${sql.raw(String(s.stage))})`),
        sql`, `,
      )}) st(stage)
      left join application_stage s on s.application_id = a.id and s.company_id = a.company_id and s.stage = st.stage
      left join stage_publication sp on sp.company_id = a.company_id and sp.recruitment_id = a.recruitment_id and sp.stage = st.stage
      where a.id = ${row.id}
      order by st.stage`,
  );
  return {
    ...row,
    status: Number(row.status),
    recheckDays: Number(row.recheckDays),
    stages: stages.map((s) => ({ ...s, stage: Number(s.stage) })),
  };
}

/** Why the candidate cannot ask a re-check of `stage` now ('' when they can), and the window's end. */
export function recheckRefusal(a: RecheckApplication, stage: ExamStage, now = new Date()): { refusal: string; deadline: Date | null } {
  const s = a.stages.find((x) => x.stage === stage);
  const deadline = s?.deadline ? new Date(s.deadline) : null;
  if (!s?.publishedAt || !publishedStatuses(stage).includes(a.status)) return { refusal: RECHECK_NOT_PUBLISHED, deadline };
  if (a.recheckDays === 0) return { refusal: RECHECK_NOT_OFFERED, deadline };
  if (s.absent || s.score === null) return { refusal: RECHECK_NO_SCORE, deadline };
  if (s.asked) return { refusal: RECHECK_TWICE, deadline };
  if (deadline === null || now > deadline) return { refusal: RECHECK_WINDOW_OVER, deadline };
  return { refusal: '', deadline };
}

const myRecheckDbRow = myRecheckRow.extend({
  requestedAt: timestampText,
  answeredAt: timestampText.nullable(),
});

const myRecheckSql = (where: SQL) => sql`select r.id, r.stage, case r.stage ${sql.join(
  EXAM_STAGE_TABLE.map((s) => sql`when ${sql.raw(String(s.stage))} then ${s.name}::text`),
  sql` `,
)} end as "stageName",
    r.reason, r.state, r.requested_at as "requestedAt", r.answer, r.answered_at as "answeredAt", r.error_kind as "errorKind",
    r.original_score::text as "originalScore", r.corrected_score::text as "correctedScore"
  from score_recheck r where ${where} order by r.stage, r.id`;

/** The application's re-check requests and the stages the candidate may ask now (with the window's end). */
export async function myRechecksOf(db: Db, candidateId: number, applicationId: number) {
  const a = await candidateApplicationOf(db, candidateId, applicationId);
  const rechecks = await parsedRows(db, myRecheckSql(sql`r.company_id = ${a.companyId} and r.application_id = ${a.id}`), myRecheckDbRow);
  const offers = EXAM_STAGE_TABLE.flatMap((row) => {
    const { refusal, deadline } = recheckRefusal(a, row.stage);
    return refusal === '' && deadline ? [{ stage: row.stage, name: row.name, deadline: toChinaDateTime(deadline) }] : [];
  });
  return { rechecks, offers };
}

/**
 * The candidate asks a re-check of `stage` (DESIGN §5): refused (409, nothing written) unless the stage is published
 * for the application, the plan takes re-checks, the candidate has a score and the window is open; once per
 * application and stage (the application locked, and the unique index behind it).
 */
export async function requestRecheck(tx: Db, candidateId: number, input: { id: number; stage: ExamStage; reason: string }): Promise<MyRecheckRow> {
  const a = await candidateApplicationOf(tx, candidateId, input.id, { lock: true });
  const { refusal } = recheckRefusal(a, input.stage);
  if (refusal) throw conflict(refusal);
  const [made] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into score_recheck (company_id, application_id, stage, reason)
      values (${a.companyId}, ${a.id}, ${input.stage}, ${input.reason})
      on conflict (application_id, stage) do nothing returning id`,
  );
  if (!made) throw conflict(RECHECK_TWICE);
  const [row] = await parsedRows(tx, myRecheckSql(sql`r.id = ${made.id}`), myRecheckDbRow);
  return row!;
}

/** The statuses of `publishedStatuses(stage)` as SQL, for a condition on `a.status`. */
export const publishedStatusSql = (stage: ExamStage) => sql`(${inList(publishedStatuses(stage))})`;
