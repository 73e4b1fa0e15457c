import {
  type ApplicationStatus, type ExamStage, GATE_RESULTS, GATE_STAGE_TABLE, type GateStage, type GateStageRow,
  type GateVacancyRow, gateVacancyRow, NO_SUBSTITUTE, type OutputOf, type ParsedInputOf, SUBSTITUTE_CHANGED,
  VACANCY_FILLED, examStageRow, gateOfStatus, gateStageRow, gateSubstituteSource, type gateVacancyList,
  type previewSubstitute, statusesAfter, type substituteGate, tieBreakLabel, WRITTEN_STAGE,
} from '@zhaokao/contracts';
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { candidateApplication, gateRecord, gateVacancy, recruitmentPlan } from '../../db/tables.js';
import { conflict, notFound } from '../../shared/errors.js';
import { maskIdentityNo } from '../../shared/masks.js';
import { emptyIfNull, loadOwned, parsedRows, timestampText } from '../../shared/rows.js';
import { inList, rowsOf } from '../../shared/sql.js';
import { PLAN_MISSING, type RankingFigures, type TieBreak, addBonus, postBonusSql, rankingOf, rankingSql, transition } from '../pipeline/index.js';

/**
 * 递补 (DESIGN §5 "After the interview"): a vacancy left at a gate by a failure or a withdrawal is filled, by an
 * explicit staff action, with the next eligible candidate of the same post in the ranking the gate follows (the
 * written ranking for 资格复审, the composite ranking after the interview), never reordering it. Eligible: not passed
 * by the stage the gate follows (`gateSubstituteSource`), not absent (缺考), not below the stage's qualifying line
 * and never out of any gate already. Ties keep the ranking's own tie-break (the composite's by the written score),
 * then the lower application id (报名在先).
 */

export const VACANCY_MISSING = '空缺不存在';

type Vacancy = typeof gateVacancy.$inferSelect;
type Proposal = OutputOf<typeof previewSubstitute>;
type Skipped = Proposal['skipped'][number];

/** Every gate's 不合格 and 放弃: those already out. */
const OUT_STATUSES: readonly number[] = GATE_STAGE_TABLE.flatMap((g) => [g.statuses.failed, g.statuses.withdrew]);

interface RankedRow {
  id: number;
  realName: string;
  identityNo: string;
  status: number;
  rank: number | null;
  score: string | null;
  /** The score the stage's qualifying line is compared with (written score; interview score). */
  lineScore: string | null;
  absent: boolean;
  /** Has a gate_record at some gate (entered one once). */
  hasGateRecord: boolean;
}

/**
 * The gates that follow the same exam stage as `gate`: a passage through one of them puts a candidate out of this
 * gate's 递补 (a pass of 资格复审 does not put a failed interview candidate out of 体检's).
 */
const gatesAfterSameStage = (gate: GateStageRow): number[] => GATE_STAGE_TABLE.filter((g) => g.after === gate.after).map((g) => g.stage);

/**
 * The places of the post's ranking that `gate` follows, as published (everyone the stage's publication ranked, those
 * past the stage's review wherever they went since), without words or names (narrow rows to sort): columns id,
 * status, absent, rank, score and "lineScore" (what the qualifying line is compared with). The written ranking is the
 * statement of writtenRankingSql without its explanations (rank() over the scored and present by the written score,
 * 加分 included); the composite one is rankingSql itself with only these columns read (its tie-break chain and 加试
 * as they are; the interview's population is small).
 */
