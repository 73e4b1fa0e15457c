import {
  APPLICATION_STATUS, type ApplicationStatus, CANDIDATE_STATUS_WORDS, EXAM_STAGE_TABLE, type ExamStageRow,
  FEE_ORDER_TYPE, type FeeSummary, GATE_STAGE_TABLE, type GateResult, type MyApplicationRow, SIGN_UP_STAGE,
  centsToYuan, gateResultWord, statusesAfter, toChinaDateTime,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../shared/sql.js';
import { feeDeadlineSql } from '../order/index.js';
import { bonusSql, scoreOf, writtenTotalSql } from '../pipeline/index.js';
import { ticketRefusal } from './ticket-window.js';

const SIGN_UP_STATUSES = Object.values(SIGN_UP_STAGE.statuses) as ApplicationStatus[];
const LAST_STAGE = EXAM_STAGE_TABLE[EXAM_STAGE_TABLE.length - 1]!;

interface StageRow {
  stage: number;
  ticketCode: string | null;
  issuedAt: string | null;
  absent: boolean;
  rank: number | null;
  passed: boolean | null;
  compositeScore: string | number | null;
  compositeRank: number | null;
  explanation: string;
}

interface PublicationRow {
  stage: number;
  passLine: string | number | null;
  cutoffScore: string | number | null;
}

interface ApplicationDbRow {
  id: number;
  companyId: number;
  companyName: string;
  planId: number;
  planName: string;
  recruitmentId: number;
  jobVacancy: string;
  status: number;
  createdAt: Date | string;
  writtenGrade: string | number | null;
  /** The written score that ranks (paper + bonus), the bonus in force (null for none) and its categories. */
  writtenTotal: string | number | null;
  bonus: string | number | null;
  bonusNames: string | null;
  auditionGrade: string | number | null;
  fee: number | string;
  feeAfterReview: boolean;
  planStatus: string;
  signUpStart: Date | string;
  signUpEnd: Date | string;
  writtenStart: Date | string;
  auditionStart: Date | string;
  signUpClosed: boolean;
  otherPosts: boolean;
  reason: string | null;
  feePaid: boolean;
  feeDeadline: Date | string | null;
  stages: StageRow[] | string | null;
  publications: PublicationRow[] | string | null;
  /** The gate outcomes the history holds (to-statuses, oldest first). */
  gateOutcomes: number[] | string | null;
}

/** The gates' outcomes (passed, failed, withdrew), the statuses whose history rows tell the candidate a gate's result. */
const GATE_OUTCOMES = GATE_STAGE_TABLE.flatMap((g) =>
  (['passed', 'failed', 'withdrew'] as const satisfies readonly GateResult[]).map((result) => ({ gate: g, result, status: g.statuses[result] as number })),
);

/** The order results are listed in: each exam stage followed by the gates after it (资格复审 between 笔试 and 面试). */
const RESULT_ORDER: number[] = EXAM_STAGE_TABLE.flatMap((row) => [row.stage, ...GATE_STAGE_TABLE.filter((g) => g.after === row.stage).map((g) => g.stage)]);

/** A gate's result, once decided (its last outcome in the history): passed, failed or withdrew, worded for the candidate. */
function gateResultsOf(outcomes: number[]): MyApplicationRow['results'] {
  return GATE_STAGE_TABLE.flatMap((gate) => {
    const last = outcomes.filter((status) => GATE_OUTCOMES.some((o) => o.gate === gate && o.status === status)).at(-1);
    const outcome = GATE_OUTCOMES.find((o) => o.status === last);
    if (!outcome) return [];
    return [{ stage: gate.stage, name: gate.name, score: null, absent: false, compositeScore: null, rank: null, explanation: '', outcome: gateResultWord(gate, outcome.result) }];
  });
}

const jsonOf = <T>(v: T[] | string | null): T[] => (v === null ? [] : typeof v === 'string' ? (JSON.parse(v) as T[]) : v);

/** Whether the plan's sign-up is open for a move the candidate makes (switching posts): published, inside its dates, not closed. */
export function signUpOpenNow(p: { planStatus: string; signUpStart: Date | string; signUpEnd: Date | string; signUpClosed: boolean }, now = Date.now()) {
  return p.planStatus === 'published' && !p.signUpClosed && now >= new Date(p.signUpStart).getTime() && now <= new Date(p.signUpEnd).getTime();
}

function feeOf(r: ApplicationDbRow, now: number): FeeSummary & { blocksTickets: boolean } {
  const cents = Number(r.fee);
  const amountY = centsToYuan(cents);
  if (cents <= 0) return { state: 'none', amountY, deadline: null, blocksTickets: false };
  if (!r.feeAfterReview) return { state: r.feePaid ? 'paid' : 'unpaid', amountY, deadline: null, blocksTickets: false };
  if (SIGN_UP_STATUSES.includes(r.status as ApplicationStatus)) return { state: 'later', amountY, deadline: null, blocksTickets: true };
  const deadline = r.feeDeadline === null ? null : new Date(r.feeDeadline);
  const deadlineText = deadline === null ? null : toChinaDateTime(deadline);
  if (r.feePaid) return { state: 'paid', amountY, deadline: deadlineText, blocksTickets: false };
  const state = deadline !== null && now > deadline.getTime() ? 'expired' : 'unpaid';
  return { state, amountY, deadline: deadlineText, blocksTickets: true };
}

/** The issued tickets, offered by the very rule the download follows (ticketRefusal). */
function ticketsOf(r: ApplicationDbRow, stages: StageRow[], feeBlocks: boolean, now: number): MyApplicationRow['tickets'] {
  return stages
    .filter((s) => s.ticketCode !== null && s.issuedAt !== null)
    .map((s) => {
      const row = EXAM_STAGE_TABLE.find((e) => e.stage === s.stage)!;
      const examTime = new Date(row.stage === EXAM_STAGE_TABLE[0].stage ? r.writtenStart : r.auditionStart);
      const refusal = ticketRefusal(row.stage, { issued: true, examTime, feeUnpaid: feeBlocks }, new Date(now));
      const note = refusal || `请下载并打印${row.name}准考证，${toChinaDateTime(examTime)} 按时参加考试`;
      return { stage: row.stage, name: row.name, ticketCode: s.ticketCode!, available: refusal === '', note };
    });
}

/** Whether the application passed `row`'s stage: its pass, or any status after it other than the stage's failure. */
const passedStage = (row: ExamStageRow, status: ApplicationStatus, s: StageRow | undefined) =>
  s?.passed === true || (status !== row.statuses.failed && statusesAfter(row.statuses.inReview).includes(status));

function resultsOf(r: ApplicationDbRow, stages: StageRow[], publications: PublicationRow[]): MyApplicationRow['results'] {
  const status = r.status as ApplicationStatus;
  return EXAM_STAGE_TABLE.flatMap((row) => {
    const published = publications.find((p) => p.stage === row.stage);
    const s = stages.find((x) => x.stage === row.stage);
    // Only the stages the application sat: a row of the stage, or a status of the stage or after it.
    const reached = s !== undefined || status === row.statuses.failed || status === row.statuses.passed || statusesAfter(row.statuses.passed).includes(status);
    if (!published || !reached) return [];
    const interview = row.stage === LAST_STAGE.stage;
    const score = scoreOf(interview ? r.auditionGrade : r.writtenTotal);
    const absent = s?.absent ?? false;
    const paper = scoreOf(r.writtenGrade);
    const bonus = !interview && !absent && paper !== null && r.bonus !== null ? { paperScore: paper, points: scoreOf(r.bonus)!, names: r.bonusNames ?? '' } : undefined;
    const passed = passedStage(row, status, s);
    const next = EXAM_STAGE_TABLE[EXAM_STAGE_TABLE.indexOf(row) + 1];
    const cutoff = scoreOf(published.cutoffScore);
    const passLine = scoreOf(published.passLine);
    let explanation = s?.explanation ?? '';
    if (!explanation && !passed) {
      explanation = absent
        ? `${row.name}缺考，不参加排名`
        : interview && passLine !== null && score !== null && Number(score) < Number(passLine)
          ? `${row.name} ${score} 分，低于${row.name}合格线 ${passLine} 分`
          : `${row.name} ${score ?? '—'} 分${cutoff === null ? '' : `；本岗位${next ? `进入${next.name}` : '拟录用'}的最低${interview ? '综合' : row.name}成绩为 ${cutoff} 分`}`;
    }
    return [
      {
        stage: row.stage,
        name: row.name,
        score: absent ? null : score,
        ...(bonus ? { bonus } : {}),
        absent,
        compositeScore: interview ? scoreOf(s?.compositeScore) : null,
        rank: (interview ? (s?.compositeRank ?? s?.rank) : s?.rank) ?? null,
        explanation,
        outcome: passed ? row.publishedWord : next ? '未入围' : '未进入拟录用名单',
      },
    ];
  });
}

/**
 * The candidate's applications as the candidate site shows them (DESIGN §11), newest first: those of the account's
 * person (none before the first application), or only `applicationId` when given (none when it is not theirs).
 * The applications are found through the companies, by the (company, talent) index.
 */
export async function myApplicationRows(db: Db, candidateId: number, applicationId?: number): Promise<MyApplicationRow[]> {
  const rows = await rowsOf<ApplicationDbRow>(
    db,
    sql`select a.id, a.company_id as "companyId", c.name as "companyName", a.plan_id as "planId", p.name as "planName",
        a.recruitment_id as "recruitmentId", i.job_vacancy as "jobVacancy", a.status, a.created_at as "createdAt",
        a.written_grade as "writtenGrade", ${writtenTotalSql('a')} as "writtenTotal", a.audition_grade as "auditionGrade",
        ${bonusSql('a')} as bonus,
        (select string_agg(bc.name, '、' order by bc.sort, bc.id) from bonus_grant g
          join bonus_category bc on bc.id = g.category_id and bc.company_id = g.company_id
          where g.company_id = a.company_id and g.application_id = a.id and g.revoked_at is null) as "bonusNames",
        p.registration_fee as fee, p.fee_after_review as "feeAfterReview", p.status as "planStatus",
        p.sign_up_start_date as "signUpStart", p.sign_up_end_date as "signUpEnd",
        p.written_start_date as "writtenStart", p.audition_start_date as "auditionStart",
        exists (select 1 from plan_stage_close x where x.company_id = p.company_id and x.plan_id = p.id and x.stage = ${SIGN_UP_STAGE.stage}) as "signUpClosed",
        exists (select 1 from recruitment_info o where o.company_id = a.company_id and o.plan_id = a.plan_id and o.id <> a.recruitment_id) as "otherPosts",
        (select h.remarks from application_history h where h.company_id = a.company_id and h.application_id = a.id
          and h.to_status = a.status order by h.id desc limit 1) as reason,
        exists (select 1 from company_order f where f.application_id = a.id and f.company_id = a.company_id
          and f.type = ${FEE_ORDER_TYPE} and f.status = 1) as "feePaid",
        ${feeDeadlineSql} as "feeDeadline",
        (select json_agg(json_build_object('stage', s.stage, 'ticketCode', s.ticket_code, 'issuedAt', s.issued_at, 'absent', s.absent,
            'rank', s.rank, 'passed', s.passed, 'compositeScore', s.composite_score, 'compositeRank', s.composite_rank,
            'explanation', s.explanation))
          from application_stage s where s.company_id = a.company_id and s.application_id = a.id) as stages,
        (select json_agg(json_build_object('stage', sp.stage, 'passLine', sp.pass_line, 'cutoffScore', sp.cutoff_score))
          from stage_publication sp where sp.company_id = a.company_id and sp.recruitment_id = a.recruitment_id) as publications,
        (select json_agg(h.to_status order by h.id) from application_history h where h.company_id = a.company_id and h.application_id = a.id
          and h.to_status in (${sql.join(GATE_OUTCOMES.map((o) => sql`${o.status}`), sql`, `)})) as "gateOutcomes"
      from candidate_account ca
      join company c on true
      join candidate_application a on a.company_id = c.id and a.talent_id = ca.talent_id
      join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
      join recruitment_info i on i.id = a.recruitment_id and i.company_id = a.company_id
      where ca.id = ${candidateId} ${applicationId === undefined ? sql`` : sql`and a.id = ${applicationId}`}
      order by a.created_at desc, a.id desc`,
  );
  const now = Date.now();
  return rows.map((r) => {
    const status = Number(r.status) as ApplicationStatus;
    const row = { ...r, status };
    const stages = jsonOf(r.stages);
    const fee = feeOf(row, now);
    const { blocksTickets, ...feeSummary } = fee;
    const rejected = status === APPLICATION_STATUS.rejectedCorrectable || status === APPLICATION_STATUS.rejected;
    const switchable = [APPLICATION_STATUS.pending, APPLICATION_STATUS.rejectedCorrectable, APPLICATION_STATUS.rejected] as ApplicationStatus[];
    return {
      id: r.id,
      companyId: r.companyId,
      companyName: r.companyName,
      planId: r.planId,
      planName: r.planName,
      recruitmentId: r.recruitmentId,
      jobVacancy: r.jobVacancy,
      status,
      statusText: CANDIDATE_STATUS_WORDS[status] ?? '',
      reason: rejected ? (r.reason ?? '') : '',
      fee: feeSummary,
      canResubmit: status === APPLICATION_STATUS.rejectedCorrectable && r.planStatus === 'published' && !r.signUpClosed,
      canSwitch: switchable.includes(status) && r.otherPosts && signUpOpenNow(row, now),
      canWithdraw: status === APPLICATION_STATUS.pending && !r.feePaid,
      tickets: ticketsOf(row, stages, blocksTickets, now),
      results: [...resultsOf(row, stages, jsonOf(r.publications)), ...gateResultsOf(jsonOf(r.gateOutcomes).map(Number))].sort(
        (x, y) => RESULT_ORDER.indexOf(x.stage) - RESULT_ORDER.indexOf(y.stage),
      ),
      createdAt: toChinaDateTime(new Date(r.createdAt)),
    };
  });
}
