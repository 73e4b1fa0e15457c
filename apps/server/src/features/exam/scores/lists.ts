import {
  GATE_STAGE_TABLE, type HireRow, INTERVIEW_STAGE, PROPOSED_FOR_HIRING_STATUS, RANKING_KINDS, WRITTEN_STAGE,
  examStageRow, exportRankingList, gateStatuses, exportHireList, getGradeList, hireList,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { recruitmentInfo, recruitmentPlan } from '../../../db/tables.js';
import { notFound } from '../../../shared/errors.js';
import { defineFileRoute, defineRoute } from '../../../shared/route.js';
import { loadOwned } from '../../../shared/rows.js';
import { rowsOf } from '../../../shared/sql.js';
import { xlsxAnswer } from '../../../shared/xlsx.js';
import { applicantSearch, statusIn, PLAN_MISSING, POST_MISSING, rankingOf, rankingRows, ruleText, scoreOf, stageOfKind, writtenTotalSql } from '../../pipeline/index.js';


/**
 * The 拟录用 list: those who passed the interview (34) and those who went on to the gates after it (体检, 考察, 公示,
 * 聘用, whatever the gate decided, 递补 included): they stay on the list the plan published.
 */
const HIRE_LIST_STATUSES = [PROPOSED_FOR_HIRING_STATUS, ...GATE_STAGE_TABLE.filter((g) => g.after === INTERVIEW_STAGE).flatMap(gateStatuses)];

const HIRE_ORDER = sql`order by a.recruitment_id, s.composite_rank nulls last, a.id`;

function hireSql(companyId: number, f: { planId: number; recruitmentId?: number; keyword?: string }, page?: { pageNum: number; pageSize: number }): SQL {
  const parts: SQL[] = [sql`a.company_id = ${companyId}`, sql`a.plan_id = ${f.planId}`, statusIn(HIRE_LIST_STATUSES, 'a')];
  if (f.recruitmentId !== undefined) parts.push(sql`a.recruitment_id = ${f.recruitmentId}`);
  if (f.keyword) parts.push(applicantSearch(f.keyword, { alias: 'a' }));
  return sql`select a.id as "applicationId", a.recruitment_id as "recruitmentId", r.job_vacancy as "jobVacancy", a.real_name as "realName",
      coalesce(ar.sex, '') as sex, a.identity_no as "identityNo", a.phone, ${writtenTotalSql('a')}::text as "writtenScore",
      a.audition_grade::text as "interviewScore", s.composite_score::text as "compositeScore", s.composite_rank as "compositeRank",
      count(*) over ()::int as total
    from candidate_application a
    join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
    left join application_resume ar on ar.application_id = a.id and ar.company_id = a.company_id
    left join application_stage s on s.application_id = a.id and s.stage = ${INTERVIEW_STAGE} and s.company_id = a.company_id
    where ${sql.join(parts, sql` and `)}
    ${HIRE_ORDER}
    ${page ? sql`limit ${page.pageSize} offset ${(page.pageNum - 1) * page.pageSize}` : sql``}`;
}

async function hireRows(db: Db, companyId: number, f: { planId: number; recruitmentId?: number; keyword?: string }, page?: { pageNum: number; pageSize: number }) {
  await loadOwned(db, recruitmentPlan, f.planId, companyId, PLAN_MISSING);
  if (f.recruitmentId !== undefined) {
    const post = await loadOwned(db, recruitmentInfo, f.recruitmentId, companyId, POST_MISSING);
    if (post.planId !== f.planId) throw notFound(POST_MISSING);
  }
  const rows = await rowsOf<HireRow & { total: number }>(db, hireSql(companyId, f, page));
  return {
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
    list: rows.map((r) => ({
      applicationId: r.applicationId,
      recruitmentId: r.recruitmentId,
      jobVacancy: r.jobVacancy,
      realName: r.realName,
      sex: r.sex,
      identityNo: r.identityNo,
      phone: r.phone,
      writtenScore: scoreOf(r.writtenScore),
      interviewScore: scoreOf(r.interviewScore),
      compositeScore: scoreOf(r.compositeScore),
      compositeRank: r.compositeRank === null ? null : Number(r.compositeRank),
    })),
  };
}

export function listRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, getGradeList, async ({ input, session }) => {
    const { published, figures } = await rankingOf(db, session.companyId, input.recruitmentId, input.kind);
    const page = await rankingRows(db, { companyId: session.companyId, recruitmentId: input.recruitmentId, kind: input.kind, published, figures, page: input });
    return { ...page, published, rule: ruleText(input.kind, figures) };
  });

  defineFileRoute(app, exportRankingList, async ({ input, session }) => {
    const { post, published, figures } = await rankingOf(db, session.companyId, input.recruitmentId, input.kind);
    const { list } = await rankingRows(db, { companyId: session.companyId, recruitmentId: post.id, kind: input.kind, published, figures });
    const stage = stageOfKind(input.kind);
    const { passedWord } = examStageRow(stage);
    return xlsxAnswer(`${post.jobVacancy}${RANKING_KINDS[input.kind]}${published ? '' : '（未发布）'}.xlsx`, RANKING_KINDS[input.kind], [
      { header: '名次', width: 8, values: list.map((r) => r.rank ?? '') },
      { header: '姓名', width: 12, values: list.map((r) => r.realName) },
      { header: '身份证号', width: 22, values: list.map((r) => r.identityNo) },
      { header: '准考证号', width: 18, values: list.map((r) => r.ticketCode ?? '') },
      { header: '笔试成绩', width: 10, values: list.map((r) => (r.absent && stage === WRITTEN_STAGE ? '缺考' : (r.writtenScore ?? ''))) },
      ...(list.some((r) => r.bonus !== null)
        ? [
            { header: '卷面成绩', width: 10, values: list.map((r) => r.paperScore ?? '') },
            { header: '加分', width: 8, values: list.map((r) => r.bonus ?? '') },
            { header: '加分项目', width: 20, values: list.map((r) => r.bonusNames) },
          ]
        : []),
      ...(stage === INTERVIEW_STAGE
        ? [
            { header: '面试成绩', width: 10, values: list.map((r) => (r.absent ? '缺考' : (r.interviewScore ?? ''))) },
            { header: '综合成绩', width: 10, values: list.map((r) => r.compositeScore ?? '') },
          ]
        : []),
      { header: passedWord, width: 10, values: list.map((r) => (r.passed ? '是' : '否')) },
      { header: '说明', width: 80, values: list.map((r) => r.explanation) },
    ], ruleText(input.kind, figures));
  });

  defineRoute(app, hireList, async ({ input, session }) => hireRows(db, session.companyId, input, input));

  defineFileRoute(app, exportHireList, async ({ input, session }) => {
    const plan = await loadOwned(db, recruitmentPlan, input.planId, session.companyId, PLAN_MISSING);
    const { list } = await hireRows(db, session.companyId, input);
    return xlsxAnswer(`${plan.name}拟录用名单.xlsx`, '拟录用名单', [
      { header: '岗位', width: 20, values: list.map((r) => r.jobVacancy) },
      { header: '姓名', width: 12, values: list.map((r) => r.realName) },
      { header: '性别', width: 6, values: list.map((r) => r.sex) },
      { header: '身份证号', width: 22, values: list.map((r) => r.identityNo) },
      { header: '手机号', width: 14, values: list.map((r) => r.phone) },
      { header: '笔试成绩', width: 10, values: list.map((r) => r.writtenScore ?? '') },
      { header: '面试成绩', width: 10, values: list.map((r) => r.interviewScore ?? '') },
      { header: '综合成绩', width: 10, values: list.map((r) => r.compositeScore ?? '') },
      { header: '综合名次', width: 10, values: list.map((r) => r.compositeRank ?? '') },
    ]);
  });
}
