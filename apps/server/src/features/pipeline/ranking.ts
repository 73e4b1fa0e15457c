import { EXAM_STAGE_TABLE, type ExamStage, type ExamStageStatus, INTERVIEW_STAGE, type PlanExamMode, type RankingKind, type RankingRow, WRITTEN_STAGE, statusesAfter } from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recruitmentInfo, recruitmentPlan } from '../../db/tables.js';
import { loadOwned } from '../../shared/rows.js';
import { inList, rowsOf } from '../../shared/sql.js';
import { PLAN_MISSING, POST_MISSING, STAGE_RULES, scoreOf } from './stage-rules.js';
import { addBonus, bonusCapSql, postBonusSql, writtenTotalSql } from './written-total.js';
import { NO_TIE_BREAK, type TieBreak, linkKeySql, linkLabels, tieBreakOf, tieBreakRuleText } from './tie-break.js';

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
  /**
   * 加分: the plan's cap when the plan has bonus categories (in force, not removed; a category with grants in force
   * cannot be removed, so every post with a grant in force has one), else null: the written score is the paper score.
   */
  bonusCap: string | null;
  /** Composite: the plan's tie-break chain and whether those still tied at the cut-off take a 加试 (written: NO_TIE_BREAK). */
  tieBreak: TieBreak;
}

export const stageOfKind = (kind: RankingKind): ExamStage =>
  EXAM_STAGE_TABLE.find((row) => (row.rankings as readonly RankingKind[]).includes(kind))!.stage;

/** '0.500' → '0.5', '1.000' → '1' */
const plainDecimal = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/** `before` + '笔试成绩含加分（…）' + `after` when the written score holds a bonus (RankingFigures.bonusCap), else ''. */
const bonusRule = (f: RankingFigures, before: string, after: string) =>
  f.bonusCap === null ? '' : `${before}笔试成绩含加分（卷面成绩 + 加分，不超过加分上限 ${plainDecimal(f.bonusCap)} 分）${after}`;

/** The rule of a ranking in words, with its figures. */
export function ruleText(kind: RankingKind, f: RankingFigures): string {
  if (kind === 'written') {
    const line = f.passLine === null ? '' : `；低于合格分数线 ${f.passLine} 分者不入围`;
    return `${bonusRule(f, '', '；')}按笔试成绩从高到低排名，同分同名次；招录 ${f.places} 人 × 入围比例 ${f.ratio} = ${f.quota} 人入围面试，入围线上同分者均入围${line}；缺考者不排名、不入围`;
  }
  const line = f.passLine === null ? '' : `；面试成绩低于面试合格线 ${f.passLine} 分者不予拟录用，名额由面试合格者按综合成绩依次递补`;
  if (kind === 'audition') return `按面试成绩从高到低排名，同分同名次${line}；缺考者不排名`;
  const w = plainDecimal(f.weight);
  const formula =
    f.examMode === 'interview'
      ? '仅面试的招录计划：综合成绩即面试成绩'
      : `综合成绩 = 笔试 × ${w} + 面试 × ${plainDecimal((1 - Number(f.weight)).toFixed(3))}，四舍五入保留两位小数${bonusRule(f, '；', '')}`;
  const cutoff = f.tieBreak.extraTestOnTie
    ? '末位仍并列（跨过招录人数）者需加试，按加试成绩确定拟录用人员，加试成绩只在并列者之间排序'
    : '末位同名次者均拟录用';
  return `${formula}；按综合成绩从高到低排名，${tieBreakRuleText(f.tieBreak)}；招录 ${f.places} 人，前 ${f.places} 名拟录用，${cutoff}${line}；缺考者不排名`;
}

/**
 * Window columns on those sharing `partition` with a row (the row among them), ordered by `order` (ending in id):
 * <p>_n how many, <p>_pos the row's place, <p>_1 … <p>_3 the first three names (`nm`).
 */
