import {
  APPLICATION_STATUS, type ExamStage, GATE_STAGE_TABLE, type GateApplicationRow, type GateResult,
  type GateStage, type GateStageRow, INTERVIEW_STAGE, WRITTEN_STAGE, examStageRow, gateApplicationRow,
  gateNotChosenMessage, gateStageRow, planGates, statusesAfter,
} from '@zhaokao/contracts';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { recruitmentInfo, recruitmentPlan } from '../../db/tables.js';
import { conflict, notFound } from '../../shared/errors.js';
import { emptyIfNull, loadOwned, parsedRows, timestampText } from '../../shared/rows.js';
import { inList, rowsOf } from '../../shared/sql.js';
import { PLAN_MISSING, POST_MISSING, applicantSearch, scoreOf, writtenTotalSql } from '../pipeline/index.js';

type Plan = typeof recruitmentPlan.$inferSelect;

/** 公示, the last gate: its pass is 聘用. */
export const PUBLICITY = GATE_STAGE_TABLE[GATE_STAGE_TABLE.length - 1]!;

/** The plan of a gate's call (404 unless the company's) and, when given, its post (404 unless the plan's). */
export async function gatePlanOf(db: Db, companyId: number, planId: number, recruitmentId?: number, lock?: 'share') {
  const plan = await loadOwned(db, recruitmentPlan, planId, companyId, PLAN_MISSING, lock);
  if (recruitmentId !== undefined) {
    const [post] = await db
      .select({ id: recruitmentInfo.id })
      .from(recruitmentInfo)
      .where(and(eq(recruitmentInfo.id, recruitmentId), eq(recruitmentInfo.companyId, companyId), eq(recruitmentInfo.planId, plan.id)));
    if (!post) throw notFound(POST_MISSING);
  }
  return plan;
}

/** Whether the plan runs the gate (plan form 录用环节). */
export const planRunsGate = (plan: Plan, gate: GateStageRow) => plan.gates.includes(gate.stage);

/** 409 unless the plan runs the gate. */
export function requireGateChosen(plan: Plan, gate: GateStageRow) {
  if (!planRunsGate(plan, gate)) throw conflict(gateNotChosenMessage(gate.name));
}

/**
 * Where the plan's candidates enter `gate` from (确认名单): the pass of the step right before it among the plan's
 * steps: the previous gate the plan chose after the same exam stage, else the exam stage's pass. One of
 * `gateEntrySources(gate)`: with gates [5, 7], 体检 takes 34 and 公示 36 (not 34).
 */
export function entrySourceOf(plan: Plan, gate: GateStageRow): number {
  const earlier = planGates(plan.gates).filter((g) => g.after === gate.after && g.stage < gate.stage);
  const previous = earlier[earlier.length - 1];
  return previous ? previous.statuses.passed : examStageRow(gate.after as ExamStage).statuses.passed;
}

/** The SQL of an application's result at the gate (`a` its alias): null when it holds none of the gate's outcomes. */
export function resultSql(gate: GateStageRow): SQL {
  const s = gate.statuses;
  return sql`case
      when a.status = ${s.pending} then 'pending'
      when a.status = ${s.failed} then 'failed'
      when a.status = ${s.withdrew} then 'withdrew'
      when a.status in (${inList([s.passed, ...statusesAfter(s.withdrew)])}) then 'passed'
    end`;
}

/** The statuses of a gate's result: passing it is its pass or any status after the gate in pipeline order. */
export function statusesOfResult(gate: GateStageRow, result: GateResult): number[] {
  return result === 'passed' ? [gate.statuses.passed, ...statusesAfter(gate.statuses.withdrew)] : [gate.statuses[result]];
}

/** The written score that ranks of `x` (as writtenTotalSql), its bonus summed once per application (`bb`), capped by the plan's cap (`p`). */
const writtenOf = (x: string) => sql`(${sql.raw(x)}.written_grade + least(coalesce(bb.points, 0::numeric), p.bonus_cap))`;

/**
 * The figure and rank of the ranking the gate follows, for the application `a` (joined to its plan `p`):
 * 资格复审 the written score and rank, the later gates the composite score and rank of the interview. A rank not
 * stored at publication (a 递补 from those the stage did not pass) is counted among the post's published: once per
 * post, by a window over its published (`fallback`, a CTE of the list's statement, joined as `fr`), for the posts
 * where the list holds such a candidate (`unranked`). Counted per row instead, the planner's estimate of the list
 * (every row a scan of the whole post) set off PostgreSQL's JIT, which cost a 100,000-application post ~1 s a page.
 */
