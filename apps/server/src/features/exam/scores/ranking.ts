import { type ExamStage, type PlanExamMode, type RankingKind, type RankingRow } from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { inList, rowsOf } from '../../../shared/sql.js';
import { STAGE_RULES, scoreOf } from './common.js';

/** The figures a post's results are ranked with (DESIGN §5), as published or as they stand now. */
export interface RankingFigures {
  places: number;
  /** Written: the plan's interview entry ratio. */
  ratio: number;
  /** Written: places × ratio; interview: places. */
  quota: number;
  passLine: string | null;
  /** w of composite = written × w + interview × (1 − w), '0.500'. */
  weight: string;
  examMode: PlanExamMode;
}

export const stageOfKind = (kind: RankingKind): ExamStage => (kind === 'written' ? 2 : 3);

/** '0.500' → '0.5', '1.000' → '1' */
const plainDecimal = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/** The rule of a ranking in words, with its figures. */
export function ruleText(kind: RankingKind, f: RankingFigures): string {
  if (kind === 'written') {
    const line = f.passLine === null ? '' : `；低于合格分数线 ${f.passLine} 分者不入围`;
    return `按笔试成绩从高到低排名，同分同名次；招录 ${f.places} 人 × 入围比例 ${f.ratio} = ${f.quota} 人入围面试，入围线上同分者均入围${line}；缺考者不排名、不入围`;
  }
  if (kind === 'audition') return '按面试成绩从高到低排名，同分同名次；缺考者不排名';
  const w = plainDecimal(f.weight);
  const formula =
    f.examMode === 'interview'
      ? '仅面试的招录计划：综合成绩即面试成绩'
      : `综合成绩 = 笔试 × ${w} + 面试 × ${plainDecimal((1 - Number(f.weight)).toFixed(3))}，四舍五入保留两位小数`;
  return `${formula}；按综合成绩从高到低排名，同分按笔试成绩排名，都相同则同名次；招录 ${f.places} 人，前 ${f.places} 名拟录用，末位同名次者均拟录用；缺考者不排名`;
}

/**
 * One post's written ranking computed from the scores (DESIGN §5), for the applications `population` selects
 * (a condition on `a`): rank() over the scored and present, shared on ties; inside the quota (so that ties at the
 * cut-off all enter) and not below the pass line passes. The same statement serves publication and the
 * provisional list. Columns: id, rank, passed, explanation.
 */
function writtenRankingSql(companyId: number, recruitmentId: number, population: SQL, f: RankingFigures): SQL {
  const passLine = sql`${f.passLine}::numeric`;
  return sql`
    with base as (
      select a.id, a.written_grade as g, coalesce(s.absent, false) as absent,
        a.written_grade is not null and not coalesce(s.absent, false) as ranked
      from candidate_application a
      left join application_stage s on s.application_id = a.id and s.stage = 2 and s.company_id = a.company_id
      where a.company_id = ${companyId} and a.recruitment_id = ${recruitmentId} and ${population}),
    r as (
      select base.*, case when ranked then rank() over (partition by ranked order by g desc) end as rnk from base)
    select id, rnk as rank, g::text as score, null::text as composite,
      coalesce(rnk <= ${f.quota}::int and (${passLine} is null or g >= ${passLine}), false) as passed,
      case
        when absent then '笔试缺考，不参加排名，未进入面试'
        when g is null then '成绩未录入'
        when rnk > ${f.quota}::int then format('笔试 %s 分，岗位第 %s 名；招录 %s 人 × 入围比例 %s = %s 人入围面试，第 %s 名不在入围范围内，未进入面试',
          g, rnk, ${f.places}::int, ${f.ratio}::int, ${f.quota}::int, rnk)
        when ${passLine} is not null and g < ${passLine} then format('笔试 %s 分，岗位第 %s 名，在入围范围（前 %s 名）内，但低于合格分数线 %s 分，未进入面试',
          g, rnk, ${f.quota}::int, ${passLine})
        else format('笔试 %s 分，岗位第 %s 名；招录 %s 人 × 入围比例 %s = %s 人入围面试，第 %s 名在入围范围内%s，进入面试',
          g, rnk, ${f.places}::int, ${f.ratio}::int, ${f.quota}::int, rnk,
          case when ${passLine} is null then '' else format('，且不低于合格分数线 %s 分', ${passLine}) end)
      end as explanation
    from r`;
}