function sharing(p: string, partition: SQL, order: SQL): SQL {
  const w = sql`over (partition by ${partition} order by ${order} rows between unbounded preceding and unbounded following)`;
  const col = (suffix: string) => sql.raw(`${p}_${suffix}`);
  return sql`count(*) ${w} as ${col('n')}, row_number() ${w} as ${col('pos')},
    nth_value(nm, 1) ${w} as ${col('1')}, nth_value(nm, 2) ${w} as ${col('2')}, nth_value(nm, 3) ${w} as ${col('3')}`;
}

/**
 * Who `count` people are in words: named, at most two names then “等 N 人” ('张三、李四等 3 人'), given the names of
 * the first and second; unnamed (what a candidate is told of the others), '另外 N 人'.
 */
function peopleSql(named: boolean, count: SQL, first: SQL, second: SQL): SQL {
  if (!named) return sql`format('另外 %s 人', ${count})`;
  return sql`${first} || case when ${count} >= 2 then '、' || ${second} else '' end || case when ${count} > 2 then format('等 %s 人', ${count}) else '' end`;
}

/** The others sharing the row's group of sharing(p, …) in words. */
function othersSql(p: string, named: boolean): SQL {
  const col = (suffix: string) => sql.raw(`${p}_${suffix}`);
  return peopleSql(
    named,
    sql`(${col('n')} - 1)`,
    sql`case when ${col('pos')} = 1 then ${col('2')} else ${col('1')} end`,
    sql`case when ${col('pos')} <= 2 then ${col('3')} else ${col('2')} end`,
  );
}

/** '岗位第 N 名' / '与张三同分，并列第 N 名' (`what`: '面试' for '岗位面试第 N 名'): a place, naming who shares it (sharing(p, …) over the place). */
const placeSql = (p: string, place: SQL, named: boolean, what = '') =>
  sql`case when ${sql.raw(`${p}_n`)} > 1 then format(${`与%s同分，并列${what}第 %s 名`}::text, ${othersSql(p, named)}, ${place})
    else format(${`岗位${what}第 %s 名`}::text, ${place}) end`;

/**
 * One post's written ranking computed from the scores (DESIGN §5), for the applications `population` selects
 * (a condition on `a`): rank() over the scored and present, shared on ties; inside the quota (so that ties at the
 * cut-off all enter) and not below the pass line passes. The same statement serves publication and the
 * provisional list. Columns: id, rank, passed, explanation (naming those tied), notice (the same, naming nobody
 * else: what the candidate is told).
 */
function writtenRankingSql(companyId: number, recruitmentId: number, population: SQL, f: RankingFigures): SQL {
  const passLine = sql`${f.passLine}::numeric`;
  // '笔试 83.00 分（卷面 80.00 分 + 加分 3.00 分：退役士兵）'
  const written = sql`case when bonus is null then format('笔试 %s 分', g)
      else format('笔试 %s 分（卷面 %s 分 + 加分 %s 分：%s）', g, paper, bonus, bonus_names) end`;
  const explanation = (named: boolean) => {
    const place = placeSql('t', sql`rnk`, named);
    return sql`case
        when absent then '笔试缺考，不参加排名，未进入面试'
        when g is null then '成绩未录入'
        when rnk > ${f.quota}::int then format('%s，%s；招录 %s 人 × 入围比例 %s = %s 人入围面试，第 %s 名不在入围范围内，未进入面试',
          ${written}, ${place}, ${f.places}::int, ${f.ratio}::int, ${f.quota}::int, rnk)
        when ${passLine} is not null and g < ${passLine} then format('%s，%s，在入围范围（前 %s 名）内，但低于合格分数线 %s 分，未进入面试',
          ${written}, ${place}, ${f.quota}::int, ${passLine})
        else format('%s，%s；招录 %s 人 × 入围比例 %s = %s 人入围面试，第 %s 名在入围范围内%s%s',
          ${written}, ${place}, ${f.places}::int, ${f.ratio}::int, ${f.quota}::int, rnk,
          case when ${passLine} is null then '' else format('，且不低于合格分数线 %s 分', ${passLine}) end,
          case when rnk + t_n - 1 > ${f.quota}::int then format('，末位并列 %s 人，均进入面试', t_n) else '，进入面试' end)
      end`;
  };
  return sql`
    with base as (
      select a.id, a.real_name as nm, a.written_grade as paper, ab.bonus, ab.names as bonus_names,
        ${addBonus(sql`a.written_grade`, sql`ab.bonus`)} as g, coalesce(s.absent, false) as absent,
        a.written_grade is not null and not coalesce(s.absent, false) as ranked
      from candidate_application a
      left join application_stage s on s.application_id = a.id and s.stage = ${WRITTEN_STAGE} and s.company_id = a.company_id
      left join (${postBonusSql(companyId, recruitmentId)}) ab on ab.application_id = a.id
      where a.company_id = ${companyId} and a.recruitment_id = ${recruitmentId} and ${population}),
    r as (
      select base.*, case when ranked then rank() over (partition by ranked order by g desc) end as rnk from base),
    t as (
      select r.*, ${sharing('t', sql`ranked, rnk`, sql`id`)} from r)
    select id, rnk as rank, g::text as score, g::text as written, paper::text as paper, bonus::text as bonus, bonus_names, null::text as composite,
      coalesce(rnk <= ${f.quota}::int and (${passLine} is null or g >= ${passLine}), false) as passed,
      ${explanation(true)} as explanation, ${explanation(false)} as notice
    from t`;
}