function placesSql(stage: ExamStage, companyId: number, recruitmentId: number, figures: RankingFigures): SQL {
  const population = sql`a.status in (${inList(statusesAfter(examStageRow(stage).statuses.inReview))})`;
  const person = sql`a.id, a.status, coalesce(s.absent, false) as absent`;
  const stageJoin = sql`left join application_stage s on s.application_id = a.id and s.stage = ${stage} and s.company_id = a.company_id`;
  if (stage !== WRITTEN_STAGE) {
    return sql`select ${person}, x.rank, x.composite as score, a.audition_grade::text as "lineScore"
      from (${rankingSql(stage, companyId, recruitmentId, population, figures)}) x
      join candidate_application a on a.id = x.id and a.company_id = ${companyId}
      ${stageJoin}`;
  }
  return sql`select id, status, absent, case when ranked then rank() over (partition by ranked order by g desc) end as rank,
      g::text as score, g::text as "lineScore"
    from (
      select ${person}, ${addBonus(sql`a.written_grade`, sql`ab.bonus`)} as g, a.written_grade is not null and not coalesce(s.absent, false) as ranked
      from candidate_application a
      ${stageJoin}
      left join (${postBonusSql(companyId, recruitmentId)}) ab on ab.application_id = a.id
      where a.company_id = ${companyId} and a.recruitment_id = ${recruitmentId} and ${population}) base`;
}

/**
 * Of the post's ranking that `gate` follows, in ranking order (rank, then the lower application id; the unranked
 * last), the rows the proposal needs, in one statement over the places without words: of those of the gate's source
 * status or out of a gate (the others passed the stage by their own right), the ones up to the first eligible one
 * (whyNot null, the same test in SQL: `first`, the rank of the first eligible so far, is still null before it), those
 * eligible tied with it, and the unranked of the source status; every one of them when nobody is eligible.
 */
async function rankedPost(db: Db, companyId: number, recruitmentId: number, gate: GateStageRow) {
  const stage = gate.after as ExamStage;
  const { figures } = await rankingOf(db, companyId, recruitmentId, gate.ranking);
  const source = gateSubstituteSource(gate);
  const line = sql`${figures.passLine}::numeric`;
  const rows = await rowsOf<RankedRow>(
    db,
    sql`select x.id, a.real_name as "realName", a.identity_no as "identityNo", x.status, x.rank, x.score, x."lineScore", x.absent, x."hasGateRecord"
      from (
        select f.*, min(f.rank) filter (where f.eligible) over (order by f.rank nulls last, f.id rows unbounded preceding) as first
        from (
          select p.*, p.status = ${source} and not p.absent and not p."hasGateRecord" and p.rank is not null and p.score is not null
            and (${line} is null or p."lineScore"::numeric >= ${line}) as eligible
          from (
            select r.*, r.id in (select g.application_id from gate_record g where g.company_id = ${companyId}
              and g.stage in (${inList(gatesAfterSameStage(gate))})) as "hasGateRecord"
            from (${placesSql(stage, companyId, recruitmentId, figures)}) r
            where r.status in (${inList([source, ...OUT_STATUSES])})) p) f) x
      join candidate_application a on a.id = x.id and a.company_id = ${companyId}
      where x.first is null or (x.eligible and x.rank = x.first) or (x.rank is null and x.status = ${source})
      order by x.rank nulls last, x.id`,
  );
  return {
    passLine: figures.passLine,
    tieBreak: figures.tieBreak,
    rows: rows.map((r) => ({ ...r, status: Number(r.status), rank: r.rank === null ? null : Number(r.rank) })),
  };
}

/** Why `row` (of the gate's source status, or out of a gate) cannot fill the vacancy; null when it can. */
function whyNot(row: RankedRow, source: ApplicationStatus, passLine: string | null): string | null {
  if (OUT_STATUSES.includes(row.status)) {
    const left = gateOfStatus(row.status)!;
    return `已放弃或不合格（${left.name}${row.status === left.statuses.withdrew ? GATE_RESULTS.withdrew : GATE_RESULTS.failed}）`;
  }
  if (row.status !== source) return null;
  if (row.absent) return '缺考';
  if (row.hasGateRecord) return '已放弃或不合格';
  if (row.rank === null || row.score === null) return '成绩未录入';
  if (passLine !== null && (row.lineScore === null || Number(row.lineScore) < Number(passLine))) return `低于合格分数线 ${passLine} 分`;
  return null;
}