/**
 * One post's interview ranking: composite = round(written × w + interview × (1 − w), 2) (the interview score
 * alone in an interview-only plan), ranked by composite then written score; the first `places` pass, exact ties
 * at the cut-off all pass. Columns: id, rank (by composite), interview_rank, composite, passed, explanation.
 */
function compositeRankingSql(companyId: number, recruitmentId: number, population: SQL, f: RankingFigures): SQL {
  const w = sql`${f.weight}::numeric`;
  const interviewOnly = f.examMode === 'interview';
  const composite = interviewOnly ? sql`a.audition_grade` : sql`round(a.written_grade * ${w} + a.audition_grade * (1 - ${w}), 2)`;
  const passed = sql`coalesce(rnk <= ${f.places}::int, false)`;
  const verdict = sql`case when ${passed} then '拟录用' else '未进入拟录用名单' end`;
  return sql`
    with base as (
      select a.id, a.written_grade as wg, a.audition_grade as ag, coalesce(s.absent, false) as absent, ${composite} as c
      from candidate_application a
      left join application_stage s on s.application_id = a.id and s.stage = 3 and s.company_id = a.company_id
      where a.company_id = ${companyId} and a.recruitment_id = ${recruitmentId} and ${population}),
    r as (
      select base.*, c is not null and not absent as ranked from base),
    rr as (
      select r.*,
        case when ranked then rank() over (partition by ranked order by c desc, wg desc nulls last) end as rnk,
        case when ranked then rank() over (partition by ranked order by ag desc) end as interview_rank
      from r)
    select id, rnk as rank, interview_rank, c::text as composite, ${passed} as passed,
      case
        when absent then '面试缺考，不参加排名，未被拟录用'
        when c is null then '成绩未录入'
        else ${
          interviewOnly
            ? sql`format('面试 %s 分（仅面试，综合成绩即面试成绩），岗位第 %s 名；招录 %s 人，%s', ag, rnk, ${f.places}::int, ${verdict})`
            : sql`format('综合成绩 = 笔试 %s × %s + 面试 %s × %s = %s，岗位第 %s 名；招录 %s 人，%s', wg, trim_scale(${w}), ag, trim_scale(1 - ${w}), c, rnk, ${f.places}::int, ${verdict})`
        }
      end as explanation
    from rr`;
}

export interface ComputedRank {
  id: number;
  rank: number | null;
  interview_rank?: number | null;
  composite: string | null;
  passed: boolean;
  explanation: string;
}

/** The ranking SQL of a stage (see writtenRankingSql and compositeRankingSql). */
export const rankingSql = (stage: ExamStage, companyId: number, recruitmentId: number, population: SQL, f: RankingFigures) =>
  stage === 2 ? writtenRankingSql(companyId, recruitmentId, population, f) : compositeRankingSql(companyId, recruitmentId, population, f);

/** Who a provisional list ranks: the applications whose score of the stage is awaited or in review. */
const provisionalPopulation = (stage: ExamStage) => sql`a.status in (${STAGE_RULES[stage].awaitingScore}, ${STAGE_RULES[stage].inReview})`;

const INTERVIEW_STATUSES = [
  STAGE_RULES[3].awaitingTicket,
  STAGE_RULES[3].awaitingScore,
  STAGE_RULES[3].inReview,
  STAGE_RULES[3].failed,
  STAGE_RULES[3].passed,
];

/** The statuses of those a publication of the stage moved, and for the written stage of those gone on to the interview since. */
const PUBLISHED_STATUSES: Record<ExamStage, readonly number[]> = {
  2: [STAGE_RULES[2].failed, STAGE_RULES[2].passed, ...INTERVIEW_STATUSES],
  3: [STAGE_RULES[3].failed, STAGE_RULES[3].passed],
};