/** The composite ranking's order: the composite, then the keys `cols` (higher first, null last). */
const desc = (cols: SQL[]) => sql.join([sql`c desc`, ...cols.map((k) => sql`${k} desc nulls last`)], sql`, `);
/** Those of the same composite and keys `cols`. */
const groupOf = (cols: SQL[]) => sql.join([sql`c`, ...cols], sql`, `);

/**
 * One post's interview ranking: composite = round(written × w + interview × (1 − w), 2) (the interview score
 * alone in an interview-only plan), ranked by composite then the plan's tie-break chain (笔试成绩, 面试成绩, a named
 * score item, 学历: `f.tieBreak`). With an interview pass line those below it are not 拟录用 and the places go to the
 * next who are not, in that order: the first `places` of those qualified pass; those tied after the whole chain at the
 * cut-off all pass, or — when the plan tests them (同分加试) — take a 加试: the group straddling the cut-off is
 * flagged (extra_test) and passes by its 加试 scores once each has one; the 加试 score orders that group only, never
 * anyone else. Columns: id, rank (by composite and chain), interview_rank, composite, passed, extra_test_group (of the
 * group straddling the cut-off), extra_test_needed (still tied: 需加试), extra_score, explanation and
 * interview_explanation (of the composite and of the interview ranking, naming those tied), notice (the composite
 * explanation naming nobody else: what the candidate is told).
 */