/** What those tied on the composite share: the composite and every link of the plan's chain ('综合成绩、笔试成绩均相同'). */
const compositeTie = (tb: TieBreak) => (tb.chain.length === 0 ? '综合成绩相同' : `综合成绩、${tb.chain.map(tieBreakLabel).join('、')}均相同`);

/** The proposal for the vacancy as things stand: its candidate, why, and who ranked higher but was passed over. */
async function proposalFor(db: Db, companyId: number, vacancy: Vacancy): Promise<Proposal> {
  const gate = gateStageRow(vacancy.stage as GateStage);
  const source = gateSubstituteSource(gate);
  const { rows, passLine, tieBreak } = await rankedPost(db, companyId, vacancy.recruitmentId, gate);
  const skipped: Skipped[] = [];
  let chosen: RankedRow | undefined;
  for (const row of rows) {
    const concerned = row.status === source || OUT_STATUSES.includes(row.status);
    if (!concerned) continue; // passed the stage: in a gate, or past it, by its own right
    const why = whyNot(row, source, passLine);
    if (why !== null) {
      // Those ranked after the proposal are not passed over, but for the absent, who hold no rank at all.
      if (!chosen || (row.rank === null && row.status === source)) skipped.push({ realName: row.realName, rank: row.rank, why });
    } else if (!chosen && row.status === source) {
      chosen = row;
    }
  }
  if (!chosen) return { candidate: null, explanation: NO_SUBSTITUTE, skipped };
  const picked: RankedRow = chosen;
  const tied = rows.filter((r) => r.id !== picked.id && r.rank === picked.rank && r.status === source && whyNot(r, source, passLine) === null);
  const figure = gate.ranking === 'written' ? '笔试成绩' : '综合成绩';
  const tie =
    tied.length === 0
      ? ''
      : `；与${tied.map((r) => r.realName).join('、')}${gate.ranking === 'written' ? '笔试成绩相同' : compositeTie(tieBreak)}，并列第 ${chosen.rank} 名，按报名先后（报名编号较小者）优先递补`;
  return {
    candidate: {
      applicationId: chosen.id,
      realName: chosen.realName,
      identityNo: maskIdentityNo(chosen.identityNo),
      score: chosen.score,
      rank: chosen.rank,
    },
    explanation: `${chosen.realName}：${figure} ${chosen.score}，岗位第 ${chosen.rank} 名，为未进入${gate.name}的考生中排名最前者${tie}`,
    skipped,
  };
}

async function vacancyOf(db: Db, companyId: number, vacancyId: number, lock?: 'update'): Promise<Vacancy> {
  const query = db
    .select()
    .from(gateVacancy)
    .where(and(eq(gateVacancy.id, vacancyId), eq(gateVacancy.companyId, companyId)));
  const [vacancy] = lock ? await query.for(lock) : await query;
  if (!vacancy) throw notFound(VACANCY_MISSING);
  return vacancy;
}

/** previewSubstitute: the proposal for an open vacancy of the caller's company (404 another's, 409 a filled one). */
export async function substitutePreviewOf(db: Db, companyId: number, input: ParsedInputOf<typeof previewSubstitute>): Promise<Proposal> {
  const vacancy = await vacancyOf(db, companyId, input.vacancyId);
  if (vacancy.filledBy !== null) throw conflict(VACANCY_FILLED);
  return proposalFor(db, companyId, vacancy);
}

/**
 * substituteGate, in one transaction: the vacancy locked (a second 递补 of it waits, then finds it filled: 409), the
 * proposal made again and compared with the one the caller confirmed (409 when it changed), the candidate moved by
 * the state machine from the source status into the gate, its gate_record written (by 递补, for this vacancy) and the
 * vacancy marked filled. Any refusal writes nothing.
 */