/**
 * Who a published list ranks (PUBLISHED_STATUSES). Their scores are locked, so ranking them again with the
 * publication's figures gives the ranking as published.
 */
const publishedPopulation = (stage: ExamStage) => sql`a.status in (${inList(PUBLISHED_STATUSES[stage])})`;

/**
 * The published rank of application `a` in its post as `application_stage.rank` holds it (by the written score; by
 * the interview score), counted among the published: for those whose rank is not stored (who did not pass).
 */
export const publishedRankSql = (stage: ExamStage) => sql`(select count(*)::int + 1 from candidate_application b
    where b.company_id = a.company_id and b.recruitment_id = a.recruitment_id and b.status in (${inList(PUBLISHED_STATUSES[stage])})
      and b.${STAGE_RULES[stage].grade} > a.${STAGE_RULES[stage].grade})`;

const rowColumns = sql`a.id as "applicationId", a.real_name as "realName", a.identity_no as "identityNo", a.status,
  a.written_grade::text as "writtenScore", a.audition_grade::text as "auditionScore"`;

/**
 * One page (or all, without `page`) of a post's ranking of `kind`: computed from the scores, with the publication's
 * figures once published (the same statement publishing ran, over those it moved), else as things stand.
 */
export async function rankingRows(
  db: Db,
  o: { companyId: number; recruitmentId: number; kind: RankingKind; published: boolean; figures: RankingFigures; page?: { pageNum: number; pageSize: number } },
): Promise<{ total: number; list: RankingRow[] }> {
  const stage = stageOfKind(o.kind);
  const population = o.published ? publishedPopulation(stage) : provisionalPopulation(stage);
  const ranked = sql`select *, ${o.kind === 'audition' ? sql`interview_rank` : sql`rank`} as list_rank
    from (${rankingSql(stage, o.companyId, o.recruitmentId, population, o.figures)}) x`;
  const limit = o.page ? sql`limit ${o.page.pageSize} offset ${(o.page.pageNum - 1) * o.page.pageSize}` : sql``;
  const rows = await rowsOf<{
    applicationId: number;
    realName: string;
    identityNo: string;
    status: number;
    writtenScore: string | null;
    auditionScore: string | null;
    ticketCode: string | null;
    absent: boolean | null;
    rank: number | null;
    composite: string | null;
    passed: boolean | null;
    explanation: string;
    total: number;
  }>(
    db,
    sql`select ${rowColumns}, s.ticket_code as "ticketCode", s.absent, r.list_rank as rank, r.composite, r.passed, r.explanation,
        count(*) over ()::int as total
      from (${ranked}) r
      join candidate_application a on a.id = r.id and a.company_id = ${o.companyId}
      left join application_stage s on s.application_id = a.id and s.stage = ${stage} and s.company_id = a.company_id
      order by r.list_rank nulls last, s.absent, a.id
      ${limit}`,
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : await countOf(db, o, ranked, rows.length);
  return {
    total,
    list: rows.map((r) => ({
      applicationId: r.applicationId,
      realName: r.realName,
      identityNo: r.identityNo,
      ticketCode: r.ticketCode,
      writtenScore: scoreOf(r.writtenScore),
      auditionScore: stage === 3 ? scoreOf(r.auditionScore) : null,
      compositeScore: stage === 3 ? scoreOf(r.composite) : null,
      absent: r.absent ?? false,
      rank: r.rank === null ? null : Number(r.rank),
      passed: r.passed ?? false,
      explanation: r.explanation,
      status: Number(r.status),
    })),
  };
}

/** The total when the page asked for is past the end. */
async function countOf(db: Db, o: { page?: unknown }, ranked: SQL, shown: number): Promise<number> {
  if (!o.page) return shown;
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${ranked}) r`);
  return Number(row?.n ?? 0);
}