function compositeRankingSql(companyId: number, recruitmentId: number, population: SQL, f: RankingFigures): SQL {
  const w = sql`${f.weight}::numeric`;
  const line = sql`${f.passLine}::numeric`;
  const interviewOnly = f.examMode === 'interview';
  const writtenTotal = addBonus(sql`a.written_grade`, sql`ab.bonus`);
  const composite = interviewOnly ? sql`a.audition_grade` : sql`round(${writtenTotal} * ${w} + a.audition_grade * (1 - ${w}), 2)`;
  const tb = f.tieBreak;
  const testing = tb.extraTestOnTie;
  // The chain's keys k1…kn, and the 加试 (ek) last when the plan tests.
  const chainKeys = tb.chain.map((_, i) => sql.raw(`k${i + 1}`));
  const keys = testing ? [...chainKeys, sql.raw('ek')] : chainKeys;
  // format() patterns: a score item's name is the user's text, its % kept literal.
  const labels = linkLabels(tb).map((l) => l.replaceAll('%', '%%'));
  const places = sql`${f.places}::int`;
  const passed = sql`(coalesce(qrank <= ${places}, false) and not extra_test_needed)`;
  const outcome = sql`case when extra_test_needed then '末位并列，需加试' when ${passed} then '拟录用' else '未进入拟录用名单' end`;
  const verdict = sql`case
      when ${line} is not null and not qualified then format('面试 %s 分，低于面试合格线 %s 分，不予拟录用', ag, ${line})
      when ${line} is not null then format('招录 %s 人，面试合格者中第 %s 名，%s', ${places}, qrank, ${outcome})
      else format('招录 %s 人，%s', ${places}, ${outcome})
    end`;
  // Per link i: those of the same composite and earlier links set apart by it, ahead of the row (x<i>_a) and behind it (x<i>_b).
  const linkWindows = keys.map((k, i) => {
    const col = (suffix: string) => sql.raw(`x${i + 1}_${suffix}`);
    // The 加试 sets apart those of the 加试 group only: anyone else tied with them on the rest was not tested.
    const prefix = sql.join([sql`ranked`, ...(testing && i === chainKeys.length ? [sql`extra_test_group`] : []), sql`c`, ...keys.slice(0, i)], sql`, `);
    const all = sql`rows between unbounded preceding and unbounded following`;
    return sql`rank() over (partition by ${prefix} order by ${k} desc nulls last) - 1 as ${col('a')},
      count(*) over (partition by ${prefix}) - (rank() over (partition by ${prefix} order by ${k} desc nulls last) - 1) - count(*) over (partition by ${prefix}, ${k}) as ${col('b')},
      nth_value(nm, 1) over (partition by ${prefix} order by ${k} desc nulls last, id ${all}) as ${col('a1')},
      nth_value(nm, 2) over (partition by ${prefix} order by ${k} desc nulls last, id ${all}) as ${col('a2')},
      nth_value(nm, 1) over (partition by ${prefix} order by ${k} nulls first, id desc ${all}) as ${col('b1')},
      nth_value(nm, 2) over (partition by ${prefix} order by ${k} nulls first, id desc ${all}) as ${col('b2')}`;
  });
  const explanation = (named: boolean) => {
    // Tied on the composite and set apart by a link: those ahead of the row and those behind it, naming the link.
    const decided = sql.join(
      keys.flatMap((_, i) => {
        const col = (suffix: string) => sql.raw(`x${i + 1}_${suffix}`);
        const same = i === 0 ? '' : `，${labels.slice(0, i).join('、')}也相同`;
        return [
          sql`case when ${col('a')} > 0 then format(${`综合成绩与%s并列（%s）${same}，按${labels[i]}排在其后`}::text, ${peopleSql(named, col('a'), col('a1'), col('a2'))}, c) end`,
          sql`case when ${col('b')} > 0 then format(${`综合成绩与%s并列（%s）${same}，按${labels[i]}排在其前`}::text, ${peopleSql(named, col('b'), col('b1'), col('b2'))}, c) end`,
        ];
      }),
      sql`, `,
    );
    const written = keys.length === 0 ? sql`''` : sql`concat_ws('；', ${decided})`;
    const place = sql`${placeSql('t', sql`rnk`, named)} || coalesce('；' || nullif(${written}, ''), '')`;
    return sql`case
        when absent then '面试缺考，不参加排名，未被拟录用'
        when c is null then '成绩未录入'
        else ${
          interviewOnly
            ? sql`format('面试 %s 分（仅面试，综合成绩即面试成绩），%s；%s', ag, ${place}, ${verdict})`
            : sql`format('综合成绩 = 笔试 %s × %s + 面试 %s × %s = %s，%s；%s',
                case when bonus is null then wg::text else format('%s（卷面 %s + 加分 %s：%s）', wg, paper, bonus, bonus_names) end, trim_scale(${w}), ag, trim_scale(1 - ${w}), c, ${place}, ${verdict})`
        }
      end`;
  };
  const interviewPlace = placeSql('i', sql`interview_rank`, true, '面试');
  const chainColumns = tb.chain.map((link, i) => sql`, ${linkKeySql(link, writtenTotal)} as ${chainKeys[i]!}`);
  return sql`
    with base as (
      select a.id, a.real_name as nm, ${writtenTotal} as wg, a.written_grade as paper, ab.bonus, ab.names as bonus_names,
        a.audition_grade as ag, coalesce(s.absent, false) as absent, ${composite} as c ${sql.join(chainColumns, sql``)},
        ${testing ? sql`(select x.score from extra_test_score x where x.company_id = a.company_id and x.application_id = a.id and x.stage = ${INTERVIEW_STAGE})` : sql`null::numeric`} as xs
      from candidate_application a
      left join application_stage s on s.application_id = a.id and s.stage = ${INTERVIEW_STAGE} and s.company_id = a.company_id
      left join (${postBonusSql(companyId, recruitmentId)}) ab on ab.application_id = a.id
      where a.company_id = ${companyId} and a.recruitment_id = ${recruitmentId} and ${population}),
    r as (
      select base.*, c is not null and not absent as ranked from base),
    g as (
      select r.*, ranked and (${line} is null or ag >= ${line}) as qualified from r),
    -- the group tied after the whole chain that straddles the cut-off (ranked among the qualified by composite and chain)
    gq as (
      select g.*, case when qualified then rank() over (partition by qualified order by ${desc(chainKeys)}) end as qrank0,
        count(*) over (partition by qualified, ${groupOf(chainKeys)}) as g_n
      from g),
    gs as (
      select gq.*, ${testing ? sql`coalesce(qualified and qrank0 <= ${places} and qrank0 + g_n - 1 > ${places}, false)` : sql`false`} as extra_test_group
      from gq),
    -- the 加试 orders that group only, once each of it has a score
    ge as (
      select gs.*, case when extra_test_group and bool_and(xs is not null) over (partition by extra_test_group) then xs end as ek,
        extra_test_group and not bool_and(xs is not null) over (partition by extra_test_group) as untested
      from gs),
    rr as (
      select ge.*,
        -- by composite and chain; within the 加试 group, then by the 加试 (anyone else tied with it shares its first place)
        case when ranked then rank() over (partition by ranked order by ${desc(chainKeys)})
          + case when extra_test_group then rank() over (partition by ranked, extra_test_group, ${groupOf(chainKeys)} order by ek desc nulls last) - 1 else 0 end
        end as rnk,
        case when ranked then rank() over (partition by ranked order by ag desc) end as interview_rank,
        case when qualified then rank() over (partition by qualified order by ${desc(keys)}) end as qrank,
        count(*) over (partition by qualified, ${groupOf(keys)}) as q_n
        ${keys.length === 0 ? sql`` : sql`, ${sql.join(linkWindows, sql`, `)}`}
      from ge),
    q as (
      select rr.*, extra_test_group and (untested or (qrank <= ${places} and qrank + q_n - 1 > ${places})) as extra_test_needed,
        ${sharing('t', sql`ranked, rnk`, sql`id`)}, ${sharing('i', sql`ranked, interview_rank`, sql`id`)}
      from rr)
    select id, rnk as rank, interview_rank, c::text as composite, wg::text as written, paper::text as paper, bonus::text as bonus, bonus_names,
      ${passed} as passed, extra_test_group, extra_test_needed, case when extra_test_group then xs::text end as extra_score,
      ${explanation(true)} as explanation, ${explanation(false)} as notice,
      case
        when absent then '面试缺考，不参加排名'
        when c is null then '成绩未录入'
        else format('面试 %s 分，%s；综合成绩 %s，综合排名第 %s 名，%s', ag, ${interviewPlace}, c, rnk,
          case when extra_test_needed then '末位并列，需加试' when ${passed} then '拟录用' when ${line} is not null and not qualified then format('低于面试合格线 %s 分，不予拟录用', ${line}) else '未进入拟录用名单' end)
      end as interview_explanation
    from q`;
}