function rankingColumns(gate: GateStageRow, f: GateListFilter, where: SQL): { ctes: SQL; joins: SQL; score: SQL; rank: SQL; ticket: SQL } {
  const stage = gate.ranking === 'written' ? WRITTEN_STAGE : INTERVIEW_STAGE;
  const stored = gate.ranking === 'written' ? sql`rs.rank` : sql`rs.composite_rank`;
  const rankable = gate.ranking === 'written' ? sql`a.written_grade is not null` : sql`not coalesce(rs.absent, false) and ${composite('a')} is not null`;
  const published =
    gate.ranking === 'written'
      ? [APPLICATION_STATUS.writtenFailed, APPLICATION_STATUS.writtenPassed, ...statusesAfter(APPLICATION_STATUS.writtenPassed)]
      : [APPLICATION_STATUS.interviewFailed, APPLICATION_STATUS.interviewPassed, ...statusesAfter(APPLICATION_STATUS.interviewPassed)];
  const stageJoins = sql`left join application_stage rs on rs.application_id = a.id and rs.company_id = a.company_id and rs.stage = ${stage}
      ${gate.ranking === 'written' ? sql`` : sql`left join stage_publication pub on pub.company_id = a.company_id and pub.recruitment_id = a.recruitment_id and pub.stage = ${INTERVIEW_STAGE}`}`;
  const order =
    gate.ranking === 'written'
      ? sql`${writtenOf('a')} desc`
      : // by the composite, then the written score (as the composite's stored rank was counted before it was stored)
        sql`${compositeOf('a', writtenOf('a'))} desc, ${writtenOf('a')} desc nulls last`;
  const ctes = sql`with unranked as materialized (
      select a.id, a.recruitment_id from candidate_application a
      join gate_record g on g.application_id = a.id and g.company_id = a.company_id and g.stage = ${gate.stage}
      join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
      ${stageJoins}
      where ${where} and ${stored} is null and ${rankable}),
    fallback as (
      select x.id, x.rank from (
        select a.id, rank() over (partition by a.recruitment_id order by ${order}) as rank
        from candidate_application a
        join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
        ${gate.ranking === 'written' ? sql`` : sql`left join application_stage rs on rs.application_id = a.id and rs.company_id = a.company_id and rs.stage = ${INTERVIEW_STAGE}
          left join stage_publication pub on pub.company_id = a.company_id and pub.recruitment_id = a.recruitment_id and pub.stage = ${INTERVIEW_STAGE}`}
        left join (select bg.application_id, sum(bg.points) as points from bonus_grant bg
          where bg.company_id = ${f.companyId} and bg.revoked_at is null group by bg.application_id) bb on bb.application_id = a.id
        where a.company_id = ${f.companyId} and a.plan_id = ${f.planId} and a.status in (${inList(published)})
          and a.recruitment_id in (select u.recruitment_id from unranked u)
          and ${gate.ranking === 'written' ? sql`a.written_grade is not null` : sql`not coalesce(rs.absent, false) and ${compositeOf('a', writtenOf('a'))} is not null`}) x
      where x.id in (select u.id from unranked u))`;
  if (gate.ranking === 'written') {
    return {
      ctes,
      joins: sql`${stageJoins} left join fallback fr on fr.id = a.id`,
      score: sql`${writtenTotalSql('a')}::text`,
      rank: sql`coalesce(rs.rank, fr.rank)`,
      ticket: sql`rs.ticket_code`,
    };
  }
  return {
    ctes,
    joins: sql`${stageJoins} left join fallback fr on fr.id = a.id`,
    score: sql`coalesce(rs.composite_score, case when not coalesce(rs.absent, false) then ${composite('a')} end)::text`,
    rank: sql`coalesce(rs.composite_rank, fr.rank)`,
    ticket: sql`rs.ticket_code`,
  };
}

/** The composite of the application `x` from its written score `written` as publishing computes it (the publication's weight; the interview alone in an interview-only plan). */
const compositeOf = (x: string, written: SQL) =>
  sql`case when p.exam_mode = 'interview' then ${sql.raw(x)}.audition_grade
    else round(${written} * coalesce(pub.composite_weight, p.composite_weight) + ${sql.raw(x)}.audition_grade * (1 - coalesce(pub.composite_weight, p.composite_weight)), 2) end`;

/** The composite of the applications `x` as publishing computes it. */
const composite = (x: string) => compositeOf(x, writtenTotalSql(x));

export interface GateListFilter {
  companyId: number;
  gate: GateStage;
  planId: number;
  recruitmentId?: number;
  result?: GateResult;
  keyword?: string;
  /** Only these statuses (the notice draft of 公示: those in 公示 and 聘用). */
  statuses?: readonly number[];
}

/**
 * A gate's candidates: the plan's applications that entered the gate (a gate_record of its stage), with their result
 * there, in the order of the post (its id) and the ranking the gate follows. Columns of `gateApplicationRow`, plus
 * the ticket code of the ranking's stage.
 */