export async function substituteInto(
  db: Db,
  session: { companyId: number; userId: number },
  input: ParsedInputOf<typeof substituteGate>,
): Promise<OutputOf<typeof substituteGate>> {
  const { companyId } = session;
  return db.transaction(async (tx) => {
    const vacancy = await vacancyOf(tx, companyId, input.vacancyId, 'update');
    if (vacancy.filledBy !== null) throw conflict(VACANCY_FILLED);
    const proposal = await proposalFor(tx, companyId, vacancy);
    if (proposal.candidate?.applicationId !== input.applicationId) throw conflict(SUBSTITUTE_CHANGED);
    const gate = gateStageRow(vacancy.stage as GateStage);
    const source = gateSubstituteSource(gate);
    // The candidate locked and read again: a 递补 of another vacancy of the post may have taken them meanwhile.
    const [candidate] = await tx
      .select({ status: candidateApplication.status, planId: candidateApplication.planId })
      .from(candidateApplication)
      .where(and(eq(candidateApplication.id, input.applicationId), eq(candidateApplication.companyId, companyId)))
      .for('update');
    const [entered] = await tx
      .select({ stage: gateRecord.stage })
      .from(gateRecord)
      .where(and(eq(gateRecord.companyId, companyId), eq(gateRecord.applicationId, input.applicationId), inArray(gateRecord.stage, gatesAfterSameStage(gate))))
      .limit(1);
    if (!candidate || candidate.status !== source || entered) throw conflict(SUBSTITUTE_CHANGED);
    const [left] = await tx
      .select({ realName: candidateApplication.realName })
      .from(candidateApplication)
      .where(and(eq(candidateApplication.id, vacancy.leftApplicationId), eq(candidateApplication.companyId, companyId)));
    const remarks = `${gate.name}递补：${left?.realName ?? ''}${GATE_RESULTS[vacancy.leftResult]}后的空缺${input.remarks ? `；${input.remarks}` : ''}`;
    await transition(tx, {
      application: { id: input.applicationId, companyId, planId: candidate.planId, status: source },
      to: gate.statuses.pending,
      actorId: session.userId,
      remarks,
    });
    await tx.insert(gateRecord).values({ companyId, applicationId: input.applicationId, stage: vacancy.stage, substitute: true, vacancyId: vacancy.id });
    await tx
      .update(gateVacancy)
      .set({ filledBy: input.applicationId, filledAt: new Date(), filledByStaff: session.userId })
      .where(and(eq(gateVacancy.id, vacancy.id), eq(gateVacancy.companyId, companyId)));
    return { applicationId: input.applicationId };
  });
}

/** A vacancy as the list reads it: times as ISO text (as the gate's other lists give them). */
const vacancyRow = gateVacancyRow.extend({ leftReason: emptyIfNull, createdAt: timestampText, filledAt: timestampText.nullable() });

/** gateVacancyList: the plan's vacancies at the gate, open ones first, then in the order they arose. */
export async function vacancyListOf(db: Db, companyId: number, input: ParsedInputOf<typeof gateVacancyList>): Promise<GateVacancyRow[]> {
  const plan = await loadOwned(db, recruitmentPlan, input.planId, companyId, PLAN_MISSING);
  return parsedRows(
    db,
    sql`select v.id, v.recruitment_id as "recruitmentId", p.job_vacancy as "jobVacancy", l.real_name as "leftName",
        v.left_result as "leftResult", r.reason as "leftReason", v.created_at as "createdAt",
        f.real_name as "filledByName", v.filled_at as "filledAt"
      from gate_vacancy v
      join recruitment_info p on p.id = v.recruitment_id and p.company_id = v.company_id
      join candidate_application l on l.id = v.left_application_id and l.company_id = v.company_id
      left join gate_record r on r.application_id = v.left_application_id and r.stage = v.stage and r.company_id = v.company_id
      left join candidate_application f on f.id = v.filled_by and f.company_id = v.company_id
      where v.company_id = ${companyId} and v.plan_id = ${plan.id} and v.stage = ${input.gate}
      order by v.filled_by is not null, v.created_at, v.id`,
    vacancyRow,
  );
}