export interface ComputedRank {
  id: number;
  rank: number | null;
  interview_rank?: number | null;
  composite: string | null;
  /** The written score that ranks (paper + bonus), the paper score, the bonus (null for none) and its categories. */
  written: string | null;
  paper: string | null;
  bonus: string | null;
  bonus_names: string | null;
  passed: boolean;
  /** Composite ranking: of the group tied after the chain across the cut-off (加试), still tied, its 加试 score. */
  extra_test_group?: boolean;
  extra_test_needed?: boolean;
  extra_score?: string | null;
  explanation: string;
  notice: string;
  interview_explanation?: string;
}

/** The ranking SQL of a stage (see writtenRankingSql and compositeRankingSql). */
export const rankingSql = (stage: ExamStage, companyId: number, recruitmentId: number, population: SQL, f: RankingFigures) =>
  stage === WRITTEN_STAGE ? writtenRankingSql(companyId, recruitmentId, population, f) : compositeRankingSql(companyId, recruitmentId, population, f);

/** Who a provisional list ranks: the applications whose score of the stage is awaited or in review. */
const provisionalPopulation = (stage: ExamStage) => sql`a.status in (${STAGE_RULES[stage].awaitingScore}, ${STAGE_RULES[stage].inReview})`;

const WRITTEN = STAGE_RULES[WRITTEN_STAGE];
const INTERVIEW = STAGE_RULES[INTERVIEW_STAGE];