export function gateListSql(f: GateListFilter, page?: { pageNum: number; pageSize: number }) {
  const gate = gateStageRow(f.gate);
  const result = resultSql(gate);
  const parts: SQL[] = [sql`a.company_id = ${f.companyId}`, sql`a.plan_id = ${f.planId}`, sql`${result} is not null`];
  if (f.recruitmentId !== undefined) parts.push(sql`a.recruitment_id = ${f.recruitmentId}`);
  if (f.result !== undefined) parts.push(sql`a.status in (${inList(statusesOfResult(gate, f.result))})`);
  if (f.statuses !== undefined) parts.push(sql`a.status in (${inList(f.statuses)})`);
  if (f.keyword) parts.push(applicantSearch(f.keyword, { alias: 'a' }));
  const where = sql.join(parts, sql` and `);
  const r = rankingColumns(gate, f, where);
  const from = sql`from candidate_application a
    join gate_record g on g.application_id = a.id and g.company_id = a.company_id and g.stage = ${gate.stage}
    where ${sql.join(parts, sql` and `)}`;
  return {
    count: sql`select count(*)::int as total ${from}`,
    rows: sql`${r.ctes}
      select a.id, a.recruitment_id as "recruitmentId", ri.job_vacancy as "jobVacancy", a.real_name as "realName", ar.sex,
        a.identity_no as "identityNo", a.phone, a.status, ${result} as result, ${r.score} as score, ${r.rank} as "rank",
        g.substitute, g.reason, g.objection, g.decided_at as "decidedAt", su.name as "decidedBy", ${r.ticket} as "ticketCode",
        g.entered_at as "enteredAt"
      from candidate_application a
      join gate_record g on g.application_id = a.id and g.company_id = a.company_id and g.stage = ${gate.stage}
      join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
      join recruitment_info ri on ri.id = a.recruitment_id and ri.company_id = a.company_id
      left join application_resume ar on ar.application_id = a.id and ar.company_id = a.company_id
      left join staff_user su on su.id = g.decided_by
      ${r.joins}
      where ${sql.join(parts, sql` and `)}
      order by a.recruitment_id, "rank" nulls last, a.id
      ${page ? sql`limit ${page.pageSize} offset ${(page.pageNum - 1) * page.pageSize}` : sql``}`,
  };
}

/** A row as the database answers it, read into the contract's row (plus the ticket code and when it entered). */
export const gateDbRow = gateApplicationRow.omit({ steps: true, myTaskId: true }).extend({
  sex: emptyIfNull,
  status: z.coerce.number().int(),
  score: z.union([z.string(), z.number()]).nullable().transform((v) => scoreOf(v)),
  rank: z.coerce.number().int().nullable(),
  decidedAt: timestampText.nullable(),
  decidedBy: z.string().nullable(),
  ticketCode: z.string().nullable(),
  enteredAt: timestampText,
});
export type GateDbRow = z.output<typeof gateDbRow>;

/** Every row the filters find (exports, the notice draft). */
export const gateRowsAll = (db: Db, f: GateListFilter) => parsedRows(db, gateListSql(f).rows, gateDbRow);

/** A row as the list answers it, before its step list (tasks.ts) is added. */
export const gateListRow = ({ ticketCode: _ticket, enteredAt: _entered, ...row }: GateDbRow): Omit<GateApplicationRow, 'steps' | 'myTaskId'> => row;

/** How many of the plan's applications wait at the gate's entry now (确认名单 would move them in); 0 when the plan does not run it. */
export async function waitingToEnter(db: Db, companyId: number, plan: Plan, gate: GateStageRow, recruitmentId?: number) {
  if (!planRunsGate(plan, gate)) return 0;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from candidate_application a
      where a.company_id = ${companyId} and a.plan_id = ${plan.id} and a.status = ${entrySourceOf(plan, gate)}
        ${recruitmentId === undefined ? sql`` : sql`and a.recruitment_id = ${recruitmentId}`}`,
  );
  return Number(row?.n ?? 0);
}

/** 公示's period end for the plan: the latest entry into 公示 plus the plan's days (null before anyone entered). */
export async function publicityEndOf(db: Db, companyId: number, plan: Plan): Promise<Date | null> {
  const [row] = await rowsOf<{ end: Date | string | null }>(
    db,
    sql`select max(g.entered_at) + make_interval(days => ${plan.publicityDays}::int) as end
      from gate_record g join candidate_application a on a.id = g.application_id and a.company_id = g.company_id
      where g.company_id = ${companyId} and g.stage = ${PUBLICITY.stage} and a.plan_id = ${plan.id}`,
  );
  return row?.end ? new Date(row.end) : null;
}