/**
 * The statuses of those a publication of the stage moved, and of those gone on since (the gates after the stage, the
 * later stages): every status after the stage's pass in pipeline order.
 */
const PUBLISHED_STATUSES: Record<ExamStage, readonly number[]> = {
  [WRITTEN_STAGE]: [WRITTEN.failed, WRITTEN.passed, ...statusesAfter(WRITTEN.passed as ExamStageStatus)],
  [INTERVIEW_STAGE]: [INTERVIEW.failed, INTERVIEW.passed, ...statusesAfter(INTERVIEW.passed as ExamStageStatus)],
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
      and ${
        stage === WRITTEN_STAGE
          ? // by the written score that ranks (加分 included); the bonus of b is looked up only where it could count
            sql`b.written_grade + ${bonusCapSql('a')} > ${writtenTotalSql('a')} and ${writtenTotalSql('b')} > ${writtenTotalSql('a')}`
          : sql`b.${STAGE_RULES[stage].score} > a.${STAGE_RULES[stage].score}`
      })`;

const rowColumns = sql`a.id as "applicationId", a.real_name as "realName", a.identity_no as "identityNo", a.status,
  r.written as "writtenScore", r.paper as "paperScore", r.bonus, r.bonus_names as "bonusNames", a.audition_grade::text as "interviewScore"`;

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
  const ranked = sql`select *, ${o.kind === 'audition' ? sql`interview_rank` : sql`rank`} as list_rank,
      ${o.kind === 'audition' ? sql`interview_explanation` : sql`explanation`} as list_explanation
    from (${rankingSql(stage, o.companyId, o.recruitmentId, population, o.figures)}) x`;
  const limit = o.page ? sql`limit ${o.page.pageSize} offset ${(o.page.pageNum - 1) * o.page.pageSize}` : sql``;
  const rows = await rowsOf<{
    applicationId: number;
    realName: string;
    identityNo: string;
    status: number;
    writtenScore: string | null;
    paperScore: string | null;
    bonus: string | null;
    bonusNames: string | null;
    interviewScore: string | null;
    ticketCode: string | null;
    absent: boolean | null;
    rank: number | null;
    composite: string | null;
    passed: boolean | null;
    explanation: string;
    extraTestGroup: boolean | null;
    extraTestNeeded: boolean | null;
    extraScore: string | null;
    total: number;
  }>(
    db,
    sql`select ${rowColumns}, s.ticket_code as "ticketCode", s.absent, r.list_rank as rank, r.composite, r.passed, r.list_explanation as explanation,
        ${stage === INTERVIEW_STAGE ? sql`r.extra_test_group as "extraTestGroup", r.extra_test_needed as "extraTestNeeded", r.extra_score as "extraScore",` : sql``}
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
      paperScore: scoreOf(r.paperScore),
      bonus: r.bonus === null ? null : scoreOf(r.bonus),
      bonusNames: r.bonusNames ?? '',
      interviewScore: stage === INTERVIEW_STAGE ? scoreOf(r.interviewScore) : null,
      compositeScore: stage === INTERVIEW_STAGE ? scoreOf(r.composite) : null,
      absent: r.absent ?? false,
      rank: r.rank === null ? null : Number(r.rank),
      passed: r.passed ?? false,
      explanation: r.explanation,
      status: Number(r.status),
      extraTest: r.extraTestGroup ? { needed: r.extraTestNeeded ?? false, score: r.extraScore === null ? null : scoreOf(r.extraScore) } : null,
    })),
  };
}

/** The total when the page asked for is past the end. */
async function countOf(db: Db, o: { page?: unknown }, ranked: SQL, shown: number): Promise<number> {
  if (!o.page) return shown;
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${ranked}) r`);
  return Number(row?.n ?? 0);
}

/** The plan's bonus cap when it has bonus categories in force, else null (RankingFigures.bonusCap). */
async function bonusCapOf(db: Db, plan: typeof recruitmentPlan.$inferSelect): Promise<string | null> {
  const [row] = await rowsOf(
    db,
    sql`select 1 from bonus_category where company_id = ${plan.companyId} and plan_id = ${plan.id} and removed_at is null limit 1`,
  );
  return row ? plan.bonusCap : null;
}

/** The figures of a post's ranking as they stand (the plan's ratio, pass line and weight; the post's places). */
export async function figuresOf(db: Db, stage: ExamStage, plan: typeof recruitmentPlan.$inferSelect, places: number): Promise<RankingFigures> {
  return {
    places,
    ratio: plan.interviewEntryRatio,
    quota: stage === WRITTEN_STAGE ? places * plan.interviewEntryRatio : places,
    passLine: stage === WRITTEN_STAGE ? plan.writtenPassLine : plan.interviewPassLine,
    weight: plan.compositeWeight,
    examMode: plan.examMode,
    bonusCap: await bonusCapOf(db, plan),
    tieBreak: stage === WRITTEN_STAGE ? NO_TIE_BREAK : await tieBreakOf(db, plan),
  };
}

/** A post's ranking of `kind`: whether it is published, and the figures it is (or would now be) ranked with. */
export async function rankingOf(db: Db, companyId: number, recruitmentId: number, kind: RankingKind) {
  const post = await loadOwned(db, recruitmentInfo, recruitmentId, companyId, POST_MISSING);
  const plan = await loadOwned(db, recruitmentPlan, post.planId, companyId, PLAN_MISSING);
  const stage = stageOfKind(kind);
  const [publication] = await rowsOf<{ places: number; quota: number; passLine: string | null; weight: string | null; tieBreak: TieBreak | null }>(
    db,
    sql`select places, quota, pass_line::text as "passLine", composite_weight::text as weight, tie_break as "tieBreak" from stage_publication
      where company_id = ${companyId} and recruitment_id = ${post.id} and stage = ${stage}`,
  );
  const figures: RankingFigures = publication
    ? {
        places: publication.places,
        quota: publication.quota,
        ratio: stage === WRITTEN_STAGE && publication.places > 0 ? publication.quota / publication.places : plan.interviewEntryRatio,
        passLine: publication.passLine,
        weight: publication.weight ?? plan.compositeWeight,
        examMode: plan.examMode,
        bonusCap: await bonusCapOf(db, plan),
        // As published: the chain its score items resolved to then (by work item id: renaming or reordering the plan's
        // items since changes nothing) and the 加试 flag; a publication from before they were stored ranked by the default chain.
        tieBreak: stage === WRITTEN_STAGE ? NO_TIE_BREAK : (publication.tieBreak ?? NO_TIE_BREAK),
      }
    : await figuresOf(db, stage, plan, post.places);
  return { post, plan, published: publication !== undefined, figures };
}
